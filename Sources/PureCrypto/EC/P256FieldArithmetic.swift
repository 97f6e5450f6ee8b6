// The P-256 field element: four words, with a product and square specialised for
// p = 2^256 − 2^224 + 2^192 + 2^96 − 1 (NIST SP 800-186 §3.2.1.3). Same Montgomery form as the
// generic `Residue<P256.Field>` (R = 2^256), so the curve constants serve both; four stored words
// instead of `Limbs`' six keep the coordinates in registers.
//
// Method: the 512-bit product T = a·b row by row, then four Montgomery reduction rounds on its low
// half. p's form makes a round one multiplication: p ≡ −1 (mod 2^64), so −p⁻¹ mod 2^64 = 1 and
// the round's multiplier q is the low word u₀ itself; with p = (2^64 − 1) + (2^32 − 1)·2^64 +
// p₃·2^192 (p₃ = 0xFFFFFFFF00000001),
//   u + q·p = (u − u₀) + q·2^96 + q·p₃·2^192   (because u₀ + q·(2^64 − 1) + q·(2^32 − 1)·2^64 = q·2^96),
// so (u + q·p)/2^64 adds q·2^32 and q·p₃·2^128 to the shifted u: two shifts and one product.
// Accepts: operands < p (every constructor guarantees it). Timing: the final subtraction branches
// on the value (variable time; every input of ECDSA verification is public).

/// a·2^256 mod p, < p, for the P-256 prime p; words little-endian.
struct P256FieldElement: FieldElement {
    typealias Modulus = P256.Field
    var w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3)
    }
    init(montgomery m: Limbs) { self.init(m.w0, m.w1, m.w2, m.w3) }
    var montgomery: Limbs { Limbs(w0, w1, w2, w3) }

    @inline(__always)
    static func * (a: P256FieldElement, b: P256FieldElement) -> P256FieldElement {
        // Row i adds a·bᵢ to the window of words i … i + 3; the word that leaves it is word i of T.
        var low = P256FieldElement(0, 0, 0, 0)
        var window = P256FieldElement(0, 0, 0, 0)
        (low.w0, window) = row(window, a, b.w0)
        (low.w1, window) = row(window, a, b.w1)
        (low.w2, window) = row(window, a, b.w2)
        (low.w3, window) = row(window, a, b.w3)
        return reduceVarTime(low, high: window)
    }

    /// a²·2^−256 mod p: the six cross products once, doubled, plus the four squares (ten
    /// multiplications instead of sixteen), then the same reduction as the product.
    @inline(__always)
    func squared() -> P256FieldElement {
        // Cross products aᵢ·aⱼ (i < j) into words 1 … 6 (each mulAdd's x·y + c + d < 2^128).
        var (c, t1) = mulAdd(w0, w1, 0, 0)
        var t2: UInt64
        var t3: UInt64
        var t4: UInt64
        var t5: UInt64
        var t6: UInt64
        (c, t2) = mulAdd(w0, w2, c, 0)
        (t4, t3) = mulAdd(w0, w3, c, 0)
        (c, t3) = mulAdd(w1, w2, t3, 0)
        (t5, t4) = mulAdd(w1, w3, t4, c)
        (t6, t5) = mulAdd(w2, w3, t5, 0)
        // Doubled: words 1 … 7 (the cross sum is < 2^448, its double < 2^449 fits words 1 … 7).
        let t7 = t6 >> 63
        (t6, t5, t4, t3, t2, t1) = (
            t6 << 1 | t5 >> 63, t5 << 1 | t4 >> 63, t4 << 1 | t3 >> 63,
            t3 << 1 | t2 >> 63, t2 << 1 | t1 >> 63, t1 << 1
        )
        // Plus the squares aᵢ² at words 2i, 2i + 1; the total is a² < 2^512, so nothing carries out.
        let (h0, t0) = w0.multipliedFullWidth(by: w0)
        let (h1, l1) = w1.multipliedFullWidth(by: w1)
        let (h2, l2) = w2.multipliedFullWidth(by: w2)
        let (h3, l3) = w3.multipliedFullWidth(by: w3)
        var carry: UInt64 = 0
        let low = P256FieldElement(
            t0, addCarry(t1, h0, &carry), addCarry(t2, l1, &carry), addCarry(t3, h1, &carry))
        let high = P256FieldElement(
            addCarry(t4, l2, &carry), addCarry(t5, h2, &carry), addCarry(t6, l3, &carry), t7 &+ h3 &+ carry)
        return P256FieldElement.reduceVarTime(low, high: high)
    }

    /// acc + a·bᵢ ≤ (2^256 − 1) + (2^256 − 1)(2^64 − 1) = 2^320 − 2^64: five words, the lowest
    /// returned alone and the upper four as the next window (mulAdd's x·y + c + d < 2^128).
    @_transparent
    private static func row(_ acc: P256FieldElement, _ a: P256FieldElement, _ bi: UInt64) -> (UInt64, P256FieldElement)
    {
        var next = P256FieldElement(0, 0, 0, 0)
        var (c, w0) = mulAdd(a.w0, bi, acc.w0, 0)
        (c, next.w0) = mulAdd(a.w1, bi, acc.w1, c)
        (c, next.w1) = mulAdd(a.w2, bi, acc.w2, c)
        (next.w3, next.w2) = mulAdd(a.w3, bi, acc.w3, c)
        return (w0, next)
    }

    /// (high·2^256 + low)·2^−256 mod p for a product high·2^256 + low < p².
    @_transparent
    private static func reduceVarTime(_ low: P256FieldElement, high: P256FieldElement) -> P256FieldElement {
        // Four rounds u ← (u + u₀·p)/2^64 turn u = low into U = (low + Q·p)/2^256 for some Q < 2^256.
        // Bound: u < 2^256 gives (u + q·p)/2^64 < 2^192 + p < 2^256, so u stays four words.
        var u = (low.w0, low.w1, low.w2, low.w3)
        for _ in 0..<4 {
            let q = u.0
            var carry: UInt64 = 0
            let s1 = addCarry(u.1, q << 32, &carry)
            let s2 = addCarry(u.2, q >> 32, &carry)
            let (h, l) = q.multipliedFullWidth(by: 0xffff_ffff_0000_0001)
            let s3 = addCarry(u.3, l, &carry)
            // h = ⌊q·p₃ / 2^64⌋ < p₃ = 2^64 − 2^32 + 1, so h + carry ≤ 2^64 − 2^32 does not wrap.
            u = (s1, s2, s3, h &+ carry)
        }
        // The result (T + Q·p)/2^256 = high + U < (p² + 2^256·p)/2^256 < 2p: at most one subtraction.
        var carry: UInt64 = 0
        let r0 = addCarry(high.w0, u.0, &carry)
        let r1 = addCarry(high.w1, u.1, &carry)
        let r2 = addCarry(high.w2, u.2, &carry)
        let r3 = addCarry(high.w3, u.3, &carry)
        return subtractModulusIfNeeded(r0, r1, r2, r3, top: carry)
    }

    /// (a + b) mod p for a, b < p.
    @inline(__always)
    static func + (a: P256FieldElement, b: P256FieldElement) -> P256FieldElement {
        var carry: UInt64 = 0
        let r0 = addCarry(a.w0, b.w0, &carry)
        let r1 = addCarry(a.w1, b.w1, &carry)
        let r2 = addCarry(a.w2, b.w2, &carry)
        let r3 = addCarry(a.w3, b.w3, &carry)
        return subtractModulusIfNeeded(r0, r1, r2, r3, top: carry)
    }

    /// (a − b) mod p for a, b < p: p is added back (by a mask, not a branch) when a − b borrows.
    @inline(__always)
    static func - (a: P256FieldElement, b: P256FieldElement) -> P256FieldElement {
        var borrow: UInt64 = 0
        let d0 = subtractBorrow(a.w0, b.w0, &borrow)
        let d1 = subtractBorrow(a.w1, b.w1, &borrow)
        let d2 = subtractBorrow(a.w2, b.w2, &borrow)
        let d3 = subtractBorrow(a.w3, b.w3, &borrow)
        let m = 0 &- borrow  // all ones when a < b; the carry out of the addition cancels the borrow
        var carry: UInt64 = 0
        return P256FieldElement(
            addCarry(d0, m, &carry), addCarry(d1, m & 0xffff_ffff, &carry), addCarry(d2, 0, &carry),
            addCarry(d3, m & 0xffff_ffff_0000_0001, &carry))
    }

    /// r − p if top·2^256 + r ≥ p, else r; for top·2^256 + r < 2p. Each borrow plus the next word
    /// of p (2^32 − 1, 0, 0xFFFFFFFF00000001) stays below 2^64, so no subtrahend wraps.
    @inline(__always)
    private static func subtractModulusIfNeeded(
        _ r0: UInt64, _ r1: UInt64, _ r2: UInt64, _ r3: UInt64, top: UInt64
    ) -> P256FieldElement {
        let (d0, b0) = r0.subtractingReportingOverflow(0xffff_ffff_ffff_ffff)
        let (d1, b1) = r1.subtractingReportingOverflow(0xffff_ffff &+ (b0 ? 1 : 0))
        let (d2, b2) = r2.subtractingReportingOverflow(b1 ? 1 : 0)
        let (d3, b3) = r3.subtractingReportingOverflow(0xffff_ffff_0000_0001 &+ (b2 ? 1 : 0))
        let keep = top == 0 && b3
        return P256FieldElement(keep ? r0 : d0, keep ? r1 : d1, keep ? r2 : d2, keep ? r3 : d3)
    }
}
