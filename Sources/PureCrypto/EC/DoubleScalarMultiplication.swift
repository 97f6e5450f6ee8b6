// u1·G + u2·Q for ECDSA verification (FIPS 186-5 §6.4.2 step 5; SEC 1 §4.1.4 step 5), by
// interleaving (Strauss' method, with the doublings shared by both scalars) two signed
// fixed-window ("Booth") recodings: window 4 for Q, whose table is built per verification,
// and window 7 for G, whose affine table is built once per process (`generatorTable`).
//
// Booth recoding of a scalar k with window w: digit j is
//   d_j = (bits jw … jw+w−1 of k) + bit(jw−1) − 2^w·bit(jw+w−1) ∈ [−2^(w−1), 2^(w−1)],
// and Σ d_j·2^(jw) = k (the bit(jw−1) terms telescope) once the top window's top bit is zero.
// Digits are read straight from the scalar's bits, so nothing is stored per digit; tables hold
// 1·P … 2^(w−1)·P and a negative digit adds the negated point.
//
// Accepts: scalars < 2^384 (every scalar here is < n). Deliberately variable time (every input is
// public) and allocation-free in the loop: the Q table is a fixed struct, the G table an array
// built once. The additions are the complete formulas of ProjectivePoint.swift, so u1 = u2 with
// Q = G (a doubling), Q = −G (the identity) and every other coincidence need no special case.

/// Window widths (bits) of the two recodings.
private let windowQ = 4
private let windowG = 7

/// The signed Booth digit of `scalar` for window `j` of width `w` (w ≤ 7), in [−2^(w−1), 2^(w−1)].
@inline(__always)
private func boothDigitVarTime(_ scalar: Limbs, window j: Int, width w: Int) -> Int {
    let low = j * w
    var value = 0
    for k in 0..<w { value |= Int(scalar.bit(low + k)) << k }
    return value + Int(scalar.bit(low - 1)) - (Int(scalar.bit(low + w - 1)) << w)
}

/// 1·Q … 8·Q (window 4 needs 2^(4−1) = 8 entries), as stored properties: no heap allocation.
private struct SmallMultiples<C: ShortWeierstrassCurve> {
    var p1, p2, p3, p4, p5, p6, p7, p8: ProjectivePoint<C>

    init(_ q: ProjectivePoint<C>) {
        p1 = q
        p2 = q.doubledVarTime()
        p3 = p2.addingVarTime(q)
        p4 = p2.doubledVarTime()
        p5 = p4.addingVarTime(q)
        p6 = p3.doubledVarTime()
        p7 = p6.addingVarTime(q)
        p8 = p4.doubledVarTime()
    }

    /// m·Q for 1 ≤ m ≤ 8 (the Booth digit's magnitude); any other m gives the identity.
    subscript(m: Int) -> ProjectivePoint<C> {
        switch m {
        case 1: p1
        case 2: p2
        case 3: p3
        case 4: p4
        case 5: p5
        case 6: p6
        case 7: p7
        case 8: p8
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
        let qTable = SmallMultiples(ProjectivePoint(q))
        let bits = 64 * C.Order.count
        // Windows 0 … bits/w: the top one's top bit is above the scalar, so the sum is exact.
        let topQ = bits / windowQ * windowQ
        let topG = bits / windowG * windowG
        var accumulator = ProjectivePoint.identity
        for i in stride(from: max(topQ, topG), through: 0, by: -1) {
            accumulator = accumulator.doubledVarTime()
            if i % windowQ == 0 {
                let d = boothDigitVarTime(u2, window: i / windowQ, width: windowQ)
                if d > 0 { accumulator = accumulator.addingVarTime(qTable[d]) }
                if d < 0 { accumulator = accumulator.addingVarTime(qTable[-d].negated) }
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
