// k·G for a secret k in [1, n − 1]: signed 6-bit windows (Booth recoding) over a table of
// generator multiples, 43 mixed additions, no doubling.
//
// Method: k = Σ ±dᵢ·2^(6i) with digits dᵢ ∈ 0 … 32 (i = 0 … 42), each read from the seven bits
// 6i − 1 … 6i + 5 of k (bit −1 is 0) by the recoding of B. Möller's signed windows as OpenSSL's
// P-256 code writes it: no branch, only masks. The table holds j·2^(6i)·G for j = 1 … 32, affine.
// Window i reads all 32 entries of its row and ORs in each ANDed with its mask, all ones for j = dᵢ
// alone (the row index i is public, the digit never becomes an address), negates y by mask when the digit is negative,
// adds it with the complete mixed formula, and keeps the sum by mask unless dᵢ = 0. Every window
// runs the same instructions and touches the same memory for every k.
// The table (43 × 32 points, 88 064 bytes) depends on G alone: built once on first use (Swift
// initialises a static `let` once, thread-safely), from public data.

enum FixedBaseConstantTime {
    /// Window width w: digits of w + 1 bits, rows of 2^(w − 1) entries.
    static let width = 6
    static let rows = 43  // ⌈257 / 6⌉: the last window's top bit is bit 257 of k < 2^256, so 0
    static let entries = 32

    /// Rows of 32 entries: entry 32·i + (j − 1) is j·2^(6i)·G, affine.
    static let table: [AffinePointConstantTime] = buildTable()

    /// Bits 6i − 1 … 6i + 5 of k (seven bits; bit −1 is 0). Positions are public.
    @inline(__always)
    static func window(_ k: WordsConstantTime, _ i: Int) -> UInt64 {
        let start = width * i - 1
        guard start >= 0 else { return (k.w0 << 1) & 0x7f }
        func word(_ q: Int) -> UInt64 { q == 0 ? k.w0 : q == 1 ? k.w1 : q == 2 ? k.w2 : q == 3 ? k.w3 : 0 }
        let (q, r) = (start >> 6, start & 63)
        let low = word(q) >> UInt64(r)
        let high = r == 0 ? 0 : word(q + 1) << UInt64(64 - r)
        return (low | high) & 0x7f
    }

    /// The signed digit of a seven-bit window: (negative mask, magnitude 0 … 32), by masks.
    @inline(__always)
    static func recode(_ bits: UInt64) -> (negative: UInt64, digit: UInt64) {
        let sign = 0 &- (bits >> 6)  // all ones when the top bit is set
        var d = (127 &- bits) & sign | bits & ~sign  // 127 − bits ≥ 0: bits < 128
        d = (d >> 1) &+ (d & 1)
        return (sign, d)
    }

    /// k·G in projective coordinates, for k < 2^256.
    @inline(__always)
    static func multiply(_ k: WordsConstantTime) -> ProjectivePointConstantTime {
        let table = Self.table
        var accumulator = ProjectivePointConstantTime.identity
        let zero = FieldConstantTime.zero
        for i in 0..<rows {
            let (negative, digit) = recode(window(k, i))
            // At most one mask is all ones: OR in each entry ANDed with its mask, as four pairs of
            // words (x₀x₁, x₂x₃, y₀y₁, y₂y₃) so that the compiler uses 128-bit vector AND and OR.
            var lanes = (SIMD2<UInt64>(), SIMD2<UInt64>(), SIMD2<UInt64>(), SIMD2<UInt64>())
            let row = entries * i
            for j in 0..<entries {
                let mask = SIMD2(repeating: equalMaskConstantTime(digit, UInt64(j + 1)))
                let (x, y) = (table[row + j].x.montgomery, table[row + j].y.montgomery)
                lanes.0 |= SIMD2(x.w0, x.w1) & mask
                lanes.1 |= SIMD2(x.w2, x.w3) & mask
                lanes.2 |= SIMD2(y.w0, y.w1) & mask
                lanes.3 |= SIMD2(y.w2, y.w3) & mask
            }
            var selected = AffinePointConstantTime(
                x: FieldConstantTime(montgomery: WordsConstantTime(lanes.0[0], lanes.0[1], lanes.1[0], lanes.1[1])),
                y: FieldConstantTime(montgomery: WordsConstantTime(lanes.2[0], lanes.2[1], lanes.3[0], lanes.3[1])))
            selected.y = (zero - selected.y).selecting(selected.y, mask: negative)
            let sum = accumulator.adding(selected)
            // A zero digit adds nothing: the sum (of a meaningless point) is dropped by mask.
            accumulator = accumulator.selecting(sum, mask: isZeroMaskConstantTime(digit))
        }
        return accumulator
    }

    /// The table from public data: j·2^(6i)·G by complete additions, then every point made affine
    /// with one inversion (Montgomery's simultaneous-inversion trick).
    static func buildTable() -> [AffinePointConstantTime] {
        var points: [ProjectivePointConstantTime] = []
        points.reserveCapacity(rows * entries)
        var base = ProjectivePointConstantTime.generator
        for _ in 0..<rows {
            var multiple = base
            for _ in 0..<entries {
                points.append(multiple)
                multiple = multiple.adding(base)
            }
            let last = points[points.count - 1]  // 32·base
            base = last.adding(last)  // 64·base = 2^6·base
        }
        // prefix[i] = Z₀·…·Zᵢ; then walk back with the inverse of the whole product.
        var prefix: [FieldConstantTime] = []
        prefix.reserveCapacity(points.count)
        var product = FieldConstantTime.one
        for point in points {
            product = product * point.z
            prefix.append(product)
        }
        var inverse = product.inverted()
        var result = [AffinePointConstantTime](
            repeating: AffinePointConstantTime(x: .zero, y: .zero), count: points.count)
        for i in stride(from: points.count - 1, through: 0, by: -1) {
            let zInverse = i > 0 ? inverse * prefix[i - 1] : inverse
            inverse = inverse * points[i].z
            result[i] = AffinePointConstantTime(x: points[i].x * zInverse, y: points[i].y * zInverse)
        }
        return result
    }
}
