// InputKind: what an input that is not a receipt is, so that `verify`, `inspect` and `dump` say
// "this is a certificate" instead of reporting the first ASN.1 field a receipt parser disliked.
//
// Called only where a receipt parse has failed: the app receipt's, or the legacy receipt's (text
// starting with `{`, or base64 of it, as a JWS header is, is first tried as a legacy receipt). Recognised:
// - an X.509 certificate: DER, base64 of DER, or PEM `-----BEGIN CERTIFICATE-----`;
// - any other PEM block (`-----BEGIN PRIVATE KEY-----`, `PKCS7`, `PUBLIC KEY`, …), named by its label;
// - an App Store Server Notification V2 body, `{"signedPayload": "…"}`, that is not strict JSON
//   (a well-formed one, and every compact JWS, was dispatched to StoreKit 2 verification before any
//   receipt parse: SignedDataInput.swift), or another JSON object.
// Anything else returns nil and the caller reports the parse error as before. Every recognised
// kind exits with status 2 (not a receipt), code `input.<kind>`, and with --json a 21002 document.

import Foundation
import PureReceipt
import PureX509

enum InputKind: Equatable {
    /// An X.509 certificate; `form` is "DER", "base64 DER" or "PEM".
    case certificate(form: String, subject: String)
    /// A PEM block of another kind, e.g. "PRIVATE KEY".
    case pem(label: String)
    /// A JSON object with a string `signedPayload` member that the strict JSON reader refused: an
    /// App Store Server Notification V2 body that cannot be verified as written.
    case signedPayloadJSON
    /// Any other JSON object.
    case jsonObject

    /// The kind of `bytes`, when it is a known kind of input that is not a receipt. `base64`: the
    /// bytes were decoded from base64 text by the caller.
    static func detect(_ bytes: [UInt8], base64: Bool = false) -> InputKind? {
        let text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("-----BEGIN ") {
            let label = String(text.dropFirst("-----BEGIN ".count).prefix { $0 != "-" && $0 != "\n" })
            guard label == "CERTIFICATE" || label == "X509 CERTIFICATE" || label == "TRUSTED CERTIFICATE" else {
                return .pem(label: label)
            }
            let subject = (try? TrustAnchors.parse(pemOrDER: bytes))?.first?.subject.description
            return .certificate(form: "PEM", subject: subject ?? "not parseable")
        }
        if let der = try? ReceiptValidator.receiptBytes(from: bytes),
            let certificate = try? Certificate(derEncoded: der)
        {
            return .certificate(
                form: bytes.first == 0x30 && !base64 ? "DER" : "base64 DER", subject: certificate.subject.description)
        }
        // A JSON object (an old-style plist, `{ "key" = "value"; }`, is not one).
        if text.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] {
            return object["signedPayload"] is String ? .signedPayloadJSON : .jsonObject
        }
        return nil
    }

    /// The stable code of the failure, e.g. `input.certificate`.
    var code: String {
        switch self {
        case .certificate: return "input.certificate"
        case .pem: return "input.pem"
        case .signedPayloadJSON: return "input.jws"
        case .jsonObject: return "input.json"
        }
    }

    static let expected =
        "expected an app receipt (PKCS #7: DER, BER or base64) or a legacy transaction receipt (plist or base64)"

    /// What the input is and what was expected.
    var message: String {
        switch self {
        case .certificate(let form, let subject):
            return "this is an X.509 certificate (\(form), subject \(subject)), not a receipt: \(Self.expected); "
                + "a certificate is given to verify with --root or --xcode-root"
        case .pem(let label):
            return "this is a PEM file (\(label)), not a receipt: \(Self.expected)"
        case .signedPayloadJSON:
            return "this is an App Store Server Notification V2 body that is not strict JSON (RFC 8259: e.g. a "
                + "duplicate member name), so its signedPayload is not verified: \(Self.expected)"
        case .jsonObject:
            return "this is a JSON document, not a receipt: \(Self.expected)"
        }
    }

    /// Where a receipt parse failed: when `bytes` is another known kind of input, says so and exits
    /// 2 (with --json, after a 21002 document on stdout); otherwise returns.
    static func explainIfNotReceipt(_ bytes: [UInt8], base64: Bool = false, json: Bool) {
        guard let kind = detect(bytes, base64: base64) else { return }
        notAReceipt(kind, json: json)
    }

    static func notAReceipt(_ kind: InputKind, json: Bool) -> Never {
        if json {
            print(VerifyReceiptJSON.render(ReceiptValidationError(.malformed, code: kind.code, kind.message)).text)
        }
        fail("not a well-formed receipt: \(kind.code): \(kind.message)", ExitCode.malformed)
    }
}
