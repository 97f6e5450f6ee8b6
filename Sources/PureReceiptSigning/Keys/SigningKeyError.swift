// Why a private key was refused: typed cases that name the problem and what to do, never a byte
// of the key (no offset into it, no excerpt of it, no value read from it).

/// Why a private key could not be read.
public enum SigningKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a PEM block, not DER PKCS #8 or SEC 1, and not a raw 32-byte scalar.
    case unrecognizedFormat
    /// The structure named here is not what PKCS #8 (RFC 5958) or SEC 1 (RFC 5915) requires.
    case malformed(field: StaticString)
    /// An encrypted PKCS #8 key (`ENCRYPTED PRIVATE KEY`) or an encrypted PEM (`Proc-Type: 4,ENCRYPTED`).
    case encrypted
    /// A key of another algorithm (RSA, Ed25519, DSA, …): only EC keys sign ES256.
    case unsupportedAlgorithm
    /// An EC key on another curve than P-256 (prime256v1, secp256r1).
    case unsupportedCurve
    /// The private scalar is 0 or at least the group order n.
    case scalarOutOfRange
    /// The public key stored beside the private scalar is not the scalar's public key.
    case publicKeyMismatch

    public static func == (a: SigningKeyError, b: SigningKeyError) -> Bool {
        switch (a, b) {
        case (.malformed(let x), .malformed(let y)): return x.description == y.description
        case (.unrecognizedFormat, .unrecognizedFormat), (.encrypted, .encrypted),
            (.unsupportedAlgorithm, .unsupportedAlgorithm), (.unsupportedCurve, .unsupportedCurve),
            (.scalarOutOfRange, .scalarOutOfRange), (.publicKeyMismatch, .publicKeyMismatch):
            return true
        default: return false
        }
    }

    /// One sentence naming the problem; never any key material.
    public var description: String {
        switch self {
        case .unrecognizedFormat:
            return "not a private key: expected a .p8 file (PKCS #8 PEM), an EC PRIVATE KEY (SEC 1), "
                + "either in DER, or a raw 32-byte P-256 scalar"
        case .malformed(let field):
            return "malformed private key: \(field) is not as PKCS #8 / SEC 1 require"
        case .encrypted:
            return "the private key is encrypted: decrypt it first (openssl pkcs8 -topk8 -nocrypt)"
        case .unsupportedAlgorithm:
            return "not an EC private key: ES256 needs a P-256 key (App Store Connect .p8 keys are)"
        case .unsupportedCurve:
            return "an EC key on another curve: ES256 needs P-256 (prime256v1)"
        case .scalarOutOfRange:
            return "invalid private key: the scalar is 0 or not below the P-256 group order"
        case .publicKeyMismatch:
            return "inconsistent private key: the stored public key does not belong to the private scalar"
        }
    }
}
