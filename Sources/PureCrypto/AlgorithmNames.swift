// AlgorithmNames: hash algorithms and curves as text, for messages and reports (presentation:
// algorithms are chosen and compared as enum cases, from OIDs, never by these names).

extension HashAlgorithm {
    /// The name FIPS 180-4 uses, e.g. "SHA-256".
    public var name: String {
        switch self {
        case .sha1: "SHA-1"
        case .sha224: "SHA-224"
        case .sha256: "SHA-256"
        case .sha384: "SHA-384"
        case .sha512: "SHA-512"
        }
    }
}

extension ECCurve {
    /// "P-256" or "P-384".
    public var name: String {
        switch self {
        case .p256: "P-256"
        case .p384: "P-384"
        }
    }
}
