// ECDSA P-256 signature generation with SHA-256 (FIPS 186-5 §6.4.1), nonces per RFC 6979,
// optionally hedged with fresh randomness (RFC 6979 §3.6), in constant time.
//
// Accepts: a private scalar d in [1, n − 1] (SigningKey checks it) and a SHA-256 digest.
// Timing: no branch, loop bound or memory index depends on d, k or the digest: k·G by fixed
// windows (FixedBaseConstantTime.swift), k⁻¹ and Z⁻¹ by Fermat, every reduction by mask. Three
// branches depend on secret-derived values and are taken with probability below 2^−127 each:
// RFC 6979 §3.2 step h.3 (a candidate k ≥ n), FIPS 186-5 §6.4.1 steps 8 and 11 (r = 0, s = 0).
// `.ci/constant-time` checks the compiled code with callgrind (instruction and branch counts
// equal across keys and nonces) from `signDigestConstantTime` on.

/// The two 32-byte big-endian halves of a signature.
struct ECDSASignatureParts: Sendable {
    var r: [UInt8]
    var s: [UInt8]
}

enum ECDSASignerConstantTime {
    /// FIPS 186-5 §6.4.1 with the nonce of RFC 6979 §3.2 (`extraEntropy` empty: deterministic) or
    /// §3.6 (`extraEntropy` = k′, appended to the HMAC input of steps d and f). The one
    /// non-inlined entry of the signing code (callgrind toggles on it).
    @inline(never)
    static func signDigestConstantTime(
        _ digest: [UInt8], scalar d: ScalarConstantTime, extraEntropy: [UInt8]
    ) -> ECDSASignatureParts {
        // FIPS 186-5 §6.4.1 steps 2–3: e = leftmost 256 bits of H(M) as an integer, then mod n
        // (RFC 6979 §2.3.4 bits2octets: the same reduction, re-encoded on 32 bytes).
        let eWords = WordsConstantTime(bigEndian: digest, at: 0)
        let e = ScalarConstantTime(reducing: eWords)
        let dBytes = d.value.bigEndianBytes
        // RFC 6979 §3.2 steps b–g: HMAC_DRBG seeded with int2octets(x) ‖ bits2octets(h1) [‖ k′].
        var drbg = HMACDRBG(entropy: dBytes, nonce: e.value.bigEndianBytes, personalization: extraEntropy)
        while true {
            // Step h: T = the next 32 bytes; k = bits2int(T); accept 1 ≤ k ≤ n − 1, else draw again
            // (after the DRBG's update, which is step h.3's K = HMAC_K(V ‖ 0x00), V = HMAC_K(V)).
            let k = WordsConstantTime(bigEndian: drbg.generate(32), at: 0)
            let valid = ~k.zeroMask & k.lessThanMask(P256OrderModulus.modulus)
            if valid == 0 { continue }  // probability < 2^−127 (n > 2^256 − 2^224)
            // Steps 5–7 (and §6.4.1 step 6): R = k·G, r = x_R mod n.
            let point = FixedBaseConstantTime.multiply(k).affine()
            let r = ScalarConstantTime(reducing: point.x.value)
            // Steps 9–10: s = k⁻¹(e + r·d) mod n.
            let kResidue = ScalarConstantTime(reducing: k)
            let s = kResidue.inverted() * (e + r * d)
            if (r.zeroMask | s.zeroMask) != 0 { continue }  // steps 8, 11: probability < 2^−255
            return ECDSASignatureParts(r: r.value.bigEndianBytes, s: s.value.bigEndianBytes)
        }
    }
}
