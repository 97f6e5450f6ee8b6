// Arithmetic modulo the P-256 field prime p and the group order n, in Montgomery form, in
// constant time: one reviewed CIOS kernel generic over the modulus (the compiler specialises it
// with the constants folded), masked final subtractions, inversion by Fermat's little theorem
// (self^(m − 2), by a fixed addition chain for each modulus).
//
// Accepts: operands fully reduced (< m); every constructor guarantees it.
// Timing: no branch, loop bound or memory index depends on an operand. The exponents of the
// inversions are public constants, so their branches are the same for every secret base.

/// A P-256 prime modulus (p or n) with its Montgomery constants.
protocol ModulusConstantTime {
    /// m, little-endian words.
    static var modulus: WordsConstantTime { get }
    /// −m⁻¹ mod 2^64.
    static var n0: UInt64 { get }
    /// R² mod m for R = 2^256: the factor that converts into Montgomery form.
    static var rSquared: WordsConstantTime { get }
    /// a·b·2^−256 mod m for a, b < m; `ResidueConstantTime.multiply` (CIOS) unless the modulus has
    /// a faster special form (the field prime: P256FieldConstantTime.swift).
    static func montgomeryProduct(_ a: WordsConstantTime, _ b: WordsConstantTime) -> WordsConstantTime
    /// a²·2^−256 mod m for a < m.
    static func montgomerySquare(_ a: WordsConstantTime) -> WordsConstantTime
}

extension ModulusConstantTime {
    /// The product with itself, unless the modulus brings a dedicated squaring.
    @inline(__always)
    static func montgomerySquare(_ a: WordsConstantTime) -> WordsConstantTime { montgomeryProduct(a, a) }
}

extension ModulusConstantTime {
    /// (a + b) mod m for a + b < 2m: the sum, less m unless subtracting m borrows past its carry.
    @inline(__always)
    static func sumReduced(_ a: WordsConstantTime, _ b: WordsConstantTime) -> WordsConstantTime {
        let (sum, carry) = a.adding(b)
        let (difference, borrow) = sum.subtracting(modulus)
        return sum.selecting(difference, mask: 0 &- (borrow & ~carry & 1))
    }
}

/// The P-256 field prime p = 2^256 − 2^224 + 2^192 + 2^96 − 1 (NIST SP 800-186 §3.2.1.3).
enum P256FieldModulus: ModulusConstantTime {
    static var modulus: WordsConstantTime {
        WordsConstantTime(0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_ffff, 0, 0xffff_ffff_0000_0001)
    }
    static var n0: UInt64 { 1 }
    static var rSquared: WordsConstantTime {
        WordsConstantTime(0x0000_0000_0000_0003, 0xffff_fffb_ffff_ffff, 0xffff_ffff_ffff_fffe, 0x0000_0004_ffff_fffd)
    }
}

/// The P-256 group order n (NIST SP 800-186 §3.2.1.3).
enum P256OrderModulus: ModulusConstantTime {
    static var modulus: WordsConstantTime {
        WordsConstantTime(0xf3b9_cac2_fc63_2551, 0xbce6_faad_a717_9e84, 0xffff_ffff_ffff_ffff, 0xffff_ffff_0000_0000)
    }
    static var n0: UInt64 { 0xccd1_c8aa_ee00_bc4f }
    static var rSquared: WordsConstantTime {
        WordsConstantTime(0x8324_4c95_be79_eea2, 0x4699_799c_49bd_6fa6, 0x2845_b239_2b6b_ec59, 0x66e1_2d94_f3d9_5620)
    }
    @inline(__always)
    static func montgomeryProduct(_ a: WordsConstantTime, _ b: WordsConstantTime) -> WordsConstantTime {
        ScalarConstantTime.multiply(a, b)
    }
}

typealias FieldConstantTime = ResidueConstantTime<P256FieldModulus>
typealias ScalarConstantTime = ResidueConstantTime<P256OrderModulus>

/// a·R mod m for R = 2^256, fully reduced.
struct ResidueConstantTime<M: ModulusConstantTime>: Sendable {
    /// a·R mod m, < m.
    var montgomery: WordsConstantTime

    init(montgomery: WordsConstantTime) { self.montgomery = montgomery }

    /// The residue of value mod m for any 256-bit value (one masked subtraction: 2^256 < 2m for
    /// both P-256 moduli).
    init(reducing value: WordsConstantTime) {
        let (difference, borrow) = value.subtracting(M.modulus)
        let reduced = value.selecting(difference, mask: 0 &- borrow)
        montgomery = Self.multiply(reduced, M.rSquared)
    }

    static var zero: Self { Self(montgomery: .zero) }
    static var one: Self { Self(reducing: WordsConstantTime(1, 0, 0, 0)) }

    /// The plain integer (< m).
    var value: WordsConstantTime { Self.multiply(montgomery, WordsConstantTime(1, 0, 0, 0)) }

    /// All ones when the residue is zero.
    var zeroMask: UInt64 { montgomery.zeroMask }

    /// `self` where mask is all ones, `other` where it is zero.
    @inline(__always)
    func selecting(_ other: Self, mask: UInt64) -> Self {
        Self(montgomery: montgomery.selecting(other.montgomery, mask: mask))
    }

    @inline(__always)
    static func * (a: Self, b: Self) -> Self { Self(montgomery: M.montgomeryProduct(a.montgomery, b.montgomery)) }

    @inline(__always)
    static func + (a: Self, b: Self) -> Self { Self(montgomery: M.sumReduced(a.montgomery, b.montgomery)) }

    @inline(__always)
    static func - (a: Self, b: Self) -> Self {
        let (difference, borrow) = a.montgomery.subtracting(b.montgomery)
        // −m < a − b < 0 wraps; adding m (masked) brings it back, the carry out cancels the borrow.
        let addend = M.modulus.selecting(.zero, mask: 0 &- borrow)
        return Self(montgomery: difference.adding(addend).0)
    }

    @inline(__always)
    func squared() -> Self { Self(montgomery: M.montgomerySquare(montgomery)) }

    /// self^(2^k) by k squarings (k public).
    func squared(times k: Int) -> Self {
        var result = self
        for _ in 0..<k { result = result.squared() }
        return result
    }

    /// self^1, self^3, …, self^15: the odd powers of four-bit windows.
    func oddPowers() -> (Self, Self, Self, Self, Self, Self, Self, Self) {
        let square = self.squared()
        var odd = (self, self, self, self, self, self, self, self)  // self^(2j + 1), j = 0 … 7
        odd.1 = odd.0 * square
        odd.2 = odd.1 * square
        odd.3 = odd.2 * square
        odd.4 = odd.3 * square
        odd.5 = odd.4 * square
        odd.6 = odd.5 * square
        odd.7 = odd.6 * square
        return odd
    }

    /// self^(2^bits)·x^e for the low `bits` bits of a public e and odd = x.oddPowers(): sliding
    /// windows of up to four bits (Handbook of Applied Cryptography, Algorithm 14.85). Every branch
    /// and the choice of odd power follow the bits of e, never the residues.
    func slidingWindows(_ e: WordsConstantTime, bits: Int, _ odd: (Self, Self, Self, Self, Self, Self, Self, Self))
        -> Self
    {
        func bit(_ k: Int) -> UInt64 {
            let word = k >= 192 ? e.w3 : k >= 128 ? e.w2 : k >= 64 ? e.w1 : e.w0
            return (word >> UInt64(k & 63)) & 1
        }
        var result = self
        var i = bits - 1
        while i >= 0 {
            guard bit(i) == 1 else {
                result = result.squared()
                i -= 1
                continue
            }
            // The longest window i … low (at most four bits) that ends in a one.
            var low = max(i - 3, 0)
            while bit(low) == 0 { low += 1 }
            var value = 0
            for k in stride(from: i, through: low, by: -1) {
                result = result.squared()
                value = value << 1 | Int(bit(k))
            }
            switch value >> 1 {
            case 0: result = result * odd.0
            case 1: result = result * odd.1
            case 2: result = result * odd.2
            case 3: result = result * odd.3
            case 4: result = result * odd.4
            case 5: result = result * odd.5
            case 6: result = result * odd.6
            default: result = result * odd.7
            }
            i = low - 1
        }
        return result
    }

    /// a·b·R⁻¹ mod m for a, b < m: coarsely integrated operand scanning (Koç, Acar, Kaliski, IEEE
    /// Micro 16(3), 1996), four rounds, then one masked subtraction.
    @inline(__always)
    static func multiply(_ a: WordsConstantTime, _ b: WordsConstantTime) -> WordsConstantTime {
        var t = (WordsConstantTime.zero, UInt64(0))
        t = round(t, a, b.w0)
        t = round(t, a, b.w1)
        t = round(t, a, b.w2)
        t = round(t, a, b.w3)
        // t < 2m: subtract m unless that borrows past the top word.
        let (difference, borrow) = t.0.subtracting(M.modulus)
        let keep = 0 &- (borrow & ~t.1 & 1)
        return t.0.selecting(difference, mask: keep)
    }

    /// One round: t ← (t + a·bᵢ + q·m) / 2^64 with q = (t₀ + a₀·bᵢ)·n0 mod 2^64, so the division is
    /// exact. Invariant: t < 2m, held in four words and a top bit.
    @_transparent
    static func round(_ state: (WordsConstantTime, UInt64), _ a: WordsConstantTime, _ bi: UInt64)
        -> (WordsConstantTime, UInt64)
    {
        let (t, top) = state
        let n = M.modulus
        let (h0, l0) = mulAddConstantTime(a.w0, bi, t.w0, 0)
        let q = l0 &* M.n0  // modulo 2^64 by the definition of n0
        var c0 = h0
        var c1 = mulAddConstantTime(q, n.w0, l0, 0).high
        var r = WordsConstantTime.zero
        (c0, r.w0) = mulAddConstantTime(a.w1, bi, t.w1, c0)
        (c1, r.w0) = mulAddConstantTime(q, n.w1, r.w0, c1)
        (c0, r.w1) = mulAddConstantTime(a.w2, bi, t.w2, c0)
        (c1, r.w1) = mulAddConstantTime(q, n.w2, r.w1, c1)
        (c0, r.w2) = mulAddConstantTime(a.w3, bi, t.w3, c0)
        (c1, r.w2) = mulAddConstantTime(q, n.w3, r.w2, c1)
        // c0 + c1 + top < 2^65: the low word is word 3, the carry the new top bit.
        var carry: UInt64 = 0
        r.w3 = addCarryConstantTime(c0, c1, &carry)
        var carry2: UInt64 = 0
        r.w3 = addCarryConstantTime(r.w3, top, &carry2)
        return (r, carry | carry2)
    }
}

extension ResidueConstantTime where M == P256FieldModulus {
    /// self⁻¹ = self^(p − 2) (zero maps to zero). p − 2 from the top bit: 32 ones, 31 zeros, a one,
    /// 96 zeros, 94 ones, a zero, a one; a fixed chain of 255 squarings and 12 products over
    /// xₖ = self^(2^k − 1).
    func inverted() -> Self {
        let x2 = squared() * self
        let x3 = x2.squared() * self
        let x6 = x3.squared(times: 3) * x3
        let x12 = x6.squared(times: 6) * x6
        let x15 = x12.squared(times: 3) * x3
        let x30 = x15.squared(times: 15) * x15
        let x32 = x30.squared(times: 2) * x2
        var result = x32.squared(times: 32) * self
        result = result.squared(times: 128) * x32
        result = result.squared(times: 32) * x32
        result = result.squared(times: 30) * x30
        return result.squared(times: 2) * self
    }
}

extension ResidueConstantTime where M == P256OrderModulus {
    /// self⁻¹ = self^(n − 2) (zero maps to zero). The top half of n − 2 (32 ones, 32 zeros, 64 ones)
    /// by a chain over xₖ = self^(2^k − 1), the low half by sliding windows: 253 squarings and 39
    /// products.
    func inverted() -> Self {
        let odd = oddPowers()
        let x8 = odd.7.squared(times: 4) * odd.7  // odd.7 = self^15 = x₄
        let x16 = x8.squared(times: 8) * x8
        let x32 = x16.squared(times: 16) * x16
        let top = (x32.squared(times: 64) * x32).squared(times: 32) * x32
        // The low 128 bits of n − 2.
        return top.slidingWindows(WordsConstantTime(0xf3b9_cac2_fc63_254f, 0xbce6_faad_a717_9e84, 0, 0), bits: 128, odd)
    }
}
