// k·G for a secret k in [1, n − 1]: fixed 4-bit windows over a table of generator multiples,
// 64 mixed additions, no doubling.
//
// Method: k = Σ dᵢ·16^i with digits dᵢ ∈ 0 … 15 (i = 0 … 63), and the table holds
// j·16^i·G for j = 1 … 15 in affine form. Window i reads all 15 entries of its row and keeps the
// one with j = dᵢ by masks (the row index i is public, the digit never becomes an address), adds
// it with the complete mixed formula, and keeps the sum by mask unless dᵢ = 0. Every window runs
// the same instructions and touches the same memory for every k.
// The table (960 points, 61 440 bytes) depends on G alone: built once on first use (Swift
// initialises a static `let` once, thread-safely), from public data.

enum FixedBaseConstantTime {
    /// Rows of 15 entries: entry 15·i + (j − 1) is j·16^i·G, affine.
    static let table: [AffinePointConstantTime] = buildTable()

    /// k·G in projective coordinates, for k < 2^256 (its digits are read whole).
    @inline(__always)
    static func multiply(_ k: WordsConstantTime) -> ProjectivePointConstantTime {
        let table = Self.table
        var accumulator = ProjectivePointConstantTime.identity
        let zero = FieldConstantTime.zero
        for i in 0..<64 {
            let word = i < 16 ? k.w0 : i < 32 ? k.w1 : i < 48 ? k.w2 : k.w3  // branches on i only
            let digit = (word >> UInt64(4 * (i & 15))) & 15
            var selected = AffinePointConstantTime(x: zero, y: zero)
            let row = 15 * i
            for j in 0..<15 {
                let mask = equalMaskConstantTime(digit, UInt64(j + 1))
                selected = table[row + j].selecting(selected, mask: mask)
            }
            let sum = accumulator.adding(selected)
            // A zero digit adds nothing: the sum (of a meaningless (0, 0)) is dropped by mask.
            accumulator = accumulator.selecting(sum, mask: isZeroMaskConstantTime(digit))
        }
        return accumulator
    }

    /// The table from public data: j·16^i·G by complete additions, then every point made affine
    /// with one inversion (Montgomery's simultaneous-inversion trick).
    static func buildTable() -> [AffinePointConstantTime] {
        var points: [ProjectivePointConstantTime] = []
        points.reserveCapacity(960)
        var base = ProjectivePointConstantTime.generator
        for _ in 0..<64 {
            var multiple = base
            for _ in 0..<15 {
                points.append(multiple)
                multiple = multiple.adding(base)
            }
            base = multiple  // 16·base
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
