// DERCursor.scan (Walk.swift): the same pre-order as `walk`, tags and content ranges only; descent
// into a primitive's content only when the visitor asks, depth-bounded; errors propagate.

import PureDER
import Testing

@Suite("DERCursor.scan")
struct ScanTests {
    @Test(
        "visits what walk visits, in the same order, with the same content ranges",
        arguments: [
            ("30 0A 02 01 05 A0 80 04 01 AA 00 00 05 00 30 00", EncodingRules.ber),
            ("31 0B 30 09 02 01 11 02 01 01 04 01 AA", .der),
            ("", .der),
        ])
    func sameAsWalk(_ encoding: String, _ rules: EncodingRules) throws {
        let cursor = try DERCursor(hex(encoding), rules: rules)
        var walked: [(DERTag, Range<Int>)] = []
        try cursor.walk { element throws(DERError) in walked.append((element.tag, element.contentRange)) }
        var scanned: [(DERTag, Range<Int>)] = []
        try cursor.scan { tag, content throws(DERError) in
            scanned.append((tag, content))
            return false
        }
        #expect(scanned.map { $0.0 } == walked.map { $0.0 })
        #expect(scanned.map { $0.1 } == walked.map { $0.1 })
    }

    @Test("a primitive is descended into only when the visitor asks")
    func primitiveDescent() throws {
        // SEQUENCE { OCTET STRING { SEQUENCE { INTEGER 5 } } }
        let bytes = hex("30 07 04 05 30 03 02 01 05")
        for descend in [false, true] {
            var tags: [DERTag] = []
            try DERCursor(bytes).scan { tag, _ throws(DERError) in
                tags.append(tag)
                return descend && tag == .octetString
            }
            #expect(tags == (descend ? [.sequence, .octetString, .sequence, .integer] : [.sequence, .octetString]))
        }
        // Content that is not DER fails when descended into.
        let error = try #require(
            derError {
                try DERCursor(hex("04 02 30 05")).scan { _, _ throws(DERError) in true }
            })
        #expect(error.kind == .lengthPastEnd)
    }

    @Test("descent into primitives is bounded by Limits.maxNestingDepth")
    func primitiveDepthBound() throws {
        // OCTET STRING inside OCTET STRING … (deeper than the limit), innermost empty.
        var bytes: [UInt8] = [0x04, 0x00]
        for _ in 0..<(Limits.maxNestingDepth + 1) {
            // DER length: short form below 128, else 0x81 and one octet (the total stays below 256).
            bytes = (bytes.count < 128 ? [0x04, UInt8(bytes.count)] : [0x04, 0x81, UInt8(bytes.count)]) + bytes
        }
        #expect(bytes.count < 256)
        let error = try #require(derError { try DERCursor(bytes).scan { _, _ throws(DERError) in true } })
        #expect(error.kind == .nestingTooDeep)
        var count = 0
        let shallow: [UInt8] = [0x04, 0x02, 0x04, 0x00]
        try DERCursor(shallow).scan { _, _ throws(DERError) in
            count += 1
            return true
        }
        #expect(count == 2)
    }

    @Test(
        "errors and the visitor's own error propagate",
        arguments: [
            ("30 05 30 03 04 05 00", EncodingRules.der, DERError.Kind.lengthPastEnd, 4),
            ("30 80 04 01 AA", .ber, .unterminatedIndefiniteLength, 0),
            ("30 02 00 00", .der, .unexpectedEndOfContents, 2),
        ])
    func errors(_ encoding: String, _ rules: EncodingRules, _ kind: DERError.Kind, _ offset: Int) throws {
        let error = try #require(
            derError {
                try DERCursor(hex(encoding), rules: rules).scan { _, _ throws(DERError) in false }
            })
        #expect(error.kind == kind)
        #expect(error.offset == offset)
        let visitor = try #require(
            derError {
                try DERCursor(hex("30 00")).scan { _, content throws(DERError) in
                    throw DERError(.invalidValue, at: content.lowerBound, "visitor")
                }
            })
        #expect(visitor.context == "visitor")
    }
}
