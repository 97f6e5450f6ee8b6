// InputKind: what an input that is not a receipt is, so that `verify`, `inspect` and `dump` (and the
// WebAssembly module, Docs/EMBEDDING.md) say "this is a certificate" instead of reporting the first
// ASN.1 field a receipt parser disliked. Presentation: it only words a failure already found.
//
// Called only where a receipt parse has failed: the app receipt's, or the legacy receipt's (text
// starting with `{`, or base64 of it, as a JWS header is, is first tried as a legacy receipt). Recognised:
// - an X.509 certificate: DER, base64 of DER, or PEM `-----BEGIN CERTIFICATE-----`;
// - any other PEM block (`-----BEGIN PRIVATE KEY-----`, `PKCS7`, `PUBLIC KEY`, …), named by its label;
// - an App Store Server Notification V2 body, `{"signedPayload": "…"}`, that is not strict JSON
//   (a well-formed one, and every compact JWS, was dispatched to StoreKit 2 verification before any
//   receipt parse: SignedDataInput.swift), another JSON object, or JSON text over a limit of the
//   JSON reader. JSON is named by JSONInput.swift: from a bounded prefix, then by the library's
//   strict reader within JSONLimits; never by Foundation.
// Anything else returns nil and the caller reports the parse error as before. Every recognised
// kind exits with status 2 (not a receipt), code `input.<kind>` (a JSON text over a limit: the
// reader's `limit.json.<bound>`), and with --json a 21002 document.

import PureDER
package import PureJSON
import PureX509

package enum InputKind: Equatable, Sendable {
    /// An X.509 certificate; `form` is "DER", "base64 DER" or "PEM".
    case certificate(form: String, subject: String)
    /// A PEM block of another kind, e.g. "PRIVATE KEY".
    case pem(label: String)
    /// A JSON object whose first member is `signedPayload` that is not verified: `why` (not
    /// strict JSON, or too large to read with other members): an App Store Server Notification V2
    /// body that cannot be verified as written.
    case signedPayloadJSON(why: String)
    /// Any other JSON object; `detail`: what is known beyond that (not strict JSON, or named from
    /// its prefix only), nil when it read as strict JSON.
    case jsonObject(detail: String?)
    /// JSON text over a bound of `JSONLimits` (`error.kind` is a limit), not read further;
    /// `notificationBody`: its first member is `signedPayload`.
    case jsonOverLimit(JSONError, notificationBody: Bool)
    /// Text that begins like a compact JWS (base64url of `{"name":`, `eyJ…`) but is not one:
    /// `lines` non-blank lines; the first has `dots` dots and `length` bytes.
    case jwsText(lines: Int, dots: Int, length: Int)

    /// The kind of `bytes`, when it is a known kind of input that is not a receipt. `base64`: the
    /// bytes were decoded from base64 text by the caller.
    package static func detect(_ bytes: [UInt8], base64: Bool = false) -> InputKind? {
        let trimmed = InputFormat.trimWhiteSpace(bytes)
        // A JSON object (an old-style plist, `{ "key" = "value"; }`, is not one), named without
        // building Foundation objects (JSONInput.swift). Nothing else starts with `{`.
        if trimmed.first == UInt8(ascii: "{") {
            switch JSONInput.read(bytes) {
            case nil: return nil
            case .object: return .jsonObject(detail: nil)
            case .refused(let error, let shape) where error.code.hasPrefix("limit."):
                return .jsonOverLimit(error, notificationBody: shape.namesSignedPayload)
            case .refused(let error, let shape):
                let why =
                    error.kind == .truncated
                    ? "cut short: it ends at byte \(error.offset) before its JSON is complete (\(error.code))"
                    : "not strict JSON (RFC 8259: \(error.code) at byte \(error.offset))"
                return shape.namesSignedPayload ? .signedPayloadJSON(why: why) : .jsonObject(detail: why)
            case .unread(let shape):
                let size = "over \(JSONInput.prefixBytes) bytes"
                return shape.namesSignedPayload
                    ? .signedPayloadJSON(why: "\(size) and not only {\"signedPayload\": \"…\"} (not read)")
                    : .jsonObject(detail: "\(size), named from its first \(JSONInput.prefixBytes) and not read")
            }
        }
        if let jws = jwsText(trimmed) { return jws }
        let text = String(decoding: trimmed.prefix(64 * 1024), as: UTF8.self)
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
        return nil
    }

    /// `.jwsText` when the first line of `text` is base64url of a JSON object's start (a JWS
    /// header, `{"alg":…`: a legacy receipt's plist has `=` there).
    static func jwsText(_ text: ArraySlice<UInt8>) -> InputKind? {
        guard text.starts(with: "eyJ".utf8) else { return nil }
        let lines = text.split { $0 == 0x0A || $0 == 0x0D }
        guard let first = lines.first else { return nil }
        let part = first.prefix { $0 != 0x2E }.prefix(64)
        let header = Array(part.prefix(part.count / 4 * 4))
        guard let start = try? Base64.decode(header, in: 0..<header.count, .urlUnpadded),
            JSONInput.shape(start) != nil
        else { return nil }
        let blank = lines.filter { InputFormat.trimWhiteSpace(Array($0)).isEmpty }.count
        return .jwsText(lines: lines.count - blank, dots: first.filter { $0 == 0x2E }.count, length: first.count)
    }

    /// The stable code of the failure, e.g. `input.certificate`.
    package var code: String {
        switch self {
        case .certificate: return "input.certificate"
        case .pem: return "input.pem"
        case .signedPayloadJSON, .jwsText: return "input.jws"
        case .jsonObject: return "input.json"
        case .jsonOverLimit(let error, _): return error.code
        }
    }

    package static let expected =
        "expected an app receipt (PKCS #7: DER, BER or base64) or a legacy transaction receipt (plist or base64)"

    /// What the input is and what was expected.
    package var message: String {
        switch self {
        case .certificate(let form, let subject):
            return "this is an X.509 certificate (\(form), subject \(subject)), not a receipt: \(Self.expected); "
                + "a certificate is given to verify with --root or --xcode-root"
        case .pem(let label):
            return "this is a PEM file (\(label)), not a receipt: \(Self.expected)"
        case .signedPayloadJSON(let why):
            return "this is an App Store Server Notification V2 body ({\"signedPayload\": …}) that is \(why), so "
                + "its signedPayload is not verified: \(Self.expected)"
        case .jsonObject(nil):
            return "this is a JSON document, not a receipt: \(Self.expected)"
        case .jsonObject(let detail?):
            return "this is a JSON document (\(detail)), not a receipt: \(Self.expected)"
        case .jwsText(let lines, _, _) where lines > 1:
            return "this is \(lines) lines that begin like StoreKit 2 signed data (compact JWS, eyJ…), not one "
                + "input: verify --ndjson takes one input per line"
        case .jwsText(_, let dots, let length):
            let missing = dots == 0 ? "has no dot" : dots == 1 ? "has no second dot" : "holds other characters"
            return "this begins like StoreKit 2 signed data (a compact JWS, header.payload.signature in "
                + "base64url, eyJ…) but \(missing): it ends after \(length) characters. Was it cut when copied?"
        case .jsonOverLimit(let error, let notificationBody):
            let what =
                notificationBody
                ? "an App Store Server Notification V2 body ({\"signedPayload\": …})" : "a JSON document"
            return "this is \(what) over a limit of the JSON reader (\(Self.bound(error.kind)); at byte "
                + "\(error.offset)), so it is refused"
                + (notificationBody ? " and its signedPayload is not verified" : "") + ": \(Self.expected)"
        }
    }

    /// The bound a limit error names, with its value (JSONLimits.swift).
    package static func bound(_ kind: JSONError.Kind) -> String {
        switch kind {
        case .inputTooLarge: return "at most \(JSONLimits.maxInputBytes) bytes of JSON text"
        case .nestingTooDeep: return "nesting at most \(JSONLimits.maxDepth) deep"
        case .stringTooLong: return "strings and numbers at most \(JSONLimits.maxStringBytes) bytes"
        case .tooManyMembers: return "at most \(JSONLimits.maxObjectMembers) members in an object"
        case .tooManyElements: return "at most \(JSONLimits.maxArrayElements) elements in an array"
        default: return kind.rawValue
        }
    }
}

extension Base64Error {
    /// The text of a base64 failure in messages (`input is neither a DER/BER receipt nor base64: …`),
    /// in words with its offset (no reflection: none in Embedded Swift).
    package var spelled: String {
        switch self {
        case .invalidCharacter(let offset, let byte):
            return "byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset) is not a base64 character"
        case .invalidLength(let count):
            return "\(count) base64 characters, not a multiple of 4: the text is cut or padded wrong"
        case .invalidPadding(let offset): return "the '=' padding at offset \(offset) is misplaced"
        case .nonZeroTrailingBits(let offset):
            return "the base64 character at offset \(offset) has bits set past the data's end"
        }
    }
}
