// Montgomery squaring a²·R⁻¹ mod n and Montgomery reduction a·R⁻¹ mod n: the full double-width
// value is formed first (for a square, each cross product aᵢ·aⱼ is computed once and doubled,
// about half the word products of a general multiplication), then reduced word by word
// (Montgomery's REDC; HAC Algorithm 14.32).
//
// Accepts: operands of exactly `limbCount` limbs below n.
// Deliberately does not: allocate (the caller passes the result and a 2·s-limb buffer), or
// branch on operand values (the final subtraction is a masked select).
// Memory safety: the loops run on unsafe buffer pointers, as in MontgomeryMultiply.swift; the
// shapes are checked once on entry.

extension MontgomeryModulus {
    /// result ← a²·R⁻¹ mod n for a < n. `result` must have `limbCount` limbs and `wide`
    /// 2·`limbCount`; on a shape mismatch `result` becomes zero instead of trapping.
    package func square(_ a: [UInt64], into result: inout [UInt64], wide t: inout [UInt64]) {
        redc(a, squaring: true, into: &result, wide: &t)
    }

    /// result ← a·R⁻¹ mod n for a < n (leaves Montgomery form). Shapes as for `square`.
    package func reduce(_ a: [UInt64], into result: inout [UInt64], wide t: inout [UInt64]) {
        redc(a, squaring: false, into: &result, wide: &t)
    }

    private func redc(_ a: [UInt64], squaring: Bool, into result: inout [UInt64], wide t: inout [UInt64]) {
        let s = limbCount
        let n = modulus.limbs
        // s ≥ 1 is an array length, so 2·s cannot overflow.
        guard a.count == s, n.count == s, result.count == s, t.count == 2 * s else {
            result = [UInt64](repeating: 0, count: s)
            return
        }
        // Bound proof for every `unsafe` access below and in the kernels: the guard fixes a, n
        // and result at exactly s limbs and t at 2·s; the kernels index a, n, result in 0..<s
        // and t in 0..<2·s (each index is stated beside its loop).
        unsafe a.withUnsafeBufferPointer { pa in
            unsafe n.withUnsafeBufferPointer { pn in
                unsafe t.withUnsafeMutableBufferPointer { pt in
                    unsafe result.withUnsafeMutableBufferPointer { pr in
                        if squaring {
                            unsafe squareKernel(pa, pt, s)
                        } else {
                            for j in 0..<s { unsafe pt[j] = pa[j] }
                            for j in s..<(2 * s) { unsafe pt[j] = 0 }
                        }
                        unsafe redcKernel(pn, pt, pr, s, n0inv)
                    }
                }
            }
        }
    }
}

/// t ← a² as 2·s limbs. Sizes: a: s limbs, t: 2·s limbs.
@inline(__always)
private func squareKernel(_ a: UnsafeBufferPointer<UInt64>, _ t: UnsafeMutableBufferPointer<UInt64>, _ s: Int) {
    for j in 0..<(2 * s) { unsafe t[j] = 0 }
    // Cross products Σ_{i<j} aᵢ·aⱼ·2^(64(i+j)). Row i writes t[i+1+i … s−1+i] and t[i+s];
    // i + s ≤ 2s − 1.
    for i in 0..<s {
        let ai = unsafe a[i]
        var carry: UInt64 = 0
        // Two limbs per step, then the odd one out. i, j, j + 1 < s inside the loop and 2·s is
        // an array length, so i + j and i + j + 1 cannot wrap and stay below 2·s.
        var j = i &+ 1
        while j &+ 1 < s {
            let k = i &+ j
            let (high0, low0) = unsafe mulAdd(ai, a[j], t[k], carry)
            unsafe t[k] = low0
            let (high1, low1) = unsafe mulAdd(ai, a[j &+ 1], t[k &+ 1], high0)
            unsafe t[k &+ 1] = low1
            carry = high1
            j &+= 2
        }
        if j < s {
            let (high, low) = unsafe mulAdd(ai, a[j], t[i &+ j], carry)
            unsafe t[i &+ j] = low
            carry = high
        }
        unsafe t[i + s] = carry
    }
    // Double the cross products C: 2·C ≤ a² < 2^(64·2s), so no bit leaves the top limb.
    var topBit: UInt64 = 0
    for j in 0..<(2 * s) {
        let limb = unsafe t[j]
        unsafe t[j] = (limb << 1) | topBit
        topBit = limb >> 63
    }
    // Add the squares aᵢ² at limb 2i; a² < 2^(64·2s), so the carry out of the top limb is 0.
    var carry: UInt64 = 0
    for i in 0..<s {
        let ai = unsafe a[i]
        let (high, low) = ai.multipliedFullWidth(by: ai)
        let (sum0, c0) = unsafe t[2 * i].addingReportingOverflow(low)
        let (sum1, c1) = sum0.addingReportingOverflow(carry)
        unsafe t[2 * i] = sum1
        // high ≤ 2^64 − 2, so high + two carry bits cannot wrap.
        let upper = high &+ (c0 ? 1 : 0) &+ (c1 ? 1 : 0)
        let (sum2, c2) = unsafe t[2 * i + 1].addingReportingOverflow(upper)
        unsafe t[2 * i + 1] = sum2
        carry = c2 ? 1 : 0
    }
}

/// result ← t·R⁻¹ mod n for t < n·R held in 2·s limbs (t is destroyed).
/// Sizes: n, result: s limbs; t: 2·s limbs.
@inline(__always)
private func redcKernel(
    _ n: UnsafeBufferPointer<UInt64>, _ t: UnsafeMutableBufferPointer<UInt64>,
    _ result: UnsafeMutableBufferPointer<UInt64>, _ s: Int, _ n0inv: UInt64
) {
    // Round i clears limb i by adding m·n·2^(64i); writes t[i … i+s], i + s ≤ 2s − 1.
    // `extra` is the carry out of limb i + s; it belongs to limb i + s + 1, which is where the
    // next round adds its own carry (and which its inner loop does not touch).
    var extra: UInt64 = 0
    for i in 0..<s {
        let m = unsafe t[i] &* n0inv  // modulo 2^64 by definition of n0inv
        var carry: UInt64 = 0
        // Two limbs per step (halves the loop overhead), then the odd one out.
        // i ≤ s − 1 and j + 1 ≤ s − 1 inside the loop, and 2·s is an array length, so neither
        // i + j nor i + j + 1 can wrap, and both stay below 2·s.
        var j = 0
        while j &+ 1 < s {
            let k = i &+ j
            let (high0, low0) = unsafe mulAdd(m, n[j], t[k], carry)
            unsafe t[k] = low0
            let (high1, low1) = unsafe mulAdd(m, n[j &+ 1], t[k &+ 1], high0)
            unsafe t[k &+ 1] = low1
            carry = high1
            j &+= 2
        }
        if j < s {
            let (high, low) = unsafe mulAdd(m, n[j], t[i &+ j], carry)
            unsafe t[i &+ j] = low
            carry = high
        }
        let (sum1, o1) = unsafe t[i + s].addingReportingOverflow(carry)
        let (sum2, o2) = sum1.addingReportingOverflow(extra)
        unsafe t[i + s] = sum2
        extra = (o1 || o2) ? 1 : 0
    }
    // The value is now t[s ..< 2s] + extra·R < 2n: subtract n once unless that borrows.
    var borrow: UInt64 = 0
    for j in 0..<s {
        let (d1, o1) = unsafe t[s + j].subtractingReportingOverflow(n[j])
        let (d2, o2) = d1.subtractingReportingOverflow(borrow)
        unsafe result[j] = d2
        borrow = (o1 || o2) ? 1 : 0
    }
    let (_, underflow) = extra.subtractingReportingOverflow(borrow)
    let keepT: UInt64 = 0 &- (underflow ? 1 : 0)
    for j in 0..<s {
        unsafe result[j] = (t[s + j] & keepT) | (result[j] & ~keepT)
    }
}
