// RFC 8259 grammar: accepted and rejected texts, with the error kind and the byte offset.

import PureJSON
import Testing

@Suite("JSON grammar (RFC 8259)")
struct JSONGrammarTests {
    // RFC 8259 §2 (JSON-text = ws value ws), RFC 8259 §3 (values and literal names),
    // RFC 8259 §4 (objects), RFC 8259 §5 (arrays), RFC 8259 §6 (numbers), RFC 8259 §7 (strings).
    static let valid: [String] = [
        "null", "true", "false", "0", "-0", "1", "-1", "12.5", "0.0", "1e5", "1E+5", "1e-5", "-0.0e0",
        "\"\"", "\"abc\"", "[]", "[ ]", "{}", "{ }", " \t\r\n1\n", "[1,2,3]", "[[[]]]",
        "{\"a\":1,\"b\":[true,false,null],\"c\":{\"d\":\"e\"}}", " { \"a\" : 1 , \"b\" : 2 } ",
        "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\"]", "123456789012345678901234567890",
    ]

    @Test("RFC 8259 §2 §3 §4 §5 §6 §7: valid texts are accepted", arguments: valid)
    func accepts(text: String) {
        #expect(failure(text) == nil)
    }

    static let invalid: [(String, JSONError.Kind, Int)] = [
        ("", .truncated, 0),
        (" ", .truncated, 1),
        ("nul", .truncated, 3),
        ("nulL", .unexpectedByte, 0),
        ("True", .unexpectedByte, 0),
        ("NaN", .unexpectedByte, 0),
        ("Infinity", .unexpectedByte, 0),
        ("undefined", .unexpectedByte, 0),
        ("'a'", .unexpectedByte, 0),
        ("1 2", .trailingBytes, 2),
        ("{}{}", .trailingBytes, 2),
        ("[1,]", .unexpectedByte, 3),
        ("[,1]", .unexpectedByte, 1),
        ("[1 2]", .unexpectedByte, 3),
        ("[1", .truncated, 2),
        ("{\"a\":1,}", .unexpectedByte, 7),
        ("{\"a\" 1}", .unexpectedByte, 5),
        ("{a:1}", .unexpectedByte, 1),
        ("{\"a\":}", .unexpectedByte, 5),
        ("{\"a\":1", .truncated, 6),
        ("{1:1}", .unexpectedByte, 1),
        ("\u{0B}1", .unexpectedByte, 0),  // vertical tab is not RFC 8259 §2 white space
        ("\u{A0}1", .unexpectedByte, 0),  // nor is NO-BREAK SPACE
        ("01", .trailingBytes, 1),  // RFC 8259 §6: leading zeros are not allowed
        ("-01", .trailingBytes, 2),
        ("+1", .unexpectedByte, 0),
        ("-", .invalidNumber, 0),
        ("1.", .invalidNumber, 0),
        (".5", .unexpectedByte, 0),
        ("1.e5", .invalidNumber, 0),
        ("1e", .invalidNumber, 0),
        ("1e+", .invalidNumber, 0),
        ("[-a]", .invalidNumber, 1),
        ("0x10", .trailingBytes, 1),
        ("\"abc", .truncated, 4),
    ]

    @Test("RFC 8259 §2 §3 §4 §5 §6: invalid texts are rejected with kind and offset", arguments: invalid)
    func rejects(text: String, kind: JSONError.Kind, offset: Int) {
        #expect(failure(text) == JSONError(kind, at: offset))
    }

    @Test("RFC 8259 §8.1: a byte order mark is refused")
    func byteOrderMark() {
        #expect(failure([0xEF, 0xBB, 0xBF, 0x31]) == JSONError(.byteOrderMark, at: 0))
        #expect(failure("\"\u{FEFF}\"") == nil)  // U+FEFF inside a string is an ordinary scalar
    }

    @Test("RFC 8259 §4: duplicate names are rejected, compared by decoded scalars")
    func duplicates() {
        #expect(failure("{\"a\":1,\"a\":2}") == JSONError(.duplicateKey, at: 7))
        #expect(failure("{\"a\":1,\"\\u0061\":2}") == JSONError(.duplicateKey, at: 7))
        #expect(failure("{\"x\":{\"b\":1,\"c\":2,\"b\":3}}") == JSONError(.duplicateKey, at: 18))
        // Canonically equivalent but different scalars are different names.
        #expect(failure("{\"\u{E9}\":1,\"e\u{301}\":2}") == nil)
        // The same name in sibling objects is fine.
        #expect(failure("[{\"a\":1},{\"a\":2}]") == nil)
    }

    @Test("RFC 8259 §4: objects keep member order and offsets")
    func memberOrder() throws {
        let value = try JSONReader.read("{\"z\":1, \"a\":2, \"m\":3}")
        let object = try #require(value.objectValue)
        #expect(object.members.map(\.name) == ["z", "a", "m"])
        #expect(object.members.map(\.offset) == [1, 8, 15])
        #expect(object["a"]?.numberValue?.text == "2")
        #expect(object["e\u{301}"] == nil)
    }

    @Test("Values decode to the expected tree")
    func tree() throws {
        let value = try JSONReader.read("[null, true, false, -1.5e3, \"s\", [], {}]")
        let a = try #require(value.arrayValue)
        #expect(a.count == 7)
        #expect(a[0] == .null)
        #expect(a[1].boolValue == true)
        #expect(a[2].boolValue == false)
        #expect(a[3].numberValue?.text == "-1.5e3")
        #expect(a[3].numberValue?.offset == 20)
        #expect(a[4].stringValue == "s")
        #expect(a[5].arrayValue == [])
        #expect(a[6].objectValue?.members.isEmpty == true)
        #expect(a[0].stringValue == nil && a[0].numberValue == nil && a[0].objectValue == nil)
    }

    @Test("Error codes are stable")
    func codes() {
        #expect(JSONError(.duplicateKey, at: 3).code == "json.duplicateKey")
        #expect(JSONError(.nestingTooDeep, at: 3).code == "limit.json.depth")
        #expect(JSONError(.truncated, at: 3).description == "json.truncated at byte 3")
    }
}
