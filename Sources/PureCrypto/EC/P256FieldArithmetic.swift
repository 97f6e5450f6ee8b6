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
