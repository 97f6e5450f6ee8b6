// LegacyReceiptError: why a legacy transaction receipt is not well formed, with the byte offset
// and the part of the receipt (`receipt`, `purchase-info`, `signature`) the offset refers to.

public import PureX509

/// A structural failure of a legacy transaction receipt. Every case is a `malformed` verdict.
public struct LegacyReceiptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the receipt.
    public enum Kind: Sendable {
        /// Input larger than `Limits.maxLegacyReceiptBytes`.
        case inputTooLarge
        /// More pairs in one dictionary than `Limits.maxLegacyPlistKeys`.
        case tooManyKeys
        /// A quoted string longer than `Limits.maxLegacyStringBytes`.
        case stringTooLong
        /// A byte the grammar does not allow here; the string names what was expected.
        case syntax(String)
        /// A quoted string without its closing quote.
        case unterminatedString
        /// A backslash escape the old-style plist grammar does not define, or that we refuse.
        case badEscape
        /// A string that is not UTF-8 once unescaped.
        case notUTF8
        /// A key that appears twice in one dictionary (compared as bytes).
        case duplicateKey(String)
        /// A required key is absent.
        case missingKey(String)
        /// A value that must be base64 is not (RFC 4648 §4, strict).
        case base64(Base64Error)
        /// The signature blob's version byte is not 1, 2 or 3.
        case unknownVersion(UInt8)
        /// The blob's layout fits another version's signature length, not its own version byte's.
        case signatureLengthMismatch(version: UInt8)
        /// The blob ends inside the signature, the certificate length or the certificate.
        case truncated
        /// Bytes left after the certificate.
        case trailingBytes
        /// A version 1 blob that does not end in exactly four zero bytes after the certificate.
        case versionOneTrailer
        /// The embedded certificate does not parse.
        case certificate(X509Error)
        /// A date the verification needs is absent or not in Apple's format.
        case date(String)
    }

    /// What went wrong.
    public let kind: Kind
    /// Byte offset inside `part`.
    public let offset: Int
    /// `receipt` (the outer plist), `purchase-info` (its decoded value) or `signature` (the blob).
    public let part: String

    /// An error of `kind` at byte `offset` of `part` (`receipt`, `purchase-info` or `signature`).
    public init(_ kind: Kind, at offset: Int, in part: String) {
        self.kind = kind
        self.offset = offset
        self.part = part
    }

    /// Errors are equal when kind, offset and part are.
    public static func == (lhs: LegacyReceiptError, rhs: LegacyReceiptError) -> Bool {
        lhs.code == rhs.code && lhs.offset == rhs.offset && lhs.part == rhs.part
    }

    /// Stable machine-readable code, e.g. `legacy.duplicateKey`.
    public var code: String {
        switch kind {
        case .inputTooLarge: return "limit.inputSize"
        case .tooManyKeys: return "limit.count"
        case .stringTooLong: return "limit.stringLength"
        case .syntax: return "legacy.syntax"
        case .unterminatedString: return "legacy.unterminatedString"
        case .badEscape: return "legacy.badEscape"
        case .notUTF8: return "legacy.notUTF8"
        case .duplicateKey: return "legacy.duplicateKey"
        case .missingKey: return "legacy.missingKey"
        case .base64: return "legacy.base64"
        case .unknownVersion: return "legacy.unknownVersion"
        case .signatureLengthMismatch: return "legacy.signatureLength"
        case .truncated: return "legacy.truncated"
        case .trailingBytes: return "legacy.trailingBytes"
        case .versionOneTrailer: return "legacy.versionOneTrailer"
        case .certificate(let error): return error.code
        case .date: return "legacy.date"
        }
    }

    public var description: String {
        let what: String
        switch kind {
        case .syntax(let expected): what = "expected \(expected)"
        case .duplicateKey(let key): what = "duplicate key \"\(key)\""
        case .missingKey(let key): what = "missing key \"\(key)\""
        case .base64(let error): what = "bad base64 (\(error.spelled))"
        case .unknownVersion(let v): what = "unknown signature version \(v)"
        case .signatureLengthMismatch(let v): what = "signature length does not match version \(v)"
        case .certificate(let error): what = "certificate: \(error)"
        case .date(let key): what = "date \"\(key)\" absent or not in Apple's format"
        default: what = code
        }
        return "\(part) at byte \(offset): \(what)"
    }
}
