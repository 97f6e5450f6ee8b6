// Modular exponentiation x^e mod n by a public exponent: left-to-right binary
// square-and-multiply in Montgomery form (HAC Algorithm 14.79 with Montgomery products,
// A. Menezes, P. van Oorschot, S. Vanstone, "Handbook of Applied Cryptography", 1996).
//
// Accepts: a base with exactly `limbCount` limbs and base < n; any exponent given as
// big-endian bytes (leading zeros allowed; e = 0 gives 1).
// Deliberately does not: run in constant time. The sequence of squarings and multiplications
// follows the bits of the exponent, and both base and exponent are public in verification.
// Memory: five buffers are allocated once per call; the loop allocates nothing.

extension MontgomeryModulus {
    /// base^exponent mod n, or nil when `base` does not have `limbCount` limbs or is not < n.
    /// Timing depends on the exponent's bits (public in RSA verification).
    package func powVarTime(_ base: BigUInt, exponent: [UInt8]) -> BigUInt? {
        let s = limbCount
        guard base.limbs.count == s, compareLimbsVarTime(base.limbs, modulus.limbs) < 0 else {
            return nil
        }
        var scratch = [UInt64](repeating: 0, count: s + 1)
        var wide = [UInt64](repeating: 0, count: 2 * s)
        var product = [UInt64](repeating: 0, count: s)

        // Montgomery form of the base, base·R mod n: MontMul(base, R²) when R² was prepared;
        // otherwise s steps of x ← x·2^64 mod n, which cost less than computing R² first.
        var baseMont = base.limbs
        if r2.isEmpty {
            for _ in 0..<s { shiftWordModVarTime(&baseMont) }
        } else {
            multiply(base.limbs, r2, into: &baseMont, scratch: &scratch)
        }

        // Find the most significant set bit of the exponent.
        var byteIndex = 0
        while byteIndex < exponent.count, exponent[byteIndex] == 0 { byteIndex += 1 }
        guard byteIndex < exponent.count else {
            // e = 0: x^0 = 1, and 1 < n because n ≥ 3.
            var one = [UInt64](repeating: 0, count: s)
            one[0] = 1
            return BigUInt(limbs: one)
        }
        let topByte = exponent[byteIndex]
        // topByte ≠ 0, so leadingZeroBitCount ≤ 7 and the shift below is in 0…7.
        var bit = 7 - topByte.leadingZeroBitCount

        // The accumulator starts at the base (the top bit of e is 1) and processes the rest.
        // It gets its own storage (not shared with baseMont), so that the buffers swapped in
        // the loop are always uniquely referenced and writing to them never copies.
        var accumulator = [UInt64](repeating: 0, count: s)
        for index in 0..<s { accumulator[index] = baseMont[index] }
        while byteIndex < exponent.count {
            let byte = exponent[byteIndex]
            while bit > 0 {
                bit -= 1
                square(accumulator, into: &product, wide: &wide)
                swap(&accumulator, &product)
                if (byte >> UInt8(bit)) & 1 == 1 {
                    // The last bit's product takes the plain base and leaves Montgomery form:
                    // (x^(e−1)·R)·x·R⁻¹ = x^e mod n, one product instead of a product and a REDC.
                    let last = bit == 0 && byteIndex == exponent.count - 1
                    multiply(accumulator, last ? base.limbs : baseMont, into: &product, scratch: &scratch)
                    if last { return BigUInt(limbs: product) }
                    swap(&accumulator, &product)
                }
            }
            byteIndex += 1
            bit = 8
        }

        // Leave Montgomery form: REDC(x·R) = x mod n.
        reduce(accumulator, into: &product, wide: &wide)
        return BigUInt(limbs: product)
    }
}
