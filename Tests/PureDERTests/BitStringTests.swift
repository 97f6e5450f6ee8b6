// BIT STRING (Primitives/BitString.swift): X.690 §8.6.2 and the DER restriction §11.2.1.

import PureDER
import Testing

let rejectedBitStrings: [RejectedPrimitive] = [
    // X.690 §8.6.2: an initial octet holding the number of unused bits, 0…7.
    RejectedPrimitive("BIT STRING without initial octet", .bitString, hex("03 00"), .invalidValue),
    RejectedPrimitive("BIT STRING unused bits 8", .bitString, hex("03 02 08 00"), .invalidValue),
    RejectedPrimitive("BIT STRING unused bits 0xFF", .bitString, hex("03 02 FF 00"), .invalidValue),
    RejectedPrimitive("BER: BIT STRING unused bits 8", .bitString, hex("03 02 08 00"), .ber, .invalidValue),
    // X.690 §8.6.2.3: an empty bit string has initial octet zero.
    RejectedPrimitive("BIT STRING empty with 3 unused bits", .bitString, hex("03 01 03"), .invalidValue),
    RejectedPrimitive(
        "BER: BIT STRING empty with 7 unused bits", .bitString, hex("03 01 07"), .ber,
        .invalidValue),
    // X.690 §11.2.1: DER unused bits are zero.
    RejectedPrimitive(
        "DER: BIT STRING unused bits not zero (4, 0F)", .bitString, hex("03 02 04 0F"),
        .invalidValue),
    RejectedPrimitive(
        "DER: BIT STRING unused bits not zero (1, 01)", .bitString, hex("03 03 01 FF 01"),
        .invalidValue),
    RejectedPrimitive(
        "DER: BIT STRING unused bits not zero (7, 40)", .bitString, hex("03 02 07 40"),
        .invalidValue),
    // Constructed form: not accepted under either rule set.
    RejectedPrimitive(
        "BIT STRING constructed", .bitString, hex("23 04 03 02 00 AA"),
        .unexpectedTag(expected: .bitString, found: DERTag(.universal, number: 3, constructed: true))),
    RejectedPrimitive(
        "BER: BIT STRING constructed", .bitString, hex("23 80 03 02 00 AA 00 00"), .ber,
        .unexpectedTag(expected: .bitString, found: DERTag(.universal, number: 3, constructed: true))),
    RejectedPrimitive(
        "BIT STRING with wrong tag", .bitString, hex("04 02 00 AA"),
        .unexpectedTag(expected: .bitString, found: .octetString)),
]

@Suite("BIT STRING")
struct BitStringTests {
    @Test("rejects", arguments: rejectedBitStrings)
    func rejects(_ rejected: RejectedPrimitive) throws {
        let error = try #require(derError { try rejected.reader.run(rejected.bytes, rules: rejected.rules) })
        #expect(error.kind == rejected.kind)
        #expect(error.offset == rejected.offset)
    }

    @Test(
        "accepted values",
        arguments: [
            ("03 01 00", UInt8(0), [UInt8]()),
            ("03 02 00 AA", 0, [0xAA]),
            ("03 02 04 F0", 4, [0xF0]),
            ("03 02 07 80", 7, [0x80]),
            ("03 04 06 6E 5D C0", 6, [0x6E, 0x5D, 0xC0]),
        ])
    func accepted(_ encoding: String, _ unused: UInt8, _ data: [UInt8]) throws {
        for rules in [EncodingRules.der, .ber] {
            var cursor = try DERCursor(hex(encoding), rules: rules)
            let bits = try cursor.readBitString("key")
            #expect(bits.unusedBits == unused)
            #expect(Array(bits.bytes) == data)
            #expect(cursor.isAtEnd)
        }
    }

    @Test("BER accepts non-zero unused bits and keeps them")
    func berUnusedBits() throws {
        var cursor = try DERCursor(hex("03 02 04 0F"), rules: .ber)
        let bits = try cursor.readBitString("key")
        #expect(bits.unusedBits == 4)
        #expect(Array(bits.bytes) == [0x0F])
    }

    @Test("implicitly tagged BIT STRING")
    func implicitTag() throws {
        var cursor = try DERCursor(hex("81 02 00 AA"))
        let bits = try cursor.readBitString(tag: .contextPrimitive(1), "issuerUniqueID")
        #expect(Array(bits.bytes) == [0xAA])
    }

    @Test("BIT STRING slices point into the input (no copy)")
    func slices() throws {
        var cursor = try DERCursor(hex("30 04 03 02 00 AA"))
        var sequence = try cursor.readSequence("spki")
        let bits = try sequence.readBitString("key")
        #expect(bits.bytes.startIndex == 5)
    }
}
