// MontgomeryModulus: an odd modulus n with the constants of Montgomery arithmetic precomputed
// once (P. L. Montgomery, "Modular Multiplication Without Trial Division", Math. Comp. 44, 1985).
//
// With s limbs and R = 2^(64·s): n' = −n⁻¹ mod 2^64 and R² mod n.
// Accepts: odd moduli n ≥ 3 of any limb count (the RSA layer bounds the size).
// Deliberately does not: hide the modulus (precomputation timing depends on n, which is public).

/// An odd modulus prepared for Montgomery multiplication.
///
/// Invariants: `modulus.limbs.count == limbCount ≥ 1`, the top limb is non-zero, `n` is odd
/// and at least 3; `r2` holds R² mod n in `limbCount` limbs, or is empty; `n0inv · n[0] ≡ −1 (mod 2^64)`.
package struct MontgomeryModulus: Sendable {
    /// n, trimmed so that its top limb is non-zero.
    package let modulus: BigUInt
    /// Number of 64-bit limbs of n (s above).
    package let limbCount: Int
    /// −n⁻¹ mod 2^64.
    package let n0inv: UInt64
    /// R² mod n, used to enter Montgomery form; empty when it was not prepared
    /// (`precomputeR2: false`), in which case each exponentiation enters Montgomery form by
    /// s steps of x ← x·2^64 mod n instead (`shiftWordModVarTime`).
    package private(set) var r2: [UInt64]

    /// Prepares `n`. Returns nil when n is even or smaller than 3.
    ///
    /// `precomputeR2: false` skips the one costly constant, R² mod n: right for a key used at
    /// most once after parsing (a certificate's key in a chain): entering Montgomery form
    /// without it costs less than computing it (measured on RSA-2048: about 25 k instructions
    /// instead of 26 k for R² and 20 k for the product by it); wrong for a key that verifies many
    /// signatures.
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
    /// Doubling (64·s − bits + 1 ≤ 64) times gives R mod n; s steps that each multiply by 2^64
    /// modulo n (one schoolbook division digit each) give R·2^(64·s) = R² mod n. Measured on
    /// RSA-2048: 26 k instructions instead of 115 k for doubling to 2^s·R and squaring six times.
    private func computeR2VarTime() -> [UInt64] {
        let s = limbCount
        let bits = modulus.bitCount
        var x = [UInt64](repeating: 0, count: s)
        // bits ≥ 2 and bits ≤ 64·s, so the top bit index (bits − 1) lies inside limb (bits−1)/64.
        x[(bits - 1) / 64] = 1 << UInt64((bits - 1) % 64)
        for _ in 0..<(64 * s - bits + 1) {
            doubleModVarTime(&x)
        }
        for _ in 0..<s {
            shiftWordModVarTime(&x)
        }
        return x
    }

    /// x ← x·2^64 mod n for x < n: one digit of schoolbook division (D. E. Knuth, TAOCP vol. 2,
    /// §4.3.1, Algorithm D). With v = x·2^64 < n·2^64 and both shifted left by z so that n's top
    /// bit is a word's top bit, the digit q̂ taken from v's top two words and n's top word is
    /// never too small and at most 2 too large (Theorems A and B), so v − q̂·n lies in [−2n, n)
    /// and adding n back while it is negative (at most twice) leaves v mod n. Timing depends on
    /// x (public in verification).
    func shiftWordModVarTime(_ x: inout [UInt64]) {
        let n = modulus.limbs
        let s = limbCount
        guard s >= 1, x.count == s, n.count == s else { return }
        // n's top limb is non-zero (the type's invariant), so z ≤ 63; `>>` by 64 gives zero.
        let z = UInt64(n[s - 1].leadingZeroBitCount)
        let top = n[s - 1] << z | (s >= 2 ? n[s - 2] : 0) >> (64 - z)
        // The top two words of x·2^64 shifted by z: words s and s − 1 of x·2^64 are x[s − 1]
        // and x[s − 2], word s − 2 is x[s − 3]; words below 0 are zero.
        let (x1, x2, x3) = (x[s - 1], s >= 2 ? x[s - 2] : 0, s >= 3 ? x[s - 3] : 0)
        let (u0, u1) = (x1 << z | x2 >> (64 - z), x2 << z | x3 >> (64 - z))
        // u0 ≤ top because v < n·2^64; u0 = top takes the largest digit, as Algorithm D does,
        // and the division only runs when u0 < top, where its quotient fits a word.
        let q = u0 >= top ? UInt64.max : top.dividingFullWidth((high: u0, low: u1)).quotient
        // x·2^64 − q·n in s + 1 words (x in place, word s in `high`), two's complement: q·n <
        // 2^64·n fits, and |x·2^64 − q·n| ≤ 2n < 2^(64·s + 63), so the top bit of `high` is the sign.
        var (carry, borrow, previous): (UInt64, UInt64, UInt64) = (0, 0, 0)  // previous: x[i − 1]
        for i in 0..<s {
            let (product, low) = mulAdd(q, n[i], carry, 0)
            (carry, previous, x[i]) = (product, x[i], subtractBorrow(previous, low, &borrow))
        }
        var high = subtractBorrow(previous, carry, &borrow)
        for _ in 0..<2 where high >> 63 == 1 {
            carry = 0
            for i in 0..<s { x[i] = addCarry(x[i], n[i], &carry) }
            high = addCarry(high, 0, &carry)
        }
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
