// ErrorMessages: the words of the errors of this module, for people (presentation: verdict, code
// and offset are decided where the error is made; nothing decides on this text).

import PureDER
import PureX509

extension LegacyReceiptError: CustomStringConvertible {
    public var description: String {
        let what: String
        switch kind {
        case .syntax(let expected): what = "expected \(expected)"
        case .duplicateKey(let key): what = "duplicate key \"\(key.displayBounded)\""
        case .missingKey(let key): what = "missing key \"\(key)\""
        case .base64(let error): what = "bad base64 (\(error.spelled))"
        case .unknownVersion(let v): what = "unknown signature version \(v)"
        case .signatureLengthMismatch(let v): what = "signature length does not match version \(v)"
        case .certificate(let error): what = "certificate: \(error)"
        case .date(let key): what = "date \"\(key)\" absent or not in Apple's format"
        case .inputTooLarge: what = "larger than \(Limits.maxLegacyReceiptBytes) bytes, the limit for a legacy receipt"
        case .tooManyKeys: what = "more than \(Limits.maxLegacyPlistKeys) pairs in one dictionary"
        case .stringTooLong: what = "a quoted string longer than \(Limits.maxLegacyStringBytes) bytes"
        case .unterminatedString: what = "a quoted string without its closing quote (the input may be cut)"
        case .badEscape: what = "a backslash escape the old-style plist grammar does not define"
        case .notUTF8: what = "a string that is not UTF-8 once unescaped"
        case .truncated: what = "the signature blob ends inside its signature or certificate (the input may be cut)"
        case .trailingBytes: what = "bytes after the certificate, where the signature blob should end"
        case .versionOneTrailer: what = "a version 1 signature blob that does not end in four zero bytes"
        }
        return "\(part) at byte \(offset): \(what)"
    }
}

extension VerificationError: CustomStringConvertible {
    /// What failed and where, for people: built now, from the failing layer's error.
    public var message: String {
        switch detail {
        case .cms(let error):
            if case .chain(let chain) = error.kind { return chain.appleDescription }
            guard case .contentType(let oid) = error.kind else { return error.description }
            return "CMS structure: " + "eContentType is \(oid), receipts carry id-data".displayBounded
        case .x509(let error): return error.appleDescription
        case .jws(let error): return error.description
        case .signer(let detail):
            let what =
                code == "jws.chainShape"
                ? "x5c does not have the certificates Apple's data carries"
                : "Xcode-signed data, where Apple's signature is required"
            return what + (detail.isEmpty ? "" : " (\(detail.displayBounded))")
        case .storeKit(let error): return error.description
        case .receipt(let error): return error.description
        case .legacy(let error): return error.description
        case .text(let text): return text
        case .revocation(let entry): return entry.description
        case .mismatch(let field, let found, let expected):
            let named = found.map { "\"\($0.displayBounded)\"" } ?? "nothing"
            return "\(field): the input names \(named), expected \"\(expected.displayBounded)\""
        }
    }

    /// `verdict: message [code]`.
    public var description: String { "\(verdict.rawValue): \(message) [\(code)]" }
}

extension X509Error {
    /// The message in Apple's words for the refusals Apple's rules add to RFC 5280 (PureX509 words
    /// them generically: it knows no profile): the markers, the path shape and the Xcode signer.
    var appleDescription: String {
        let what: String
        switch kind {
        // The marker the rules required: 1.2.840.113635.100.6.11.1 (app receipts, legacy version
        // 3), 1.2.840.113635.100.6.5.1 (legacy versions 1–2).
        case .leafMarkerMissing(let marker): what = "leaf lacks the Apple receipt-signing extension \(marker)"
        case .intermediateMarkerMissing: what = "intermediate lacks the Apple WWDR extension 1.2.840.113635.100.6.2.1"
        case .chainTooShort:
            what =
                "path too short: the Apple policy needs leaf → WWDR intermediate → root; the anchor is the intermediate"
        case .refused(PathRules.xcodeSigner):
            what = "self-signed (Xcode StoreKit testing) signer not accepted by the Apple policy"
        default: return description
        }
        return certificate.map { "\(what) [certificate: \($0)]" } ?? what
    }
}

extension VerificationError.Verdict: CustomStringConvertible {
    /// The words the README and the tool use: `malformed`, `not-authentic`, `policy-failed`.
    public var description: String { rawValue }
}
