// DERCursor and DERElement API (DERCursor.swift, DERElement.swift, DERError.swift): the input size
// limit, whole consumption, tag expectations, optional elements, element geometry, rule switching
// and error text.

import PureDER
import Testing

@Suite("DERCursor and DERElement")
struct DERCursorTests {
    @Test("input larger than Limits.maxInputBytes is rejected before any read; exactly the limit is not")
    func inputTooLarge() throws {
        let error = try #require(
            derError {
                _ = try DERCursor([UInt8](repeating: 0, count: Limits.maxInputBytes + 1))
            })
        #expect(error.kind == .inputTooLarge)
        #expect(error.offset == 0)
        #expect(error.code == "limit.inputSize")
        let atLimit = try DERCursor([UInt8](repeating: 0, count: Limits.maxInputBytes), rules: .ber)
        #expect(atLimit.remaining == Limits.maxInputBytes)
        let viaSingle = try #require(
            derError {
                _ = try DERCursor.single([UInt8](repeating: 5, count: Limits.maxInputBytes + 1), "input")
            })
        #expect(viaSingle.kind == .inputTooLarge)
    }

    @Test("DERCursor.single rejects trailing bytes and returns the element")
    func single() throws {
        let element = try DERCursor.single(hex("30 03 02 01 05"), "outer")
        #expect(element.tag == .sequence)
        #expect(element.contentRange == 2..<5)
        let error = try #require(derError { _ = try DERCursor.single(hex("30 03 02 01 05 FF"), "outer") })
        #expect(error.kind == .trailingBytes)
        #expect(error.offset == 5)
        #expect(error.context == "outer")
    }

    @Test("expectEnd: trailing bytes inside a SEQUENCE are reported where they start")
    func trailingInsideSequence() throws {
        var cursor = try DERCursor(hex("30 06 02 01 05 02 01 06"))
        var sequence = try cursor.readSequence("Pair")
        #expect(try sequence.readInt64("first") == 5)
        let error = try #require(derError { try sequence.expectEnd("Pair") })
        #expect(error.kind == .trailingBytes)
        #expect(error.offset == 5)
        #expect(error.context == "Pair")
        #expect(cursor.isAtEnd)
    }

    @Test("readElement(expected:) reports unexpectedTag with both tags at the element")
    func unexpectedTag() throws {
        var cursor = try DERCursor(hex("30 05 05 00 04 01 AA"))
        var sequence = try cursor.readSequence("outer")
        try sequence.readNull("first")
        let error = try #require(derError { _ = try sequence.readElement(.integer, "second") })
        #expect(error.kind == .unexpectedTag(expected: .integer, found: .octetString))
        #expect(error.offset == 4)
        #expect(error.code == "der.unexpectedTag")
        #expect(sequence.offset == 4, "a failed read consumes nothing")
    }

    @Test("readOptional consumes nothing when the tag differs, and reads when it matches")
    func optionalElements() throws {
        var cursor = try DERCursor(hex("A0 03 02 01 07 04 00"))
        #expect(try cursor.readOptional(.contextConstructed(1), "absent") == nil)
        #expect(cursor.offset == 0)
        var explicit = try #require(try cursor.readOptional(.contextConstructed(0), "version"))
        #expect(try explicit.readInt64("version") == 7)
        try explicit.expectEnd("version")
        #expect(try cursor.readOptionalElement(.contextPrimitive(0), "absent") == nil)
        #expect(try cursor.readOctetString("data").isEmpty)
        #expect(cursor.isAtEnd)
        #expect(try cursor.readOptional(.sequence, "at end") == nil)
    }

    @Test("peekTag is nil at the end and on malformed identifiers, and never moves")
    func peekTag() throws {
        #expect(try DERCursor([]).peekTag() == nil)
        #expect(try DERCursor(hex("1F 80 21 00")).peekTag() == nil)
        #expect(try DERCursor(hex("1F")).peekTag() == nil)
        let cursor = try DERCursor(hex("BF 82 01 00"))
        #expect(cursor.peekTag() == .contextConstructed(257))
        #expect(cursor.offset == 0)
        #expect(cursor.peekByte() == 0xBF)
    }

    @Test("element geometry: header, content and end for definite and indefinite forms")
    func elementGeometry() throws {
        var der = try DERCursor(hex("04 81 80") + Array(repeating: 1, count: 128))
        let long = try der.readElement()
        #expect(long.start == 0)
        #expect(long.headerLength == 3)
        #expect(long.contentRange == 3..<131)
        #expect(long.end == 131)
        #expect(long.encodedRange == 0..<131)
        #expect(!long.isIndefinite)
        #expect(long.rules == .der)

        var ber = try DERCursor(hex("05 00 30 80 02 01 05 00 00 05 00"), rules: .ber)
        try ber.readNull("first")
        let indefiniteElement = try ber.readElement()
        #expect(indefiniteElement.isIndefinite)
        #expect(indefiniteElement.start == 2)
        #expect(indefiniteElement.contentRange == 4..<7, "content excludes the end-of-contents octets")
        #expect(indefiniteElement.end == 9)
        #expect(Array(indefiniteElement.encodedBytes) == hex("30 80 02 01 05 00 00"))
        #expect(indefiniteElement.content.depth == 1)
        #expect(ber.offset == 9)
        try ber.readNull("last")
        #expect(ber.isAtEnd)
    }

    @Test("DER inside a BER envelope: with(rules:) makes the inner content strict again")
    func derInsideBER() throws {
        let bytes = hex("30 80 04 81 01 AA 00 00")
        var ber = try DERCursor(bytes, rules: .ber)
        let envelope = try ber.readElement(.sequence, "envelope")
        var lenient = envelope.content
        #expect(Array(try lenient.readOctetString("value")) == [0xAA])
        var strict = envelope.content.with(rules: .der)
        let error = try #require(derError { _ = try strict.readOctetString("value") })
        #expect(error.kind == .nonMinimalLength)
        #expect(error.offset == 3)
    }

    @Test("package range initialiser refuses ranges outside the input")
    func rangeInitialiser() throws {
        let bytes = hex("30 03 02 01 05")
        let inside = try DERCursor(bytes: bytes, range: 2..<5, rules: .der)
        #expect(inside.remaining == 3)
        let error = try #require(derError { _ = try DERCursor(bytes: bytes, range: 2..<6, rules: .der) })
        #expect(error.kind == .lengthPastEnd)
    }

    @Test("error codes are stable and descriptions say what and where")
    func errorText() throws {
        let error = try #require(derError { _ = try walk(hex("30 04 04 05 01 02")) })
        #expect(error.code == "der.lengthPastEnd")
        #expect(error.description.hasSuffix("at byte 2"))
        #expect(DERError(.nestingTooDeep, at: 3, "x").code == "limit.nestingDepth")
        #expect(DERError(.tooMany, at: 3, "x").code == "limit.count")
        #expect(DERError(.truncated, at: 9, "length").description == "length: input ends too early at byte 9")
    }

    @Test(
        "tag names in messages",
        arguments: [
            (DERTag.sequence, "SEQUENCE"), (.set, "SET"), (.integer, "INTEGER"),
            (
                .constructedOctetString,
                "OCTET STRING constructed"
            ), (.contextConstructed(3), "[3] constructed"), (.contextPrimitive(0), "[0]"),
            (DERTag(.application, number: 1000, constructed: false), "[APPLICATION 1000]"),
            (DERTag(.private, number: 5, constructed: true), "[PRIVATE 5] constructed"),
            (DERTag(.universal, number: 16, constructed: false), "SEQUENCE (primitive)"),
            (.universal(99), "UNIVERSAL 99"),
        ])
    func tagDescriptions(_ tag: DERTag, _ text: String) {
        #expect(tag.description == text)
        #expect(tag.withConstructed(!tag.isConstructed).withConstructed(tag.isConstructed) == tag)
    }
}
