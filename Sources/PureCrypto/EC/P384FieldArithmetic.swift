// The P-384 field element, stored as the plain residue (the `montgomery` of FieldElement with
// R = 1), with products reduced by the special form p = 2^384 − 2^128 − 2^96 + 2^32 − 1 (NIST
// SP 800-186 §3.2.1.4): 2^384 ≡ c = 2^128 + 2^96 − 2^32 + 1 (mod p), so a 768-bit product
// high·2^384 + low is congruent to low + high·c, a sum of shifted copies of high (no products); a
// second, smaller fold and one conditional subtraction of p finish it (the reduction of
// generalized Mersenne primes: J. Solinas, "Generalized Mersenne numbers", 1999). Addition and
// subtraction are `Residue<P384.Field>`'s (they do not depend on the representation); the inverse
// is its binary Euclid without the Montgomery correction. Measured on a stand-alone copy against the
// Montgomery reduction it replaced (six rounds of one product and two chains): about 220 instead of
// 325 instructions per reduction (Docs/PERFORMANCE.md, ECDSA "Fourth round").
// Accepts: operands < p (every constructor guarantees it). Timing: variable by label (the final
// subtraction selects with masks for speed, not secrecy; every input of ECDSA verification is public).

/// a mod p, < p, for the P-384 prime p.
struct P384FieldElement: FieldElement {
    typealias Modulus = P384.Field
    /// The plain residue (FieldElement's stored form with R = 1).
    var montgomery: Limbs

    init(montgomery: Limbs) { self.montgomery = montgomery }

    init?(_ value: Limbs) {
        guard value.isLessThanVarTime(P384.Field.modulus, count: 6) else { return nil }
        montgomery = value
    }

    static var one: P384FieldElement { P384FieldElement(montgomery: Limbs(1)) }

    func inverseVarTime() -> P384FieldElement {
        P384FieldElement(montgomery: Residue<P384.Field>.inverseVarTime(montgomery))
    }

    /// a·b mod p.
    @inline(__always)
    static func * (a: P384FieldElement, b: P384FieldElement) -> P384FieldElement {
        let x = a.montgomery
        let y = b.montgomery
        // Row i adds x·yᵢ to the window of words i … i + 5; the word that leaves it is word i of T.
        var low = Limbs()
        var window = Limbs()
        (low.w0, window) = row(window, x, y.w0)
        (low.w1, window) = row(window, x, y.w1)
        (low.w2, window) = row(window, x, y.w2)
        (low.w3, window) = row(window, x, y.w3)
        (low.w4, window) = row(window, x, y.w4)
        (low.w5, window) = row(window, x, y.w5)
        return reduceVarTime(low, high: window)
    }

    /// a² mod p: the fifteen cross products once, doubled, plus the six squares (21
    /// multiplications instead of 36), then the same reduction as the product.
    @inline(__always)
    func squared() -> P384FieldElement {
        let a = montgomery
        // Row i adds aᵢ·(aᵢ₊₁ … a₅) at word 2i + 1; its carry is word i + 6. After row i the sum
        // is < Σₖ≤ᵢ (2^64 − 1)·2^(64(5−k))·2^(64(2k+1)) < 2^(64(i+6)), so each row's top word holds it.
        var c: UInt64
        var t1: UInt64
        var t2: UInt64
        var t3: UInt64
        var t4: UInt64
        var t5: UInt64
        var t6: UInt64
        var t7: UInt64
        var t8: UInt64
        var t9: UInt64
        var t10: UInt64
        (c, t1) = mulAdd(a.w0, a.w1, 0, 0)
        (c, t2) = mulAdd(a.w0, a.w2, c, 0)
        (c, t3) = mulAdd(a.w0, a.w3, c, 0)
        (c, t4) = mulAdd(a.w0, a.w4, c, 0)
        (t6, t5) = mulAdd(a.w0, a.w5, c, 0)
        (c, t3) = mulAdd(a.w1, a.w2, t3, 0)
        (c, t4) = mulAdd(a.w1, a.w3, t4, c)
        (c, t5) = mulAdd(a.w1, a.w4, t5, c)
        (t7, t6) = mulAdd(a.w1, a.w5, t6, c)
        (c, t5) = mulAdd(a.w2, a.w3, t5, 0)
        (c, t6) = mulAdd(a.w2, a.w4, t6, c)
        (t8, t7) = mulAdd(a.w2, a.w5, t7, c)
        (c, t7) = mulAdd(a.w3, a.w4, t7, 0)
        (t9, t8) = mulAdd(a.w3, a.w5, t8, c)
        (t10, t9) = mulAdd(a.w4, a.w5, t9, 0)
        // Doubled into words 1 … 11, plus the squares aᵢ² at words 2i, 2i + 1 (a² < 2^768: no carry out).
        let t11 = t10 >> 63
        (t10, t9, t8, t7, t6) = (
            t10 << 1 | t9 >> 63, t9 << 1 | t8 >> 63, t8 << 1 | t7 >> 63, t7 << 1 | t6 >> 63,
            t6 << 1 | t5 >> 63
        )
        (t5, t4, t3, t2, t1) = (
            t5 << 1 | t4 >> 63, t4 << 1 | t3 >> 63, t3 << 1 | t2 >> 63, t2 << 1 | t1 >> 63,
            t1 << 1
        )
        let (h0, l0) = a.w0.multipliedFullWidth(by: a.w0)
        let (h1, l1) = a.w1.multipliedFullWidth(by: a.w1)
        let (h2, l2) = a.w2.multipliedFullWidth(by: a.w2)
        let (h3, l3) = a.w3.multipliedFullWidth(by: a.w3)
        let (h4, l4) = a.w4.multipliedFullWidth(by: a.w4)
        let (h5, l5) = a.w5.multipliedFullWidth(by: a.w5)
        var k: UInt64 = 0
        let low = Limbs(
            l0, addCarry(t1, h0, &k), addCarry(t2, l1, &k), addCarry(t3, h1, &k), addCarry(t4, l2, &k),
            addCarry(t5, h2, &k))
        let high = Limbs(
            addCarry(t6, l3, &k), addCarry(t7, h3, &k), addCarry(t8, l4, &k), addCarry(t9, h4, &k),
            addCarry(t10, l5, &k), t11 &+ h5 &+ k)
        return P384FieldElement.reduceVarTime(low, high: high)
    }

    /// acc + x·yᵢ ≤ (2^384 − 1) + (2^384 − 1)(2^64 − 1) = 2^448 − 2^64: seven words, the lowest
    /// returned alone and the upper six as the next window.
    @_transparent
    private static func row(_ acc: Limbs, _ x: Limbs, _ yi: UInt64) -> (UInt64, Limbs) {
        var next = Limbs()
        var (c, w0) = mulAdd(x.w0, yi, acc.w0, 0)
        (c, next.w0) = mulAdd(x.w1, yi, acc.w1, c)
        (c, next.w1) = mulAdd(x.w2, yi, acc.w2, c)
        (c, next.w2) = mulAdd(x.w3, yi, acc.w3, c)
        (c, next.w3) = mulAdd(x.w4, yi, acc.w4, c)
        (next.w5, next.w4) = mulAdd(x.w5, yi, acc.w5, c)
        return (w0, next)
    }

    /// (high·2^384 + low) mod p for any high, low < 2^384: two folds, then at most one subtraction.
    @_transparent
    static func reduceVarTime(_ low: Limbs, high: Limbs) -> P384FieldElement {
        // Fold 1 leaves g < 2^129 above the low words (see `fold`); fold 2 of g·c < 2^258 leaves
        // r < 2^384 + 2^258 < 2p (p > 2^383), its one-bit top in word 0 of the second result.
        let (once, g) = fold(low, high)
        let (r, top) = fold(once, g)
        let (reduced, borrow) = r.subtracting(P384.Field.modulus, count: 6)
        return P384FieldElement(montgomery: reduced.selecting(r, keepSelf: top.w0 != 0 || !borrow))
    }

    /// low + h·c for c = 2^384 mod p = 2^128 + 2^96 − 2^32 + 1, as h + h·2^128 + s·2^64 − s with
    /// s = h·2^32: the six low words and the three above them. For h < 2^384 the sum is below
    /// 2^384 + 2^384·(2^128 + 2^96 + 1) < 2^513, so the top word is 0 or 1; it is never negative
    /// (s·2^64 ≥ s), so the last borrow is zero.
    @_transparent
    private static func fold(_ low: Limbs, _ h: Limbs) -> (Limbs, Limbs) {
        let (s0, s1, s2) = (h.w0 << 32, h.w1 << 32 | h.w0 >> 32, h.w2 << 32 | h.w1 >> 32)
        let (s3, s4, s5, s6) = (h.w3 << 32 | h.w2 >> 32, h.w4 << 32 | h.w3 >> 32, h.w5 << 32 | h.w4 >> 32, h.w5 >> 32)
        var c: UInt64 = 0
        var (a0, a1, a2) = (addCarry(low.w0, h.w0, &c), addCarry(low.w1, h.w1, &c), addCarry(low.w2, h.w2, &c))
        var (a3, a4, a5) = (addCarry(low.w3, h.w3, &c), addCarry(low.w4, h.w4, &c), addCarry(low.w5, h.w5, &c))
        var a6 = c
        c = 0  // + h·2^128
        (a2, a3, a4) = (addCarry(a2, h.w0, &c), addCarry(a3, h.w1, &c), addCarry(a4, h.w2, &c))
        (a5, a6) = (addCarry(a5, h.w3, &c), addCarry(a6, h.w4, &c))
        var a7 = addCarry(h.w5, 0, &c)
        var a8 = c
        c = 0  // + s·2^64
        (a1, a2, a3, a4) = (addCarry(a1, s0, &c), addCarry(a2, s1, &c), addCarry(a3, s2, &c), addCarry(a4, s3, &c))
        (a5, a6, a7) = (addCarry(a5, s4, &c), addCarry(a6, s5, &c), addCarry(a7, s6, &c))
        a8 &+= c
        c = 0  // − s
        (a0, a1, a2) = (subtractBorrow(a0, s0, &c), subtractBorrow(a1, s1, &c), subtractBorrow(a2, s2, &c))
        (a3, a4, a5) = (subtractBorrow(a3, s3, &c), subtractBorrow(a4, s4, &c), subtractBorrow(a5, s5, &c))
        (a6, a7) = (subtractBorrow(a6, s6, &c), subtractBorrow(a7, 0, &c))
        return (Limbs(a0, a1, a2, a3, a4, a5), Limbs(a6, a7, a8 &- c))
    }
}
