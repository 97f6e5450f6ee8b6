// The P-384 field element, with a product specialised for p = 2^384 − 2^128 − 2^96 + 2^32 − 1
// (NIST SP 800-186 §3.2.1.4). Same Montgomery form as `Residue<P384.Field>` (R = 2^384), whose
// generic code still serves addition, subtraction, conversion and inversion (FieldElement's defaults).
//
// Method: the 768-bit product T = a·b row by row, then six Montgomery reduction rounds on its low
// half. −p⁻¹ mod 2^64 = 2^32 + 1, so the round's multiplier is q = u₀ + (u₀ << 32) mod 2^64, and
//   u + q·p = u + q·(2^32 − 1) − q·2^96 − q·2^128 + q·2^384,
// where u₀ + q·(2^32 − 1) = u₀·2^64 exactly (mod 2^64 it is u₀ + u₀·(2^64 − 1) ≡ 0), so dividing by 2^64
// leaves (u₁ … u₅, q) + a − q·(2^64 + 2^32) with a = (u₀ + q·(2^32 − 1))/2^64: one product and two
// six-word chains instead of six products.
// Accepts: operands < p (every constructor guarantees it). Timing: variable by label (the final
// subtraction selects with masks for speed, not secrecy; every input of ECDSA verification is public).

/// a·2^384 mod p, < p, for the P-384 prime p.
struct P384FieldElement: FieldElement {
    typealias Modulus = P384.Field
    var montgomery: Limbs

    /// a·b·2^−384 mod p.
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

    /// a²·2^−384 mod p: the fifteen cross products once, doubled, plus the six squares (21
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

    /// (high·2^384 + low)·2^−384 mod p for a product high·2^384 + low < p².
    @_transparent
    private static func reduceVarTime(_ low: Limbs, high: Limbs) -> P384FieldElement {
        // Six rounds u ← (u + q·p)/2^64 turn u = low into U = (low + Q·p)/2^384, Q < 2^384.
        // Bound: with p = 2^384 − δ, u < 2^384 gives (u + q·p)/2^64 < 2^384 − δ + δ/2^64 < 2^384,
        // so every u is six words and the chains below may run modulo 2^384.
        var u = low
        for _ in 0..<6 {
            let q = u.w0 &+ (u.w0 << 32)  // u₀·(2^32 + 1) mod 2^64, by definition of the multiplier
            let a = mulAdd(q, 0xffff_ffff, u.w0, 0).high  // the low word of the sum is zero
            // q·(2^64 + 2^32) in three words: q << 32, q + (q >> 32), and that sum's carry.
            let (middle, carry) = q.addingReportingOverflow(q >> 32)
            let shifted = Limbs(u.w1, u.w2, u.w3, u.w4, u.w5, q).adding(Limbs(a), count: 6).sum
            u = shifted.subtracting(Limbs(q << 32, middle, carry ? 1 : 0), count: 6).difference
        }
        // The result high + U = (T + Q·p)/2^384 < (p² + 2^384·p)/2^384 < 2p: at most one subtraction.
        let (sum, top) = high.adding(u, count: 6)
        let (reduced, borrow) = sum.subtracting(P384.Field.modulus, count: 6)
        return P384FieldElement(montgomery: reduced.selecting(sum, keepSelf: top || !borrow))
    }
}
