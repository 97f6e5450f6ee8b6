// The P-256 field element: four words, with a product and square specialised for
// p = 2^256 − 2^224 + 2^192 + 2^96 − 1 (NIST SP 800-186 §3.2.1.3). Same Montgomery form as the
// generic `Residue<P256.Field>` (R = 2^256), so the curve constants serve both; four stored words
// instead of `Limbs`' six keep the coordinates in registers.
//
// Method: the 512-bit product T = a·b is written out word by word (the square computes the six
// cross products once and doubles them), then four Montgomery reduction rounds run on its low
// half. p's form makes a round one multiplication: p ≡ −1 (mod 2^64), so −p⁻¹ mod 2^64 = 1 and
// the round's multiplier q is the low word u₀ itself; with p = (2^64 − 1) + (2^32 − 1)·2^64 +
// p₃·2^192 (p₃ = 0xFFFFFFFF00000001),
//   u + q·p = (u − u₀) + q·2^96 + q·p₃·2^192   (because u₀ + q·(2^64 − 1) + q·(2^32 − 1)·2^64 = q·2^96),
// so (u + q·p)/2^64 adds q·2^32 and q·p₃·2^128 to the shifted u: two shifts and one product.
// Accepts: operands < p (every constructor guarantees it). Timing: the final subtraction branches
// on the value (variable time; every input of ECDSA verification is public).

/// a·2^256 mod p, < p, for the P-256 prime p; words little-endian.
struct P256FieldElement: FieldElement {
    var w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) { (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3) }
    init(montgomery m: Limbs) { self.init(m.w0, m.w1, m.w2, m.w3) }
    var montgomery: Limbs { Limbs(w0, w1, w2, w3) }

    /// Conversion and inversion (rare: key decoding, the per-process G table) go through the
    /// generic kernel.
    init?(_ value: Limbs) {
        guard let residue = Residue<P256.Field>(value) else { return nil }
        self.init(montgomery: residue.montgomery)
    }
    func inverseVarTime() -> P256FieldElement {
        P256FieldElement(montgomery: Residue<P256.Field>(montgomery: montgomery).inverseVarTime().montgomery)
    }

    static var zero: P256FieldElement { P256FieldElement(0, 0, 0, 0) }
    /// R mod p = 2^256 − p.
    static var one: P256FieldElement { P256FieldElement(1, 0xffff_ffff_0000_0000, 0xffff_ffff_ffff_ffff, 0xffff_fffe) }
    var isZero: Bool { (w0 | w1 | w2 | w3) == 0 }

    @inline(__always)
    static func * (a: P256FieldElement, b: P256FieldElement) -> P256FieldElement {
        // Row i adds a·bᵢ at word i; mulAdd's result x·y + c + d ≤ (2^64 − 1)² + 2(2^64 − 1) < 2^128.
        var c: UInt64 = 0
        var t0: UInt64 = 0
        var t1: UInt64 = 0
        var t2: UInt64 = 0
        var t3: UInt64 = 0
        var t4: UInt64 = 0
        var t5: UInt64 = 0
        var t6: UInt64 = 0
        var t7: UInt64 = 0
        (c, t0) = a.w0.multipliedFullWidth(by: b.w0)
        (c, t1) = mulAdd(a.w1, b.w0, c, 0)
        (c, t2) = mulAdd(a.w2, b.w0, c, 0)
        (t4, t3) = mulAdd(a.w3, b.w0, c, 0)
        (c, t1) = mulAdd(a.w0, b.w1, t1, 0)
        (c, t2) = mulAdd(a.w1, b.w1, t2, c)
        (c, t3) = mulAdd(a.w2, b.w1, t3, c)
        (t5, t4) = mulAdd(a.w3, b.w1, t4, c)
        (c, t2) = mulAdd(a.w0, b.w2, t2, 0)
        (c, t3) = mulAdd(a.w1, b.w2, t3, c)
        (c, t4) = mulAdd(a.w2, b.w2, t4, c)
        (t6, t5) = mulAdd(a.w3, b.w2, t5, c)
        (c, t3) = mulAdd(a.w0, b.w3, t3, 0)
        (c, t4) = mulAdd(a.w1, b.w3, t4, c)
        (c, t5) = mulAdd(a.w2, b.w3, t5, c)
        (t7, t6) = mulAdd(a.w3, b.w3, t6, c)
        return reduceVarTime(P256FieldElement(t0, t1, t2, t3), high: P256FieldElement(t4, t5, t6, t7))
    }

    /// a²·2^−256 mod p: the cross products aᵢ·aⱼ (i < j) once, doubled, plus the squares.
    @inline(__always)
    func squared() -> P256FieldElement {
        let a = self
        var c: UInt64 = 0
        var u1: UInt64 = 0
        var u2: UInt64 = 0
        var u3: UInt64 = 0
        var u4: UInt64 = 0
        var u5: UInt64 = 0
        var u6: UInt64 = 0
        (c, u1) = a.w0.multipliedFullWidth(by: a.w1)
        (c, u2) = mulAdd(a.w0, a.w2, c, 0)
        (u4, u3) = mulAdd(a.w0, a.w3, c, 0)
        (c, u3) = mulAdd(a.w1, a.w2, u3, 0)
        (u5, u4) = mulAdd(a.w1, a.w3, u4, c)
        (u6, u5) = mulAdd(a.w2, a.w3, u5, 0)
        // The cross sum is < 2^448 (words 1–6), so doubling it fits in words 1–7.
        let u7 = u6 >> 63
        (u6, u5, u4, u3, u2, u1) = (
            u6 << 1 | u5 >> 63, u5 << 1 | u4 >> 63, u4 << 1 | u3 >> 63,
            u3 << 1 | u2 >> 63, u2 << 1 | u1 >> 63, u1 << 1
        )
        // Add aᵢ² at word 2i; the total is a² < 2^512, so the last carry is zero.
        let (h0, t0) = a.w0.multipliedFullWidth(by: a.w0)
        let (h1, l1) = a.w1.multipliedFullWidth(by: a.w1)
        let (h2, l2) = a.w2.multipliedFullWidth(by: a.w2)
        let (h3, l3) = a.w3.multipliedFullWidth(by: a.w3)
        c = 0
        let t1 = addCarry(u1, h0, &c)
        let t2 = addCarry(u2, l1, &c)
        let t3 = addCarry(u3, h1, &c)
        let t4 = addCarry(u4, l2, &c)
        let t5 = addCarry(u5, h2, &c)
        let t6 = addCarry(u6, l3, &c)
        let t7 = addCarry(u7, h3, &c)
        return P256FieldElement.reduceVarTime(P256FieldElement(t0, t1, t2, t3), high: P256FieldElement(t4, t5, t6, t7))
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

    /// (a − b) mod p for a, b < p: a − b, plus p when that borrowed (the carry out cancels the borrow).
    @inline(__always)
    static func - (a: P256FieldElement, b: P256FieldElement) -> P256FieldElement {
        var borrow: UInt64 = 0
        let d0 = subtractBorrow(a.w0, b.w0, &borrow)
        let d1 = subtractBorrow(a.w1, b.w1, &borrow)
        let d2 = subtractBorrow(a.w2, b.w2, &borrow)
        let d3 = subtractBorrow(a.w3, b.w3, &borrow)
        guard borrow != 0 else { return P256FieldElement(d0, d1, d2, d3) }
        var carry: UInt64 = 0
        let r0 = addCarry(d0, 0xffff_ffff_ffff_ffff, &carry)
        let r1 = addCarry(d1, 0xffff_ffff, &carry)
        let r2 = addCarry(d2, 0, &carry)
        let r3 = addCarry(d3, 0xffff_ffff_0000_0001, &carry)
        return P256FieldElement(r0, r1, r2, r3)
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
