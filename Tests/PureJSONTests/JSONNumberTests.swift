// RFC 8259 §6 numbers: the literal is kept; int64() and millisecondsRoundedDown() are exact.

import PureJSON
import Testing

func number(_ text: String) throws -> JSONNumber {
    try #require(try JSONReader.read(text).numberValue)
}

@Suite("JSON numbers (RFC 8259 §6)")
struct JSONNumberTests {
    @Test("RFC 8259 §6: the literal text is kept exactly")
    func literal() throws {
        for text in ["1697679936049.7297", "-0", "1E+400", "0.10", "123456789012345678901234567890"] {
            #expect(try number(text).text == text)
        }
    }

    static let integers: [(String, Int64)] = [
        ("0", 0), ("-0", 0), ("1", 1), ("-1", -1), ("1697679936049", 1_697_679_936_049),
        ("9223372036854775807", .max), ("-9223372036854775808", .min),
    ]

    @Test("RFC 8259 §6: int64 is exact over the whole Int64 range", arguments: integers)
    func int64(text: String, expected: Int64) throws {
        #expect(try number(text).int64() == expected)
    }

    @Test("RFC 8259 §6: int64 fails rather than rounding, and refuses fractions and exponents")
    func int64Failures() throws {
        for text in ["9223372036854775808", "-9223372036854775809", "100000000000000000000"] {
            #expect(throws: JSONError(.numberOutOfRange, at: 0)) { try number(text).int64() }
        }
        for text in ["1.0", "1e3", "1E3", "0.5", "-2.0e0"] {
            #expect(throws: JSONError(.notAnInteger, at: 0)) { try number(text).int64() }
        }
        let inArray = try #require(try JSONReader.read("[1, 2.5]").arrayValue?.last?.numberValue)
        #expect(throws: JSONError(.notAnInteger, at: 4)) { try inArray.int64() }
    }

    static let milliseconds: [(String, Int64)] = [
        ("1697679936049.7297", 1_697_679_936_049),  // Xcode's fractional milliseconds
        ("1697679936049", 1_697_679_936_049), ("1697679936049.0", 1_697_679_936_049),
        ("0.9999", 0), ("-0.5", -1), ("-1.0", -1), ("-1.0001", -2), ("-0.0", 0), ("0", 0),
        ("1.5e3", 1500), ("1.5E-1", 0), ("-1.5e-1", -1), ("1e18", 1_000_000_000_000_000_000),
        ("12e-1", 1), ("-12e-1", -2), ("0.000e999999999999", 0), ("5e-999999999999", 0),
        ("-5e-999999999999", -1), ("9223372036854775807.9", .max), ("-9223372036854775808.0", .min),
        ("922337203685477580.7e1", .max), ("00", 0),
        ("0." + String(repeating: "0", count: 1000) + "1e1010", 1_000_000_000),  // exponent applied exactly
        ("1e-4194305", 0), ("-1e-99999999999999999999", -1),  // saturated negative exponents
    ]

    @Test(
        "RFC 8259 §6: millisecondsRoundedDown rounds toward negative infinity, exactly",
        arguments: milliseconds.filter { $0.0 != "00" })
    func millis(text: String, expected: Int64) throws {
        #expect(try number(text).millisecondsRoundedDown() == expected)
    }

    @Test("RFC 8259 §6: millisecondsRoundedDown fails outside Int64")
    func millisOutOfRange() throws {
        for text in [
            "9223372036854775808", "-9223372036854775808.5", "1e19", "1e999999999999", "-1e19", "1e4194304",
            "0." + String(repeating: "0", count: 1000) + "1e99999999999999999999",
        ] {
            #expect(throws: JSONError(.numberOutOfRange, at: 0)) { try number(text).millisecondsRoundedDown() }
        }
    }
}
