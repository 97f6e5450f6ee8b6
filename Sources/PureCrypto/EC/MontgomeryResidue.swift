// Arithmetic modulo a fixed P-256 or P-384 prime (the field prime p or the group order n) in
// Montgomery form: a residue a is stored as a·R mod m with R = 2^(64·count), so a product costs
// one word-by-word multiply-and-reduce pass (CIOS: coarsely integrated operand scanning, here
// on fixed `Limbs` the optimiser unrolls for each modulus).
//
// Accepts: operands fully reduced (< m); every constructor checks or guarantees that.
// Deliberately: generic over the modulus so that the P-384 field and both group orders share one
// reviewed kernel, which the compiler specialises with the limb count and constants folded (the
// P-256 and P-384 fields have their own products: P256FieldArithmetic.swift,
// P384FieldArithmetic.swift, the latter on plain residues). Inversion is a binary extended Euclid
// that branches on the (public) value: `inverseVarTime`.
// Timing: variable, by label. +, − and the product select their final correction with masks (a
// branch there was measured slower, not for secrecy), but nothing here is reviewed as constant
// time (operators cannot carry the `VarTime` suffix; this line is their label). ECDSA
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

/// A field element as the point formulas use it: stored as a·R mod p (Montgomery form; R is
/// 2^(64·count), except P384FieldElement, whose special-form reduction needs none: R = 1), fully
/// reduced (< p), operators variable time. `Residue` is the generic one; P256FieldElement and
/// P384FieldElement bring their own product (and P-256 its sum). The rest defaults to `Residue`.
protocol FieldElement: Sendable, Equatable {
    associatedtype Modulus: MontgomeryModulusParameters
    /// The element whose stored form (a·R mod p, < p) is `montgomery`.
    init(montgomery: Limbs)
    var montgomery: Limbs { get }
    /// The element of a plain integer `value`; nil when value ≥ p.
    init?(_ value: Limbs)
    static var one: Self { get }
    static func * (a: Self, b: Self) -> Self
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    func squared() -> Self
    func inverseVarTime() -> Self
}

extension FieldElement {
    var generic: Residue<Modulus> { Residue(montgomery: montgomery) }
    init?(_ value: Limbs) {
        guard let residue = Residue<Modulus>(value) else { return nil }
        self.init(montgomery: residue.montgomery)
    }
    static var zero: Self { Self(montgomery: Limbs()) }
    static var one: Self { Self(montgomery: Residue<Modulus>.one.montgomery) }
    var isZero: Bool { montgomery.isZero }
    @inline(__always)
    func squared() -> Self { self * self }
    @inline(__always)
    static func + (a: Self, b: Self) -> Self { Self(montgomery: (a.generic + b.generic).montgomery) }
    @inline(__always)
    static func - (a: Self, b: Self) -> Self { Self(montgomery: (a.generic - b.generic).montgomery) }
    static prefix func - (a: Self) -> Self { zero - a }
    func inverseVarTime() -> Self { Self(montgomery: generic.inverseVarTime().montgomery) }
}

/// An element of ℤ/mℤ in Montgomery form, fully reduced.
struct Residue<M: MontgomeryModulusParameters>: FieldElement {
    typealias Modulus = M
    /// a·R mod m, < m.
    var montgomery: Limbs

    init(montgomery: Limbs) { self.montgomery = montgomery }

    /// The residue of a plain integer `value` < m; nil when value ≥ m.
    init?(_ value: Limbs) {
        guard value.isLessThanVarTime(M.modulus, count: M.count) else { return nil }
        montgomery = Residue.multiplyVarTime(value, M.rSquared)
    }

    static var one: Residue { Residue(montgomery: multiplyVarTime(Limbs(1), M.rSquared)) }

    /// The plain integer a (< m).
    var value: Limbs { Residue.multiplyVarTime(montgomery, Limbs(1)) }

    @inline(__always)
    static func * (a: Residue, b: Residue) -> Residue {
        Residue(montgomery: multiplyVarTime(a.montgomery, b.montgomery))
    }

    @inline(__always)
    static func + (a: Residue, b: Residue) -> Residue {
        let (sum, carry) = a.montgomery.adding(b.montgomery, count: M.count)
        let (reduced, borrow) = sum.subtracting(M.modulus, count: M.count)
        // a + b < 2m: subtract m once unless that goes below zero.
        return Residue(montgomery: reduced.selecting(sum, keepSelf: carry || !borrow))
    }

    @inline(__always)
    static func - (a: Residue, b: Residue) -> Residue {
        let (difference, borrow) = a.montgomery.subtracting(b.montgomery, count: M.count)
        // If −m < a − b < 0, adding m lands in [0, m) (the carry out cancels the borrow); else add 0.
        let addend = M.modulus.selecting(Limbs(), keepSelf: borrow)
        return Residue(montgomery: difference.adding(addend, count: M.count).sum)
    }

    /// a⁻¹ (zero maps to zero). Variable time in the value (public in verification).
    func inverseVarTime() -> Residue {
        // y = c⁻¹ = a⁻¹·R⁻¹ for the stored c = a·R; two products with R² give a⁻¹·R, the Montgomery form of a⁻¹.
        let y = Residue.inverseVarTime(montgomery)
        return Residue(montgomery: Residue.multiplyVarTime(Residue.multiplyVarTime(y, M.rSquared), M.rSquared))
    }

    /// c⁻¹ mod m for the integer 0 ≤ c < m (zero maps to zero), by the binary extended Euclidean
    /// algorithm (Knuth, TAOCP vol. 2, §4.5.2; the form of the Guide to Elliptic Curve
    /// Cryptography, Algorithm 2.22). Variable time in the value (public in verification).
    static func inverseVarTime(_ c: Limbs) -> Limbs {
        guard !c.isZero else { return c }
        let one = Limbs(1)
        // Invariants: x1·c ≡ u and x2·c ≡ v (mod m); x1, x2 < m; u, v > 0 with gcd(u, v) = 1
        // (m is prime and 0 < c < m). Each pass strictly shrinks u + v, and u = v only when both are
        // 1, so the subtractions never reach zero and every inner loop ends (an odd u or v stops it).
        var (u, v, x1, x2) = (c, M.modulus, one, Limbs())
        while u != one && v != one {
            while u.w0 & 1 == 0 { (u, x1) = (u.halved(top: 0, count: M.count), Residue.halvedVarTime(x1)) }
            while v.w0 & 1 == 0 { (v, x2) = (v.halved(top: 0, count: M.count), Residue.halvedVarTime(x2)) }
            if v.isLessThanVarTime(u, count: M.count) {
                (u, x1) = (
                    u.subtracting(v, count: M.count).difference,
                    (Residue(montgomery: x1) - Residue(montgomery: x2)).montgomery
                )
            } else {
                (v, x2) = (
                    v.subtracting(u, count: M.count).difference,
                    (Residue(montgomery: x2) - Residue(montgomery: x1)).montgomery
                )
            }
        }
        return u == one ? x1 : x2
    }

    /// x/2 mod m for x < m: x/2 if x is even, else (x + m)/2 (x + m < 2m is even; its carry is the top bit).
    private static func halvedVarTime(_ x: Limbs) -> Limbs {
        guard x.w0 & 1 == 1 else { return x.halved(top: 0, count: M.count) }
        let (sum, carry) = x.adding(M.modulus, count: M.count)
        return sum.halved(top: carry ? 1 : 0, count: M.count)
    }

    /// a·b·R⁻¹ mod m for a, b < m (coarsely integrated operand scanning, reduction fused into
    /// the multiplication pass: Koç, Acar and Kaliski, "Analyzing and Comparing Montgomery
    /// Multiplication Algorithms", IEEE Micro 16(3), 1996).
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
        return reduced.selecting(t.0, keepSelf: t.1 == 1 || !borrow)
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
