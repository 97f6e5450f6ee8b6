// INTEGER, BOOLEAN and NULL (Primitives/Integer.swift): X.690 §8.2, §8.3, §8.8, §11.1, §11.5.

import PureDER
import Testing

let rejectedIntegers: [RejectedPrimitive] = [
    // X.690 §8.3.1–8.3.2: the INTEGER content rules, one case per rule below.
    // X.690 §8.3.1: one or more content octets.
    RejectedPrimitive("INTEGER empty (Int64)", .int64, hex("02 00"), .invalidValue),
    RejectedPrimitive("INTEGER empty (UInt64)", .uint64, hex("02 00"), .invalidValue),
    RejectedPrimitive("INTEGER empty (bytes)", .integerBytes, hex("02 00"), .invalidValue),
    RejectedPrimitive("BER: INTEGER empty", .int64, hex("02 00"), .ber, .invalidValue),
    // X.690 §8.3.2: minimal two's complement (a BER rule, so enforced under both rule sets).
    RejectedPrimitive("INTEGER non-minimal 00 7F", .int64, hex("02 02 00 7F"), .invalidValue),
    RejectedPrimitive("INTEGER non-minimal FF 80", .int64, hex("02 02 FF 80"), .invalidValue),
    RejectedPrimitive("INTEGER non-minimal 00 00", .integerBytes, hex("02 02 00 00"), .invalidValue),
    RejectedPrimitive("INTEGER non-minimal FF FF", .integerBytes, hex("02 02 FF FF"), .invalidValue),
    RejectedPrimitive("UInt64 non-minimal 00 00 01", .uint64, hex("02 03 00 00 01"), .invalidValue),
    RejectedPrimitive("BER: INTEGER non-minimal 00 7F", .int64, hex("02 02 00 7F"), .ber, .invalidValue),
    // Constructed INTEGER: the default tag is primitive, so the constructed form is a different tag.
    RejectedPrimitive(
        "INTEGER constructed", .int64, hex("22 03 02 01 05"),
        .unexpectedTag(expected: .integer, found: DERTag(.universal, number: 2, constructed: true))),
    RejectedPrimitive(
        "BER: INTEGER constructed", .integerBytes, hex("22 80 02 01 05 00 00"), .ber,
        .unexpectedTag(expected: .integer, found: DERTag(.universal, number: 2, constructed: true))),
    RejectedPrimitive(
        "INTEGER read through a constructed implicit tag", .implicitInt64(.contextConstructed(0)),
        hex("A0 01 05"), .wrongConstructedBit),
    RejectedPrimitive(
        "INTEGER with wrong tag", .int64, hex("04 01 05"),
        .unexpectedTag(expected: .integer, found: .octetString)),
    RejectedPrimitive("INTEGER truncated", .int64, hex("02 02 01"), .lengthPastEnd),
    // Range of the fixed-width readers.
    RejectedPrimitive(
        "Int64 overflow: 9 octets 00 80 00…", .int64, hex("02 09 00 80 00 00 00 00 00 00 00"),
        .invalidValue),
    RejectedPrimitive(
        "Int64 overflow: 9 octets FF 7F FF…", .int64, hex("02 09 FF 7F FF FF FF FF FF FF FF"),
        .invalidValue),
    RejectedPrimitive("UInt64 of a negative value", .uint64, hex("02 01 FF"), .invalidValue),
    RejectedPrimitive("UInt64 of Int64.min", .uint64, hex("02 08 80 00 00 00 00 00 00 00"), .invalidValue),
    RejectedPrimitive("UInt64 overflow: 2^64", .uint64, hex("02 09 01 00 00 00 00 00 00 00 00"), .invalidValue),
    RejectedPrimitive(
        "UInt64 overflow: 10 octets", .uint64, hex("02 0A 00 FF FF FF FF FF FF FF FF FF"),
        .invalidValue),
    // X.690 §8.2.1: BOOLEAN has exactly one content octet.
    RejectedPrimitive("BOOLEAN empty", .boolean, hex("01 00"), .invalidValue),
    RejectedPrimitive("BOOLEAN two octets", .boolean, hex("01 02 FF FF"), .invalidValue),
    RejectedPrimitive("BER: BOOLEAN two octets", .boolean, hex("01 02 00 00"), .ber, .invalidValue),
    // X.690 §11.1: DER TRUE is 0xFF.
    RejectedPrimitive("DER: BOOLEAN 0x01", .boolean, hex("01 01 01"), .invalidValue),
    RejectedPrimitive("DER: BOOLEAN 0x80", .boolean, hex("01 01 80"), .invalidValue),
    RejectedPrimitive(
        "BOOLEAN constructed", .boolean, hex("21 03 01 01 FF"),
        .unexpectedTag(expected: .boolean, found: DERTag(.universal, number: 1, constructed: true))),
    // X.690 §11.5: DEFAULT FALSE is never encoded in DER.
    RejectedPrimitive("DER: DEFAULT FALSE encoded", .optionalBooleanDefaultFalse, hex("01 01 00"), .invalidValue),
    RejectedPrimitive("DER: optional BOOLEAN 0x01", .optionalBooleanDefaultFalse, hex("01 01 01"), .invalidValue),
    RejectedPrimitive(
        "optional BOOLEAN of length 2", .optionalBooleanDefaultFalse, hex("01 02 FF FF"),
        .invalidValue),
    // X.690 §8.8.2: NULL has no content octets.
    RejectedPrimitive("NULL with content", .null, hex("05 01 00"), .invalidValue),
    RejectedPrimitive("BER: NULL with content", .null, hex("05 81 01 00"), .ber, .invalidValue),
    RejectedPrimitive(
        "NULL constructed", .null, hex("25 00"),
        .unexpectedTag(expected: .null, found: DERTag(.universal, number: 5, constructed: true))),
]

@Suite("INTEGER, BOOLEAN, NULL")
struct IntegerTests {
    @Test("rejects", arguments: rejectedIntegers)
    func rejects(_ rejected: RejectedPrimitive) throws {
        let error = try #require(derError { try rejected.reader.run(rejected.bytes, rules: rejected.rules) })
        #expect(error.kind == rejected.kind)
        #expect(error.offset == rejected.offset)
    }

    @Test(
        "Int64 values, boundaries included",
        arguments: [
            ("02 01 00", Int64(0)), ("02 01 7F", 127), ("02 02 00 80", 128), ("02 01 80", -128),
            ("02 02 FF 7F", -129), ("02 01 FF", -1), ("02 02 01 00", 256), ("02 02 FF 00", -256),
            ("02 08 7F FF FF FF FF FF FF FF", Int64.max), ("02 08 80 00 00 00 00 00 00 00", Int64.min),
            ("02 08 80 00 00 00 00 00 00 01", Int64.min + 1), ("02 04 49 96 02 D2", 1_234_567_890),
        ])
    func int64Values(_ encoding: String, _ value: Int64) throws {
        for rules in [EncodingRules.der, .ber] {
            var cursor = try DERCursor(hex(encoding), rules: rules)
            #expect(try cursor.readInt64("value") == value)
            #expect(cursor.isAtEnd)
        }
    }

    @Test(
        "UInt64 values, including the maximum with its 00 sign octet",
        arguments: [
            ("02 01 00", UInt64(0)), ("02 01 7F", 127), ("02 02 00 80", 128), ("02 02 00 FF", 255),
            ("02 08 7F FF FF FF FF FF FF FF", UInt64(Int64.max)), ("02 09 00 80 00 00 00 00 00 00 00", 1 << 63),
            ("02 09 00 FF FF FF FF FF FF FF FF", UInt64.max),
        ])
    func uint64Values(_ encoding: String, _ value: UInt64) throws {
        var cursor = try DERCursor(hex(encoding))
        #expect(try cursor.readUInt64("value") == value)
        #expect(cursor.isAtEnd)
    }

    @Test("readIntegerBytes returns the content octets of big integers unchanged")
    func integerBytes() throws {
        let modulus = [0x00] + Array(repeating: UInt8(0xC3), count: 256)
        var cursor = try DERCursor(tlv(0x02, modulus))
        #expect(Array(try cursor.readIntegerBytes("modulus")) == modulus)
        var negative = try DERCursor(hex("02 03 80 00 01"))
        #expect(Array(try negative.readIntegerBytes("value")) == [0x80, 0x00, 0x01])
    }

    @Test("implicitly tagged INTEGERs are read through their tag")
    func implicitTag() throws {
        var cursor = try DERCursor(hex("81 01 05 82 02 00 FF"))
        #expect(try cursor.readInt64(tag: .contextPrimitive(1), "a") == 5)
        #expect(try cursor.readUInt64(tag: .contextPrimitive(2), "b") == 255)
        #expect(cursor.isAtEnd)
    }

    @Test("BOOLEAN: 00 and FF in both rule sets; any non-zero octet is TRUE in BER")
    func booleans() throws {
        for rules in [EncodingRules.der, .ber] {
            var cursor = try DERCursor(hex("01 01 FF 01 01 00"), rules: rules)
            #expect(try cursor.readBoolean("t") == true)
            #expect(try cursor.readBoolean("f") == false)
        }
        for octet: UInt8 in [0x01, 0x80, 0x7F] {
            var ber = try DERCursor([0x01, 0x01, octet], rules: .ber)
            #expect(try ber.readBoolean("t") == true)
        }
    }

    @Test("BOOLEAN DEFAULT FALSE: absent is FALSE and consumes nothing; TRUE is read; BER accepts encoded FALSE")
    func booleanDefaultFalse() throws {
        var absent = try DERCursor(hex("02 01 05"))
        #expect(try absent.readOptionalBooleanDefaultFalse("critical") == false)
        #expect(absent.offset == 0)
        var empty = try DERCursor([])
        #expect(try empty.readOptionalBooleanDefaultFalse("critical") == false)
        var present = try DERCursor(hex("01 01 FF"))
        #expect(try present.readOptionalBooleanDefaultFalse("critical") == true)
        #expect(present.isAtEnd)
        var berFalse = try DERCursor(hex("01 01 00"), rules: .ber)
        #expect(try berFalse.readOptionalBooleanDefaultFalse("critical") == false)
        #expect(berFalse.isAtEnd)
    }

    @Test("NULL")
    func null() throws {
        var cursor = try DERCursor(hex("05 00"))
        try cursor.readNull("parameters")
        #expect(cursor.isAtEnd)
    }

    @Test("errors point at the offending element inside its structure")
    func offsetsInsideStructure() throws {
        var cursor = try DERCursor(hex("30 08 02 01 01 02 03 00 00 7F"))
        var sequence = try cursor.readSequence("pair")
        #expect(try sequence.readInt64("first") == 1)
        let error = try #require(derError { _ = try sequence.readInt64("second") })
        #expect(error.kind == .invalidValue)
        #expect(error.offset == 5)
        #expect(error.context.hasPrefix("second"))
    }
}
