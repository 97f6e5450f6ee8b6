// RSASSA-PKCS1-v1_5 signature verification (RFC 8017 §8.2.2) by encode-and-compare.
//
// Accepts: signatures of exactly k octets whose integer is below n, over a digest computed
// with SHA-1, SHA-224, SHA-256, SHA-384 or SHA-512, DigestInfo with NULL parameters.
// Deliberately does not: parse the recovered encoded message (no padding parser exists to get
// wrong: Bleichenbacher 2006 and its descendants attack padding parsers), or say why a
// signature failed (every failure is `RSAError.invalidSignature`).
// Timing: the exponentiation depends on the public exponent only; the final comparison of the
// k octets is constant time.

extension RSAPublicKey {
    /// Verifies an RSASSA-PKCS1-v1_5 signature over an already computed digest.
    ///
    /// - Parameters:
    ///   - signature: exactly `modulusByteCount` octets.
    ///   - digest: the hash of the message under `algorithm` (its length must match).
    ///   - algorithm: the hash that produced `digest`; selects the DigestInfo prefix.
    /// - Throws: `RSAError.invalidSignature` for every kind of failure.
    public func verifyPKCS1v15(
        signature: ArraySlice<UInt8>, digest: [UInt8], algorithm: HashAlgorithm
    ) throws(RSAError) {
        let k = modulusByteCount
        // RFC 8017 §8.2.2 step 1: "If the length of the signature S is not k octets, output
        // "invalid signature" and stop."
        guard signature.count == k else { throw .invalidSignature }
        // RFC 8017 §4.2 OS2IP (step 2a). k octets fit in the modulus' limb count.
        guard let s = BigUInt(bigEndian: signature, limbCount: modulus.limbCount) else {
            throw .invalidSignature
        }
        // RFC 8017 §5.2.2 RSAVP1 step 1: "If the signature representative s is not between 0
        // and n - 1, output "signature representative out of range" and stop."
        guard compareLimbsVarTime(s.limbs, modulus.modulus.limbs) < 0 else { throw .invalidSignature }
        // RFC 8017 §5.2.2 RSAVP1 step 2: "Let m = s^e mod n."
        guard let m = modulus.powVarTime(s, exponent: exponent) else { throw .invalidSignature }
        // RFC 8017 §8.2.2 step 2c: "EM = I2OSP (m, k)". m < n < 256^k, so this cannot fail.
        guard let em = m.bigEndianBytes(length: k) else { throw .invalidSignature }
        // RFC 8017 §8.2.2 step 3: "EM' = EMSA-PKCS1-V1_5-ENCODE (M, k)", with the hash of M given.
        guard let expected = emsaPKCS1v15Encode(digest: digest, algorithm: algorithm, emLength: k) else {
            throw .invalidSignature
        }
        // RFC 8017 §8.2.2 step 4: "Compare the encoded message EM and the second encoded
        // message EM'. If they are the same, output "valid signature"; otherwise, output
        // "invalid signature"." All k octets, in constant time.
        guard constantTimeEqual(em, expected) else { throw .invalidSignature }
    }

    /// Verifies an RSASSA-PKCS1-v1_5 signature over `message`, hashing it with `algorithm`.
    /// - Throws: `RSAError.invalidSignature` for every kind of failure.
    public func verifyPKCS1v15(
        signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>, algorithm: HashAlgorithm
    ) throws(RSAError) {
        // RFC 8017 §9.2 step 1: "Apply the hash function to the message M to produce a hash value H".
        try verifyPKCS1v15(signature: signature, digest: algorithm.hash(message), algorithm: algorithm)
    }
}
