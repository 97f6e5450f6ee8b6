// The P-256 field product and squaring in constant time (the squaring's first half shared with
// the order n), using the form of p = 2^256 − 2^224 + 2^192 + 2^96 − 1 (NIST SP 800-186
// §3.2.1.3): the same Montgomery form (R = 2^256) as the generic kernel, a quarter fewer
// multiplications.
//
// Method: the 512-bit product T = a·b row by row, then four Montgomery rounds on its low half.
// −p⁻¹ mod 2^64 = 1, so a round's multiplier q is the low word u₀ itself, and with
// p = (2^64 − 1) + (2^32 − 1)·2^64 + p₃·2^192 (p₃ = 0xFFFFFFFF00000001),
//   (u + q·p)/2^64 = u₁ + q·2^32 + u₂·2^64 + (u₃ + q·p₃)·2^128:
// two shifts and one product per round. The result high + U < 2p loses p by a masked subtraction.
// The order n has no such form; its squaring (the bulk of k⁻¹) shares the double-width square and
// reduces it by four generic Montgomery rounds.
// Timing: no branch or index on the operands (carries are words; the choice is a mask).

extension P256FieldModulus {
    @inline(__always)
    static func montgomeryProduct(_ a: WordsConstantTime, _ b: WordsConstantTime) -> WordsConstantTime {
        // Row i adds a·bᵢ to the window of words i … i + 3; the word that leaves it is word i of T.
        var window = WordsConstantTime.zero
        var low = WordsConstantTime.zero
        (low.w0, window) = row(window, a, b.w0)
        (low.w1, window) = row(window, a, b.w1)
        (low.w2, window) = row(window, a, b.w2)
        (low.w3, window) = row(window, a, b.w3)
        return reduce(low, high: window)
    }

    /// a²·2^−256 mod p: the double-width square, then the same reduction as the product.
    @inline(__always)
    static func montgomerySquare(_ a: WordsConstantTime) -> WordsConstantTime {
        let (low, high) = a.wideSquare()
        return reduce(low, high: high)
    }

    /// acc + a·bᵢ < 2^320: the lowest word alone and the upper four as the next window.
    @_transparent
    static func row(_ acc: WordsConstantTime, _ a: WordsConstantTime, _ bi: UInt64) -> (UInt64, WordsConstantTime) {
        var next = WordsConstantTime.zero
        var (c, w0) = mulAddConstantTime(a.w0, bi, acc.w0, 0)
        (c, next.w0) = mulAddConstantTime(a.w1, bi, acc.w1, c)
        (c, next.w1) = mulAddConstantTime(a.w2, bi, acc.w2, c)
        (next.w3, next.w2) = mulAddConstantTime(a.w3, bi, acc.w3, c)
        return (w0, next)
    }

    /// (high·2^256 + low)·2^−256 mod p for a product < p².
    @_transparent
    static func reduce(_ low: WordsConstantTime, high: WordsConstantTime) -> WordsConstantTime {
        // u < 2^256 stays four words: (u + q·p)/2^64 < 2^192 + p < 2^256.
        var u = low
        for _ in 0..<4 {
            let q = u.w0
            var carry: UInt64 = 0
            let s1 = addCarryConstantTime(u.w1, q << 32, &carry)
            let s2 = addCarryConstantTime(u.w2, q >> 32, &carry)
            let (h, l) = q.multipliedFullWidth(by: 0xffff_ffff_0000_0001)
            let s3 = addCarryConstantTime(u.w3, l, &carry)
            // h < p₃ = 2^64 − 2^32 + 1, so h + carry ≤ 2^64 − 2^32 does not wrap.
            u = WordsConstantTime(s1, s2, s3, h &+ carry)
        }
        return sumReduced(high, u)  // (T + Q·p)/2^256 = high + u < 2p
    }
}

extension P256OrderModulus {
    /// a²·2^−256 mod n: the double-width square, then four Montgomery rounds on its low half (no
    /// special form here: q = u₀·n0, four products a round).
    @inline(__always)
    static func montgomerySquare(_ a: WordsConstantTime) -> WordsConstantTime {
        var (u, high) = a.wideSquare()
        for _ in 0..<4 {
            let q = u.w0 &* n0
            let c0 = mulAddConstantTime(q, modulus.w0, u.w0, 0).high  // the low word is 0 by the choice of q
            let (c1, r0) = mulAddConstantTime(q, modulus.w1, u.w1, c0)
            let (c2, r1) = mulAddConstantTime(q, modulus.w2, u.w2, c1)
            let (r3, r2) = mulAddConstantTime(q, modulus.w3, u.w3, c2)
            u = WordsConstantTime(r0, r1, r2, r3)  // (u + q·n)/2^64 < 2^192 + n < 2^256
        }
        return sumReduced(high, u)  // (T + Q·n)/2^256 = high + u < n²/2^256 + n < 2n
    }
}

extension WordsConstantTime {
    /// self² as (low, high) words: the six cross products once, doubled, plus the four squares (ten
    /// multiplications instead of sixteen).
    @inline(__always)
    func wideSquare() -> (low: WordsConstantTime, high: WordsConstantTime) {
        // Cross products aᵢ·aⱼ (i < j) into words 1 … 6 (each x·y + c + d < 2^128).
        var (c, t1) = mulAddConstantTime(w0, w1, 0, 0)
        var t2: UInt64
        var t3: UInt64
        var t4: UInt64
        var t5: UInt64
        var t6: UInt64
        (c, t2) = mulAddConstantTime(w0, w2, c, 0)
        (t4, t3) = mulAddConstantTime(w0, w3, c, 0)
        (c, t3) = mulAddConstantTime(w1, w2, t3, 0)
        (t5, t4) = mulAddConstantTime(w1, w3, t4, c)
        (t6, t5) = mulAddConstantTime(w2, w3, t5, 0)
        // Doubled into words 1 … 7 (the cross sum is < 2^448, its double < 2^449).
        let t7 = t6 >> 63
        (t6, t5, t4, t3, t2, t1) = (
            t6 << 1 | t5 >> 63, t5 << 1 | t4 >> 63, t4 << 1 | t3 >> 63, t3 << 1 | t2 >> 63, t2 << 1 | t1 >> 63, t1 << 1
        )
        // Plus the squares aᵢ² at words 2i, 2i + 1; the total a² < 2^512 carries nothing out.
        let (h0, t0) = w0.multipliedFullWidth(by: w0)
        let (h1, l1) = w1.multipliedFullWidth(by: w1)
        let (h2, l2) = w2.multipliedFullWidth(by: w2)
        let (h3, l3) = w3.multipliedFullWidth(by: w3)
        var carry: UInt64 = 0
        let low = WordsConstantTime(
            t0, addCarryConstantTime(t1, h0, &carry), addCarryConstantTime(t2, l1, &carry),
            addCarryConstantTime(t3, h1, &carry))
        let high = WordsConstantTime(
            addCarryConstantTime(t4, l2, &carry), addCarryConstantTime(t5, h2, &carry),
            addCarryConstantTime(t6, l3, &carry), t7 &+ h3 &+ carry)
        return (low, high)
    }
}
