// Montgomery multiplication a·b·R⁻¹ mod n, word by word with the reduction interleaved
// (the "coarsely integrated operand scanning" method: Ç. K. Koç, T. Acar, B. S. Kaliski,
// "Analyzing and Comparing Montgomery Multiplication Algorithms", IEEE Micro 16(3), 1996),
// with the multiplication and reduction inner loops fused into one pass.
//
// Accepts: operands of exactly `limbCount` limbs with a·b < n·R (true whenever a, b < n).
// Deliberately does not: allocate (the caller passes the result and scratch buffers), or
// branch on operand values (the final subtraction is a masked select).
// Memory safety: the loops run on unsafe buffer pointers; the shapes are checked once on entry.
// Measured (callgrind, RSA-2048 verify): array subscripts cost about 20% more instructions per
// verification, which kept us above the 1.5× OpenSSL budget.

extension MontgomeryModulus {
    /// result ← a·b·R⁻¹ mod n, fully reduced (< n) when a·b < n·R.
    ///
    /// `a`, `b` and `result` must have `limbCount` limbs and `scratch` `limbCount + 1`. On a
    /// shape mismatch (a programming error, never input-driven) `result` becomes zero, which
    /// no caller accepts as a valid outcome, instead of trapping.
    package func multiply(
        _ a: [UInt64], _ b: [UInt64], into result: inout [UInt64], scratch t: inout [UInt64]
    ) {
        let s = limbCount
        let n = modulus.limbs
        guard a.count == s, b.count == s, n.count == s, result.count == s, t.count == s + 1 else {
            result = [UInt64](repeating: 0, count: s)
            return
        }
        // Bound proof for every `unsafe` access in this function and in `montgomeryKernel`:
        // the guard above fixes a, b, n and result at exactly s limbs and t at s + 1 limbs, and
        // the kernel only uses indices in 0..<s for a, b, n, result and 0...s for t. The
        // buffers are distinct arrays (a and b may share storage, read-only), so the mutable
        // ones do not alias anything the kernel reads through another pointer.
        unsafe a.withUnsafeBufferPointer { pa in
            unsafe b.withUnsafeBufferPointer { pb in
                unsafe n.withUnsafeBufferPointer { pn in
                    unsafe t.withUnsafeMutableBufferPointer { pt in
                        unsafe result.withUnsafeMutableBufferPointer { pr in
                            unsafe montgomeryKernel(pa, pb, pn, pt, pr, s, n0inv)
                        }
                    }
                }
            }
        }
    }
}

/// The Montgomery product on raw buffers; see `multiply` for the contract and bound proof.
/// Sizes: a, b, n, result: s limbs; t: s + 1 limbs; s ≥ 1.
@inline(__always)
private func montgomeryKernel(
    _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>, _ n: UnsafeBufferPointer<UInt64>,
    _ t: UnsafeMutableBufferPointer<UInt64>, _ result: UnsafeMutableBufferPointer<UInt64>,
    _ s: Int, _ n0inv: UInt64
) {
    for j in 0...s { unsafe t[j] = 0 }

    // Invariant at the top of each round: t < 2n, held in s limbs plus t[s] ∈ {0, 1}.
    for i in 0..<s {
        let bi = unsafe b[i]
        // j = 0: choose m so that t + a·bᵢ + m·n ≡ 0 (mod 2^64), then drop that zero limb.
        let (hi0, lo0) = unsafe mulAdd(a[0], bi, t[0], 0)
        let m = lo0 &* n0inv  // modulo 2^64 by definition of n0inv
        let (hiN, _) = unsafe mulAdd(m, n[0], lo0, 0)
        var carryProduct = hi0
        var carryReduce = hiN
        var j = 1
        while j < s {
            let (hp, lp) = unsafe mulAdd(a[j], bi, t[j], carryProduct)
            let (hr, lr) = unsafe mulAdd(m, n[j], lp, carryReduce)
            unsafe t[j - 1] = lr
            carryProduct = hp
            carryReduce = hr
            j += 1
        }
        // t[s] + two carries ≤ 1 + 2(2^64 − 1) < 2^65: the top is one bit.
        let (sum1, o1) = carryProduct.addingReportingOverflow(carryReduce)
        let (sum2, o2) = unsafe sum1.addingReportingOverflow(t[s])
        unsafe t[s - 1] = sum2
        unsafe t[s] = (o1 || o2) ? 1 : 0
    }

    // t < 2n: subtract n, then keep t when the subtraction borrowed past t[s].
    var borrow: UInt64 = 0
    for j in 0..<s {
        let (d1, o1) = unsafe t[j].subtractingReportingOverflow(n[j])
        let (d2, o2) = d1.subtractingReportingOverflow(borrow)
        unsafe result[j] = d2
        borrow = (o1 || o2) ? 1 : 0
    }
    let (_, underflow) = unsafe t[s].subtractingReportingOverflow(borrow)
    // keepT is all ones when t < n (the subtraction underflowed), else zero.
    let keepT: UInt64 = 0 &- (underflow ? 1 : 0)
    for j in 0..<s {
        unsafe result[j] = (t[j] & keepT) | (result[j] & ~keepT)
    }
}

/// x·y + a + b as a two-limb value. (2^64 − 1)² + 2·(2^64 − 1) = 2^128 − 1: nothing wraps.
/// On platforms with UInt128 in every supported version it is one multiply and two add/adc pairs;
/// Apple platforms before macOS 15 / iOS 18 lack the type and use `mulAddPortable`. Measured on
/// AMD EPYC: the earlier form (overflow flags as Bools, which compiled to branches in context) cost
/// RSA-2048 verification 2.3× OpenSSL's time, this one 1.55×.
@inline(__always)
func mulAdd(_ x: UInt64, _ y: UInt64, _ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return mulAddPortable(x, y, a, b)
    #else
        let t = UInt128(x) &* UInt128(y) &+ UInt128(a) &+ UInt128(b)
        return (UInt64(truncatingIfNeeded: t &>> 64), UInt64(truncatingIfNeeded: t))
    #endif
}

/// `mulAdd` on 64-bit words only: each carry is "the sum is below an addend", a form the
/// optimiser turns into add-with-carry. Tested against `mulAdd` on every platform.
@inline(__always)
func mulAddPortable(_ x: UInt64, _ y: UInt64, _ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
    let (high, low) = x.multipliedFullWidth(by: y)
    let s1 = low &+ a  // modulo 2^64 by intent; its carry is s1 < a
    let s2 = s1 &+ b  // likewise, s2 < b; the high word cannot wrap (see mulAdd)
    return (high &+ (s1 < a ? 1 : 0) &+ (s2 < b ? 1 : 0), s2)
}
