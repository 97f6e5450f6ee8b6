// OCTET STRING (Primitives/OctetString.swift): primitive in DER (X.690 §10.2); constructed BER
// segments (X.690 §8.7.3), nested, empty, bounded by Limits.maxOctetStringSegments and nesting depth.

import PureDER
import Testing

/// A BER indefinite constructed OCTET STRING of `count` empty primitive segments.
func emptySegments(_ count: Int) -> [UInt8] {
    [0x24, 0x80] + Array(repeating: [UInt8]([0x04, 0x00]), count: count).flatMap { $0 } + [0x00, 0x00]
}

let rejectedOctetStrings: [RejectedPrimitive] = [
    // X.690 §10.2: DER requires the primitive form.
    RejectedPrimitive(
        "DER: constructed OCTET STRING (segments reader)", .octetStringSegments,
        hex("24 04 04 02 AA BB"), .wrongConstructedBit),
    RejectedPrimitive(
        "DER: constructed indefinite OCTET STRING (segments reader)", .octetStringSegments,
        hex("24 80 04 02 AA BB 00 00"), .wrongConstructedBit),
    RejectedPrimitive(
        "DER: constructed OCTET STRING (primitive reader)", .octetString, hex("24 04 04 02 AA BB"),
        .unexpectedTag(expected: .octetString, found: .constructedOctetString)),
    RejectedPrimitive(
        "BER: constructed OCTET STRING through the primitive-only reader", .octetString,
        hex("24 04 04 02 AA BB"), .ber,
        .unexpectedTag(expected: .octetString, found: .constructedOctetString)),
    // X.690 §8.7.3.2: the segments are OCTET STRINGs.
    RejectedPrimitive(
        "BER: INTEGER segment", .octetStringSegments, hex("24 03 02 01 05"), .ber,
        .unexpectedTag(expected: .octetString, found: .integer), at: 2),
    RejectedPrimitive(
        "BER: SEQUENCE segment", .octetStringSegments, hex("24 02 30 00"), .ber,
        .unexpectedTag(expected: .octetString, found: .sequence), at: 2),
    RejectedPrimitive(
        "BER: UTF8String segment in nested constructed", .octetStringSegments,
        hex("24 80 24 80 0C 01 41 00 00 00 00"), .ber,
        .unexpectedTag(expected: .octetString, found: .utf8String), at: 4),
    RejectedPrimitive(
        "BER: [0] segment", .octetStringSegments, hex("24 80 80 01 AA 00 00"), .ber,
        .unexpectedTag(expected: .octetString, found: .contextPrimitive(0)), at: 2),
    // Bounds: segment count and nesting depth.
    RejectedPrimitive(
        "BER: 4097 segments", .octetStringSegments, emptySegments(Limits.maxOctetStringSegments + 1),
        .ber, .tooMany, at: 2 + 2 * Limits.maxOctetStringSegments),
    // Limits.maxOctetStringSegments: every segment counts, constructed and empty ones included.
    RejectedPrimitive(
        "BER: 4097 empty constructed definite segments (24 00)", .octetStringSegments,
        [0x24, 0x80] + Array(repeating: [UInt8]([0x24, 0x00]), count: Limits.maxOctetStringSegments + 1).flatMap { $0 }
            + [0x00, 0x00],
        .ber, .tooMany, at: 2 + 2 * Limits.maxOctetStringSegments),
    RejectedPrimitive(
        "BER: 4097 empty constructed indefinite segments (24 80 00 00)", .octetStringSegments,
        [0x24, 0x80]
            + Array(repeating: [UInt8]([0x24, 0x80, 0x00, 0x00]), count: Limits.maxOctetStringSegments + 1).flatMap {
                $0
            } + [0x00, 0x00],
        .ber, .tooMany, at: 2 + 4 * Limits.maxOctetStringSegments),
    // Limits.maxIndefiniteElements: the scan for an indefinite length's end reads a bounded count of headers.
    RejectedPrimitive(
        "BER: more elements inside an indefinite length than Limits.maxIndefiniteElements", .octetStringSegments,
        [0x24, 0x80]
            + Array(repeating: [UInt8]([0x24, 0x80, 0x00, 0x00]), count: Limits.maxIndefiniteElements + 1).flatMap {
                $0
            } + [0x00, 0x00],
        .ber, .tooMany, at: 2 + 4 * Limits.maxIndefiniteElements),
    RejectedPrimitive(
        "BER: constructed segments nested 65 deep", .octetStringSegments,
        Array(repeating: [UInt8]([0x24, 0x80]), count: 65).flatMap { $0 } + hex("04 00")
            + Array(repeating: [UInt8]([0x00, 0x00]), count: 65).flatMap { $0 },
        .ber, .nestingTooDeep, at: 2 * Limits.maxIndefiniteNesting),
    // Framing errors surface through the segments reader.
    RejectedPrimitive(
        "BER: unterminated constructed OCTET STRING", .octetStringSegments, hex("24 80 04 01 AA"),
        .ber, .unterminatedIndefiniteLength),
    RejectedPrimitive(
        "BER: segment past the end of its parent", .octetStringSegments, hex("24 03 04 02 AA BB"),
        .ber, .lengthPastEnd, at: 2),
    RejectedPrimitive(
        "segments reader on wrong tag", .octetStringSegments, hex("02 01 05"),
        .unexpectedTag(expected: .octetString, found: .integer)),
    RejectedPrimitive("segments reader on empty input", .octetStringSegments, [], .truncated),
    RejectedPrimitive("OCTET STRING truncated", .octetString, hex("04 03 AA"), .lengthPastEnd),
]

@Suite("OCTET STRING")
struct OctetStringTests {
    @Test("rejects", arguments: rejectedOctetStrings)
    func rejects(_ rejected: RejectedPrimitive) throws {
        let error = try #require(derError { try rejected.reader.run(rejected.bytes, rules: rejected.rules) })
        #expect(error.kind == rejected.kind)
        #expect(error.offset == rejected.offset)
    }

    @Test("primitive form under both rule sets", arguments: [EncodingRules.der, .ber])
    func primitive(_ rules: EncodingRules) throws {
        var cursor = try DERCursor(hex("04 03 01 02 03 04 00"), rules: rules)
        let value = try cursor.readOctetStringSegments("value")
        #expect(!value.wasConstructed)
        #expect(value.segments == [2..<5])
        #expect(value.concatenated() == [1, 2, 3])
        let empty = try cursor.readOctetStringSegments("empty")
        #expect(empty.count == 0)
        #expect(empty.concatenated().isEmpty)
        #expect(cursor.isAtEnd)
    }

    @Test("BER constructed: nested, with empty segments, in order")
    func nestedSegments() throws {
        let bytes = hex("24 80 04 02 AA BB 24 80 04 01 CC 04 00 00 00 04 01 DD 00 00")
        var cursor = try DERCursor(bytes, rules: .ber)
        let value = try cursor.readOctetStringSegments("payload")
        #expect(cursor.isAtEnd)
        #expect(value.wasConstructed)
        #expect(value.segments == [4..<6, 10..<11, 13..<13, 17..<18])
        #expect(value.count == 4)
        #expect(value.concatenated() == [0xAA, 0xBB, 0xCC, 0xDD])
        #expect(value.slices.map { Array($0) } == [[0xAA, 0xBB], [0xCC], [], [0xDD]])
    }

    @Test(
        "BER constructed: definite outer length, and empty constructed forms",
        arguments: [
            ("24 08 04 02 AA BB 04 02 CC DD", [UInt8]([0xAA, 0xBB, 0xCC, 0xDD]), 2),
            ("24 00", [], 0),
            ("24 80 00 00", [], 0),
            ("24 80 24 00 24 80 00 00 00 00", [], 0),
            ("24 80 04 05 31 03 02 01 01 00 00", [0x31, 0x03, 0x02, 0x01, 0x01], 1),
        ])
    func constructedForms(_ encoding: String, _ value: [UInt8], _ segmentCount: Int) throws {
        var cursor = try DERCursor(hex(encoding), rules: .ber)
        let segments = try cursor.readOctetStringSegments("value")
        #expect(segments.wasConstructed)
        #expect(segments.concatenated() == value)
        #expect(segments.segments.count == segmentCount)
        #expect(cursor.isAtEnd)
    }

    @Test("BER: exactly Limits.maxOctetStringSegments segments are accepted")
    func segmentLimit() throws {
        var cursor = try DERCursor(emptySegments(Limits.maxOctetStringSegments), rules: .ber)
        let value = try cursor.readOctetStringSegments("value")
        #expect(value.segments.count == Limits.maxOctetStringSegments)
        #expect(value.count == 0)
    }

    @Test("implicitly tagged [0] OCTET STRING: primitive, and constructed under BER only")
    func implicitTag() throws {
        var primitive = try DERCursor(hex("80 02 AA BB"))
        #expect(
            try primitive.readOctetStringSegments(tag: .contextPrimitive(0), "content").concatenated()
                == [0xAA, 0xBB])
        var ber = try DERCursor(hex("A0 80 04 01 AA 04 01 BB 00 00"), rules: .ber)
        let value = try ber.readOctetStringSegments(tag: .contextPrimitive(0), "content")
        #expect(value.concatenated() == [0xAA, 0xBB])
        var der = try DERCursor(hex("A0 06 04 01 AA 04 01 BB"))
        let error = try #require(derError { _ = try der.readOctetStringSegments(tag: .contextPrimitive(0), "c") })
        #expect(error.kind == .wrongConstructedBit)
        var plain = try DERCursor(hex("80 01 CC"))
        #expect(Array(try plain.readOctetString(tag: .contextPrimitive(0), "c")) == [0xCC])
    }
}
