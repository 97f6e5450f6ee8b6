// DERCursor.walk (Walk.swift): pre-order visit of every element, depth-bounded, errors propagate.

import PureDER
import Testing

@Suite("DERCursor.walk")
struct WalkTests {
    @Test("visits every element in pre-order with its depth")
    func preOrder() throws {
        let bytes = hex("30 0A 02 01 05 A0 80 04 01 AA 00 00 05 00 30 00")
        var visited: [(DERTag, Int, Int)] = []
        try DERCursor(bytes, rules: .ber).walk { element throws(DERError) in
            visited.append((element.tag, element.start, element.depth))
        }
        #expect(visited.map { $0.0 } == [.sequence, .integer, .contextConstructed(0), .octetString, .null, .sequence])
        #expect(visited.map { $0.1 } == [0, 2, 5, 7, 12, 14])
        #expect(visited.map { $0.2 } == [0, 1, 1, 2, 0, 0])
    }

    @Test(
        "errors anywhere in the tree propagate with their offset",
        arguments: [
            ("30 05 30 03 04 05 00", EncodingRules.der, DERError.Kind.lengthPastEnd, 4),
            ("30 04 30 81 01 05", .der, .nonMinimalLength, 3),
            ("30 80 04 01 AA", .ber, .unterminatedIndefiniteLength, 0),
            ("30 02 00 00", .der, .unexpectedEndOfContents, 2),
        ])
    func errors(_ encoding: String, _ rules: EncodingRules, _ kind: DERError.Kind, _ offset: Int) throws {
        let error = try #require(derError { try DERCursor(hex(encoding), rules: rules).walk { _ throws(DERError) in } })
        #expect(error.kind == kind)
        #expect(error.offset == offset)
    }

    @Test("depth is bounded by Limits.maxNestingDepth")
    func depthBound() throws {
        var count = 0
        try DERCursor(nestedDefiniteSequences(levels: Limits.maxNestingDepth)).walk { _ throws(DERError) in count += 1 }
        #expect(count == Limits.maxNestingDepth)
        let bytes = nestedDefiniteSequences(levels: Limits.maxNestingDepth + 1)
        let error = try #require(derError { try DERCursor(bytes).walk { _ throws(DERError) in } })
        #expect(error.kind == .nestingTooDeep)
        #expect(error.offset == bytes.count - 2)
    }

    @Test("a visitor's error stops the walk")
    func visitorError() throws {
        var count = 0
        let error = try #require(
            derError {
                try DERCursor(hex("30 06 05 00 05 00 05 00")).walk { element throws(DERError) in
                    count += 1
                    if element.start == 4 { throw DERError(.invalidValue, at: element.start, "visitor") }
                }
            })
        #expect(error.context == "visitor")
        #expect(count == 3)
    }
}
