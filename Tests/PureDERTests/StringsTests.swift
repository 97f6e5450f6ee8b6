// Character strings (Primitives/Strings.swift): each type's repertoire (X.680 §41), strict UTF-8
// (RFC 3629), UCS-2 BMPString and UCS-4 UniversalString.

import PureDER
import Testing

let rejectedStrings: [RejectedPrimitive] = [
    // RFC 3629 §3: ill-formed UTF-8.
    RejectedPrimitive("UTF8String overlong NUL C0 80", .string(.utf8String), hex("0C 02 C0 80"), .invalidValue),
    RejectedPrimitive(
        "UTF8String overlong '/' E0 80 AF", .string(.utf8String), hex("0C 03 E0 80 AF"),
        .invalidValue),
    RejectedPrimitive(
        "UTF8String overlong F0 80 80 80", .string(.utf8String), hex("0C 04 F0 80 80 80"),
        .invalidValue),
    RejectedPrimitive("UTF8String surrogate ED A0 80", .string(.utf8String), hex("0C 03 ED A0 80"), .invalidValue),
    RejectedPrimitive("UTF8String surrogate ED BF BF", .string(.utf8String), hex("0C 03 ED BF BF"), .invalidValue),
    RejectedPrimitive("UTF8String truncated E2 82", .string(.utf8String), hex("0C 03 41 E2 82"), .invalidValue),
    RejectedPrimitive(
        "UTF8String truncated 4-byte F0 9F 98", .string(.utf8String), hex("0C 03 F0 9F 98"),
        .invalidValue),
    RejectedPrimitive("UTF8String lone continuation 80", .string(.utf8String), hex("0C 01 80"), .invalidValue),
    RejectedPrimitive("UTF8String above U+10FFFF", .string(.utf8String), hex("0C 04 F4 90 80 80"), .invalidValue),
    RejectedPrimitive("UTF8String byte FF", .string(.utf8String), hex("0C 01 FF"), .invalidValue),
    RejectedPrimitive("UTF8String 5-byte form", .string(.utf8String), hex("0C 05 F8 88 80 80 80"), .invalidValue),
    RejectedPrimitive("BER: UTF8String overlong", .string(.utf8String), hex("0C 02 C0 80"), .ber, .invalidValue),
    // X.680 §41.4 Table 10: PrintableString repertoire.
    RejectedPrimitive("PrintableString with '@'", .string(.printableString), hex("13 03 61 40 62"), .invalidValue),
    RejectedPrimitive("PrintableString with '*'", .string(.printableString), hex("13 01 2A"), .invalidValue),
    RejectedPrimitive("PrintableString with '&'", .string(.printableString), hex("13 01 26"), .invalidValue),
    RejectedPrimitive("PrintableString with '_'", .string(.printableString), hex("13 01 5F"), .invalidValue),
    RejectedPrimitive("PrintableString with NUL", .string(.printableString), hex("13 01 00"), .invalidValue),
    RejectedPrimitive(
        "PrintableString with é (UTF-8)", .string(.printableString), hex("13 02 C3 A9"),
        .invalidValue),
    // IA5String: 7-bit.
    RejectedPrimitive("IA5String with 0x80", .string(.ia5String), hex("16 02 41 80"), .invalidValue),
    RejectedPrimitive("IA5String with 0xFF", .string(.ia5String), hex("16 01 FF"), .invalidValue),
    // BMPString: UCS-2 big-endian.
    RejectedPrimitive("BMPString odd length", .string(.bmpString), hex("1E 03 00 41 00"), .invalidValue),
    RejectedPrimitive("BMPString high surrogate", .string(.bmpString), hex("1E 02 D8 3D"), .invalidValue),
    RejectedPrimitive(
        "BMPString surrogate pair (not UCS-2)", .string(.bmpString), hex("1E 04 D8 3D DE 00"),
        .invalidValue),
    RejectedPrimitive("BMPString low surrogate", .string(.bmpString), hex("1E 02 DC 00"), .invalidValue),
    // UniversalString: UCS-4 big-endian.
    RejectedPrimitive(
        "UniversalString length not a multiple of 4", .string(.universalString),
        hex("1C 03 00 00 41"), .invalidValue),
    RejectedPrimitive(
        "UniversalString above U+10FFFF", .string(.universalString), hex("1C 04 00 11 00 00"),
        .invalidValue),
    RejectedPrimitive(
        "UniversalString surrogate", .string(.universalString), hex("1C 04 00 00 D8 00"),
        .invalidValue),
    RejectedPrimitive(
        "UniversalString FFFFFFFF", .string(.universalString), hex("1C 04 FF FF FF FF"),
        .invalidValue),
    // Tags.
    RejectedPrimitive(
        "UTF8String with wrong tag", .string(.utf8String), hex("13 01 41"),
        .unexpectedTag(expected: .utf8String, found: .printableString)),
    RejectedPrimitive(
        "UTF8String constructed", .string(.utf8String), hex("2C 03 0C 01 41"),
        .unexpectedTag(
            expected: .utf8String,
            found: DERTag(.universal, number: 12, constructed: true))),
    // The any-string reader: invalid content of a string type, or a non-string tag.
    RejectedPrimitive("any string: invalid PrintableString", .anyString, hex("13 01 40"), .invalidValue),
    RejectedPrimitive("any string: invalid UTF8String", .anyString, hex("0C 01 FF"), .invalidValue),
    RejectedPrimitive(
        "any string: INTEGER", .anyString, hex("02 01 05"),
        .unexpectedTag(expected: .utf8String, found: .integer)),
    RejectedPrimitive(
        "any string: [0] primitive", .anyString, hex("80 01 41"),
        .unexpectedTag(expected: .utf8String, found: .contextPrimitive(0))),
    RejectedPrimitive(
        "any string: VisibleString (26) is not supported", .anyString, hex("1A 01 41"),
        .unexpectedTag(expected: .utf8String, found: .universal(26))),
    RejectedPrimitive("any string: constructed UTF8String", .anyString, hex("2C 03 0C 01 41"), .invalidValue),
]

@Suite("Character strings")
struct StringsTests {
    @Test("rejects", arguments: rejectedStrings)
    func rejects(_ rejected: RejectedPrimitive) throws {
        let error = try #require(derError { try rejected.reader.run(rejected.bytes, rules: rejected.rules) })
        #expect(error.kind == rejected.kind)
        #expect(error.offset == rejected.offset)
    }

    @Test(
        "accepted strings through the typed reader and the any-string reader",
        arguments: [
            ("0C 00", DERTag.utf8String, ""),
            ("0C 0E 68 C3 A9 6C 6C 6F 20 E2 9C 93 F0 9D 84 9E", .utf8String, "héllo ✓𝄞"),
            ("0C 01 00", .utf8String, "\u{0}"),
            ("0C 04 F4 8F BF BF", .utf8String, "\u{10FFFF}"),
            ("0C 03 EF BF BD", .utf8String, "\u{FFFD}"),
            ("13 0E 41 70 70 6C 65 20 49 6E 63 2E 20 28 31 29", .printableString, "Apple Inc. (1)"),
            ("13 0C 27 28 29 2B 2C 2D 2E 2F 3A 3D 3F 20", .printableString, "'()+,-./:=? "),
            ("16 05 61 40 62 2E 63", .ia5String, "a@b.c"),
            ("16 02 00 7F", .ia5String, "\u{0}\u{7F}"),
            ("14 02 41 E9", .t61String, "Aé"),
            ("1E 04 00 41 00 E9", .bmpString, "Aé"),
            ("1E 02 FF FD", .bmpString, "\u{FFFD}"),
            ("1C 08 00 00 00 41 00 01 D1 1E", .universalString, "A𝄞"),
            ("1C 04 00 10 FF FF", .universalString, "\u{10FFFF}"),
        ])
    func accepted(_ encoding: String, _ tag: DERTag, _ text: String) throws {
        var typed = try DERCursor(hex(encoding))
        #expect(try typed.readString(tag, "name") == text)
        #expect(typed.isAtEnd)
        var any = try DERCursor(hex(encoding))
        let decoded = try any.readString("name")
        #expect(decoded.tag == tag)
        #expect(decoded.value == text)
        #expect(any.isAtEnd)
    }

    @Test("decodeUTF8 is strict and non-allocating on the input (slice in the middle of an array)")
    func decodeUTF8Slice() {
        let bytes = hex("FF 41 C3 A9 FF")
        #expect(DERCursor.decodeUTF8(bytes[1..<4]) == "Aé")
        #expect(DERCursor.decodeUTF8(bytes[1..<3]) == nil)
        #expect(DERCursor.decodeString(number: 2, bytes[1..<2]) == nil, "not a string type")
    }

    @Test("implicitly tagged strings: the typed reader requires the tag it is given")
    func implicitStringTag() throws {
        var cursor = try DERCursor(hex("16 03 61 62 63"))
        #expect(try cursor.readString(.ia5String, "rfc822Name") == "abc")
        let error = try #require(
            derError {
                var other = try DERCursor(hex("16 01 61"))
                _ = try other.readString(.utf8String, "x")
            })
        #expect(error.kind == .unexpectedTag(expected: .utf8String, found: .ia5String))
    }
}
