// u1·G + u2·Q for ECDSA verification (FIPS 186-5 §6.4.2 step 5; SEC 1 §4.1.4 step 5), by
// interleaving (Strauss' method, with the doublings shared by both scalars) two recodings read
// from the top bit down, so that no digit is stored:
// - u2 (the per-verification point Q) by a left-to-right sliding window of width 4 over odd
//   multiples 1·Q, 3·Q, …, 15·Q: at a set bit i the window is bits i … j, trimmed so that bit j is
//   set, and its odd value is added when the loop reaches bit j (Σ value·2^j = u2); on average one
//   addition per five bits instead of one per four (measured: −3 % instructions per verification).
// - u1 (the generator G) by a signed fixed-window ("Booth") recoding of width 7 over the affine
//   table 1·G … 64·G built once per process (`generatorTable`). Digit j is
//   d_j = (bits jw … jw+w−1 of k) + bit(jw−1) − 2^w·bit(jw+w−1) ∈ [−2^(w−1), 2^(w−1)],
//   and Σ d_j·2^(jw) = k (the bit(jw−1) terms telescope) once the top window's top bit is zero;
//   a negative digit adds the negated point.
//
// Accepts: scalars < 2^384 (every scalar here is < n). Deliberately variable time (every input is
// public) and allocation-free in the loop: the Q table is a fixed struct, the G table an array
// built once. The additions are the complete formulas of ProjectivePoint.swift, so u1 = u2 with
// Q = G (a doubling), Q = −G (the identity) and every other coincidence need no special case.

/// Window widths (bits) of the two recodings.
private let windowQ = 4  // the odd multiples up to 2^4 − 1 = 15
private let windowG = 7

/// The signed Booth digit of `scalar` for window `j` of width `w` (w ≤ 7), in [−2^(w−1), 2^(w−1)].
@inline(__always)
private func boothDigitVarTime(_ scalar: Limbs, window j: Int, width w: Int) -> Int {
    let low = j * w
    var value = 0
    for k in 0..<w { value |= Int(scalar.bit(low + k)) << k }
    return value + Int(scalar.bit(low - 1)) - (Int(scalar.bit(low + w - 1)) << w)
}

/// The odd multiples 1·Q, 3·Q, …, 15·Q of the sliding window, as stored properties: no heap allocation.
private struct OddMultiples<C: ShortWeierstrassCurve> {
    var m1, m3, m5, m7, m9, m11, m13, m15: ProjectivePoint<C>

    init(_ q: ProjectivePoint<C>) {
        let twice = q.doubledVarTime()
        m1 = q
        m3 = m1.addingVarTime(twice)
        m5 = m3.addingVarTime(twice)
        m7 = m5.addingVarTime(twice)
        m9 = m7.addingVarTime(twice)
        m11 = m9.addingVarTime(twice)
        m13 = m11.addingVarTime(twice)
        m15 = m13.addingVarTime(twice)
    }

    /// m·Q for odd 1 ≤ m ≤ 15 (a window's value); any other m gives the identity.
    subscript(m: Int) -> ProjectivePoint<C> {
        switch m {
        case 1: m1
        case 3: m3
        case 5: m5
        case 7: m7
        case 9: m9
        case 11: m11
        case 13: m13
        case 15: m15
        default: .identity
        }
    }
}

extension AffinePoint {
    /// 1·G … 64·G in affine form (window 7 needs 2^(7−1) = 64 entries), computed at run time
    /// once per process, so no literal table needs auditing. None is the identity (64 < n).
    static func generatorMultiplesVarTime() -> [AffinePoint<C>] {
        guard let gx = C.Coordinate(C.generatorX), let gy = C.Coordinate(C.generatorY) else { return [] }
        let g = ProjectivePoint<C>(AffinePoint(x: gx, y: gy))
        var table: [AffinePoint<C>] = []
        var multiple = g
        for _ in 0..<(1 << (windowG - 1)) {
            guard let affine = multiple.affineVarTime() else { return [] }
            table.append(affine)
            multiple = multiple.addingVarTime(g)
        }
        return table
    }
}

extension ProjectivePoint {
    /// u1·G + u2·q, for scalars u1, u2 < 2^384. Variable time.
    static func doubleScalarMultiplyVarTime(u1: Limbs, u2: Limbs, q: AffinePoint<C>) -> ProjectivePoint {
        let gTable = C.generatorTable
        // The table is 64 entries by construction; were it ever not, answer the identity (which
        // every verification rejects) rather than a sum that silently lacks the u1·G term.
        guard gTable.count == 1 << (windowG - 1) else { return .identity }
        let qTable = OddMultiples(ProjectivePoint(q))
        let bits = 64 * C.Order.count
        // G's windows 0 … bits/w: the top one's top bit is above the scalar, so the sum is exact.
        let topG = bits / windowG * windowG
        var accumulator = ProjectivePoint.identity
        var windowEnd = -1  // the bit j at which the pending window of u2 is added; −1: none pending
        var windowValue = 0
        for i in stride(from: max(bits - 1, topG), through: 0, by: -1) {
            accumulator = accumulator.doubledVarTime()
            if windowEnd < 0, u2.bit(i) == 1 {
                // The window starts at set bit i and ends at its lowest set bit within width 4.
                windowEnd = max(i - windowQ + 1, 0)
                while u2.bit(windowEnd) == 0 { windowEnd += 1 }  // ends: bit i is set
                windowValue = 0
                for k in stride(from: i, through: windowEnd, by: -1) { windowValue = windowValue << 1 | Int(u2.bit(k)) }
            }
            if windowEnd == i {
                accumulator = accumulator.addingVarTime(qTable[windowValue])
                windowEnd = -1
            }
            if i % windowG == 0 {
                let d = boothDigitVarTime(u1, window: i / windowG, width: windowG)
                // |d| ≤ 64 = gTable.count (checked above), so index |d| − 1 is in range.
                if d != 0, d.magnitude <= gTable.count {
                    let entry = gTable[Int(d.magnitude) - 1]
                    accumulator = accumulator.addingVarTime(d > 0 ? entry : entry.negated)
                }
            }
        }
        return accumulator
    }
}
