// Arithmetic modulo a fixed P-256 or P-384 prime (the field prime p or the group order n) in
// Montgomery form: a residue a is stored as a·R mod m with R = 2^(64·count), so a product costs
// one word-by-word multiply-and-reduce pass (CIOS, as in BigNum/MontgomeryMultiply.swift, here
// on fixed `Limbs` the optimiser unrolls for each modulus).
//
// Accepts: operands fully reduced (< m); every constructor checks or guarantees that.
// Deliberately: generic over the modulus so that P-256 and P-384 share one reviewed kernel and
// the compiler specialises it with the limb count and constants folded. Inversion is Fermat's
// a^(m−2) and branches on the (public) exponent bits: `inverseVarTime`.

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
        montgomery = Residue.multiply(value, M.rSquared)
    }

    /// The residue of big-endian bytes (exactly 8·count of them) holding a value < m.
    init?(bigEndian bytes: ArraySlice<UInt8>) {
        guard let value = Limbs(bigEndian: bytes, count: M.count) else { return nil }
        self.init(value)
    }

    static var zero: Residue { Residue(montgomery: Limbs()) }
    static var one: Residue { Residue(montgomery: multiply(Limbs(1), M.rSquared)) }

    /// The plain integer a (< m).
    var value: Limbs { Residue.multiply(montgomery, Limbs(1)) }

    var isZero: Bool { montgomery.isZero }

    @inline(__always)
    static func * (a: Residue, b: Residue) -> Residue {
        Residue(montgomery: multiply(a.montgomery, b.montgomery))
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
    @inline(__always)
    static func multiply(_ a: Limbs, _ b: Limbs) -> Limbs {
        let s = M.count
        let n = M.modulus
        var t = Limbs()
        var top: UInt64 = 0
        // Invariant at the top of each round: t < 2m, held in s words plus `top` ∈ {0, 1}.
        for i in 0..<s {
            let bi = b[i]
            let (hi0, lo0) = mulAdd(a[0], bi, t[0], 0)
            let q = lo0 &* M.n0  // modulo 2^64 by definition of n0
            let (hiN, _) = mulAdd(q, n[0], lo0, 0)
            var carryProduct = hi0
            var carryReduce = hiN
            for j in 1..<s {
                let (hp, lp) = mulAdd(a[j], bi, t[j], carryProduct)
                let (hr, lr) = mulAdd(q, n[j], lp, carryReduce)
                t[j - 1] = lr
                carryProduct = hp
                carryReduce = hr
            }
            let (sum1, o1) = carryProduct.addingReportingOverflow(carryReduce)
            let (sum2, o2) = sum1.addingReportingOverflow(top)
            t[s - 1] = sum2
            top = (o1 || o2) ? 1 : 0
        }
        // t < 2m: subtract m unless t (with its top bit) is already below m.
        let (reduced, borrow) = t.subtracting(n, count: s)
        return top == 1 || !borrow ? reduced : t
    }
}
