// Tests for JSONWriter: exact compact and pretty output, escaping checked by parsing the output
// with Foundation (JSONSerialization, JSONDecoder), exact 64-bit integers, and misuse detection.

import Foundation
import Testing

@testable import PureReceipt

@Suite("JSON writer")
struct JSONWriterTests {
    /// The sample document. With `depthOffset`, every member name is a `Key` made for its real
    /// depth plus `depthOffset` (0: the one-copy path for every member; any other: the general
    /// path, including depths a `Key` does not carry); without, names are string literals.
    private func sample(pretty: Bool, depthOffset: Int? = nil) -> JSONWriter {
        func k(_ name: String, _ depth: Int) -> JSONWriter.Key {
            depthOffset.map { JSONWriter.Key(name, depth: depth + $0) } ?? JSONWriter.Key(stringLiteral: name)
        }
        var w = JSONWriter(pretty: pretty)
        w.beginObject()
        w.field(k("status", 1), Int64(0))
        w.key(k("receipt", 1))
        w.beginObject()
        w.field(k("bundle_id", 2), "com.example.app")
        w.key(k("in_app", 2))
        w.beginArray()
        w.beginObject()
        w.field(k("quantity", 4), "1")
        w.field(k("is_trial_period", 4), false)
        w.endObject()
        w.endArray()
        w.key(k("empty_array", 2))
        w.beginArray()
        w.endArray()
        w.key(k("empty_object", 2))
        w.beginObject()
        w.endObject()
        w.key(k("nothing", 2))
        w.null()
        w.endObject()
        w.field(k("is_retryable", 1), true)
        w.endObject()
        return w
    }

    @Test(
        "names made for any depth write the same text as plain names",
        arguments: [0, -1, 1, -2, 2, -5, 28, 29, 40, Int.min / 2, Int.max / 2])
    func namesForADepth(depthOffset: Int) {
        for pretty in [false, true] {
            let w = sample(pretty: pretty, depthOffset: depthOffset)
            #expect(w.isWellFormed)
            #expect(w.text == sample(pretty: pretty).text)
        }
    }

    @Test("compact output, exactly")
    func compact() {
        let w = sample(pretty: false)
        #expect(w.isWellFormed)
        #expect(
            w.text
                == #"{"status":0,"receipt":{"bundle_id":"com.example.app","in_app":[{"quantity":"1","is_trial_period":false}],"empty_array":[],"empty_object":{},"nothing":null},"is_retryable":true}"#
        )
    }

    @Test("pretty output with two-space indent, exactly")
    func pretty() {
        let w = sample(pretty: true)
        #expect(w.isWellFormed)
        let expected = """
            {
              "status": 0,
              "receipt": {
                "bundle_id": "com.example.app",
                "in_app": [
                  {
                    "quantity": "1",
                    "is_trial_period": false
                  }
                ],
                "empty_array": [],
                "empty_object": {},
                "nothing": null
              },
              "is_retryable": true
            }
            """
        #expect(w.text == expected)
    }

    @Test("both forms parse with JSONSerialization to the same value")
    func parsesBack() throws {
        let a = try JSONSerialization.jsonObject(with: Data(sample(pretty: false).text.utf8)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(sample(pretty: true).text.utf8)) as? NSDictionary
        #expect(a != nil)
        #expect(a == b)
    }

    @Test(
        "escapes: control characters, quote, backslash; non-ASCII verbatim",
        arguments: [
            "plain", "", "quote \" inside", "back\\slash", "tab\tnewline\ncr\r", "nul\u{0}unit\u{1F}", "del\u{7F}",
            "é 日本 🎉 \u{2028}\u{2029}", "\\\"\\\"", "/slash/", "\u{FEFF}bom", String(repeating: "x\u{1}", count: 300),
        ])
    func escapes(_ s: String) throws {
        var w = JSONWriter()
        w.beginArray()
        w.string(s)
        w.endArray()
        #expect(w.isWellFormed)
        #expect(try JSONDecoder().decode([String].self, from: Data(w.text.utf8)) == [s])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(w.text.utf8)) as? [String])
        // Foundation's JSONSerialization (Linux) drops a U+FEFF at the start of a string value
        // when it builds the NSString; JSONDecoder above keeps it. Compare modulo that quirk.
        #expect(parsed == [s.hasPrefix("\u{FEFF}") ? String(s.unicodeScalars.dropFirst()) : s])
        // No raw control character survives in the text.
        #expect(!w.text.unicodeScalars.contains { $0.value < 0x20 })
    }

    // RFC 8259 §7: quotation mark, reverse solidus and U+0000…U+001F are escaped.
    @Test("all 32 control characters are written as \\u00XX")
    func controlForms() throws {
        let all = String(String.UnicodeScalarView((0..<32).compactMap { Unicode.Scalar(UInt8($0)) }))
        var w = JSONWriter()
        w.string(all)
        let expected =
            "\"" + (0..<32).map { "\\u00" + ($0 < 16 ? "0" : "1") + String($0 % 16, radix: 16) }.joined() + "\""
        #expect(w.text == expected)
        #expect(try JSONSerialization.jsonObject(with: Data(w.text.utf8), options: .fragmentsAllowed) as? String == all)
    }

    @Test("random strings round-trip through JSONSerialization")
    func randomStrings() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<40, using: &rng) {
                let v = UInt32.random(in: 0...0x1_0FFF, using: &rng)
                let pick = [UInt32.random(in: 0..<0x80, using: &rng), v][Int.random(in: 0...1, using: &rng)]
                if let s = Unicode.Scalar(pick) { scalars.append(s) }
            }
            let s = String(scalars)
            var w = JSONWriter()
            w.beginObject()
            w.key(s)
            w.string(s)
            w.endObject()
            #expect(try JSONDecoder().decode([String: String].self, from: Data(w.text.utf8)) == [s: s])
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(w.text.utf8)) as? [String: String])
            if !s.hasPrefix("\u{FEFF}") { #expect(parsed == [s: s]) }  // see `escapes` for the U+FEFF quirk
        }
    }

    struct Numbers: Decodable, Equatable {
        let umax: UInt64
        let imin: Int64
        let imax: Int64
        let zero: Int64
    }

    @Test("64-bit integers are written exactly")
    func integers() throws {
        var w = JSONWriter()
        w.beginObject()
        w.field("umax", UInt64.max)
        w.field("imin", Int64.min)
        w.field("imax", Int64.max)
        w.field("zero", Int64(0))
        w.endObject()
        #expect(
            w.text == #"{"umax":18446744073709551615,"imin":-9223372036854775808,"imax":9223372036854775807,"zero":0}"#)
        let decoded = try JSONDecoder().decode(Numbers.self, from: Data(w.text.utf8))
        #expect(decoded == Numbers(umax: .max, imin: .min, imax: .max, zero: 0))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(w.text.utf8)) as? [String: Any])
        #expect((object["imin"] as? NSNumber)?.int64Value == Int64.min)
        #expect((object["umax"] as? NSNumber)?.uint64Value == UInt64.max)
    }

    @Test("decimals of every length and zero padding are the text of String(value)")
    func decimals() {
        var values: [UInt64] = [0, 1, 9, 10, 99, 100, UInt64.max, UInt64.max - 1, 1_595_439_195_000]
        var power: UInt64 = 1
        while power <= UInt64.max / 10 {
            power *= 10
            values += [power - 1, power, power + 1, power / 10 * 9 + 7]
        }
        for value in values {
            for width in [-1, 0, 1, 4, 8, 9, 13, 20, 25] {
                var bytes: [UInt8] = []
                bytes.append(addingCapacity: 20) { appendDecimal(value, width: width, to: &$0) }
                let digits = String(value)
                let padded = String(repeating: "0", count: max(0, min(width, 20) - digits.count)) + digits
                #expect(String(decoding: bytes, as: UTF8.self) == padded, "\(value) width \(width)")
            }
        }
    }

    @Test("a member made with its constant value writes the same text as its name and string value")
    func constantMembers() {
        for pretty in [false, true] {
            for depth in [1, 2] {
                var a = JSONWriter(pretty: pretty)
                var b = JSONWriter(pretty: pretty)
                a.beginObject()
                b.beginObject()
                for (index, name) in ["first", "second"].enumerated() {
                    a.member(JSONWriter.Key(name, depth: depth, value: "\(index)\""))
                    b.field(JSONWriter.Key(name), "\(index)")
                }
                a.endObject()
                b.endObject()
                #expect(a.isWellFormed && b.isWellFormed)
                #expect(a.text == b.text, "pretty \(pretty), depth \(depth)")
            }
        }
    }

    @Test("top-level scalars are well formed")
    func scalars() {
        var w = JSONWriter()
        w.integer(Int64(-5))
        #expect(w.isWellFormed)
        #expect(w.text == "-5")
    }

    enum Misuse: String, CaseIterable, Sendable {
        case valueWithoutKey, keyInArray, keyAtTopLevel, twoKeys, unbalancedEnd, wrongEnd, unclosed
        case twoTopLevelValues, keyWithoutValue, nothingWritten
    }

    @Test("misuse is reported by isWellFormed, never a trap", arguments: Misuse.allCases)
    func misuse(_ m: Misuse) {
        var w = JSONWriter()
        switch m {
        case .valueWithoutKey:
            w.beginObject()
            w.integer(Int64(1))
            w.endObject()
        case .keyInArray:
            w.beginArray()
            w.key("k")
            w.null()
            w.endArray()
        case .keyAtTopLevel:
            w.key("k")
            w.null()
        case .twoKeys:
            w.beginObject()
            w.key("a")
            w.key("b")
            w.null()
            w.endObject()
        case .unbalancedEnd:
            w.beginArray()
            w.endArray()
            w.endArray()
        case .wrongEnd:
            w.beginArray()
            w.endObject()
        case .unclosed:
            w.beginObject()
            w.field("a", true)
        case .twoTopLevelValues:
            w.null()
            w.null()
        case .keyWithoutValue:
            w.beginObject()
            w.key("a")
            w.endObject()
        case .nothingWritten: break
        }
        #expect(!w.isWellFormed)
    }
}
