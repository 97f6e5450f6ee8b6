// UTCTime and GeneralizedTime (Primitives/Time.swift) as RFC 5280 §4.1.2.5 profiles them:
// the 1950/2049 pivot, leap days, and one named rejection per rule.

import PureDER
import Testing

/// A UTCTime element with `text` as content.
func utcTime(_ text: String) -> [UInt8] { tlv(0x17, Array(text.utf8)) }
/// A GeneralizedTime element with `text` as content.
func generalizedTime(_ text: String) -> [UInt8] { tlv(0x18, Array(text.utf8)) }

let rejectedTimes: [RejectedPrimitive] = [
    // RFC 5280 §4.1.2.5.2: no fractional seconds.
    RejectedPrimitive("GeneralizedTime fractional seconds", .time, generalizedTime("20250314092653.5Z"), .invalidValue),
    RejectedPrimitive(
        "GeneralizedTime fractional seconds .000", .time, generalizedTime("20250314092653.000Z"),
        .invalidValue),
    RejectedPrimitive("UTCTime fractional seconds", .time, utcTime("250314092653.5Z"), .invalidValue),
    // RFC 5280 §4.1.2.5: seconds are present.
    RejectedPrimitive("UTCTime missing seconds", .time, utcTime("2503140926Z"), .invalidValue),
    RejectedPrimitive("GeneralizedTime missing seconds", .time, generalizedTime("202503140926Z"), .invalidValue),
    // RFC 5280 §4.1.2.5: Zulu only, no offsets, no local time.
    RejectedPrimitive("UTCTime offset +0100", .time, utcTime("250314092653+0100"), .invalidValue),
    RejectedPrimitive("UTCTime offset -0000", .time, utcTime("250314092653-0000"), .invalidValue),
    RejectedPrimitive("GeneralizedTime offset +0000", .time, generalizedTime("20250314092653+0000"), .invalidValue),
    RejectedPrimitive("UTCTime without Z (local time)", .time, utcTime("250314092653"), .invalidValue),
    RejectedPrimitive(
        "GeneralizedTime without Z (local time)", .time, generalizedTime("20250314092653"),
        .invalidValue),
    RejectedPrimitive("UTCTime right length, last octet not Z", .time, utcTime("2503140926530"), .invalidValue),
    RejectedPrimitive(
        "GeneralizedTime right length, lowercase z", .time, generalizedTime("20250314092653z"),
        .invalidValue),
    // Field ranges.
    RejectedPrimitive("UTCTime second 60", .time, utcTime("250314092660Z"), .invalidValue),
    RejectedPrimitive(
        "GeneralizedTime leap second 23:59:60", .time, generalizedTime("20161231235960Z"),
        .invalidValue),
    RejectedPrimitive("UTCTime minute 60", .time, utcTime("250314096000Z"), .invalidValue),
    RejectedPrimitive("UTCTime hour 24", .time, utcTime("250314240000Z"), .invalidValue),
    RejectedPrimitive("UTCTime month 13", .time, utcTime("251314092653Z"), .invalidValue),
    RejectedPrimitive("UTCTime month 00", .time, utcTime("250014092653Z"), .invalidValue),
    RejectedPrimitive("UTCTime day 00", .time, utcTime("250300092653Z"), .invalidValue),
    RejectedPrimitive("UTCTime day 32", .time, utcTime("250132092653Z"), .invalidValue),
    RejectedPrimitive("UTCTime April 31", .time, utcTime("250431000000Z"), .invalidValue),
    RejectedPrimitive("UTCTime Feb 30", .time, utcTime("000230000000Z"), .invalidValue),
    RejectedPrimitive("UTCTime Feb 29 in non-leap 2025", .time, utcTime("250229000000Z"), .invalidValue),
    RejectedPrimitive(
        "GeneralizedTime 2100-02-29 (not a leap year)", .time, generalizedTime("21000229000000Z"),
        .invalidValue),
    RejectedPrimitive(
        "GeneralizedTime 1900-02-29 (not a leap year)", .time, generalizedTime("19000229000000Z"),
        .invalidValue),
    // Digits only where digits belong.
    RejectedPrimitive("UTCTime non-digit in seconds", .time, utcTime("25031409265AZ"), .invalidValue),
    RejectedPrimitive("UTCTime space in year", .time, utcTime(" 50314092653Z"), .invalidValue),
    RejectedPrimitive("UTCTime sign in minutes", .time, utcTime("2503140 -153Z"), .invalidValue),
    RejectedPrimitive("GeneralizedTime separators", .time, generalizedTime("2025-03-14T09Z"), .invalidValue),
    RejectedPrimitive("GeneralizedTime non-digit year", .time, generalizedTime("2O250314092653Z"), .invalidValue),
    // Lengths.
    RejectedPrimitive("UTCTime empty", .time, utcTime(""), .invalidValue),
    RejectedPrimitive("UTCTime in GeneralizedTime tag", .time, generalizedTime("250314092653Z"), .invalidValue),
    RejectedPrimitive("GeneralizedTime in UTCTime tag", .time, utcTime("20250314092653Z"), .invalidValue),
    RejectedPrimitive("GeneralizedTime 5-digit year", .time, generalizedTime("120250314092653Z"), .invalidValue),
    RejectedPrimitive("UTCTime trailing octet after Z", .time, utcTime("250314092653ZZ"), .invalidValue),
    // Tags.
    RejectedPrimitive(
        "time with INTEGER tag", .time, hex("02 01 05"),
        .unexpectedTag(expected: .utcTime, found: .integer)),
    RejectedPrimitive(
        "time with constructed UTCTime tag", .time, tlv(0x37, utcTime("250314092653Z")),
        .unexpectedTag(expected: .utcTime, found: DERTag(.universal, number: 23, constructed: true))),
    RejectedPrimitive(
        "time with IA5String tag (receipt-style date)", .time,
        tlv(0x16, Array("2025-03-14T09:26:53Z".utf8)),
        .unexpectedTag(expected: .utcTime, found: .ia5String)),
]

@Suite("UTCTime and GeneralizedTime")
struct TimeTests {
    @Test("rejects", arguments: rejectedTimes)
    func rejects(_ rejected: RejectedPrimitive) throws {
        let error = try #require(derError { try rejected.reader.run(rejected.bytes, rules: rejected.rules) })
        #expect(error.kind == rejected.kind)
        #expect(error.offset == rejected.offset)
    }

    // Expected values from Python: calendar.timegm((y, m, d, H, M, S)).
    @Test(
        "accepted times",
        arguments: [
            ("UTCTime 1950 pivot", utcTime("500101000000Z"), Int64(-631_152_000), "1950-01-01T00:00:00Z"),
            ("UTCTime 2049 pivot", utcTime("491231235959Z"), 2_524_607_999, "2049-12-31T23:59:59Z"),
            ("UTCTime 1970 epoch", utcTime("700101000000Z"), 0, "1970-01-01T00:00:00Z"),
            ("UTCTime leap day 2000-02-29", utcTime("000229000000Z"), 951_782_400, "2000-02-29T00:00:00Z"),
            ("UTCTime 2025-03-14T09:26:53Z", utcTime("250314092653Z"), 1_741_944_413, "2025-03-14T09:26:53Z"),
            ("GeneralizedTime 2100-02-28", generalizedTime("21000228000000Z"), 4_107_456_000, "2100-02-28T00:00:00Z"),
            ("GeneralizedTime 2000-02-29", generalizedTime("20000229000000Z"), 951_782_400, "2000-02-29T00:00:00Z"),
            ("GeneralizedTime 1900-03-01", generalizedTime("19000301000000Z"), -2_203_891_200, "1900-03-01T00:00:00Z"),
            (
                "GeneralizedTime 9999-12-31T23:59:59Z", generalizedTime("99991231235959Z"), 253_402_300_799,
                "9999-12-31T23:59:59Z"
            ),
            ("GeneralizedTime 0001-01-01", generalizedTime("00010101000000Z"), -62_135_596_800, "0001-01-01T00:00:00Z"),
            (
                "GeneralizedTime 2025-03-14T09:26:53Z", generalizedTime("20250314092653Z"), 1_741_944_413,
                "2025-03-14T09:26:53Z"
            ),
        ])
    func accepted(_ name: String, _ bytes: [UInt8], _ seconds: Int64, _ text: String) throws {
        var cursor = try DERCursor(bytes)
        let time = try cursor.readTime(name)
        #expect(time.secondsSince1970 == seconds)
        #expect(time.description == text)
        #expect(cursor.isAtEnd)
    }

    @Test("UTCTime and GeneralizedTime of the same instant are equal and ordered with others")
    func comparison() throws {
        var cursor = try DERCursor(
            utcTime("250314092653Z") + generalizedTime("20250314092653Z")
                + generalizedTime("20250314092654Z"))
        let a = try cursor.readTime("a")
        let b = try cursor.readTime("b")
        let c = try cursor.readTime("c")
        #expect(a == b)
        #expect(b < c)
        #expect(!(c < a))
    }

    @Test("civil calendar helpers: every day from 1600-01-01 to 2400-12-31 maps both ways")
    func civilRoundTrip() {
        var expected = CivilDate(year: 1600, month: 1, day: 1)
        var days = expected.daysSince1970
        var mismatches = 0
        var checked = 0
        while expected.year <= 2400 {
            if CivilDate(daysSince1970: days) != expected || expected.daysSince1970 != days || !expected.isValid {
                mismatches += 1
            }
            checked += 1
            // The next day, counted by hand from daysInMonth.
            if expected.day < CivilDate.daysInMonth(year: expected.year, month: expected.month) {
                expected.day += 1
            } else if expected.month < 12 {
                expected = CivilDate(year: expected.year, month: expected.month + 1, day: 1)
            } else {
                expected = CivilDate(year: expected.year + 1, month: 1, day: 1)
            }
            days += 1
        }
        #expect(mismatches == 0)
        #expect(checked == 2 * 146_097 + 366, "1600…2399 is two 400-year cycles, then leap year 2400")
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSince1970 == 0)
    }

    // Expected text from Python: divmod(seconds, 86400), the day count reduced by 400-year cycles
    // (146 097 days) into datetime's range, then the cycles added back to the year.
    @Test("DERTime description never traps: Int64 extremes render (Int64.min in a child process)")
    func extremeDescriptions() async {
        #expect(DERTime(secondsSince1970: .max).description == "292277026596-12-04T15:30:07Z")
        #expect(DERTime(secondsSince1970: .min + 86_399).description == "-292277022657-01-28T08:29:51Z")
        // DERTime is public and constructible from any Int64; its description must not trap. Int64.min
        // runs in a child process so a regression fails this test instead of killing the run. Exit
        // tests exist only where Swift Testing can spawn a process (not on iOS, tvOS, watchOS).
        #if os(macOS) || os(Linux) || os(Windows)
            await #expect(processExitsWith: .success) {
                precondition(DERTime(secondsSince1970: .min).description == "-292277022657-01-27T08:29:52Z")
            }
        #endif
    }

    @Test("DERTime description of negative times before 1970")
    func negativeDescription() {
        #expect(DERTime(secondsSince1970: -1).description == "1969-12-31T23:59:59Z")
        #expect(DERTime(secondsSince1970: -86_400).description == "1969-12-31T00:00:00Z")
        #expect(DERTime(secondsSince1970: -86_401).description == "1969-12-30T23:59:59Z")
    }
}
