// RSA public key parsing: SubjectPublicKeyInfo and bare RSAPublicKey, with a table of named
// malformed and out-of-policy keys (each with the exact error, field and offset).

import PureCrypto
import PureDER
import PureReceiptTestSupport
import Testing

/// Minimal DER writer for building test keys.
enum TestDER {
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let n = content.count
        let length: [UInt8] =
            n < 0x80 ? [UInt8(n)] : n < 0x100 ? [0x81, UInt8(n)] : [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
        return [tag] + length + content
    }
    static func sequence(_ parts: [UInt8]...) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
    /// A non-negative INTEGER from a big-endian magnitude, minimally encoded.
    static func integer(_ magnitude: [UInt8]) -> [UInt8] {
        var m = Array(magnitude.drop { $0 == 0 })
        if m.isEmpty { m = [0] }
        if m[0] >= 0x80 { m.insert(0, at: 0) }
        return tlv(0x02, m)
    }
    static let rsaEncryptionOID: [UInt8] = tlv(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01])
    static let null: [UInt8] = [0x05, 0x00]

    static func rsaPublicKey(n: [UInt8], e: [UInt8]) -> [UInt8] { sequence(integer(n), integer(e)) }
    static func spki(algorithm: [UInt8] = sequence(rsaEncryptionOID, null), key: [UInt8], unusedBits: UInt8 = 0)
        -> [UInt8]
    {
        sequence(algorithm, tlv(0x03, [unusedBits] + key))
    }
}

/// A synthetic odd modulus of `bits` bits (key parsing does not need a real RSA modulus).
func syntheticModulus(bits: Int) -> [UInt8] {
    let count = (bits + 7) / 8
    var bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
    let topBits = bits - (count - 1) * 8  // 1…8
    bytes[0] = (bytes[0] | 0x80) >> UInt8(8 - topBits)
    bytes[count - 1] |= 1
    return bytes
}

private let n2048 = syntheticModulus(bits: 2048)
private let e65537: [UInt8] = [0x01, 0x00, 0x01]

/// Offsets in the standard 2048-bit SPKI layout built above: 30 82 01 22 | 30 0d [OID at 6]
/// [NULL at 17] | [BIT STRING at 19] 03 82 01 0f 00 | [RSAPublicKey at 24] 30 82 01 0a
/// [modulus at 28] 02 82 01 01 00 n | [exponent at 289].
private enum Offsets {
    static let oid = 6
    static let parameters = 17
    static let bitString = 19
    static let modulus = 28
    static let exponent = 289
}

/// Length of the identifier and length octets of the TLV at `offset` (short or 0x81/0x82 forms).
private func headerLength(_ der: [UInt8], at offset: Int) -> Int {
    let first = der[offset + 1]
    return first < 0x80 ? 2 : 2 + Int(first & 0x7F)
}

/// Offset of the modulus INTEGER in an SPKI built by `TestDER.spki` (outer header, whole
/// AlgorithmIdentifier, BIT STRING header and unused-bits octet, RSAPublicKey header).
private func modulusOffset(inSPKI der: [UInt8]) -> Int {
    let algorithm = headerLength(der, at: 0)
    let algorithmLength = headerLength(der, at: algorithm) + Int(der[algorithm + 1])
    let bitString = algorithm + algorithmLength
    let inner = bitString + headerLength(der, at: bitString) + 1
    return inner + headerLength(der, at: inner)
}

struct KeyCase: CustomTestStringConvertible, Sendable {
    enum Expect: Sendable {
        case accepted(bits: Int)
        case refused(RSAError)
        case malformed(DERError.Kind)
    }
    let name: String
    let der: [UInt8]
    let expect: Expect
    var testDescription: String { name }
}

private func spkiCases() -> [KeyCase] {
    let key = TestDER.rsaPublicKey(n: n2048, e: e65537)
    let algorithm = TestDER.sequence(TestDER.rsaEncryptionOID, TestDER.null)
    let good = TestDER.spki(key: key)
    let negativeN: [UInt8] = [0x80] + n2048.dropFirst()
    let negativeNKey = TestDER.sequence(TestDER.tlv(0x02, negativeN), TestDER.integer(e65537))
    let nonMinimalN = TestDER.sequence(TestDER.tlv(0x02, [0x00, 0x00] + n2048), TestDER.integer(e65537))
    var evenN = n2048
    evenN[evenN.count - 1] &= 0xFE
    let small1023 = TestDER.spki(key: TestDER.rsaPublicKey(n: syntheticModulus(bits: 1023), e: e65537))
    let small512 = TestDER.spki(key: TestDER.rsaPublicKey(n: syntheticModulus(bits: 512), e: e65537))
    let zeroN = TestDER.spki(key: TestDER.rsaPublicKey(n: [0], e: e65537))
    return [
        KeyCase(name: "valid 2048-bit SPKI", der: good, expect: .accepted(bits: 2048)),
        KeyCase(
            name: "valid 1024-bit",
            der: TestDER.spki(key: TestDER.rsaPublicKey(n: syntheticModulus(bits: 1024), e: [3])),
            expect: .accepted(bits: 1024)),
        KeyCase(
            name: "valid 8192-bit",
            der: TestDER.spki(key: TestDER.rsaPublicKey(n: syntheticModulus(bits: 8192), e: e65537)),
            expect: .accepted(bits: 8192)),
        KeyCase(
            name: "valid 3071-bit (not a multiple of 8)",
            der: TestDER.spki(key: TestDER.rsaPublicKey(n: syntheticModulus(bits: 3071), e: e65537)),
            expect: .accepted(bits: 3071)),
        KeyCase(
            name: "id-RSASSA-PSS algorithm",
            der: TestDER.spki(
                algorithm: TestDER.sequence(
                    TestDER.tlv(0x06, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A]), TestDER.null), key: key),
            expect: .refused(.keyAlgorithmNotRSA(at: Offsets.oid))),
        KeyCase(
            name: "id-ecPublicKey algorithm",
            der: TestDER.spki(
                algorithm: TestDER.sequence(
                    TestDER.tlv(0x06, [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]), TestDER.null), key: key),
            expect: .refused(.keyAlgorithmNotRSA(at: Offsets.oid))),
        KeyCase(
            // RFC 8017 A.1: rsaEncryption parameters are NULL; RFC 3279 §2.3.1: the key is the DER RSAPublicKey in the BIT STRING.
            name: "parameters absent",
            der: TestDER.spki(algorithm: TestDER.sequence(TestDER.rsaEncryptionOID), key: key),
            expect: .refused(.keyParametersNotNull(at: Offsets.parameters))),
        KeyCase(
            name: "parameters an OID instead of NULL",
            der: TestDER.spki(
                algorithm: TestDER.sequence(TestDER.rsaEncryptionOID, TestDER.rsaEncryptionOID), key: key),
            expect: .refused(.keyParametersNotNull(at: Offsets.parameters))),
        KeyCase(
            name: "NULL with content",
            der: TestDER.spki(algorithm: TestDER.sequence(TestDER.rsaEncryptionOID, [0x05, 0x01, 0x00]), key: key),
            expect: .malformed(.invalidValue)),
        KeyCase(
            name: "extra element after NULL",
            der: TestDER.spki(
                algorithm: TestDER.sequence(TestDER.rsaEncryptionOID, TestDER.null, TestDER.null), key: key),
            expect: .malformed(.trailingBytes)),
        KeyCase(
            name: "BIT STRING with 1 unused bit (zero padding bit)",
            der: TestDER.spki(key: key + [0x00], unusedBits: 1),
            expect: .refused(.keyBitStringUnusedBits(at: Offsets.bitString))),
        KeyCase(
            name: "BIT STRING with non-zero unused bit", der: TestDER.spki(key: key, unusedBits: 1),
            expect: .malformed(.invalidValue)),
        KeyCase(
            name: "trailing byte inside the BIT STRING", der: TestDER.spki(key: key + [0x00]),
            expect: .malformed(.trailingBytes)),
        KeyCase(name: "trailing byte after the SPKI", der: good + [0x00], expect: .malformed(.trailingBytes)),
        KeyCase(name: "truncated SPKI", der: Array(good.dropLast()), expect: .malformed(.lengthPastEnd)),
        KeyCase(name: "empty input", der: [], expect: .malformed(.truncated)),
        KeyCase(
            name: "BER indefinite outer length",
            der: [0x30, 0x80] + Array(good.dropFirst(4)) + [0x00, 0x00], expect: .malformed(.indefiniteLengthInDER)),
        KeyCase(
            name: "OCTET STRING instead of BIT STRING",
            der: TestDER.sequence(algorithm, TestDER.tlv(0x04, [0x00] + key)),
            expect: .malformed(.unexpectedTag(expected: .bitString, found: .octetString))),
        KeyCase(
            name: "negative modulus", der: TestDER.spki(key: negativeNKey),
            expect: .refused(.keyIntegerNotPositive(.modulus, at: Offsets.modulus))),
        KeyCase(name: "non-minimal modulus", der: TestDER.spki(key: nonMinimalN), expect: .malformed(.invalidValue)),
        KeyCase(
            name: "zero modulus", der: zeroN,
            expect: .refused(.keyIntegerNotPositive(.modulus, at: modulusOffset(inSPKI: zeroN)))),
        KeyCase(
            // RFC 8017 §3.1: n is a product of odd primes (odd); e is odd, 3 ≤ e ≤ n − 1 (the e cases below).
            name: "even modulus", der: TestDER.spki(key: TestDER.rsaPublicKey(n: evenN, e: e65537)),
            expect: .refused(.modulusEven(at: Offsets.modulus))),
        KeyCase(
            name: "1023-bit modulus", der: small1023,
            expect: .refused(.modulusSizeUnsupported(bits: 1023, at: modulusOffset(inSPKI: small1023)))),
        KeyCase(
            name: "512-bit modulus", der: small512,
            expect: .refused(.modulusSizeUnsupported(bits: 512, at: modulusOffset(inSPKI: small512)))),
        KeyCase(
            name: "8193-bit modulus",
            der: TestDER.spki(key: TestDER.rsaPublicKey(n: syntheticModulus(bits: 8193), e: e65537)),
            expect: .refused(.modulusSizeUnsupported(bits: 8193, at: Offsets.modulus))),
        KeyCase(
            name: "e = 1", der: TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: [1])),
            expect: .refused(.exponentInvalid(at: Offsets.exponent))),
        KeyCase(
            name: "e = 2", der: TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: [2])),
            expect: .refused(.exponentInvalid(at: Offsets.exponent))),
        KeyCase(
            name: "e = 65536 (even)", der: TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: [1, 0, 0])),
            expect: .refused(.exponentInvalid(at: Offsets.exponent))),
        KeyCase(
            name: "e = n", der: TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: n2048)),
            expect: .refused(.exponentInvalid(at: Offsets.exponent))),
        KeyCase(
            name: "e = 2^64 − 1 (64 bits, the largest allowed)",
            der: TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: [UInt8](repeating: 0xFF, count: 8))),
            expect: .accepted(bits: 2048)),
        KeyCase(
            name: "e = 2^64 + 1 (65 bits)",
            der: TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: [1, 0, 0, 0, 0, 0, 0, 0, 1])),
            expect: .refused(.exponentInvalid(at: Offsets.exponent))),
        KeyCase(
            name: "e = 0", der: TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: [0])),
            expect: .refused(.keyIntegerNotPositive(.publicExponent, at: Offsets.exponent))),
        KeyCase(
            name: "negative e",
            der: TestDER.spki(key: TestDER.sequence(TestDER.integer(n2048), TestDER.tlv(0x02, [0xFD]))),
            expect: .refused(.keyIntegerNotPositive(.publicExponent, at: Offsets.exponent))),
        KeyCase(
            // RFC 8017 A.1.1: RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }, nothing more.
            name: "RSAPublicKey with a third INTEGER",
            der: TestDER.spki(
                key: TestDER.sequence(TestDER.integer(n2048), TestDER.integer(e65537), TestDER.integer([1]))),
            expect: .malformed(.trailingBytes)),
        KeyCase(
            name: "RSAPublicKey missing the exponent",
            der: TestDER.spki(key: TestDER.sequence(TestDER.integer(n2048))), expect: .malformed(.truncated)),
        KeyCase(
            name: "bare RSAPublicKey given as SPKI", der: key,
            expect: .malformed(.unexpectedTag(expected: .sequence, found: .integer))),
    ]
}

private func check(_ result: Result<RSAPublicKey, RSAError>, _ expect: KeyCase.Expect) {
    switch (result, expect) {
    case (.success(let key), .accepted(let bits)):
        #expect(key.modulusBitCount == bits)
        #expect(key.modulusByteCount == (bits + 7) / 8)
    case (.failure(let error), .refused(let expected)):
        #expect(error == expected)
    case (.failure(.malformedKey(let derError)), .malformed(let kind)):
        #expect(derError.kind == kind, "\(derError)")
    default:
        Issue.record("got \(result), expected \(expect)")
    }
}

@Suite("RSA public keys")
struct RSAKeyTests {
    @Test("SubjectPublicKeyInfo", arguments: spkiCases())
    func subjectPublicKeyInfo(_ testCase: KeyCase) {
        check(
            Result { () throws(RSAError) in try RSAPublicKey(subjectPublicKeyInfoDER: testCase.der) }, testCase.expect)
    }

    @Test("Bare RSAPublicKey (PKCS #1)")
    func bareKey() throws {
        let key = try RSAPublicKey(pkcs1DER: TestDER.rsaPublicKey(n: n2048, e: e65537))
        #expect(key.modulusBitCount == 2048)
        #expect(key.modulusBytes == n2048)
        #expect(key.exponentBytes == e65537)
        // Offsets are relative to the bare encoding: 30 82 01 0a, then the modulus INTEGER at 4
        // (at 3 for the 1000-bit key, whose SEQUENCE length fits in one octet: 30 81 xx).
        check(
            Result { () throws(RSAError) in try RSAPublicKey(pkcs1DER: TestDER.rsaPublicKey(n: n2048, e: [4])) },
            .refused(.exponentInvalid(at: 265)))
        check(
            Result { () throws(RSAError) in
                try RSAPublicKey(pkcs1DER: TestDER.rsaPublicKey(n: syntheticModulus(bits: 1000), e: [3]))
            }, .refused(.modulusSizeUnsupported(bits: 1000, at: 3)))
        check(
            Result { () throws(RSAError) in try RSAPublicKey(pkcs1DER: TestDER.rsaPublicKey(n: n2048, e: e65537) + [0])
            },
            .malformed(.trailingBytes))
        check(
            Result { () throws(RSAError) in
                try RSAPublicKey(pkcs1DER: TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: e65537)))
            },
            .malformed(.unexpectedTag(expected: .integer, found: .sequence)))
    }

    @Test("Keys from raw magnitudes")
    func rawKey() throws {
        let key = try RSAPublicKey(modulus: [0, 0] + n2048, exponent: [0, 0, 0, 3])
        #expect(key.modulusBitCount == 2048)
        #expect(key.exponentBytes == [3])
        #expect(throws: RSAError.keyIntegerNotPositive(.modulus, at: nil)) {
            try RSAPublicKey(modulus: [], exponent: [3])
        }
        #expect(throws: RSAError.keyIntegerNotPositive(.publicExponent, at: nil)) {
            try RSAPublicKey(modulus: n2048, exponent: [0, 0])
        }
        #expect(throws: RSAError.modulusEven(at: nil)) { try RSAPublicKey(modulus: n2048 + [0], exponent: [3]) }
        #expect(throws: RSAError.exponentInvalid(at: nil)) {
            try RSAPublicKey(modulus: n2048, exponent: [0xFF] + n2048)
        }
    }
}

@Suite("RSA public keys: mutations")
struct RSAKeyMutationTests {
    /// Every single-bit flip and every truncation of a valid SPKI parses or fails with an
    /// RSAError; none traps. Flips inside the modulus magnitude may still parse (another odd
    /// 2048-bit n), so only the outcome's type is checked, plus a few counts.
    @Test("Bit flips and truncations never trap (inside the modulus magnitude, every 16th octet)")
    func mutations() {
        Self.mutations(modulusStride: 16)
    }

    @Test("Bit flips at every octet and truncations never trap", .fullTests)
    func fullMutations() {
        Self.mutations(modulusStride: 1)
    }

    /// Flips every bit of every octet outside the modulus magnitude and of every `modulusStride`-th
    /// octet inside it (all of them with a stride of 1), then tries every truncation.
    static func mutations(modulusStride: Int) {
        let good = TestDER.spki(key: TestDER.rsaPublicKey(n: n2048, e: e65537))
        // The 256 magnitude octets after the INTEGER header (02 82 01 01) and its leading 00.
        let magnitude = (Offsets.modulus + 5)..<Offsets.exponent
        let indices = good.indices.filter { !magnitude.contains($0) || $0 % modulusStride == 0 }
        var accepted = 0
        var refused = 0
        var refusedInAlgorithmOID = 0
        for index in indices {
            for bit in 0..<8 {
                var mutated = good
                mutated[index] ^= 1 << UInt8(bit)
                do {
                    _ = try RSAPublicKey(subjectPublicKeyInfoDER: mutated)
                    accepted += 1
                } catch {
                    refused += 1
                    if (Offsets.oid..<Offsets.parameters).contains(index) { refusedInAlgorithmOID += 1 }
                }
            }
        }
        #expect(accepted + refused == indices.count * 8)
        if modulusStride == 1 { #expect(indices.count == good.count) }
        // Any change to the OID TLV (tag, length or one of its 9 content octets) is refused.
        #expect(refusedInAlgorithmOID == (Offsets.parameters - Offsets.oid) * 8)
        for length in 0..<good.count {
            #expect(throws: RSAError.self) { try RSAPublicKey(subjectPublicKeyInfoDER: Array(good.prefix(length))) }
        }
    }
}
