// Why a request to sign was refused before anything was signed: the limits Apple documents for
// each format, checked up front. Messages name the field; they quote no key material (a signing
// request holds none) and cap any text taken from the caller.

/// Why a signature, signed request or token was not produced.
public enum SigningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A required text field is empty.
    case emptyField(String)
    /// A field holds U+2063 (INVISIBLE SEPARATOR), the separator of the promotional offer
    /// signature's payload: it would let one field pose as two.
    case separatorInField(String)
    /// A field that must be a UUID (8-4-4-4-12 hexadecimal digits) is not one.
    case notAUUID(String)
    /// The token lifetime is not in 1 … 3600 seconds (App Store Server API: `exp` at most 60 minutes
    /// after `iat`).
    case lifetimeOutOfRange(Int64)
    /// The issue time is before 1970 (a NumericDate of RFC 7519 §2 counts seconds from the epoch).
    case issuedBeforeEpoch
    /// A feature claim the request kind requires is missing.
    case missingClaim(String)
    /// A feature claim has the wrong JSON type.
    case claimType(String, expected: String)
    /// A claim the library sets itself (`iss`, `iat`, `exp`, `aud`, `bid`, `nonce`) was passed in.
    case reservedClaim(String)
    /// A claim the request kind does not define.
    case unknownClaim(String, accepted: String)

    /// One sentence naming the problem.
    public var description: String {
        switch self {
        case .emptyField(let field): return "\(field) must not be empty"
        case .separatorInField(let field): return "\(field) contains U+2063, the field separator of the signed payload"
        case .notAUUID(let field): return "\(field) must be a UUID (8-4-4-4-12 hexadecimal digits)"
        case .lifetimeOutOfRange(let seconds):
            return "a token lifetime of \(seconds) s is outside 1 … 3600 s (exp is at most 60 minutes after iat)"
        case .issuedBeforeEpoch: return "the issue time is before 1970-01-01T00:00:00Z"
        case .missingClaim(let name): return "the claim \(Self.bounded(name)) is required for this request"
        case .claimType(let name, let expected): return "the claim \(Self.bounded(name)) must be \(expected)"
        case .reservedClaim(let name): return "the claim \(Self.bounded(name)) is set by the signer, not by the caller"
        case .unknownClaim(let name, let accepted):
            return "the claim \(Self.bounded(name)) is not defined for this request (accepted: \(accepted))"
        }
    }

    /// A caller's claim name, at most 64 characters, quoted.
    private static func bounded(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let shown = String(String.UnicodeScalarView(scalars.prefix(64)))
        return "\"" + shown.debugDescription.dropFirst().dropLast() + (scalars.count > 64 ? "…" : "") + "\""
    }
}
