// MontgomeryModulus: an odd modulus n with the constants of Montgomery arithmetic precomputed
// once (P. L. Montgomery, "Modular Multiplication Without Trial Division", Math. Comp. 44, 1985).
//
// With s limbs and R = 2^(64·s): n' = −n⁻¹ mod 2^64 and R² mod n.
// Accepts: odd moduli n ≥ 3 of any limb count (the RSA layer bounds the size).
// Deliberately does not: hide the modulus (precomputation timing depends on n, which is public).

/// An odd modulus prepared for Montgomery multiplication.
///
/// Invariants: `modulus.limbs.count == limbCount ≥ 1`, the top limb is non-zero, `n` is odd
/// and at least 3; `r2` holds R² mod n in `limbCount` limbs; `n0inv · n[0] ≡ −1 (mod 2^64)`.
package struct MontgomeryModulus: Sendable {
    /// n, trimmed so that its top limb is non-zero.
    package let modulus: BigUInt
    /// Number of 64-bit limbs of n (s above).
    package let limbCount: Int
    /// −n⁻¹ mod 2^64.
    package let n0inv: UInt64
    /// R² mod n, used to enter Montgomery form; empty when preparation was deferred
    /// (`precomputeR2: false`), in which case `r2OrComputed()` computes it on each use.
    package private(set) var r2: [UInt64]

    /// Prepares `n`. Returns nil when n is even or smaller than 3.
    ///
    /// `precomputeR2: false` defers the one costly constant, R² mod n (about a third of an
    /// RSA-2048 verification), to each exponentiation: right for a key used at most once after
    /// parsing (a certificate's key in a chain), wrong for a key that verifies many signatures.
    package init?(modulus n: BigUInt, precomputeR2: Bool = true) {
        let bits = n.bitCount
        guard n.isOdd, bits >= 2 else { return nil }
        let count = (bits + 63) / 64
        // count ≤ n.limbs.count because the limbs above `count` are zero (bitCount says so).
        let trimmed = BigUInt(limbs: Array(n.limbs[0..<count]))
        modulus = trimmed
        limbCount = count
        n0inv = MontgomeryModulus.negativeInverse(of: trimmed.limbs[0])
        r2 = []
        if precomputeR2 {
            r2 = computeR2VarTime()
        }
    }

    /// R² mod n: the precomputed value, or computed now when preparation was deferred.
    package func r2OrComputed() -> [UInt64] {
        r2.isEmpty ? computeR2VarTime() : r2
    }

    /// −x⁻¹ mod 2^64 for odd x, by Newton–Hensel iteration y ← y·(2 − x·y).
    ///
    /// For odd x, x·x ≡ 1 (mod 8), so y = x is correct to 3 bits; each step doubles the number
    /// of correct bits: 3 → 6 → 12 → 24 → 48 → 96 ≥ 64. The wrapping operators are the point:
    /// the arithmetic is modulo 2^64 by definition.
    static func negativeInverse(of x: UInt64) -> UInt64 {
        var y = x
        for _ in 0..<5 {
            y = y &* (2 &- x &* y)
        }
        return 0 &- y
    }

    /// R² mod n, starting from 2^(bits−1) < n (n is odd with its top bit at bits − 1).
    ///
    /// Doubling (64·s − bits + 1) times gives R mod n; s more doublings give 2^s·R mod n, the
    /// Montgomery form of 2^s. Six Montgomery squarings take 2^s to 2^(64·s) = R, whose
    /// Montgomery form is R² mod n. This costs about 64 + s doublings and 6 squarings
    /// instead of 64·s doublings.
    private func computeR2VarTime() -> [UInt64] {
        let s = limbCount
        let bits = modulus.bitCount
        var x = [UInt64](repeating: 0, count: s)
        // bits ≥ 2 and bits ≤ 64·s, so the top bit index (bits − 1) lies inside limb (bits−1)/64.
        x[(bits - 1) / 64] = 1 << UInt64((bits - 1) % 64)
        let doublings = 64 * s - bits + 1 + s
        for _ in 0..<doublings {
            doubleModVarTime(&x)
        }
        var result = [UInt64](repeating: 0, count: s)
        var wide = [UInt64](repeating: 0, count: 2 * s)
        for _ in 0..<6 {
            square(x, into: &result, wide: &wide)
            swap(&x, &result)
        }
        return x
    }

    /// x ← 2·x mod n for x < n (timing depends on x).
    ///
    /// One pass shifts x left by one bit while learning whether 2x − n borrows; a second pass
    /// subtracts n only when needed (no separate comparison, no bounds checks in the loops).
    package func doubleModVarTime(_ x: inout [UInt64]) {
        let n = modulus.limbs
        guard x.count == n.count, let top = x.last else { return }
        // Bound proof for the `unsafe` accesses: x and n have the same count (guard above) and
        // both loops index 0..<count. x is a distinct, uniquely owned buffer (inout), n read-only.
        let carryOut = top >> 63
        unsafe x.withUnsafeMutableBufferPointer { px in
            unsafe n.withUnsafeBufferPointer { pn in
                // First pass: 2x (low limbs in px) and whether 2x − n borrows past the top limb.
                var carry: UInt64 = 0
                var borrow: UInt64 = 0
                for index in 0..<px.count {
                    let limb = unsafe px[index]
                    let doubled = (limb << 1) | carry
                    carry = limb >> 63
                    unsafe px[index] = doubled
                    let (d1, o1) = unsafe doubled.subtractingReportingOverflow(pn[index])
                    let (_, o2) = d1.subtractingReportingOverflow(borrow)
                    borrow = (o1 || o2) ? 1 : 0
                }
                // 2x < 2n, so one subtraction brings it below n. With a carry out, the true value
                // is 2^(64s) + x and the borrow cancels it; without, subtract iff 2x ≥ n (no borrow).
                guard carryOut == 1 || borrow == 0 else { return }
                borrow = 0
                for index in 0..<px.count {
                    let (d1, o1) = unsafe px[index].subtractingReportingOverflow(pn[index])
                    let (d2, o2) = d1.subtractingReportingOverflow(borrow)
                    unsafe px[index] = d2
                    borrow = (o1 || o2) ? 1 : 0
                }
            }
        }
    }
}
