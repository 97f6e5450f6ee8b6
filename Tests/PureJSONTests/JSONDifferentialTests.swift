// Differential test against Foundation's JSONSerialization (test target only): random documents
// are read by both and must give the same tree; random mutations of them that we accept must be
// accepted by Foundation too, with the same tree (we are stricter, never looser).

import Foundation
import PureJSON
import Testing

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct TestRNG {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Random JSON text: nesting ≤ 4, strings with escapes and scalars from every UTF-8 length.
func randomDocument(_ rng: inout TestRNG, depth: Int = 0) -> String {
    switch rng.below(depth >= 4 ? 5 : 7) {
    case 0: return ["null", "true", "false"][rng.below(3)]
    case 1: return randomNumber(&rng)
    case 2, 3, 4: return randomString(&rng)
    case 5:
        let items = (0..<rng.below(5)).map { _ in randomDocument(&rng, depth: depth + 1) }
        return "[" + items.joined(separator: rng.below(2) == 0 ? "," : " , ") + "]"
    default:
        var names = Set<String>()
        var members: [String] = []
        for _ in 0..<rng.below(5) {
            let name = "k\(rng.below(8))"
            guard names.insert(name).inserted else { continue }
            members.append("\"\(name)\":" + randomDocument(&rng, depth: depth + 1))
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}

func randomNumber(_ rng: inout TestRNG) -> String {
    var text = rng.below(3) == 0 ? "-" : ""
    text += rng.below(4) == 0 ? "0" : String(1 + rng.below(9)) + String(rng.next() % 1_000_000_000_000)
    if rng.below(2) == 0 { text += "." + String(rng.below(100_000)) }
    if rng.below(4) == 0 { text += ["e", "E", "e+", "e-"][rng.below(4)] + String(rng.below(30)) }
    return text
}

func randomString(_ rng: inout TestRNG) -> String {
    let pieces = [
        "a", "Z", " ", "\\n", "\\\"", "\\\\", "\\/", "\\u0041", "\\u00e9", "\\uD83D\\uDE00", "\u{E9}",
        "\u{20AC}", "\u{1F600}", "\u{10FFFF}", "\\t", "\\u0000", "\u{7F}",
    ]
    return "\"" + (0..<rng.below(8)).map { _ in pieces[rng.below(pieces.count)] }.joined() + "\""
}

/// Whether our tree and Foundation's object are the same JSON value.
func sameValue(_ ours: JSONValue, _ theirs: Any) -> Bool {
    switch ours {
    case .null: return theirs is NSNull
    case .bool(let b): return (theirs as? Bool) == b
    case .number(let n):
        // Foundation gives NSDecimalNumber for long decimals (exact), a binary NSNumber otherwise.
        if let decimal = theirs as? NSDecimalNumber, let mine = Decimal(string: n.text) {
            return decimal.decimalValue == mine
        }
        guard let number = theirs as? NSNumber, let mine = Double(n.text) else { return false }
        return number.doubleValue == mine
    case .string(let s):
        guard let t = theirs as? String else { return false }
        return s.unicodeScalars.elementsEqual(t.unicodeScalars)
    case .array(let a):
        guard let t = theirs as? [Any], t.count == a.count else { return false }
        return zip(a, t).allSatisfy { sameValue($0, $1) }
    case .object(let o):
        guard let t = theirs as? [String: Any], t.count == o.members.count else { return false }
        return o.members.allSatisfy { m in t[m.name].map { sameValue(m.value, $0) } ?? false }
    }
}

/// Whether a number in the tree is outside Double's range (Foundation refuses those: a range
/// limit RFC 8259 §9 allows; we keep the literal text instead).
func hasHugeNumber(_ value: JSONValue) -> Bool {
    switch value {
    case .number(let n): return !(Double(n.text)?.isFinite ?? false)
    case .array(let a): return a.contains(where: hasHugeNumber)
    case .object(let o): return o.members.contains { hasHugeNumber($0.value) }
    default: return false
    }
}

func foundationRead(_ bytes: [UInt8]) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
}

@Suite("JSON differential against Foundation")
struct JSONDifferentialTests {
    @Test("Random valid documents: both accept, same tree")
    func randomDocuments() throws {
        var rng = TestRNG(state: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<2000 {
            let text = randomDocument(&rng)
            let ours = try JSONReader.read(text)
            let theirs = try #require(foundationRead(Array(text.utf8)), "Foundation rejected \(text)")
            #expect(sameValue(ours, theirs), "\(text)")
        }
    }

    @Test("Random mutations: whatever we accept, Foundation accepts with the same tree")
    func mutations() {
        var rng = TestRNG(state: 0xD1B5_4A32_D192_ED03)
        var acceptedCount = 0
        var rejectedCount = 0
        let bytesToUse: [UInt8] = [
            0x22, 0x5C, 0x2C, 0x3A, 0x5B, 0x5D, 0x7B, 0x7D, 0x30, 0x2D, 0x65, 0x2E, 0x20, 0x80, 0xC3,
        ]
        for _ in 0..<4000 {
            var bytes = Array(randomDocument(&rng).utf8)
            for _ in 0..<(1 + rng.below(2)) {
                let at = rng.below(bytes.count + 1)
                switch rng.below(3) {
                case 0: bytes.insert(bytesToUse[rng.below(bytesToUse.count)], at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = bytesToUse[rng.below(bytesToUse.count)] }
                }
            }
            guard let ours = try? JSONReader.read(bytes) else {
                rejectedCount += 1
                continue
            }
            acceptedCount += 1
            if hasHugeNumber(ours) { continue }
            let theirs = foundationRead(bytes)
            #expect(theirs != nil, "we accept, Foundation rejects: \(String(decoding: bytes, as: UTF8.self))")
            if let theirs { #expect(sameValue(ours, theirs), "\(bytes)") }
        }
        #expect(acceptedCount > 100 && rejectedCount > 100)
    }
}
