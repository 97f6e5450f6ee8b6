// RFC 8259 §7 strings and RFC 8259 §8.1 UTF-8: escapes, surrogate pairs, ill-formed UTF-8.

import PureJSON
import Testing

@Suite("JSON strings and UTF-8")
struct JSONStringTests {
    @Test("RFC 8259 §7: escapes decode to their scalars")
    func escapes() throws {
        let value = try JSONReader.read("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\u20AC\"")
        #expect(value.stringValue == "\"\\/\u{8}\u{C}\n\r\tA\u{E9}\u{20AC}")
        #expect(try JSONReader.read("\"\\u0000\"").stringValue == "\u{0}")
    }

    @Test("member names are looked up scalar by scalar: a canonically equivalent name is another name")
    func memberLookup() throws {
        let object = try #require(try JSONReader.read(#"{"\u00e9": 1, "e\u0301x": 2, "ab": 3}"#).objectValue)
        #expect(object.member("\u{E9}")?.offset == 1)
        #expect(object.member("e\u{301}") == nil)  // equivalent to "é" for String ==, not here
        #expect(object.member("e\u{301}x")?.offset == 14)
        #expect(object.member("a") == nil && object.member("abc") == nil && object["ab"] != nil)
    }

    @Test("RFC 8259 §7: surrogate pairs decode; lone, reversed or split surrogates are refused")
    func surrogates() throws {
        #expect(try JSONReader.read("\"\\uD83D\\uDE00\"").stringValue == "\u{1F600}")
        #expect(try JSONReader.read("\"\\udbff\\udfff\"").stringValue == "\u{10FFFF}")
        let refused: [(String, Int)] = [
            ("\"\\uD800\"", 1), ("\"\\uDC00\"", 1), ("\"\\uDE00\\uD83D\"", 1), ("\"\\uD83Dx\"", 1),
            ("\"\\uD83D\\n\"", 1), ("\"\\uD83D\\u0041\"", 1), ("\"ab\\uD83D\\uD83D\"", 3),
        ]
        for (text, offset) in refused {
            #expect(failure(text) == JSONError(.loneSurrogate, at: offset), "\(text)")
        }
    }

    @Test("RFC 8259 §7: unknown escapes and bad hex are refused")
    func badEscapes() {
        for text in ["\"\\a\"", "\"\\x41\"", "\"\\U0041\"", "\"\\u004G\"", "\"\\'\"", "\"\\ \""] {
            #expect(failure(text) == JSONError(.invalidEscape, at: 1), "\(text)")
        }
        #expect(failure("\"\\u00\"")?.kind == .invalidEscape)
        #expect(failure("\"\\u00") == JSONError(.truncated, at: 5))
        #expect(failure("\"\\") == JSONError(.truncated, at: 2))
    }

    @Test("RFC 8259 §7: unescaped control characters are refused; U+007F is allowed")
    func controls() {
        for c: UInt8 in [0x00, 0x09, 0x0A, 0x0D, 0x1F] {
            #expect(failure([0x22, 0x61, c, 0x22]) == JSONError(.controlCharacter, at: 2))
        }
        #expect(failure([0x22, 0x7F, 0x22]) == nil)
    }

    @Test("RFC 8259 §8.1: well-formed UTF-8 of every length is accepted")
    func wellFormed() throws {
        let samples: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF3, 0xBF, 0xBF, 0xBF],
        ]
        for s in samples {
            let value = try JSONReader.read([0x22] + s + [0x22])
            #expect(value.stringValue.map { Array($0.utf8) } == s)
        }
    }

    @Test("RFC 8259 §8.1: ill-formed UTF-8 is refused at the lead byte's offset")
    func illFormed() {
        let samples: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF],  // stray continuation, overlong 2-byte
            [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],  // overlong 3-byte
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],  // encoded surrogates U+D800, U+DFFF
            [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],  // overlong 4-byte
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],  // above U+10FFFF
            [0xC2, 0x41], [0xE1, 0x80, 0x41], [0xF1, 0x80, 0x80, 0xC0],  // bad continuation
            [0xC2], [0xE1, 0x80], [0xF1, 0x80, 0x80],  // truncated before the closing quote
        ]
        for s in samples {
            #expect(failure([0x22, 0x61] + s + [0x22]) == JSONError(.invalidUTF8, at: 2), "\(s)")
        }
        #expect(failure([0x22, 0xC2]) == JSONError(.invalidUTF8, at: 1))
        #expect(failure([0xC3, 0xA9]) == JSONError(.unexpectedByte, at: 0))  // non-ASCII outside strings
    }
}
