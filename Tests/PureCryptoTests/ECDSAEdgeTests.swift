// ECDSA edge cases: public key decoding (SEC 1 §2.3.4), the range checks and corners of
// verification (FIPS 186-5 §6.4.2, §6.4.1) from Vectors/ecdsa/edge-cases.json (built by
// Vectors/ecdsa/generate.py and cross-checked with OpenSSL), signature encodings (RFC 3279 §2.2.3
// DER, RFC 7518 §3.4 raw), and the Jacobian point formulas on their exceptional inputs.

import Foundation
import Testing

@testable import PureCrypto

private struct EdgeCaseFile: Decodable {
    struct Case: Decodable {
        let curve: String
        let what: String
        let key: String
        let digest: String
        let signature: String
        let expected: Bool
    }
    let cases: [Case]
}

private func hex(_ text: String) -> [UInt8] { RSAVectors.bytes(hex: text) ?? [] }

/// DER INTEGER content of an unsigned big-endian value: minimal, with a 0x00 when the top bit is set.
private func derInteger(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
    var bytes = Array(magnitude.drop { $0 == 0 })
    if bytes.isEmpty || bytes[0] >= 0x80 { bytes.insert(0, at: 0) }
    return [0x02, UInt8(bytes.count)] + bytes
}

/// Ecdsa-Sig-Value for a raw r ‖ s (short form lengths: every value here is < 128 octets).
private func derSignature(raw: [UInt8]) -> [UInt8] {
    let half = raw.count / 2
    let body = derInteger(raw[..<half]) + derInteger(raw[half...])
    return [0x30, UInt8(body.count)] + body
}

private let edgeCases: [EdgeCaseFile.Case] = {
    guard let data = RSAVectors.data("ecdsa/edge-cases.json"),
        let file = try? JSONDecoder().decode(EdgeCaseFile.self, from: data)
    else { return [] }
    return file.cases
}()

private let p256G = hex(
    "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
        + "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")
private let p256P = hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")

/// A valid P-256 signature (raw) with its key and digest: the first edge case.
private func validP256() throws -> (key: ECPublicKey, digest: [UInt8], raw: [UInt8]) {
    let valid = try #require(edgeCases.first { $0.curve == "P-256" && $0.expected })
    return (try ECPublicKey(curve: .p256, sec1Point: hex(valid.key)[...]), hex(valid.digest), hex(valid.signature))
}

@Suite("ECDSA edge cases")
struct ECDSAEdgeTests {
    @Test("the edge-case file is present and covers both curves")
    func fileLoads() {
        #expect(edgeCases.count == 30)
        #expect(Set(edgeCases.map(\.curve)) == ["P-256", "P-384"])
    }

    @Test(
        "FIPS 186-5 §6.4.2 / FIPS 186-5 §6.4.1: constructed signatures verify as expected, raw and DER",
        arguments: edgeCases.indices)
    func constructed(index: Int) throws {
        let test = edgeCases[index]
        let curve: ECCurve = test.curve == "P-256" ? .p256 : .p384
        let key = try ECPublicKey(curve: curve, sec1Point: hex(test.key)[...])
        let raw = hex(test.signature)
        #expect(key.isValidSignatureVarTime(raw: raw[...], digest: hex(test.digest)) == test.expected, "\(test.what)")
        #expect(
            key.isValidSignatureVarTime(der: derSignature(raw: raw)[...], digest: hex(test.digest)) == test.expected,
            "\(test.what)")
    }

    // SEC 1 §2.3.4: the uncompressed form only; SEC 1 §3.2.2.1: range and curve equation.
    @Test(
        "SEC 1 §2.3.4: public keys that are refused",
        arguments: [
            ("empty", [], ECError.wrongLength),
            ("identity (single 0x00)", [0x00], .identity),
            ("0x00 followed by bytes", [0x00, 0x00], .wrongLength),
            ("compressed 0x02", [0x02] + p256G[1...32], .unsupportedPointFormat),
            ("compressed 0x03", [0x03] + p256G[1...32], .unsupportedPointFormat),
            ("hybrid 0x06", [0x06] + p256G[1...], .unsupportedPointFormat),
            ("uncompressed, one byte short", Array(p256G.dropLast()), .wrongLength),
            ("uncompressed, one byte long", p256G + [0], .wrongLength),
            ("P-384 length on P-256", p256G + [UInt8](repeating: 0, count: 32), .wrongLength),
            ("X = p", [0x04] + p256P + p256G[33...], .coordinateOutOfRange),
            ("Y = p", Array(p256G[0...32]) + p256P, .coordinateOutOfRange),
            ("X = 2^256 − 1", [0x04] + [UInt8](repeating: 0xFF, count: 32) + p256G[33...], .coordinateOutOfRange),
            ("off the curve (Y + 1)", Array(p256G.dropLast()) + [p256G[64] ^ 1], .pointNotOnCurve),
            ("(0, 0), not on the curve", [0x04] + [UInt8](repeating: 0, count: 64), .pointNotOnCurve),
        ] as [(String, [UInt8], ECError)])
    func refusedKeys(name: String, point: [UInt8], expected: ECError) {
        #expect(throws: expected, "\(name)") { try ECPublicKey(curve: .p256, sec1Point: point[...]) }
    }

    @Test("SEC 1 §2.3.4: G itself and a slice at a non-zero offset are accepted")
    func acceptedKeys() throws {
        let key = try ECPublicKey(curve: .p256, sec1Point: ([0xAA, 0xBB] + p256G)[2...])
        #expect(key.sec1Point == p256G)
        #expect(key.curve.coordinateByteCount == 32 && key.curve.orderBitCount == 256 && key.curve.name == "P-256")
    }

    // RFC 3279 §2.2.3: Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }, strict DER.
    @Test("RFC 3279 §2.2.3: malformed DER signatures are simply invalid")
    func malformedDER() throws {
        let (key, digest, raw) = try validP256()
        let good = derSignature(raw: raw)
        #expect(key.isValidSignatureVarTime(der: good[...], digest: digest))
        let r = derInteger(raw[..<32])
        let s = derInteger(raw[32...])
        let rBody = Array(r[2...])
        func sequence(_ body: [UInt8]) -> [UInt8] { [0x30, UInt8(body.count)] + body }
        let bad: [(String, [UInt8])] = [
            ("trailing byte after the SEQUENCE", good + [0x00]),
            ("trailing element inside the SEQUENCE", sequence(r + s + [0x05, 0x00])),
            ("r with a superfluous leading zero", sequence([0x02, UInt8(rBody.count + 1), 0x00] + rBody + s)),
            ("r negative (sign octet dropped)", sequence([0x02, 0x01, 0x80] + s)),
            (
                "r longer than 32 significant bytes",
                sequence([0x02, 0x22, 0x01] + [UInt8](repeating: 0, count: 33) + s)
            ),
            ("long-form length (BER)", [0x30, 0x81, UInt8(good.count - 2)] + good[2...]),
            ("indefinite length (BER)", [0x30, 0x80] + good[2...] + [0x00, 0x00]),
            ("only r", sequence(r)),
            ("r and s swapped", sequence(s + r)),
            ("SET instead of SEQUENCE", [0x31] + good[1...]),
            ("empty", []),
            ("the raw form given as DER", raw),
            ("truncated", Array(good.dropLast())),
        ]
        for (name, bytes) in bad {
            #expect(!key.isValidSignatureVarTime(der: bytes[...], digest: digest), "\(name)")
        }
    }

    // RFC 7518 §3.4: the raw signature is exactly 2 · 32 (ES256) or 2 · 48 (ES384) octets.
    @Test("RFC 7518 §3.4: raw signatures of the wrong length are invalid")
    func rawLengths() throws {
        let (key, digest, raw) = try validP256()
        #expect(key.isValidSignatureVarTime(raw: raw[...], digest: digest))
        for bytes in [Array(raw.dropLast()), raw + [0], [0] + raw, [], derSignature(raw: raw)] {
            #expect(!key.isValidSignatureVarTime(raw: bytes[...], digest: digest), "\(bytes.count) bytes")
        }
        #expect(!key.isValidSignatureVarTime(raw: ([0xFF] + raw)[1...].dropLast(), digest: digest))
        #expect(key.isValidSignatureVarTime(raw: ([0xFF] + raw)[1...], digest: digest))
    }

    // The Jacobian doubling and mixed addition on the inputs their formulas leave undefined, and
    // against the complete reference addition (ECReferencePoint.swift); compared through affine forms.
    @Test("FIPS 186-5 §6.4.2: Jacobian formulas handle P + P, P + (−P), O + P and 2·O by their branches")
    func jacobianFormulas() throws {
        try checkFormulas(P256.self)
        try checkFormulas(P384.self)
    }

    private func affine<C>(_ p: JacobianPoint<C>) -> AffinePoint<C>? { JacobianPoint.affineVarTime([p]).first }

    private func checkFormulas<C: ShortWeierstrassCurve>(_: C.Type) throws {
        let table = C.generatorTable
        try #require(table.count == 128)
        let g = JacobianPoint<C>(table[0])
        // The table, its Z coordinates inverted together, is 1·G … 128·G as the reference gives it
        // (the four-part table: DoubleScalarMultiplicationTests).
        var reference = CompleteReferencePoint<C>(table[0])
        for entry in table.dropFirst() {
            reference = reference.adding(CompleteReferencePoint(table[0]))
            #expect(reference.affine == entry)
        }
        // A point equal to the affine operand doubles; its negation gives O; O + q = q; 2·O = O.
        #expect(try #require(affine(g.addingVarTime(table[0]))) == table[1])
        #expect(try #require(affine(g.doubledVarTime())) == table[1])
        #expect(g.addingVarTime(table[0].negated).z.isZero)
        #expect(try #require(affine(JacobianPoint<C>.identity.addingVarTime(table[5]))) == table[5])
        #expect(JacobianPoint<C>.identity.doubledVarTime().z.isZero)
        // The same with Z ≠ 1 on the accumulator: 2G (Z = 2Y) plus 2G, plus −2G, plus 3G.
        let twoG = g.doubledVarTime()
        try #require(twoG.z != .one)
        #expect(try #require(affine(twoG.addingVarTime(table[1]))) == table[3])
        let zero = twoG.addingVarTime(table[1].negated)
        #expect(zero.z.isZero)
        #expect(zero.doubledVarTime().z.isZero)
        // O as a cancellation leaves it: adding to it afterwards still works.
        #expect(try #require(affine(zero.addingVarTime(table[2]))) == table[2])
        #expect(try #require(affine(twoG.addingVarTime(table[2]))) == table[4])
        // The doubling and the mixed addition equal the reference on 128 points with Z ≠ 1.
        var point = twoG
        var expected = CompleteReferencePoint<C>(table[1])
        for entry in table {
            point = point.addingVarTime(entry)
            expected = expected.adding(CompleteReferencePoint(entry))
            #expect(affine(point) == expected.affine)
            #expect(affine(point.doubledVarTime()) == expected.adding(expected).affine)
        }
        for entry in table { #expect(AffinePoint<C>.isOnCurveVarTime(x: entry.x, y: entry.y)) }
        // n·G = O and (n − 1)·G = −G: the order constant and the Booth recoding at the top bit.
        let n = C.Order.modulus
        let nG = JacobianPoint<C>.doubleScalarMultiplyVarTime(u1: n, u2: Limbs(), q: table[0])
        #expect(nG.z.isZero)
        let nMinus1 = n.subtracting(Limbs(1), count: C.Order.count).difference
        let minusG = JacobianPoint<C>.doubleScalarMultiplyVarTime(u1: nMinus1, u2: Limbs(), q: table[0])
        #expect(try #require(affine(minusG)) == table[0].negated)
        // The same through the Q path (window 5) and split between both: 1·G + (n − 1)·G = O.
        let viaQ = JacobianPoint<C>.doubleScalarMultiplyVarTime(u1: Limbs(1), u2: nMinus1, q: table[0])
        #expect(viaQ.z.isZero)
    }

    @Test("the Montgomery constants R² mod m and −m⁻¹ mod 2^64 match their moduli")
    func montgomeryConstants() {
        checkConstants(P256.Field.self)
        checkConstants(P256.Order.self)
        checkConstants(P384.Field.self)
        checkConstants(P384.Order.self)
    }

    private func checkConstants<M: MontgomeryModulusParameters>(_: M.Type) {
        // 2^(2·64·count) mod m by doubling 1 (addition does not depend on the representation).
        var value = Residue<M>(montgomery: Limbs(1))
        for _ in 0..<(128 * M.count) { value = value + value }
        #expect(value.montgomery == M.rSquared)
        #expect(M.modulus.w0 &* M.n0 == UInt64.max)
        #expect(Residue<M>(Limbs(12345))?.value == Limbs(12345))
        #expect(Residue<M>(M.modulus) == nil)
    }

    @Test("field and order arithmetic: products, squares, sums and inverses agree at the carry corners")
    func residueIdentities() {
        checkIdentities(P256.Field.self)
        checkIdentities(P256.Order.self)
        checkIdentities(P384.Field.self)
        checkIdentities(P384.Order.self)
    }

    @Test("the dedicated P-256 and P-384 field kernels agree with the generic Montgomery kernel")
    func dedicatedFieldKernels() throws {
        try checkAgainstGeneric(P256.self)
        try checkAgainstGeneric(P384.self)
    }

    @Test("the P-384 special-form reduction: both folds' carries and the final subtraction, taken or not")
    func p384Reduction() throws {
        let p = P384.Field.modulus
        let ones = Limbs(.max, .max, .max, .max, .max, .max)
        let pMinus1 = p.subtracting(Limbs(1), count: 6).difference
        // x mod p for any x < 2^384 (< 2p), and 2^384 mod p = 2^384 − p.
        let modP = { (x: Limbs) in
            let (d, borrow) = x.subtracting(p, count: 6)
            return try #require(Residue<P384.Field>(borrow ? x : d))
        }
        let c = try modP(Limbs().subtracting(p, count: 6).difference)
        let cases: [(low: Limbs, high: Limbs)] = [
            (ones, Limbs()),  // 2^384 − 1: no fold, the subtraction taken
            (pMinus1, Limbs()),  // p − 1: not taken
            (p, Limbs()),  // p itself: reduces to zero
            // 2^384 − 1 − (2^352 − 2^288 + 2^256) + 2^256·2^384: fold 1 leaves 2^384 − 1 and a carry of
            // one, so fold 2 carries out of 2^384 (its top word is 1) and the subtraction is taken.
            (Limbs(.max, .max, .max, .max, 0xffff_fffe, 0xffff_ffff_0000_0000), Limbs(0, 0, 0, 0, 1)),
            (ones, ones), (Limbs(), pMinus1), (pMinus1, pMinus1), (Limbs(1), Limbs(1)),
        ]
        for (low, high) in cases {
            let expected = try modP(low) + (try modP(high)) * c
            #expect(
                P384FieldElement.reduceVarTime(low, high: high) == P384FieldElement(expected.value), "\(low) \(high)")
        }
    }

    @Test("the word helpers (multiply-add, add and subtract with carry) agree with the standard library")
    func wordHelpers() {
        // Both forms (UInt128 where every supported version has it, and the 64-bit-only forms that
        // Apple platforms before macOS 15 / iOS 18 use) against the standard library's full-width
        // and overflow-reporting operations, on every pair of corner words and both carry values.
        let words: [UInt64] = [
            0, 1, 2, 0xffff_ffff, 1 << 32, 1 << 63, UInt64.max - 1, UInt64.max, 0x0123_4567_89ab_cdef,
            0xfedc_ba98_7654_3210, 0x8000_0001_ffff_fffe,
        ]
        for x in words {
            for y in words {
                let product = x.multipliedFullWidth(by: y)
                for a in words {
                    for b in [0, 1, UInt64.max] {
                        let (s1, o1) = product.low.addingReportingOverflow(a)
                        let (s2, o2) = s1.addingReportingOverflow(b)
                        let expected = (product.high + (o1 ? 1 : 0) + (o2 ? 1 : 0), s2)
                        #expect(mulAdd(x, y, a, b) == expected, "\(x) \(y) \(a) \(b)")
                        #expect(mulAddPortable(x, y, a, b) == expected, "\(x) \(y) \(a) \(b)")
                    }
                }
                for carry: UInt64 in [0, 1] {
                    let (s1, o1) = x.addingReportingOverflow(y)
                    let (s2, o2) = s1.addingReportingOverflow(carry)
                    var (c1, c2, c3) = (carry, carry, carry)
                    #expect(addCarry(x, y, &c1) == s2 && c1 == (o1 || o2 ? 1 : 0), "\(x) \(y) \(carry)")
                    #expect(addCarryPortable(x, y, &c2) == s2 && c2 == c1, "\(x) \(y) \(carry)")
                    let (d1, b1) = x.subtractingReportingOverflow(y)
                    let (d2, b2) = d1.subtractingReportingOverflow(carry)
                    #expect(subtractBorrow(x, y, &c3) == d2 && c3 == (b1 || b2 ? 1 : 0), "\(x) \(y) \(carry)")
                }
            }
        }
        #expect(mulAdd(UInt64.max, UInt64.max, UInt64.max, UInt64.max) == (UInt64.max, UInt64.max))
    }

    /// Compared through plain values (P-256 stores Montgomery forms, P-384 plain residues):
    /// `C.Coordinate(v)` of the generic result's plain value must equal the dedicated result.
    private func checkAgainstGeneric<C: ShortWeierstrassCurve>(_: C.Type) throws {
        // The corners, then 4 096 products of pseudo-random values (splitmix64), half of them with many ones: the
        // reductions' carries out of every word, both folds' top words and the final subtraction.
        var values = cornerValues(C.Field.self)
        var next = HashTestRNG(state: 0xf1e1d)  // splitmix64
        var random: [Residue<C.Field>] = []
        while random.count < 64 {
            var value = Limbs()
            for i in 0..<C.Field.count {  // every other value with the upper halves of its lower words all ones
                value[i] = next.next() | (random.count % 2 == 1 && i < C.Field.count - 1 ? 0xffff_ffff_0000_0000 : 0)
            }
            if let r = Residue<C.Field>(value) { random.append(r) }
        }
        for a in random {
            for b in random {
                let product = C.Coordinate(a.value).flatMap { x in C.Coordinate(b.value).map { x * $0 } }
                #expect(product == C.Coordinate((a * b).value), "\(a.value) \(b.value)")
            }
        }
        values += random.prefix(8)
        let element = { (r: Residue<C.Field>) in C.Coordinate(r.value) }
        #expect(C.Coordinate.one == C.Coordinate(Limbs(1)))
        #expect(C.Coordinate(C.Field.modulus) == nil)
        for a in values {
            let da = try #require(element(a))
            #expect(da.squared() == element(a.squared()), "\(a.value)")
            #expect(da.inverseVarTime() == element(a.inverseVarTime()), "\(a.value)")
            for b in values {
                let db = try #require(element(b))
                #expect(da * db == element(a * b), "\(a.value) \(b.value)")
                #expect(da + db == element(a + b), "\(a.value) \(b.value)")
                #expect(da - db == element(a - b), "\(a.value) \(b.value)")
            }
        }
    }

    /// Values whose products and sums carry through every word: 0, 1, 2, m − 1, m − 2, 2^(64·count − 1),
    /// all-ones low words, and a value with every word set.
    private func cornerValues<M: MontgomeryModulusParameters>(_: M.Type) -> [Residue<M>] {
        let m = M.modulus
        let mMinus = { (k: UInt64) in m.subtracting(Limbs(k), count: M.count).difference }
        var top = Limbs()
        top[M.count - 1] = 1 << 63
        let plain = [
            Limbs(), Limbs(1), Limbs(2), mMinus(1), mMinus(2), top, Limbs(UInt64.max, UInt64.max, UInt64.max),
            Limbs(0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210, 0x0f0f_0f0f_f0f0_f0f0, 0x7fff_ffff_0000_0001),
        ]
        // Plus six pseudo-random values (splitmix64 from a fixed seed), all below m for these moduli.
        var next = HashTestRNG(state: 0x5eed)  // splitmix64
        let random = (0..<6).map { _ in
            var value = Limbs()
            for i in 0..<M.count { value[i] = next.next() }
            value[M.count - 1] >>= 1
            return value
        }
        let values = (plain + random).compactMap { Residue<M>($0) }
        #expect(values.count == plain.count + random.count)
        return values
    }

    private func checkIdentities<M: MontgomeryModulusParameters>(_: M.Type) {
        let m = M.modulus
        let mMinus = { (k: UInt64) in m.subtracting(Limbs(k), count: M.count).difference }
        let values = cornerValues(M.self)
        let one = Residue<M>.one
        // (m − 1)² = 1: the largest operands through the product and the square.
        if let minusOne = Residue<M>(mMinus(1)) {
            #expect(minusOne * minusOne == one)
            #expect(minusOne.squared() == one)
            #expect(minusOne + one == .zero)
        }
        for a in values {
            #expect(a.squared() == a * a, "\(a.value)")
            #expect((a - a).isZero)
            #expect(a.isZero ? a.inverseVarTime().isZero : a * a.inverseVarTime() == one, "\(a.value)")
            for b in values {
                // (a + b)² = a² + 2ab + b² and (a − b) + b = a, for every pair.
                let ab = a * b
                #expect((a + b).squared() == a.squared() + ab + ab + b.squared(), "\(a.value) \(b.value)")
                #expect((a - b) + b == a)
                #expect(ab == b * a)
            }
        }
    }
}
