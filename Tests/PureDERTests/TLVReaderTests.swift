// Identifier and length octets (TLVReader.swift): one named negative case per X.690 rule, read
// through the generic walker so every constructed element is descended, plus the accepted forms.

import PureDER
import Testing

/// A named input that must fail with `kind` at `offset` under `rules`.
struct RejectedTLV: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let rules: EncodingRules
    let kind: DERError.Kind
    let offset: Int
    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], _ kind: DERError.Kind, at offset: Int) {
        self.init(name, bytes, .der, kind, at: offset)
    }

    init(_ name: String, _ bytes: [UInt8], _ rules: EncodingRules, _ kind: DERError.Kind, at offset: Int) {
        self.name = name
        self.bytes = bytes
        self.rules = rules
        self.kind = kind
        self.offset = offset
    }
}

let rejectedTLVs: [RejectedTLV] = [
    // X.690 §8.1.2 / §8.1.3: the input ends inside the identifier or length octets.
    RejectedTLV("empty input", [], .truncated, at: 0),
    RejectedTLV("truncated tag: high form without subsequent octet", hex("1F"), .truncated, at: 1),
    RejectedTLV("truncated tag: last subsequent octet has bit 8 set", hex("1F 81"), .truncated, at: 2),
    RejectedTLV("truncated tag: BER", hex("BF 82"), .ber, .truncated, at: 2),
    RejectedTLV("truncated length: no length octet", hex("04"), .truncated, at: 1),
    RejectedTLV("truncated length: 81 without octet", hex("04 81"), .truncated, at: 2),
    RejectedTLV("truncated length: 82 with one octet", hex("04 82 01"), .truncated, at: 2),
    RejectedTLV("truncated length: BER 84 with three octets", hex("30 84 00 00 01"), .ber, .truncated, at: 2),
    // A definite length larger than what remains (input end or enclosing element end).
    RejectedTLV("truncated value", hex("04 05 01 02"), .lengthPastEnd, at: 0),
    RejectedTLV("truncated value inside SEQUENCE", hex("30 04 04 05 01 02"), .lengthPastEnd, at: 2),
    RejectedTLV(
        "length past end of enclosing SEQUENCE, inside input", hex("30 03 04 05 01 02 03 04 05"),
        .lengthPastEnd, at: 2),
    RejectedTLV("length 2^32-1 past end", hex("04 84 FF FF FF FF 00"), .lengthPastEnd, at: 0),
    RejectedTLV("SEQUENCE length past end", hex("30 03 05 00"), .lengthPastEnd, at: 0),
    // X.690 §10.1: DER uses the definite form only.
    RejectedTLV("DER: indefinite length 0x80 on SEQUENCE", hex("30 80 00 00"), .indefiniteLengthInDER, at: 1),
    RejectedTLV("DER: indefinite length 0x80 on primitive", hex("04 80 00 00"), .indefiniteLengthInDER, at: 1),
    RejectedTLV(
        "DER: indefinite length nested in SEQUENCE", hex("30 04 30 80 00 00"), .indefiniteLengthInDER,
        at: 3),
    // X.690 §8.1.3.5 c): 0xFF is reserved; our cap is Limits.maxLengthOctets = 4 length octets.
    RejectedTLV("length-of-length 0xFF", hex("04 FF 00"), .badLengthOfLength, at: 1),
    RejectedTLV("BER: length-of-length 0xFF", hex("04 FF 00"), .ber, .badLengthOfLength, at: 1),
    RejectedTLV("5 length octets", hex("04 85 00 00 00 00 01 AA"), .badLengthOfLength, at: 1),
    RejectedTLV("BER: 5 length octets", hex("04 85 00 00 00 00 01 AA"), .ber, .badLengthOfLength, at: 1),
    RejectedTLV("9 length octets", hex("04 89 00 00 00 00 00 00 00 00 01 AA"), .badLengthOfLength, at: 1),
    RejectedTLV(
        "BER: 9 length octets", hex("04 89 00 00 00 00 00 00 00 00 01 AA"), .ber, .badLengthOfLength,
        at: 1),
    // X.690 §10.1: DER lengths use the fewest octets.
    RejectedTLV("DER: non-minimal length 81 05", hex("04 81 05 01 02 03 04 05"), .nonMinimalLength, at: 1),
    RejectedTLV(
        "DER: non-minimal length 82 00 80", hex("04 82 00 80") + Array(repeating: 0xAB, count: 128),
        .nonMinimalLength, at: 1),
    RejectedTLV("DER: non-minimal length 81 00", hex("04 81 00"), .nonMinimalLength, at: 1),
    RejectedTLV("DER: non-minimal length 84 00 00 00 01", hex("04 84 00 00 00 01 AA"), .nonMinimalLength, at: 1),
    RejectedTLV(
        "DER: non-minimal length of nested SEQUENCE", hex("30 05 30 81 02 05 00"), .nonMinimalLength,
        at: 3),
    // X.690 §8.1.2.4.2 c): the first subsequent octet of a high tag number shall not be 0x80.
    RejectedTLV("high tag number with leading 0x80", hex("1F 80 21 00"), .nonMinimalTag, at: 1),
    RejectedTLV("BER: context high tag with leading 0x80", hex("BF 80 80 01 00"), .ber, .nonMinimalTag, at: 1),
    // X.690 §8.1.2.2: numbers 0…30 use the single-octet form.
    RejectedTLV("high form for tag number 30", hex("1F 1E 00"), .nonMinimalTag, at: 1),
    RejectedTLV("high form for tag number 0", hex("9F 00 00"), .nonMinimalTag, at: 1),
    RejectedTLV("high form for tag number 16, constructed", hex("3F 10 00"), .nonMinimalTag, at: 1),
    // Tag numbers are capped at 4 subsequent octets (28 bits).
    RejectedTLV("tag too large: 5 subsequent octets", hex("1F 81 80 80 80 01 00"), .tagTooLarge, at: 5),
    RejectedTLV("BER: tag too large", hex("FF 90 80 80 80 00 00"), .ber, .tagTooLarge, at: 5),
    // X.690 §8.1.5: end-of-contents only terminates an indefinite length.
    RejectedTLV("end-of-contents at top level", hex("00 00"), .unexpectedEndOfContents, at: 0),
    RejectedTLV("BER: end-of-contents at top level", hex("00 00"), .ber, .unexpectedEndOfContents, at: 0),
    RejectedTLV("end-of-contents inside definite SEQUENCE", hex("30 02 00 00"), .unexpectedEndOfContents, at: 2),
    RejectedTLV(
        "BER: end-of-contents inside definite SEQUENCE", hex("30 02 00 00"), .ber,
        .unexpectedEndOfContents, at: 2),
    RejectedTLV("end-of-contents with constructed bit", hex("20 00"), .unexpectedEndOfContents, at: 0),
    RejectedTLV("malformed end-of-contents 00 01 at top level", hex("00 01 AA"), .unexpectedEndOfContents, at: 0),
    RejectedTLV(
        "BER: malformed end-of-contents 00 01", hex("30 80 04 00 00 01"), .ber, .unexpectedEndOfContents,
        at: 4),
    RejectedTLV(
        "BER: malformed end-of-contents in nested indefinite", hex("30 80 30 80 00 05 00 00 00 00"), .ber,
        .unexpectedEndOfContents, at: 4),
    // X.690 §8.1.3.2 a): primitive encodings use the definite form.
    RejectedTLV("BER: indefinite primitive OCTET STRING", hex("04 80 01 AA 00 00"), .ber, .badLengthOfLength, at: 1),
    RejectedTLV(
        "BER: indefinite primitive INTEGER in SEQUENCE", hex("30 80 02 80 00 00 00 00"), .ber,
        .badLengthOfLength, at: 3),
    // Indefinite lengths whose end-of-contents never comes.
    RejectedTLV("BER: unterminated, no content", hex("30 80"), .ber, .unterminatedIndefiniteLength, at: 0),
    RejectedTLV(
        "BER: unterminated after a child", hex("30 80 04 01 AA"), .ber, .unterminatedIndefiniteLength,
        at: 0),
    RejectedTLV(
        "BER: unterminated, half end-of-contents", hex("30 80 04 01 AA 00"), .ber,
        .unterminatedIndefiniteLength, at: 0),
    RejectedTLV(
        "BER: nested, outer unterminated", hex("30 80 30 80 00 00"), .ber, .unterminatedIndefiniteLength,
        at: 0),
    RejectedTLV(
        "BER: nested, inner unterminated", hex("30 80 30 80 04 00"), .ber, .unterminatedIndefiniteLength,
        at: 2),
    RejectedTLV(
        "BER: three levels, outermost unterminated", hex("30 80 A0 80 30 80 00 00 00 00"), .ber,
        .unterminatedIndefiniteLength, at: 0),
    RejectedTLV(
        "BER: end-of-contents lies outside the enclosing definite element", hex("30 03 30 80 00 00 00"),
        .ber, .unterminatedIndefiniteLength, at: 2),
    RejectedTLV(
        "BER: indefinite inside definite, no end-of-contents at all", hex("30 04 24 80 04 00"), .ber,
        .unterminatedIndefiniteLength, at: 2),
    // Limits.maxNestingDepth bounds every descent.
    RejectedTLV(
        "nesting 65 definite SEQUENCEs", nestedDefiniteSequences(levels: 65), .nestingTooDeep,
        at: nestedDefiniteSequences(levels: 65).count - 2),
    // Limits.maxIndefiniteNesting (8) bounds indefinite lengths inside one another: the 9th is refused.
    RejectedTLV(
        "BER: nesting 9 indefinite SEQUENCEs", nestedIndefiniteSequences(levels: 9), .ber,
        .nestingTooDeep, at: 16),
    RejectedTLV(
        "BER: nesting 65 indefinite SEQUENCEs", nestedIndefiniteSequences(levels: 65), .ber,
        .nestingTooDeep, at: 16),
    RejectedTLV(
        "BER: nesting 100 indefinite SEQUENCEs", nestedIndefiniteSequences(levels: 100), .ber,
        .nestingTooDeep, at: 16),
    // Whole consumption: nothing may follow the outermost element.
    RejectedTLV("trailing byte after NULL", hex("05 00 00"), .trailingBytes, at: 2),
    RejectedTLV("second element after outermost", hex("30 00 30 00"), .trailingBytes, at: 2),
    RejectedTLV("BER: trailing byte after indefinite SEQUENCE", hex("30 80 00 00 00"), .ber, .trailingBytes, at: 4),
]

/// A named input that must be accepted and decode to `tree`.
struct AcceptedTLV: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let rules: EncodingRules
    let tree: WalkedNode
    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], _ tree: WalkedNode) {
        self.init(name, bytes, .der, tree)
    }

    init(_ name: String, _ bytes: [UInt8], _ rules: EncodingRules, _ tree: WalkedNode) {
        self.name = name
        self.bytes = bytes
        self.rules = rules
        self.tree = tree
    }
}

let acceptedTLVs: [AcceptedTLV] = [
    AcceptedTLV("empty SEQUENCE", hex("30 00"), .constructed(.sequence, [])),
    AcceptedTLV("NULL", hex("05 00"), .primitive(.null, [])),
    AcceptedTLV(
        "long form 81 80", hex("04 81 80") + Array(repeating: 7, count: 128),
        .primitive(.octetString, Array(repeating: 7, count: 128))),
    AcceptedTLV(
        "long form 82 01 00", hex("04 82 01 00") + Array(repeating: 9, count: 256),
        .primitive(.octetString, Array(repeating: 9, count: 256))),
    AcceptedTLV(
        "BER: non-minimal 81 05", hex("04 81 05 01 02 03 04 05"), .ber,
        .primitive(.octetString, [1, 2, 3, 4, 5])),
    AcceptedTLV(
        "BER: non-minimal 82 00 80", hex("04 82 00 80") + Array(repeating: 0xAB, count: 128), .ber,
        .primitive(.octetString, Array(repeating: 0xAB, count: 128))),
    AcceptedTLV(
        "BER: non-minimal 84 00 00 00 01", hex("04 84 00 00 00 01 AA"), .ber,
        .primitive(.octetString, [0xAA])),
    AcceptedTLV("BER: non-minimal 81 00", hex("04 81 00"), .ber, .primitive(.octetString, [])),
    AcceptedTLV(
        "high tag number 31", hex("1F 1F 00"),
        .primitive(DERTag(.universal, number: 31, constructed: false), [])),
    AcceptedTLV(
        "high tag number 2^28-1", hex("DF FF FF FF 7F 01 55"),
        .primitive(DERTag(.private, number: 268_435_455, constructed: false), [0x55])),
    AcceptedTLV(
        "[APPLICATION 1000] constructed", hex("7F 87 68 02 05 00"),
        .constructed(DERTag(.application, number: 1000, constructed: true), [.primitive(.null, [])])),
    AcceptedTLV("[30] low form", hex("BE 00"), .constructed(.contextConstructed(30), [])),
    AcceptedTLV(
        "BER: indefinite with definite and indefinite children",
        hex("30 80 02 01 05 A0 80 04 01 AA 00 00 00 00"), .ber,
        .constructed(
            .sequence,
            [
                .primitive(.integer, [5]),
                .constructed(.contextConstructed(0), [.primitive(.octetString, [0xAA])]),
            ])),
    AcceptedTLV("BER: empty indefinite SEQUENCE", hex("30 80 00 00"), .ber, .constructed(.sequence, [])),
    AcceptedTLV(
        "BER: DER input is valid BER", hex("30 03 02 01 05"), .ber,
        .constructed(.sequence, [.primitive(.integer, [5])])),
]

@Suite("TLV reader: identifier and length octets")
struct TLVReaderTests {
    @Test("rejects", arguments: rejectedTLVs)
    func rejects(_ rejected: RejectedTLV) throws {
        let error = try #require(derError { _ = try walk(rejected.bytes, rules: rejected.rules) })
        #expect(error.kind == rejected.kind)
        #expect(error.offset == rejected.offset)
    }

    // X.690 §10 (DER: definite, minimal lengths) and X.690 §8 (BER: indefinite lengths, non-minimal definite lengths): the accepted forms under each rule set.
    @Test("accepts", arguments: acceptedTLVs)
    func accepts(_ accepted: AcceptedTLV) throws {
        #expect(try walk(accepted.bytes, rules: accepted.rules) == accepted.tree)
    }

    @Test("64 nested definite SEQUENCEs are accepted (the limit itself)")
    func nestingAtLimitDefinite() throws {
        let tree = try walk(nestedDefiniteSequences(levels: Limits.maxNestingDepth))
        #expect(tree.count == Limits.maxNestingDepth)
    }

    @Test("8 nested indefinite SEQUENCEs are accepted under BER (the indefinite-nesting limit itself)")
    func nestingAtLimitIndefinite() throws {
        let tree = try walk(nestedIndefiniteSequences(levels: Limits.maxIndefiniteNesting), rules: .ber)
        #expect(tree.count == Limits.maxIndefiniteNesting)
    }

    @Test("indefinite elements inside definite ones count towards maxNestingDepth, not maxIndefiniteNesting")
    func indefiniteInsideDeepDefinite() throws {
        // 56 definite levels around 8 indefinite levels: 64 constructed levels in all.
        var inner = nestedIndefiniteSequences(levels: Limits.maxIndefiniteNesting)
        for _ in 0..<(Limits.maxNestingDepth - Limits.maxIndefiniteNesting) {
            inner = [0x30, 0x82, UInt8(inner.count >> 8), UInt8(inner.count & 0xFF)] + inner
        }
        let tree = try walk(inner, rules: .ber)
        #expect(tree.count == Limits.maxNestingDepth)
    }

    // Limits.maxIndefiniteElements: finding the end of an indefinite length reads a bounded count of
    // headers, nested indefinite children included, so rescans by enclosing levels stay cheap.
    @Test("Limits.maxIndefiniteElements: 8192 elements inside an indefinite length are read, 8193 refused")
    func indefiniteElementCount() throws {
        func indefinite(_ count: Int, _ child: [UInt8]) -> [UInt8] {
            [0x30, 0x80] + Array(repeating: child, count: count).flatMap { $0 } + [0x00, 0x00]
        }
        let limit = Limits.maxIndefiniteElements
        var atLimit = try DERCursor(indefinite(limit, [0x05, 0x00]), rules: .ber)
        #expect(try atLimit.readElement().end == 4 + 2 * limit)
        for child: [UInt8] in [[0x05, 0x00], [0x30, 0x80, 0x00, 0x00]] {
            var over = try DERCursor(indefinite(limit + 1, child), rules: .ber)
            let error = try #require(derError { _ = try over.readElement() })
            #expect(error.kind == .tooMany)
            #expect(error.offset == 2 + child.count * limit)
        }
    }

    @Test("nesting is bounded even when the caller never descends: a BER scan stops at the limit")
    func indefiniteScanIsBounded() throws {
        var cursor = try DERCursor(nestedIndefiniteSequences(levels: 10_000), rules: .ber)
        let error = try #require(derError { _ = try cursor.readElement() })
        #expect(error.kind == .nestingTooDeep)
        #expect(error.offset == 2 * Limits.maxIndefiniteNesting)
    }
}
