// u1·G + u2·Q for ECDSA verification (FIPS 186-5 §6.4.2 step 5; SEC 1 §4.1.4 step 5), by
// interleaving (Strauss' method, with the doublings shared by both scalars) two recodings read
// from the top bit down, so that no digit is stored:
// - u2 (the per-verification point Q) by a left-to-right sliding window of width 5 over odd
//   multiples 1·Q, 3·Q, …, 31·Q: at a set bit i the window is bits i … j, trimmed so that bit j is
//   set, and its odd value is added when the loop reaches bit j (Σ value·2^j = u2); on average one
//   addition per six bits (width 4: per five, measured −3 % instructions per verification against
//   a fixed window; width 5, 16 table entries: −1.2 % (P-256) and −1.6 % (P-384) against width 4).
// - u1 (the generator G) by a signed fixed-window ("Booth") recoding of width 8 over the affine
//   table 1·G … 128·G built once per process (`generatorTable`). Digit j is
//   d_j = (bits jw … jw+w−1 of k) + bit(jw−1) − 2^w·bit(jw+w−1) ∈ [−2^(w−1), 2^(w−1)],
//   and Σ d_j·2^(jw) = k (the bit(jw−1) terms telescope) once the top window's top bit is zero;
//   a negative digit adds the negated point.
//
// A key verified often (one the chain cache holds: `ECPublicKey.withPrecomputedMultiples()`) keeps
// a table of four parts, 1·Pₖ … 128·Pₖ for Pₖ = 2^(k·h)·Q, k = 0 … 3, h a quarter of the order's
// bits, and G has the same (`generatorParts`, built at the first such verification). Digit j of
// the whole Booth recoding falls in part k = ⌊8j / h⌋ (the top window in the last part), where
// d_j·2^(8j)·Q = d_j·2^(8j − k·h)·(2^(k·h)·Q): both scalars' four parts are read at once, with a
// quarter of the doublings.
//
// Accepts: scalars < 2^384 (every scalar here is < n) and Q ≠ O (a decoded key). Deliberately
// variable time (every input is public) and allocation-free in the loop: both tables are affine
// arrays built before it (Q's per verification, G's once per process), so every addition is the
// mixed Jacobian + affine one of JacobianPoint.swift, whose branches decide the coincidences the
// loop can reach: the accumulator O (before the first addition, or after a cancellation), equal
// to the entry (u1 = u2 with Q = G: a doubling) or to its negation (Q = −G: O).

/// Window widths (bits) of the two recodings.
private let windowQ = 5  // the odd multiples up to 2^5 − 1 = 31
private let windowG = 8
/// The parts of a precomputed table (`AffinePoint.multiplesVarTime`).
private let tableParts = 4

/// The signed Booth digit of `scalar` for window `j` of width `w` (w ≤ 8), in [−2^(w−1), 2^(w−1)].
@inline(__always)
private func boothDigitVarTime(_ scalar: Limbs, window j: Int, width w: Int) -> Int {
    let low = j * w
    var value = 0
    for k in 0..<w { value |= Int(scalar.bit(low + k)) << k }
    return value + Int(scalar.bit(low - 1)) - (Int(scalar.bit(low + w - 1)) << w)
}

/// The odd multiples 1·Q, 3·Q, …, 31·Q in affine form, m·Q at index (m − 1) / 2, with one
/// inversion. For 2Q = (X : Y : Z), the map (x, y) ↦ (Z²x, Z³y) is an isomorphism onto the curve
/// y² = x³ − 3Z⁴x + Z⁶b, where 2Q is the affine (X, Y). The mixed addition does not use the
/// curve's coefficients, so the sums Q + k·2Q are formed there, and (X' : Y' : Z') there is
/// (X' : Y' : Z'·Z) here. Its doubling branch (a = −3) is never taken there: (2k + 1)·Q = ±2Q
/// would need (2k − 1)·Q = O or (2k + 3)·Q = O with 2k + 3 ≤ 31 < n, n prime, Q ≠ O.
private func oddMultiplesVarTime<C>(_ q: AffinePoint<C>) -> [AffinePoint<C>] {
    let twice = JacobianPoint(q).doubledVarTime()
    let zz = twice.z.squared()
    let step = AffinePoint<C>(x: twice.x, y: twice.y)
    var points = [JacobianPoint(AffinePoint<C>(x: q.x * zz, y: q.y * (zz * twice.z)))]
    while points.count < 1 << (windowQ - 1) { points.append(points[points.count - 1].addingVarTime(step)) }
    for i in points.indices { points[i].z = points[i].z * twice.z }
    return JacobianPoint.affineVarTime(points)
}

extension AffinePoint {
    /// G's table of `parts` parts (`multiplesVarTime`), computed at run time once per process, so
    /// no literal table needs auditing.
    static func generatorMultiplesVarTime(parts: Int) -> [AffinePoint<C>] {
        guard let gx = C.Coordinate(C.generatorX), let gy = C.Coordinate(C.generatorY) else { return [] }
        return multiplesVarTime(of: AffinePoint(x: gx, y: gy), parts: parts)
    }

    /// For k = 0 … parts − 1 in turn, 1·Pₖ … 128·Pₖ with Pₖ = 2^(k·h)·P, h = 64·count / parts, in
    /// affine form (window 8 needs 2^(8−1) = 128 entries each). None is O (P ≠ O, 128 < n and n
    /// prime), so all Z are inverted together (`JacobianPoint.affineVarTime`); empty if one were.
    static func multiplesVarTime(of p: AffinePoint, parts: Int = tableParts) -> [AffinePoint<C>] {
        var bases = [p]
        var base = JacobianPoint(p)
        while bases.count < parts {
            for _ in 0..<64 * C.Order.count / parts { base = base.doubledVarTime() }
            guard let affine = JacobianPoint.affineVarTime([base]).first else { return [] }
            bases.append(affine)
        }
        var points: [JacobianPoint<C>] = []
        for base in bases {
            points.append(JacobianPoint(base))
            for _ in 1..<1 << (windowG - 1) { points.append(points[points.count - 1].addingVarTime(base)) }
        }
        return JacobianPoint.affineVarTime(points)
    }
}

extension JacobianPoint {
    /// u1·G + u2·q, for scalars u1, u2 < 2^384, from q's own table `qTable` when it is given.
    /// Variable time.
    static func doubleScalarMultiplyVarTime(u1: Limbs, u2: Limbs, q: AffinePoint<C>, qTable: [AffinePoint<C>] = [])
        -> JacobianPoint
    {
        guard qTable.isEmpty else { return doubleScalarMultiplyVarTime(u1: u1, u2: u2, qTable: qTable) }
        let gTable = C.generatorTable
        // The tables are 128 and 16 entries by construction (empty only if an entry were O); were
        // either not, answer the identity (which every verification rejects), never a partial sum.
        let qTable = oddMultiplesVarTime(q)
        guard gTable.count == 1 << (windowG - 1), qTable.count == 1 << (windowQ - 1) else { return .identity }
        let bits = 64 * C.Order.count
        // G's windows 0 … bits/w: the top one's top bit is above the scalar, so the sum is exact.
        let topG = bits / windowG * windowG
        var accumulator = JacobianPoint.identity
        var windowEnd = -1  // the bit j at which the pending window of u2 is added; −1: none pending
        var windowValue = 0
        for i in stride(from: max(bits - 1, topG), through: 0, by: -1) {
            accumulator = accumulator.doubledVarTime()
            if windowEnd < 0, u2.bit(i) == 1 {
                // The window starts at set bit i and ends at its lowest set bit within width 5.
                windowEnd = max(i - windowQ + 1, 0)
                while u2.bit(windowEnd) == 0 { windowEnd += 1 }  // ends: bit i is set
                windowValue = 0
                for k in stride(from: i, through: windowEnd, by: -1) { windowValue = windowValue << 1 | Int(u2.bit(k)) }
            }
            if windowEnd == i {
                // The window is at most five bits, set at both ends: windowValue is odd, 1 ... 31,
                // so the index (windowValue − 1) / 2 = windowValue / 2 is 0 ... 15 < qTable.count.
                accumulator = accumulator.addingVarTime(qTable[windowValue / 2])
                windowEnd = -1
            }
            if i % windowG == 0 {
                accumulator.addBoothDigitVarTime(of: u1, window: i / windowG, from: gTable[...])
            }
        }
        return accumulator
    }

    /// u1·G + u2·Q from Q's table (`AffinePoint.multiplesVarTime`, 512 entries), for scalars
    /// u1, u2 < 2^384: positions p = h/8 … 0, each after eight doublings, add window p + k·h/8 of
    /// both scalars over part k of both tables, for each part k (p = h/8 only in the last, where
    /// it is the recoding's top window). Variable time.
    static func doubleScalarMultiplyVarTime(u1: Limbs, u2: Limbs, qTable: [AffinePoint<C>]) -> JacobianPoint {
        let gTable = C.generatorParts
        let entries = 1 << (windowG - 1)
        // Were a table not 512 entries, answer the identity (which every verification rejects).
        guard gTable.count == tableParts * entries, qTable.count == tableParts * entries else { return .identity }
        let partWindows = 64 * C.Order.count / tableParts / windowG
        var accumulator = JacobianPoint.identity
        for p in stride(from: partWindows, through: 0, by: -1) {
            for _ in 0..<windowG { accumulator = accumulator.doubledVarTime() }
            for k in 0..<tableParts where p < partWindows || k == tableParts - 1 {
                let part = k * entries..<(k + 1) * entries
                accumulator.addBoothDigitVarTime(of: u1, window: p + k * partWindows, from: gTable[part])
                accumulator.addBoothDigitVarTime(of: u2, window: p + k * partWindows, from: qTable[part])
            }
        }
        return accumulator
    }

    /// Adds d·P for the Booth digit d of `scalar`'s window `window` (width 8), from `multiples`
    /// = 1·P … 128·P; a negative digit adds the negated point.
    @inline(__always)
    private mutating func addBoothDigitVarTime(
        of scalar: Limbs, window: Int, from multiples: ArraySlice<AffinePoint<C>>
    ) {
        let d = boothDigitVarTime(scalar, window: window, width: windowG)
        // |d| ≤ 128 = multiples.count (the tables are checked by the callers), so the index is in range.
        guard d != 0, d.magnitude <= multiples.count else { return }
        let entry = multiples[multiples.startIndex + Int(d.magnitude) - 1]
        self = addingVarTime(d > 0 ? entry : entry.negated)
    }
}
