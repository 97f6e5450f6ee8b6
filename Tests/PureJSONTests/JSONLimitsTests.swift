// RFC 8259 §9 limits: every bound of JSONLimits, just inside and just over.

import PureJSON
import Testing

@Suite("JSON limits (RFC 8259 §9)")
struct JSONLimitsTests {
    @Test("RFC 8259 §9: input size")
    func inputSize() {
        let ok = [UInt8](repeating: 0x20, count: JSONLimits.maxInputBytes - 1) + [0x31]
        #expect(failure(ok) == nil)
        #expect(failure(ok + [0x20]) == JSONError(.inputTooLarge, at: 0))
    }

    @Test("RFC 8259 §9: nesting depth, arrays and objects")
    func depth() {
        let n = JSONLimits.maxDepth
        #expect(failure(String(repeating: "[", count: n) + String(repeating: "]", count: n)) == nil)
        #expect(
            failure(String(repeating: "[", count: n + 1) + String(repeating: "]", count: n + 1))
                == JSONError(.nestingTooDeep, at: n))
        let objects = String(repeating: "{\"a\":", count: n) + "1" + String(repeating: "}", count: n)
        #expect(failure(objects) == nil)
        let deeper = String(repeating: "{\"a\":", count: n + 1) + "1" + String(repeating: "}", count: n + 1)
        #expect(failure(deeper) == JSONError(.nestingTooDeep, at: 5 * n))
        // Far deeper than the limit: refused without exhausting the stack.
        #expect(failure(String(repeating: "[", count: 1_000_000))?.kind == .nestingTooDeep)
    }

    @Test("RFC 8259 §9: string length, strings and numbers")
    func stringLength() {
        let n = JSONLimits.maxStringBytes
        #expect(failure("\"" + String(repeating: "a", count: n - 1) + "\"") == nil)
        #expect(failure("[\"" + String(repeating: "a", count: n) + "\"]") == JSONError(.stringTooLong, at: 1))
        #expect(failure(String(repeating: "1", count: n)) == nil)
        #expect(failure("[" + String(repeating: "1", count: n + 1) + "]") == JSONError(.stringTooLong, at: 1))
    }

    @Test("RFC 8259 §9: object members")
    func members() {
        func object(_ count: Int) -> String {
            "{" + (0..<count).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
        }
        #expect(failure(object(JSONLimits.maxObjectMembers)) == nil)
        let over = object(JSONLimits.maxObjectMembers + 1)
        let offset = Array(over.utf8).count - Array("\"k\(JSONLimits.maxObjectMembers)\":0}".utf8).count
        #expect(failure(over) == JSONError(.tooManyMembers, at: offset))
    }

    @Test("RFC 8259 §9: array elements")
    func elements() {
        let n = JSONLimits.maxArrayElements
        #expect(failure("[" + String(repeating: "0,", count: n - 1) + "0]") == nil)
        #expect(failure("[" + String(repeating: "0,", count: n) + "0]") == JSONError(.tooManyElements, at: 1 + 2 * n))
    }
}
