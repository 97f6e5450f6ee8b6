// SigningKey: a P-256 private key held for ES256 signing, with its public key.
//
// How the key is held: the scalar d as four 64-bit words in Montgomery form inside a struct (a
// value: every copy of the struct is a copy of the key). What Swift can and cannot promise: the
// language gives no way to wipe memory reliably. Copies of the words live in registers, on the
// stack and in the temporary arrays signing uses (the HMAC state and seed of RFC 6979), and the
// bytes a key was read from stay in the caller's buffers; none of them is overwritten on release.
// Keep keys in processes whose memory you trust; this type only promises that it never prints,
// dumps or reflects the key, and that no error built from it carries key bytes.

public import PureCrypto

/// An ECDSA P-256 private key for ES256, validated: 1 ≤ d ≤ n − 1 and, where the encoding stores a
/// public key, that key is d·G. Its `description`, `debugDescription` and reflection show the
/// public key only.
public struct SigningKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// d in Montgomery form (d·2^256 mod n).
    let scalar: ScalarConstantTime
    /// The public key Q = d·G as the SEC 1 uncompressed point 04 ‖ x ‖ y (65 bytes).
    public let publicKeyPoint: [UInt8]

    /// A key from a raw big-endian scalar of exactly 32 bytes.
    public init(rawScalar bytes: [UInt8]) throws(SigningKeyError) {
        try self.init(scalarBytes: bytes, storedPublicKey: nil)
    }

    /// Validates d (constant time: one masked comparison, a branch only on the verdict) and
    /// computes Q; when the encoding stored a public key, it must equal Q.
    init(scalarBytes bytes: [UInt8], storedPublicKey: ArraySlice<UInt8>?) throws(SigningKeyError) {
        guard bytes.count == 32 else { throw .malformed(field: "privateKey (not 32 bytes)") }
        let d = WordsConstantTime(bigEndian: bytes, at: 0)
        let valid = ~d.zeroMask & d.lessThanMask(P256OrderModulus.modulus)
        guard valid != 0 else { throw .scalarOutOfRange }
        scalar = ScalarConstantTime(reducing: d)
        let q = FixedBaseConstantTime.multiply(d).affine()
        publicKeyPoint = [0x04] + q.x.value.bigEndianBytes + q.y.value.bigEndianBytes
        if let stored = storedPublicKey, !stored.elementsEqual(publicKeyPoint) { throw .publicKeyMismatch }
    }

    /// The public key, for verification with PureCrypto.
    public var publicKey: ECPublicKey {
        get throws(ECError) { try ECPublicKey(curve: .p256, sec1Point: publicKeyPoint[...]) }
    }

    /// The public key's DER SubjectPublicKeyInfo (RFC 5480), for `openssl` or a JWT library.
    public var subjectPublicKeyInfo: [UInt8] {
        // SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING (0 unused bits) ‖ point }
        [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]
            + [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00] + publicKeyPoint
    }

    public var description: String { "SigningKey(P-256, private key not shown)" }
    public var debugDescription: String { description }

    /// An ECDSA P-256 signature with SHA-256 of `message` (FIPS 186-5 §6.4.1), its nonce from
    /// RFC 6979 and, unless `nonce` is `.deterministic`, hedged with fresh randomness (§3.6).
    public func signature(for message: [UInt8], nonce: NonceGeneration = .hedgedWithSystemRandom) -> ECDSASignature {
        signature(digest: SHA256.hash(message), nonce: nonce)
    }

    /// The signature of a SHA-256 digest (32 bytes; a shorter digest is zero-padded on the left,
    /// a longer one truncated, as FIPS 186-5 §6.4.1 step 4 takes its leftmost 256 bits).
    public func signature(digest: [UInt8], nonce: NonceGeneration = .hedgedWithSystemRandom) -> ECDSASignature {
        var padded = [UInt8](repeating: 0, count: 32)
        let used = min(digest.count, 32)
        for i in 0..<used { padded[32 - used + i] = digest[i] }
        let parts = ECDSASignerConstantTime.signDigestConstantTime(
            padded, scalar: scalar, extraEntropy: nonce.extraEntropy())
        return ECDSASignature(r: parts.r, s: parts.s)
    }
}

/// How the per-signature secret k is chosen. Always RFC 6979 §3.2 (HMAC_DRBG seeded with the key
/// and the digest), so a broken random source cannot repeat k for two messages; hedged (§3.6),
/// fresh randomness enters the seed too, so faults and side channels on the deterministic
/// computation do not repeat either.
public enum NonceGeneration: Sendable {
    /// 32 bytes from the standard library's `SystemRandomNumberGenerator` (the OS generator).
    case hedgedWithSystemRandom
    /// Caller-supplied fresh randomness as k′ of RFC 6979 §3.6.
    case hedged(extraEntropy: [UInt8])
    /// Plain RFC 6979: the same key and message give the same signature (the test vectors).
    case deterministic

    func extraEntropy() -> [UInt8] {
        switch self {
        case .deterministic: return []
        case .hedged(let bytes): return bytes
        case .hedgedWithSystemRandom:
            var generator = SystemRandomNumberGenerator()
            var out = [UInt8](repeating: 0, count: 32)
            for i in 0..<4 {
                let word = generator.next()
                for j in 0..<8 { out[8 * i + j] = UInt8(truncatingIfNeeded: word >> UInt64(8 * j)) }
            }
            return out
        }
    }
}

/// An ECDSA P-256 signature (r, s), each 32 bytes big-endian.
public struct ECDSASignature: Sendable, Equatable {
    /// r, 32 bytes big-endian.
    public let r: [UInt8]
    /// s, 32 bytes big-endian.
    public let s: [UInt8]

    /// r ‖ s (64 bytes): the JWS ES256 form (RFC 7518 §3.4).
    public var raw: [UInt8] { r + s }

    /// DER `SEQUENCE { INTEGER r, INTEGER s }` (RFC 3279 §2.2.3 Ecdsa-Sig-Value).
    public var der: [UInt8] {
        let r = Self.integer(r)
        let s = Self.integer(s)
        // Each INTEGER is at most 2 + 33 bytes, so the content (≤ 70) takes a one-byte length.
        return [0x30, UInt8(truncatingIfNeeded: r.count + s.count)] + r + s
    }

    /// A minimal DER INTEGER of a non-negative 32-byte value: leading zeros dropped, one 0x00
    /// added when the top bit is set.
    private static func integer(_ value: [UInt8]) -> [UInt8] {
        var content = Array(value.drop { $0 == 0 })
        if content.isEmpty || content[0] >= 0x80 { content.insert(0, at: 0) }
        return [0x02, UInt8(truncatingIfNeeded: content.count)] + content
    }
}

#if !hasFeature(Embedded)  // Mirror does not exist in Embedded Swift
    extension SigningKey: CustomReflectable {
        /// A dump shows the public key only.
        public var customMirror: Mirror { Mirror(self, children: ["publicKeyPoint": publicKeyPoint]) }
    }
#endif
