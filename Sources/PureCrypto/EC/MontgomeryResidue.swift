// Arithmetic modulo a fixed P-256 or P-384 prime (the field prime p or the group order n) in
// Montgomery form: a residue a is stored as a·R mod m with R = 2^(64·count), so a product costs
// one word-by-word multiply-and-reduce pass (CIOS, as in BigNum/MontgomeryMultiply.swift, here
// on fixed `Limbs` the optimiser unrolls for each modulus).
//
// Accepts: operands fully reduced (< m); every constructor checks or guarantees that.
// Deliberately: generic over the modulus so that P-256 and P-384 share one reviewed kernel and
// the compiler specialises it with the limb count and constants folded. Inversion is Fermat's
// a^(m−2) and branches on the (public) exponent bits: `inverseVarTime`.
// Timing: variable. The final conditional subtractions of +, − and `multiplyVarTime` branch on the
// values (operators cannot carry the `VarTime` suffix; this line is their label). ECDSA
// verification handles public data only, so nothing secret can leak through timing.

/// A prime modulus m with its Montgomery constants, known at compile time.
protocol MontgomeryModulusParameters {
    /// Number of 64-bit words of m (4 or 6).
    static var count: Int { get }
    /// m itself.
    static var modulus: Limbs { get }
    /// −m⁻¹ mod 2^64.
    static var n0: UInt64 { get }
    /// R² mod m, the factor that converts into Montgomery form.
    static var rSquared: Limbs { get }
}

/// An element of ℤ/mℤ in Montgomery form, fully reduced.
struct Residue<M: MontgomeryModulusParameters>: Sendable, Equatable {
    /// a·R mod m, < m.
    var montgomery: Limbs

    init(montgomery: Limbs) { self.montgomery = montgomery }

    /// The residue of a plain integer `value` < m; nil when value ≥ m.
    init?(_ value: Limbs) {
        guard value.isLessThanVarTime(M.modulus, count: M.count) else { return nil }
        montgomery = Residue.multiplyVarTime(value, M.rSquared)
    }

    /// The residue of big-endian bytes (exactly 8·count of them) holding a value < m.
    init?(bigEndian bytes: ArraySlice<UInt8>) {
        guard let value = Limbs(bigEndian: bytes, count: M.count) else { return nil }
        self.init(value)
    }

    static var zero: Residue { Residue(montgomery: Limbs()) }
    static var one: Residue { Residue(montgomery: multiplyVarTime(Limbs(1), M.rSquared)) }

    /// The plain integer a (< m).
    var value: Limbs { Residue.multiplyVarTime(montgomery, Limbs(1)) }

    var isZero: Bool { montgomery.isZero }

    @inline(__always)
    static func * (a: Residue, b: Residue) -> Residue {
        Residue(montgomery: multiplyVarTime(a.montgomery, b.montgomery))
    }

    @inline(__always)
    static func + (a: Residue, b: Residue) -> Residue {
        let (sum, carry) = a.montgomery.adding(b.montgomery, count: M.count)
        let (reduced, borrow) = sum.subtracting(M.modulus, count: M.count)
        // a + b < 2m: subtract m once unless that goes below zero.
        return Residue(montgomery: carry || !borrow ? reduced : sum)
    }

    @inline(__always)
    static func - (a: Residue, b: Residue) -> Residue {
        let (difference, borrow) = a.montgomery.subtracting(b.montgomery, count: M.count)
        guard borrow else { return Residue(montgomery: difference) }
        // −m < a − b < 0: adding m lands in [0, m); the carry out cancels the borrow.
        return Residue(montgomery: difference.adding(M.modulus, count: M.count).sum)
    }

    static prefix func - (a: Residue) -> Residue { zero - a }

    /// a⁻¹ by Fermat's little theorem, a^(m−2) (m is prime); zero maps to zero. Variable time
    /// in the bits of m − 2, a public constant.
    func inverseVarTime() -> Residue {
        let exponent = M.modulus.subtracting(Limbs(2), count: M.count).difference
        var result = Residue.one
        for k in stride(from: 64 * M.count - 1, through: 0, by: -1) {
            result = result * result
            if exponent.bit(k) == 1 { result = result * self }
        }
        return result
    }

    /// a·b·R⁻¹ mod m for a, b < m (coarsely integrated operand scanning, reduction fused into
    /// the multiplication pass; see BigNum/MontgomeryMultiply.swift for the method's source).
    /// Written out word by word (`count > 4` folds after specialisation) so that every word
    /// stays in a register: see Limbs.swift for the measurement.
    @inline(__always)
    static func multiplyVarTime(_ a: Limbs, _ b: Limbs) -> Limbs {
        var t = (Limbs(), UInt64(0))
        t = round(t, a, b.w0)
        t = round(t, a, b.w1)
        t = round(t, a, b.w2)
        t = round(t, a, b.w3)
        if M.count > 4 {
            t = round(t, a, b.w4)
            t = round(t, a, b.w5)
        }
        // t < 2m: subtract m unless t (with its top bit) is already below m.
        let (reduced, borrow) = t.0.subtracting(M.modulus, count: M.count)
        return t.1 == 1 || !borrow ? reduced : t.0
    }

    /// One CIOS round: t ← (t + a·bᵢ + q·m) / 2^64, q chosen so that the division is exact.
    /// Invariant: t < 2m before and after, held in `count` words plus a top word ∈ {0, 1}.
    /// `@_transparent`, not `@inline(__always)`: for P-384 the optimiser kept the latter as a call,
    /// passing the words through memory (measured: −16 % instructions per P-384 verification).
    @_transparent
    private static func round(_ state: (Limbs, UInt64), _ a: Limbs, _ bi: UInt64) -> (Limbs, UInt64) {
        let (t, top) = state
        let n = M.modulus
        let (hi0, lo0) = mulAdd(a.w0, bi, t.w0, 0)
        let q = lo0 &* M.n0  // modulo 2^64 by definition of n0
        var c = (hi0, mulAdd(q, n.w0, lo0, 0).high)
        var r = Limbs()
        // Word j of t + a·bᵢ + q·m lands in word j − 1 (the division by 2^64).
        (r.w0, c) = step(a.w1, bi, t.w1, q, n.w1, c)
        (r.w1, c) = step(a.w2, bi, t.w2, q, n.w2, c)
        (r.w2, c) = step(a.w3, bi, t.w3, q, n.w3, c)
        if M.count > 4 {
            (r.w3, c) = step(a.w4, bi, t.w4, q, n.w4, c)
            (r.w4, c) = step(a.w5, bi, t.w5, q, n.w5, c)
        }
        // The two carries and the old top: ≤ 2(2^64 − 1) + 1 < 2^65, so the new top is one bit.
        var high: UInt64 = 0
        let last = addCarry(c.0, c.1, &high)
        let (sum, overflow) = last.addingReportingOverflow(top)
        if M.count > 4 { r.w5 = sum } else { r.w3 = sum }
        return (r, high | (overflow ? 1 : 0))
    }

    /// The low word of tⱼ + aⱼ·bᵢ + carry₀ + q·nⱼ + carry₁ and the two new carries.
    @inline(__always)
    private static func step(
        _ aj: UInt64, _ bi: UInt64, _ tj: UInt64, _ q: UInt64, _ nj: UInt64, _ c: (UInt64, UInt64)
    ) -> (UInt64, (UInt64, UInt64)) {
        let (hp, lp) = mulAdd(aj, bi, tj, c.0)
        let (hr, lr) = mulAdd(q, nj, lp, c.1)
        return (lr, (hp, hr))
    }
}
