// A closed set of the SHA algorithms this package implements, chosen at run time (for example from
// a DigestAlgorithmIdentifier OID), with one-shot and segmented hashing.
//
// Accepts: SHA-1, SHA-224, SHA-256, SHA-384, SHA-512.
// Does not check: whether an algorithm is strong enough for a purpose — SHA-1 is offered because
// receipts use it; policy belongs to the caller.

/// The hash algorithms of FIPS 180-4 that PureCrypto implements.
public enum HashAlgorithm: Sendable, Hashable, CaseIterable {
    /// SHA-1: 20-byte digest (collisions are practical: receipts only).
    case sha1
    /// SHA-224: 28-byte digest.
    case sha224
    /// SHA-256: 32-byte digest.
    case sha256
    /// SHA-384: 48-byte digest.
    case sha384
    /// SHA-512: 64-byte digest.
    case sha512

    /// Digest length in bytes.
    public var digestSize: Int {
        switch self {
        case .sha1: SHA1.digestSize
        case .sha224: SHA224.digestSize
        case .sha256: SHA256.digestSize
        case .sha384: SHA384.digestSize
        case .sha512: SHA512.digestSize
        }
    }

    /// One-shot digest of `bytes`.
    public func hash(_ bytes: [UInt8]) -> [UInt8] {
        hash(bytes[...])
    }

    /// One-shot digest of `bytes`, read in place.
    public func hash(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        hash(segments: [bytes])
    }

    /// Digest of the concatenation of `segments`, without concatenating them (for example the
    /// pieces of a BER constructed OCTET STRING).
    public func hash(segments: [ArraySlice<UInt8>]) -> [UInt8] {
        switch self {
        case .sha1: digest(SHA1(), segments)
        case .sha224: digest(SHA224(), segments)
        case .sha256: digest(SHA256(), segments)
        case .sha384: digest(SHA384(), segments)
        case .sha512: digest(SHA512(), segments)
        }
    }
}

/// Feeds every segment to `hasher` in order and finalizes it.
private func digest<H: HashFunction>(_ hasher: H, _ segments: [ArraySlice<UInt8>]) -> [UInt8] {
    var hasher = hasher
    for segment in segments {
        hasher.update(segment)
    }
    return hasher.finalize()
}
