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
    /// R² mod n, used to enter Montgomery form.
    package private(set) var r2: [UInt64]

    /// Prepares `n`. Returns nil when n is even or smaller than 3.
    package init?(modulus n: BigUInt) {
        let bits = n.bitCount
        guard n.isOdd, bits >= 2 else { return nil }
        let count = (bits + 63) / 64
        // count ≤ n.limbs.count because the limbs above `count` are zero (bitCount says so).
        let trimmed = BigUInt(limbs: Array(n.limbs[0..<count]))
        modulus = trimmed
        limbCount = count
        n0inv = MontgomeryModulus.negativeInverse(of: trimmed.limbs[0])
        r2 = [UInt64](repeating: 0, count: count)
        r2 = computeR2VarTime(bitCount: bits)
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
    /// Montgomery form is R² mod n. This costs about 64 + s doublings and 6 multiplications
    /// instead of 64·s doublings.
    private func computeR2VarTime(bitCount bits: Int) -> [UInt64] {
        let s = limbCount
        var x = [UInt64](repeating: 0, count: s)
        // bits ≥ 2 and bits ≤ 64·s, so the top bit index (bits − 1) lies inside limb (bits−1)/64.
        x[(bits - 1) / 64] = 1 << UInt64((bits - 1) % 64)
        let doublings = 64 * s - bits + 1 + s
        for _ in 0..<doublings {
            doubleModVarTime(&x)
        }
        var result = [UInt64](repeating: 0, count: s)
        var scratch = [UInt64](repeating: 0, count: s + 1)
        for _ in 0..<6 {
            multiply(x, x, into: &result, scratch: &scratch)
            swap(&x, &result)
        }
        return x
    }

    /// x ← 2·x mod n for x < n (timing depends on x).
    package func doubleModVarTime(_ x: inout [UInt64]) {
        let n = modulus.limbs
        guard x.count == n.count else { return }
        var carry: UInt64 = 0
        for index in 0..<x.count {
            let limb = x[index]
            x[index] = (limb << 1) | carry
            carry = limb >> 63
        }
        if carry == 1 || compareLimbsVarTime(x, n) >= 0 {
            // 2x < 2n, so one subtraction brings it below n; with carry set the true value is
            // 2^(64s) + x and the borrow out of the top limb cancels the carry.
            var borrow: UInt64 = 0
            for index in 0..<x.count {
                let (d1, o1) = x[index].subtractingReportingOverflow(n[index])
                let (d2, o2) = d1.subtractingReportingOverflow(borrow)
                x[index] = d2
                borrow = (o1 || o2) ? 1 : 0
            }
        }
    }
}
