// Absolute offsets: an error deep inside a nested structure reports the offset of the offending
// octets in the whole input, not relative to the enclosing element.

import PureDER
import Testing

/// `bytes` with the first occurrence of `pattern` at or after `from` replaced by `replacement`
/// (same length, so every enclosing length stays valid), and the offset where it was.
func replacingFirst(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8], from: Int = 0)
    -> (bytes: [UInt8], offset: Int)?
{
    guard pattern.count == replacement.count, bytes.count >= pattern.count, from <= bytes.count - pattern.count else {
        return nil
    }
    for start in from...(bytes.count - pattern.count) where Array(bytes[start..<start + pattern.count]) == pattern {
        var out = bytes
        out.replaceSubrange(start..<start + pattern.count, with: replacement)
        return (out, start)
    }
    return nil
}

@Suite("Absolute error offsets")
struct OffsetTests {
    @Test(
        "a corrupted element deep inside a structure is reported at its absolute offset",
        arguments: [
            // (fixture, rules, pattern, replacement, expected kind, offset of the error from the match)
            (
                "certificate: NULL → end-of-contents", SweepFixtures.certificate, EncodingRules.der, "05 00", "00 00",
                DERError.Kind.unexpectedEndOfContents, 0
            ),
            (
                "certificate: NULL → high-form tag 0", SweepFixtures.certificate, .der, "05 00", "1F 00",
                .nonMinimalTag, 1
            ),
            (
                "certificate: NULL → indefinite SEQUENCE", SweepFixtures.certificate, .der, "05 00", "30 80",
                .indefiniteLengthInDER, 1
            ),
            (
                "certificate: serial length 09 → 81 09", SweepFixtures.certificate, .der, "02 09 00 80", "02 81 09 00",
                .nonMinimalLength, 1
            ),
            (
                "certificate: BOOLEAN → indefinite primitive", SweepFixtures.certificate, .der, "01 01 FF", "01 80 FF",
                .indefiniteLengthInDER, 1
            ),
            (
                "Xcode envelope: NULL → end-of-contents", SweepFixtures.xcodeReceipt, .ber, "05 00", "00 00",
                .unexpectedEndOfContents, 0
            ),
            (
                "Xcode envelope: NULL → 00 01", SweepFixtures.xcodeReceipt, .ber, "05 00", "00 01",
                .unexpectedEndOfContents, 0
            ),
            (
                "Xcode envelope: NULL → 0xFF length", SweepFixtures.xcodeReceipt, .ber, "05 00", "05 FF",
                .badLengthOfLength, 1
            ),
            (
                "Xcode envelope: SignedData version → INTEGER length 0x85", SweepFixtures.xcodeReceipt, .ber,
                "02 01 01 31", "02 85 01 31", .badLengthOfLength, 1
            ),
            (
                "Xcode envelope: certificate NULL → indefinite primitive", SweepFixtures.xcodeReceipt, .ber,
                "05 00 03 82",
                "05 80 03 82", .badLengthOfLength, 1
            ),
        ])
    func deepOffsets(
        _ name: String, _ fixture: [UInt8], _ rules: EncodingRules, _ pattern: String,
        _ replacement: String, _ kind: DERError.Kind, _ delta: Int
    ) throws {
        // Start past the first 8 octets so the match is never in the outermost headers.
        let (bytes, offset) = try #require(replacingFirst(hex(pattern), with: hex(replacement), in: fixture, from: 8))
        let error = try #require(derError { _ = try walk(bytes, rules: rules) })
        #expect(error.kind == kind)
        #expect(error.offset == offset + delta)
    }

    @Test("grammar-driven readers report absolute offsets inside a BER envelope")
    func grammarOffsets() throws {
        // A definite SEQUENCE inside two indefinite levels; its second INTEGER is not minimal.
        let bytes = hex("30 80 A0 80 30 07 02 01 01 02 02 00 05 00 00 00 00")
        var cursor = try DERCursor(bytes, rules: .ber)
        var outer = try cursor.readSequence("outer")
        var tagged = try outer.read(.contextConstructed(0), "tagged")
        var inner = try tagged.readSequence("inner")
        #expect(try inner.readInt64("a") == 1)
        let error = try #require(derError { _ = try inner.readInt64("b") })
        #expect(error.kind == .invalidValue)
        #expect(error.offset == 9)
        #expect(error.description.hasSuffix("at byte 9"))
    }
}
