// u1·G + u2·Q (DoubleScalarMultiplication.swift, Jacobian coordinates with branches for the
// exceptional sums) against the complete reference (ECReferencePoint.swift: each scalar by its own
// double-and-add, then one complete addition), on deterministic pseudo-random scalars and points and
// on the inputs that drive the loop through its branches: u1 or u2 zero, small, n − 1; Q = G and
// Q = −G, where the accumulator meets the table entry it adds (a doubling) or its negation (O).
// Then the final comparison x(R) mod n = r where only x(R) = r + n can match (r + n < p).

import Testing

@testable import PureCrypto

@Suite("ECDSA double-scalar multiplication")
struct DoubleScalarMultiplicationTests {
    @Test("u1·G + u2·Q equals separate double-and-add with the complete formulas")
    func differential() throws {
        try compare(P256.self)
        try compare(P384.self)
    }

    @Test("x(R) mod n = r is found through x(R) = r + n when r + n < p, and only for that r")
    func wrappedXCoordinate() throws {
        try checkWrapped(P256.self)
        try checkWrapped(P384.self)
    }

    private func compare<C: ShortWeierstrassCurve>(_: C.Type) throws {
        let count = C.Order.count
        let n = C.Order.modulus
        let g = try #require(C.generatorTable.first)
        var rng = BigNumRNG(state: UInt64(count))
        func scalar() -> Limbs {
            var k = Limbs()
            for i in 0..<count { k[i] = rng.next() }
            return k.isLessThanVarTime(n, count: count) ? k : k.subtracting(n, count: count).difference
        }
        let nMinus1 = n.subtracting(Limbs(1), count: count).difference
        let nMinus2 = n.subtracting(Limbs(2), count: count).difference
        let k = scalar()
        let nMinusK = n.subtracting(k, count: count).difference
        var cases: [(u1: Limbs, u2: Limbs, q: AffinePoint<C>)] = [
            (Limbs(), Limbs(), g), (Limbs(1), Limbs(), g), (Limbs(), Limbs(1), g),
            (Limbs(1), Limbs(1), g),  // G + G: the last G digit meets the accumulator G (a doubling)
            (Limbs(1), Limbs(1), g.negated),  // G − G: the negation branch, O
            (Limbs(2), Limbs(1), g.negated), (Limbs(3), Limbs(5), g), (Limbs(129), Limbs(31), g),
            (nMinus1, Limbs(1), g),  // (n − 1)·G + G = O: the last addition meets the negation
            (nMinus1, Limbs(2), g), (nMinus2, Limbs(1), g), (nMinus1, nMinus1, g), (nMinus1, nMinus1, g.negated),
            (k, k, g), (k, k, g.negated), (k, nMinusK, g), (Limbs(), k, g.negated), (k, Limbs(), g),
        ]
        for _ in 0..<16 {
            let q = try #require(CompleteReferencePoint<C>.multiple(scalar(), g).affine)
            cases.append((scalar(), scalar(), q))
        }
        for (u1, u2, q) in cases {
            let sum = CompleteReferencePoint<C>.multiple(u1, g).adding(CompleteReferencePoint.multiple(u2, q))
            // Both loops: Q's odd multiples made per call, and Q's precomputed table (a quarter of the doublings).
            let table = AffinePoint.multiplesVarTime(of: q)
            for result in [
                JacobianPoint<C>.doubleScalarMultiplyVarTime(u1: u1, u2: u2, q: q),
                JacobianPoint<C>.doubleScalarMultiplyVarTime(u1: u1, u2: u2, qTable: table),
            ] {
                #expect(JacobianPoint.affineVarTime([result]).first == sum.affine)
                #expect(result.z.isZero == (sum.affine == nil))
            }
        }
    }

    @Test("a table holds 1·Pₖ … 128·Pₖ for Pₖ = 2^(k·h)·P, k = 0 … 3, h a quarter of the order's bits")
    func splitTable() throws {
        try checkTable(P256.self)
        try checkTable(P384.self)
    }

    private func checkTable<C: ShortWeierstrassCurve>(_: C.Type) throws {
        let g = try #require(C.generatorTable.first)
        var rng = BigNumRNG(state: 7)
        var k = Limbs()
        for i in 0..<C.Order.count { k[i] = rng.next() >> 2 }
        let q = try #require(CompleteReferencePoint<C>.multiple(k, g).affine)
        for (p, table) in [(g, C.generatorParts), (q, AffinePoint.multiplesVarTime(of: q))] {
            try #require(table.count == 512)
            for part in 0..<4 {
                let bit = part * 16 * C.Order.count  // 2^(part·h), h = 16·count bits
                var shift = Limbs()
                shift[bit / 64] = 1 << UInt64(bit % 64)
                let base = try #require(CompleteReferencePoint<C>.multiple(shift, p).affine)
                var multiple = CompleteReferencePoint<C>(base)
                for i in 0..<128 {
                    #expect(table[128 * part + i] == multiple.affine, "entry \(128 * part + i)")
                    multiple = multiple.adding(CompleteReferencePoint(base))
                }
            }
        }
        // A table of another size answers O, which every verification rejects.
        #expect(JacobianPoint<C>.doubleScalarMultiplyVarTime(u1: Limbs(1), u2: Limbs(1), qTable: []).z.isZero)
    }

    /// A point R with x(R) = n + t ≥ n, then r = t, any s and e, and the key Q = (s/r)·R − (e/r)·G,
    /// so that u1·G + u2·Q = (e/s)·G + (r/s)·Q = R: the signature (r, s) is valid only through r + n.
    private func checkWrapped<C: ShortWeierstrassCurve>(_: C.Type) throws {
        let count = C.Order.count
        let n = C.Order.modulus
        let p = C.Field.modulus
        let g = try #require(C.generatorTable.first)
        // y = rhs^((p + 1)/4) (p ≡ 3 mod 4 for both primes) when rhs is a square.
        let quarter = p.adding(Limbs(1), count: count).sum.halved(top: 0, count: count).halved(top: 0, count: count)
        var t: UInt64 = 1
        var point: AffinePoint<C>?
        while point == nil, t < 64 {
            let x = try #require(C.Coordinate(n.adding(Limbs(t), count: count).sum))
            let rhs = x.squared() * x - (x + x + x) + C.b
            var y = C.Coordinate.one
            for i in stride(from: 64 * count - 1, through: 0, by: -1) {
                y = y.squared()
                if quarter.bit(i) == 1 { y = y * rhs }
            }
            if y.squared() == rhs { point = AffinePoint(x: x, y: y) } else { t += 1 }
        }
        let rPoint = try #require(point)
        let r = Limbs(t)
        let s = Limbs(0x1234_5678_9abc_def1, 0x42)
        let digest = [UInt8](repeating: 0xa5, count: 8 * count)
        let e = ECDSA.truncatedDigest(digest, count: count, n: n)
        let rInverse = try #require(Residue<C.Order>(r)).inverseVarTime().montgomery
        let a = Residue<C.Order>.multiplyVarTime(s, rInverse)
        let b = Residue<C.Order>.multiplyVarTime(e, rInverse)
        let minusB = n.subtracting(b, count: count).difference
        let q = try #require(
            CompleteReferencePoint<C>.multiple(a, rPoint).adding(CompleteReferencePoint.multiple(minusB, g)).affine)
        let rPlus1 = r.adding(Limbs(1), count: count).sum
        for table in [[], AffinePoint.multiplesVarTime(of: q)] {  // without and with Q's table
            #expect(
                ECDSA.verifyVarTime(
                    r: bytes(r, count)[...], s: bytes(s, count)[...], digest: digest, q: q, qTable: table))
            #expect(
                !ECDSA.verifyVarTime(
                    r: bytes(rPlus1, count)[...], s: bytes(s, count)[...], digest: digest, q: q, qTable: table))
        }
        // The loop's R is the constructed point, and r·Z² ≠ X: only the r + n comparison matches.
        let w = try #require(Residue<C.Order>(s)).inverseVarTime().montgomery
        let u1 = Residue<C.Order>.multiplyVarTime(e, w)
        let u2 = Residue<C.Order>.multiplyVarTime(r, w)
        let result = JacobianPoint<C>.doubleScalarMultiplyVarTime(u1: u1, u2: u2, q: q)
        #expect(JacobianPoint.affineVarTime([result]).first == rPoint)
        #expect(try #require(C.Coordinate(r)) * result.z.squared() != result.x)
    }

    private func bytes(_ value: Limbs, _ count: Int) -> [UInt8] {
        (0..<8 * count).map { i in UInt8(truncatingIfNeeded: value[count - 1 - i / 8] >> (56 - 8 * UInt64(i % 8))) }
    }
}
