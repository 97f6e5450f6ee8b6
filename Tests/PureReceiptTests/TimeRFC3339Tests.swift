// Tests for Instant: RFC 3339 parsing (command line), formatting, description, seconds.

import Testing

@testable import PureReceipt

@Suite("Time: Instant and RFC 3339")
struct TimeRFC3339Tests {
    @Test(
        "parseRFC3339 accepts RFC 3339 date-time forms",
        arguments: [
            ("2020-07-22T17:39:08Z", Int64(1_595_439_548_000)),
            ("2020-07-22t17:39:08z", 1_595_439_548_000),  // RFC 3339 §5.6 NOTE: lower case allowed
            ("2020-07-22T10:39:08-07:00", 1_595_439_548_000),
            ("2020-07-22T17:39:08.123Z", 1_595_439_548_123),
            ("2020-07-22T17:39:08.123456789+00:00", 1_595_439_548_123),
            ("1970-01-01T00:00:00Z", 0),
        ])
    func parses(_ text: String, _ ms: Int64) throws {
        let t = try #require(Instant.parseRFC3339(text))
        #expect(t.millisecondsSince1970 == ms)
    }

    @Test(
        "parseRFC3339 rejects what RFC 3339 does not allow",
        arguments: [
            "",
            "2020-07-22T17:39:08+0100",  // offset without colon: receipt-only
            "2020-07-22T17:39:08",
            "2020-07-22 17:39:08Z",
            "2020-07-22T17:39:60Z",
            "2020-07-22T17:39:08Z ",
            // RFC 3339 §5.7: day of month by month and leap year; hour, minute, second ranges.
            "2020-02-30T00:00:00Z",
            "now",
            "1595439548",
        ])
    func rejects(_ text: String) {
        #expect(Instant.parseRFC3339(text) == nil)
    }

    @Test(
        "description: RFC 3339 UTC, milliseconds only when non-zero",
        arguments: [
            (Int64(1_595_439_548_000), "2020-07-22T17:39:08Z"),
            (1_595_439_548_123, "2020-07-22T17:39:08.123Z"),
            (1_595_439_548_001, "2020-07-22T17:39:08.001Z"),
            (0, "1970-01-01T00:00:00Z"),
            (-1, "1969-12-31T23:59:59.999Z"),
            (-62_167_219_200_000, "0000-01-01T00:00:00Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
            (64_092_211_200_000, "4001-01-01T00:00:00Z"),
            // outside RFC 3339's years: ISO 8601 expanded form
            (253_402_300_800_000, "+10000-01-01T00:00:00Z"),
            (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
        ])
    func describes(_ ms: Int64, _ text: String) {
        let t = Instant(millisecondsSince1970: ms)
        #expect(t.description == text)
        #expect(formatRFC3339(t) == text)
    }

    @Test("extreme instants format without trapping")
    func extremes() {
        for ms in [Int64.min, Int64.min + 1, Int64.max, Int64.max - 1] {
            let t = Instant(millisecondsSince1970: ms)
            #expect(!t.description.isEmpty)
            #expect(!formatted({ appendVerifyReceiptUTC($0, to: &$1) }, t).isEmpty)
            #expect(!formatted({ appendVerifyReceiptPacific($0, to: &$1) }, t).isEmpty)
        }
        #expect(Instant(millisecondsSince1970: .max).description == "+292278994-08-17T07:12:55.807Z")
        #expect(Instant(millisecondsSince1970: .min).description == "-292275055-05-16T16:47:04.192Z")
    }

    @Test("format and parse round-trip for random instants in 0000 ... 9999")
    func roundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let ms = Int64.random(in: -62_167_219_200_000...253_402_300_799_999, using: &rng)
            let t = Instant(millisecondsSince1970: ms)
            #expect(Instant.parseRFC3339(t.description) == t)
            #expect(try parseReceiptDate(t.description) == t)
        }
    }

    @Test(
        "secondsSince1970 rounds toward minus infinity",
        arguments: [
            (Int64(0), Int64(0)), (999, 0), (1000, 1), (-1, -1), (-1000, -1), (-1001, -2),
            (.max, 9_223_372_036_854_775), (.min, -9_223_372_036_854_776),
        ])
    func seconds(_ ms: Int64, _ s: Int64) {
        #expect(Instant(millisecondsSince1970: ms).secondsSince1970 == s)
    }

    @Test("init(secondsSince1970:) fails instead of overflowing")
    func secondsInit() {
        #expect(Instant(secondsSince1970: 1_595_439_548)?.millisecondsSince1970 == 1_595_439_548_000)
        #expect(Instant(secondsSince1970: -1)?.millisecondsSince1970 == -1000)
        #expect(Instant(secondsSince1970: Int64.max / 1000)?.millisecondsSince1970 == Int64.max / 1000 * 1000)
        #expect(Instant(secondsSince1970: Int64.max / 1000 + 1) == nil)
        #expect(Instant(secondsSince1970: Int64.min / 1000)?.millisecondsSince1970 == Int64.min / 1000 * 1000)
        #expect(Instant(secondsSince1970: Int64.min / 1000 - 1) == nil)
        #expect(Instant(secondsSince1970: .max) == nil)
        #expect(Instant(secondsSince1970: .min) == nil)
    }

    @Test("ordering follows milliseconds")
    func ordering() {
        let a = Instant(millisecondsSince1970: -5)
        let b = Instant(millisecondsSince1970: 7)
        #expect(a < b)
        #expect(!(b < a))
        #expect([b, a].sorted() == [a, b])
    }
}
