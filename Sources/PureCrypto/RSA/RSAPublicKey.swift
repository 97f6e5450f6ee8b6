// RSAPublicKey: the public half of an RSA key pair, validated and prepared for verification.
//
// Accepts: moduli of 1024…8192 bits (odd), public exponents 3 ≤ e < n (odd) of at most 64 bits
// (a cap of ours: an attacker-chosen certificate key with an n-sized e would cost thousands of
// squarings per verification; real keys use 3 or 65537). The DER forms
// (SubjectPublicKeyInfo and PKCS #1 RSAPublicKey) are read in RSAPublicKeyDER.swift.
// Deliberately does not check: that n is a product of two primes or that gcd(e, λ(n)) = 1
// (not decidable from the public key); a minimum key size for a given purpose (callers read
// `modulusBitCount` and apply their own policy, e.g. 2048 for receipts).

/// An RSA public key (n, e) ready for PKCS #1 v1.5 signature verification.
public struct RSAPublicKey: Sendable {
    /// Modulus sizes accepted at all. Smaller keys are factorable; larger ones only cost time.
    public static let supportedModulusBits: ClosedRange<Int> = 1024...8192
    /// Largest public exponent accepted, in bits. Bounds the work of one verification.
    public static let maxExponentBits = 64

    /// n with its Montgomery constants.
    let modulus: MontgomeryModulus
    /// e as minimal big-endian bytes (no leading zero byte).
    let exponent: [UInt8]
    /// Number of bits of n.
    public let modulusBitCount: Int
    /// k in RFC 8017: the length of n in octets, which is also the signature length.
    public let modulusByteCount: Int

    /// A key from unsigned big-endian magnitudes (leading zero bytes allowed). For tests and
    /// layers that already decoded n and e; `at` offsets in errors are nil.
    package init(modulus: [UInt8], exponent: [UInt8]) throws(RSAError) {
        try self.init(modulus: modulus[...], modulusOffset: nil, exponent: exponent[...], exponentOffset: nil)
    }

    /// The shared validation. Offsets name where the INTEGER was found in DER input, if any.
    /// `precompute: false` checks everything but defers R² mod n to each verification (see
    /// `MontgomeryModulus.init(modulus:precomputeR2:)`): for certificate keys, used at most once.
    init(
        modulus nBytes: ArraySlice<UInt8>, modulusOffset: Int?,
        exponent eBytes: ArraySlice<UInt8>, exponentOffset: Int?, precompute: Bool = true
    ) throws(RSAError) {
        let n = BigUInt(bigEndian: nBytes)
        let bits = n.bitCount
        guard bits > 0 else { throw .keyIntegerNotPositive(.modulus, at: modulusOffset) }
        // RFC 8017 §3.1: "the RSA modulus n is a product of u distinct odd primes r_i", so n is odd.
        guard n.isOdd else { throw .modulusEven(at: modulusOffset) }
        guard RSAPublicKey.supportedModulusBits.contains(bits) else {
            throw .modulusSizeUnsupported(bits: bits, at: modulusOffset)
        }
        // bits ≥ 1024 and n odd, so the Montgomery preparation cannot fail; the guard keeps it total.
        guard let prepared = MontgomeryModulus(modulus: n, precomputeR2: precompute) else {
            throw .modulusEven(at: modulusOffset)
        }

        var first = eBytes.startIndex
        while first < eBytes.endIndex, eBytes[first] == 0 { first += 1 }
        let e = Array(eBytes[first...])
        guard let last = e.last else { throw .keyIntegerNotPositive(.publicExponent, at: exponentOffset) }
        // RFC 8017 §3.1: "the RSA public exponent e is an integer between 3 and n - 1 satisfying
        // GCD(e,\lambda(n)) = 1". λ(n) is even, so e must be odd.
        let eValue = BigUInt(bigEndian: e[...])
        guard last & 1 == 1, eValue.bitCount >= 2, eValue.bitCount <= RSAPublicKey.maxExponentBits,
            compareLimbsVarTime(eValue.limbs, prepared.modulus.limbs) < 0
        else { throw .exponentInvalid(at: exponentOffset) }

        self.modulus = prepared
        self.exponent = e
        self.modulusBitCount = bits
        self.modulusByteCount = (bits + 7) / 8
    }

    /// n as minimal big-endian bytes (k octets).
    public var modulusBytes: [UInt8] {
        modulus.modulus.bigEndianBytes(length: modulusByteCount) ?? []
    }

    /// e as minimal big-endian bytes.
    public var exponentBytes: [UInt8] { exponent }
}
