// BigNum: byte conversions, Montgomery constants, Montgomery products and modular
// exponentiation checked against the bit-serial reference in BigNumReference.swift.

import Testing

@testable import PureCrypto

/// Moduli of several shapes: random odd of various limb counts, top limb full, 2^k − 1,
/// a modulus whose top limb is 1, and the smallest allowed value.
struct ModulusCase: CustomTestStringConvertible, Sendable {
    let name: String
    let limbs: [UInt64]
    var testDescription: String { name }
}

private func moduli() -> [ModulusCase] {
    var rng = BigNumRNG(state: 0x5EED_0001)
    var list: [(String, [UInt64])] = []
    for count in [1, 2, 3, 4, 5, 8, 16, 17, 32] {
        var n = rng.limbs(count: count, belowBit: 64 * count)
        n[0] |= 1
        n[count - 1] |= 1 << 63  // full top limb: exactly 64·count bits
        list.append(("random \(count) limbs, top bit set", n))
        var m = rng.limbs(count: count, belowBit: 64 * count - 13)
        m[0] |= 1
        m[count - 1] |= 1 << 50  // partial top limb
        list.append(("random \(count) limbs, 51-bit top limb", m))
    }
    for count in [1, 2, 4, 32] {
        list.append(("2^\(64 * count) - 1", [UInt64](repeating: .max, count: count)))
    }
    list.append(("2^127 - 1", [.max, .max >> 1]))
    list.append(("2^64 + 1", [1, 1]))
    list.append(("3", [3]))
    list.append(
        ("2^2048 - 2^1024 + 1 style", [1] + [UInt64](repeating: 0, count: 15) + [UInt64](repeating: .max, count: 16)))
    return list.map { ModulusCase(name: $0.0, limbs: $0.1) }
}

@Suite("BigNum")
struct BigNumTests {
    // RFC 8017 §4.1 (I2OSP, "integer too large") and RFC 8017 §4.2 (OS2IP).
    @Test("OS2IP/I2OSP round trip and limits")
    func byteConversions() throws {
        let bytes: [UInt8] = [0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]
        let value = try #require(BigUInt(bigEndian: bytes[...], limbCount: 2))
        #expect(value.limbs == [0x0203_0405_0607_0809, 0x01])
        #expect(value.bitCount == 65)
        #expect(value.bigEndianBytes(length: 9) == Array(bytes[2...]))
        #expect(value.bigEndianBytes(length: 11) == bytes)
        #expect(value.bigEndianBytes(length: 8) == nil, "I2OSP: integer too large")
        #expect(BigUInt(bigEndian: bytes[...], limbCount: 1) == nil, "does not fit one limb")
        #expect(BigUInt(bigEndian: bytes[...], limbCount: 0) == nil)
        #expect(BigUInt(bigEndian: [UInt8](repeating: 0, count: 40)[...], limbCount: 1)?.limbs == [0])
        #expect(BigUInt(bigEndian: [][...]).limbs == [0])
        #expect(BigUInt(bigEndian: bytes[...]).limbs.count == 2)
        #expect(BigUInt(bigEndian: [][...]).bigEndianBytes(length: 0) == [])
        #expect(compareLimbsVarTime([1, 0, 0], [1]) == 0)
        #expect(compareLimbsVarTime([0, 1], [UInt64.max]) == 1)
        #expect(compareLimbsVarTime([5], [0, 1]) == -1)
    }

    @Test("Moduli that Montgomery arithmetic cannot use are refused")
    func rejectsBadModuli() {
        for limbs: [UInt64] in [[0], [1], [2], [0x10], [0, 1], [UInt64.max - 1, 7]] {
            #expect(MontgomeryModulus(modulus: BigUInt(limbs: limbs)) == nil, "\(limbs)")
        }
        // Excess zero limbs are trimmed.
        let trimmed = MontgomeryModulus(modulus: BigUInt(limbs: [7, 0, 0]))
        #expect(trimmed?.limbCount == 1)
    }

    @Test("n0inv and R² mod n match the reference", arguments: moduli())
    func constants(_ modulus: ModulusCase) throws {
        let mont = try #require(MontgomeryModulus(modulus: BigUInt(limbs: modulus.limbs)))
        #expect(mont.n0inv &* modulus.limbs[0] == UInt64.max, "n0inv · n ≡ −1 mod 2^64")
        #expect(mont.r2 == Reference.powerOfTwoMod(128 * modulus.limbs.count, modulus.limbs))
    }

    @Test("Montgomery product a·b·R⁻¹ mod n matches the reference", arguments: moduli())
    func montgomeryProduct(_ modulus: ModulusCase) throws {
        let n = modulus.limbs
        let s = n.count
        let mont = try #require(MontgomeryModulus(modulus: BigUInt(limbs: n)))
        let rModN = Reference.powerOfTwoMod(64 * s, n)
        var rng = BigNumRNG(state: 0xA11CE ^ UInt64(s))
        var nMinusOne = n
        nMinusOne[0] -= 1  // n is odd
        let zero = [UInt64](repeating: 0, count: s)
        var one = zero
        one[0] = 1
        var pairs: [([UInt64], [UInt64])] = [(zero, nMinusOne), (one, one), (nMinusOne, nMinusOne), (one, nMinusOne)]
        for _ in 0..<(s > 16 ? 4 : 12) {
            let bits = Reference.bitLength(n) - 1
            pairs.append((rng.limbs(count: s, belowBit: bits), rng.limbs(count: s, belowBit: bits)))
        }
        var result = zero
        var scratch = [UInt64](repeating: 0, count: s + 1)
        for (a, b) in pairs {
            mont.multiply(a, b, into: &result, scratch: &scratch)
            #expect(Reference.compare(result, n) < 0, "fully reduced")
            // result · R ≡ a · b (mod n)
            #expect(Reference.mulMod(result, rModN, n) == Reference.mulMod(a, b, n), "a=\(a) b=\(b)")
        }
    }

    @Test("x^e mod n matches the reference", arguments: moduli())
    func exponentiation(_ modulus: ModulusCase) throws {
        let n = modulus.limbs
        let s = n.count
        let mont = try #require(MontgomeryModulus(modulus: BigUInt(limbs: n)))
        var rng = BigNumRNG(state: 0xE1E1 ^ UInt64(s))
        var exponents: [[UInt8]] = [[0x01, 0x00, 0x01], [0x03], [0x00, 0x00, 0x03], [0x01], [0x02], [0x00], []]
        if s <= 8 {
            exponents.append((0..<(8 * s)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
        }
        var nMinusOne = n
        nMinusOne[0] -= 1
        var bases = [nMinusOne, rng.limbs(count: s, belowBit: Reference.bitLength(n) - 1)]
        if s > 1 || n[0] > 2 { bases.append([2] + [UInt64](repeating: 0, count: s - 1)) }
        for base in bases {
            for e in exponents {
                let got = try #require(mont.powVarTime(BigUInt(limbs: base), exponent: e))
                #expect(got.limbs == Reference.powMod(base, e, n), "e=\(e)")
            }
        }
    }

    @Test("Exponentiation refuses a base that is not below n or has the wrong shape")
    func exponentiationRejectsBadBase() throws {
        let n: [UInt64] = [0xFFFF_FFFF_FFFF_FFC5, 0x8000_0000_0000_0001]
        let mont = try #require(MontgomeryModulus(modulus: BigUInt(limbs: n)))
        var above = n
        above[0] += 2
        for base in [n, above, [UInt64.max, .max], [1], [1, 0, 0]] {
            #expect(mont.powVarTime(BigUInt(limbs: base), exponent: [3]) == nil, "\(base)")
        }
    }

    @Test("Montgomery product with mismatched buffers yields zero instead of trapping")
    func shapeMismatch() throws {
        let mont = try #require(MontgomeryModulus(modulus: BigUInt(limbs: [0xFFFF_FFFF_FFFF_FFC5, 1])))
        var result: [UInt64] = [9, 9]
        var scratch: [UInt64] = [0, 0]  // one limb too short
        mont.multiply([1, 0], [1, 0], into: &result, scratch: &scratch)
        #expect(result == [0, 0])
    }
}

@Suite("BigNum Montgomery squaring and reduction")
struct BigNumSquareTests {
    @Test("a²·R⁻¹ and a·R⁻¹ mod n match the reference", arguments: moduli())
    func squareAndReduce(_ modulus: ModulusCase) throws {
        let n = modulus.limbs
        let s = n.count
        let mont = try #require(MontgomeryModulus(modulus: BigUInt(limbs: n)))
        let rModN = Reference.powerOfTwoMod(64 * s, n)
        var rng = BigNumRNG(state: 0x5A_0A2E ^ UInt64(s))
        var nMinusOne = n
        nMinusOne[0] -= 1
        let zero = [UInt64](repeating: 0, count: s)
        var one = zero
        one[0] = 1
        var values = [zero, one, nMinusOne]
        for _ in 0..<(s > 16 ? 4 : 12) {
            values.append(rng.limbs(count: s, belowBit: Reference.bitLength(n) - 1))
        }
        var result = zero
        var wide = [UInt64](repeating: 0, count: 2 * s)
        var product = zero
        var scratch = [UInt64](repeating: 0, count: s + 1)
        for a in values {
            mont.square(a, into: &result, wide: &wide)
            mont.multiply(a, a, into: &product, scratch: &scratch)
            #expect(result == product, "square agrees with multiply")
            #expect(Reference.compare(result, n) < 0)
            #expect(Reference.mulMod(result, rModN, n) == Reference.mulMod(a, a, n))
            mont.reduce(a, into: &result, wide: &wide)
            #expect(Reference.compare(result, n) < 0)
            #expect(Reference.mulMod(result, rModN, n) == a, "reduce(a)·R ≡ a")
        }
    }

    @Test("Squaring and reduction with mismatched buffers yield zero instead of trapping")
    func shapeMismatch() throws {
        let mont = try #require(MontgomeryModulus(modulus: BigUInt(limbs: [0xFFFF_FFFF_FFFF_FFC5, 1])))
        var result: [UInt64] = [9, 9]
        var wide: [UInt64] = [0, 0, 0]  // needs 4
        mont.square([1, 0], into: &result, wide: &wide)
        #expect(result == [0, 0])
        result = [9, 9]
        mont.reduce([1, 0, 0], into: &result, wide: &wide)
        #expect(result == [0, 0])
    }
}
