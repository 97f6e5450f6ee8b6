// Montgomery multiplication a·b·R⁻¹ mod n, squaring a²·R⁻¹ mod n and reduction a·R⁻¹ mod n,
// column by column with the reduction interleaved (the "finely integrated product scanning"
// method: Ç. K. Koç, T. Acar, B. S. Kaliski, "Analyzing and Comparing Montgomery Multiplication
// Algorithms", IEEE Micro 16(3), 1996). Column k sums every word product aⱼ·bₖ₋ⱼ and mⱼ·nₖ₋ⱼ
// into one three-word accumulator; for k < s it then picks the quotient digit mₖ that clears
// the column, for k ≥ s the column's low word is limb k − s of the result. A squaring computes
// each cross product aᵢ·aⱼ (i < j) once and doubles the column.
//
// Accepts: operands of exactly `limbCount` limbs with a·b < n·R (true whenever a, b < n).
// Deliberately does not: allocate (the caller passes the result and scratch buffers), or
// branch on operand values (the final subtraction is a masked select).
// Memory safety: the loops run on unsafe buffer pointers; the shapes are checked once on entry.
// Measured (callgrind, RSA-2048 verify): array subscripts cost about 20% more instructions per
// verification. Measured on AMD EPYC: the row-wise forms this replaces (one multiply-add chain
// per row, through one carry word) took 1.6× OpenSSL's time; see Docs/PERFORMANCE.md.

extension MontgomeryModulus {
    /// result ← a·b·R⁻¹ mod n, fully reduced (< n) when a·b < n·R.
    ///
    /// `a`, `b` and `result` must have `limbCount` limbs and `scratch` `limbCount + 1`. On a
    /// shape mismatch (a programming error, never input-driven) `result` becomes zero, which
    /// no caller accepts as a valid outcome, instead of trapping.
    package func multiply(
        _ a: [UInt64], _ b: [UInt64], into result: inout [UInt64], scratch t: inout [UInt64]
    ) {
        run(.product, a, b, into: &result, scratch: &t, scratchCount: limbCount + 1)
    }

    /// result ← a²·R⁻¹ mod n for a < n. `result` must have `limbCount` limbs and `wide`
    /// 2·`limbCount`; on a shape mismatch `result` becomes zero instead of trapping.
    package func square(_ a: [UInt64], into result: inout [UInt64], wide t: inout [UInt64]) {
        run(.square, a, a, into: &result, scratch: &t, scratchCount: 2 * limbCount)
    }

    /// result ← a·R⁻¹ mod n for a < n (leaves Montgomery form). Shapes as for `square`.
    package func reduce(_ a: [UInt64], into result: inout [UInt64], wide t: inout [UInt64]) {
        run(.reduce, a, a, into: &result, scratch: &t, scratchCount: 2 * limbCount)
    }

    private func run(
        _ operation: ColumnOperation, _ a: [UInt64], _ b: [UInt64], into result: inout [UInt64],
        scratch t: inout [UInt64], scratchCount: Int
    ) {
        let s = limbCount
        let n = modulus.limbs
        guard a.count == s, b.count == s, n.count == s, result.count == s, t.count == scratchCount else {
            result = [UInt64](repeating: 0, count: s)
            return
        }
        // Bound proof for every `unsafe` access in this function and in `productScanning`: the
        // guard fixes a, b, n and result at exactly s limbs and the scratch at s + 1 or 2·s ≥ s
        // limbs; the kernel indexes all of them in 0..<s only (each index is stated beside its
        // loop). The mutable buffers are distinct arrays (a and b may share storage, read-only),
        // so they do not alias anything the kernel reads through another pointer.
        unsafe a.withUnsafeBufferPointer { pa in
            unsafe b.withUnsafeBufferPointer { pb in
                unsafe n.withUnsafeBufferPointer { pn in
                    unsafe t.withUnsafeMutableBufferPointer { pt in
                        unsafe result.withUnsafeMutableBufferPointer { pr in
                            switch operation {
                            case .product: unsafe productKernel(pa, pb, pn, pt, pr, s, n0inv)
                            case .square: unsafe squareKernel(pa, pb, pn, pt, pr, s, n0inv)
                            case .reduce: unsafe reduceKernel(pa, pb, pn, pt, pr, s, n0inv)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The first operand of the column sums: a·b, a·a, or a·1.
enum ColumnOperation { case product, square, reduce }

/// A column sum of word products: w0 + w1·2^64 + w2·2^128. Column k of an s-limb Montgomery
/// product adds at most 2·s + 1 products (each < 2^128) and the two-word carry of column k − 1,
/// so for any s < 2^60 it stays below 2^192.
private struct Column {
    var w0: UInt64 = 0
    var w1: UInt64 = 0
    var w2: UInt64 = 0

    /// self += x·y: one multiply and an add-with-carry chain of three words.
    @inline(__always)
    mutating func addProduct(_ x: UInt64, _ y: UInt64) {
        let (high, low) = x.multipliedFullWidth(by: y)
        add(low: low, high: high)
    }

    /// self += low + high·2^64.
    @inline(__always)
    mutating func add(low: UInt64, high: UInt64) {
        var carry: UInt64 = 0
        w0 = addCarry(w0, low, &carry)
        w1 = addCarry(w1, high, &carry)
        w2 &+= carry  // cannot wrap: the column sum is below 2^192 (see the type)
    }

    /// self += Σ x[j]·y[k − j] for j in from..<to, two products per step. The caller keeps j
    /// and k − j in the buffers' bounds for every j in the range, so no index arithmetic wraps.
    @inline(__always)
    mutating func addProducts(
        _ x: UnsafeBufferPointer<UInt64>, _ y: UnsafeBufferPointer<UInt64>, _ k: Int, from: Int, to: Int
    ) {
        var odd = Column()
        var j = from
        while j &+ 1 < to {
            unsafe addProduct(x[j], y[k &- j])
            unsafe odd.addProduct(x[j &+ 1], y[k &- j &- 1])
            j &+= 2
        }
        if j < to { unsafe addProduct(x[j], y[k &- j]) }
        add(low: odd.w0, high: odd.w1)
        w2 &+= odd.w2
    }
}

// One compiled copy of the kernel per operation, each with its operation constant, so that no
// switch runs inside the loops (measured: one shared copy cost about 12% more instructions).
@inline(never)
private func productKernel(
    _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>,
    _ n: UnsafeBufferPointer<UInt64>, _ m: UnsafeMutableBufferPointer<UInt64>,
    _ result: UnsafeMutableBufferPointer<UInt64>, _ s: Int, _ n0inv: UInt64
) { unsafe productScanning(.product, a, b, n, m, result, s, n0inv) }
@inline(never)
private func squareKernel(
    _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>,
    _ n: UnsafeBufferPointer<UInt64>, _ m: UnsafeMutableBufferPointer<UInt64>,
    _ result: UnsafeMutableBufferPointer<UInt64>, _ s: Int, _ n0inv: UInt64
) { unsafe productScanning(.square, a, b, n, m, result, s, n0inv) }
@inline(never)
private func reduceKernel(
    _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>,
    _ n: UnsafeBufferPointer<UInt64>, _ m: UnsafeMutableBufferPointer<UInt64>,
    _ result: UnsafeMutableBufferPointer<UInt64>, _ s: Int, _ n0inv: UInt64
) { unsafe productScanning(.reduce, a, b, n, m, result, s, n0inv) }

/// The Montgomery product on raw buffers; see `run` for the contract and bound proof.
/// Sizes: a, b, n, result: s limbs; m: at least s limbs (the quotient digits); s ≥ 1.
@inline(__always)
private func productScanning(
    _ operation: ColumnOperation, _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>,
    _ n: UnsafeBufferPointer<UInt64>, _ m: UnsafeMutableBufferPointer<UInt64>,
    _ result: UnsafeMutableBufferPointer<UInt64>, _ s: Int, _ n0inv: UInt64
) {
    var carry = Column()  // the previous column shifted down one word (w2 is always 0)
    let quotients = UnsafeBufferPointer(m)
    // The columns below s and from s on, each range with its own compiled copy of the body
    // (`lower` is a constant in each), so that no `k < s` test runs per column.
    @inline(__always) func column(_ k: Int, lower: Bool) {
        // Column k holds the products xⱼ·yₖ₋ⱼ with j and k − j in 0..<s, i.e. j in low...k
        // (k < s) or low..<s (k ≥ s). mₖ is not known yet, so the m·n terms stop before j = k.
        let low = lower ? 0 : k - s + 1
        let end = lower ? k : s
        var column = Column()
        switch operation {
        case .product:
            unsafe column.addProducts(a, b, k, from: low, to: lower ? k + 1 : s)
        case .square:
            // Cross products aⱼ·aₖ₋ⱼ with j < k − j, once each, then doubled; the square of
            // the middle limb (k even, k/2 ≤ s − 1) once.
            unsafe column.addProducts(a, a, k, from: low, to: (k + 1) >> 1)
            // Doubling: the cross products sum to less than s·2^128, so no bit leaves w2.
            column.w2 = column.w2 << 1 | column.w1 >> 63
            column.w1 = column.w1 << 1 | column.w0 >> 63
            column.w0 <<= 1
            if k & 1 == 0 { unsafe column.addProduct(a[k >> 1], a[k >> 1]) }
        case .reduce:
            if lower { unsafe column.add(low: a[k], high: 0) }
        }
        unsafe column.addProducts(quotients, n, k, from: low, to: end)
        column.add(low: carry.w0, high: carry.w1)
        if lower {
            // Choose mₖ so that the column's low word becomes zero (n0inv·n₀ ≡ −1 mod 2^64).
            let q = column.w0 &* n0inv  // modulo 2^64 by definition of n0inv
            unsafe m[k] = q
            unsafe column.addProduct(q, n[0])
        } else {
            unsafe result[k - s] = column.w0
        }
        carry = Column(w0: column.w1, w1: column.w2)
    }
    for k in 0..<s { column(k, lower: true) }
    for k in s..<(2 * s) { column(k, lower: false) }

    // The value is result + carry.w0·R < 2n: subtract n, keep result when that borrows.
    var borrow: UInt64 = 0
    for j in 0..<s {
        unsafe m[j] = subtractBorrow(result[j], n[j], &borrow)
    }
    // keepResult is all ones when result + carry·R < n (the subtraction borrowed past the top).
    let keepResult: UInt64 = 0 &- (borrow & ~carry.w0)
    for j in 0..<s {
        unsafe result[j] = (result[j] & keepResult) | (m[j] & ~keepResult)
    }
}

/// x·y + a + b as a two-limb value. (2^64 − 1)² + 2·(2^64 − 1) = 2^128 − 1: nothing wraps.
/// On platforms with UInt128 in every supported version it is one multiply and two add/adc pairs;
/// Apple platforms before macOS 15 / iOS 18 lack the type and use `mulAddPortable`, and so does
/// wasm32, where a 128-bit sum costs several instructions per word: there the portable form made
/// the module 55 KB smaller and a StoreKit verification about 8 % faster (Docs/EMBEDDING.md). Measured on
/// AMD EPYC: the earlier form (overflow flags as Bools, which compiled to branches in context) cost
/// RSA-2048 verification 2.3× OpenSSL's time, this one 1.55×. The words go in and out through
/// UInt128's `_low`/`_high` (public, inlined even unoptimised): the generic conversions cost a debug
/// build's JWS verification 8× its time, and nothing in an optimised one.
@inline(__always)
func mulAdd(_ x: UInt64, _ y: UInt64, _ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || arch(wasm32)
        return mulAddPortable(x, y, a, b)
    #else
        let product = UInt128(_low: x, _high: 0) &* UInt128(_low: y, _high: 0)
        let t = product &+ UInt128(_low: a, _high: 0) &+ UInt128(_low: b, _high: 0)
        return (t._high, t._low)
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
