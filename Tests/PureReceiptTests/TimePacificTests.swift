// Tests for America/Los_Angeles rendering: our US DST rules against Foundation's TimeZone (tz
// database) — every transition 1970–2040, hourly around each, and random instants — plus the
// verifyReceipt strings for corpus dates.

import Foundation
import PureDER
import Testing

@testable import PureReceipt

/// Foundation's zone, when the system has time zone data (skips visibly otherwise).
private let losAngeles = TimeZone(identifier: "America/Los_Angeles")

@Suite("Time: America/Los_Angeles")
struct TimePacificTests {
    // Foundation's tz data is the reference; without it these tests are skipped (visibly).
    @Test(
        "transitions 1970–2040 equal Foundation's, to the second",
        .enabled(if: losAngeles != nil, "no tz data for America/Los_Angeles"))
    func transitions() throws {
        let zone = try #require(losAngeles)
        var theirs: [Int64] = []
        var date = Date(timeIntervalSince1970: 0)  // 1970-01-01: PST
        let stop = Date(timeIntervalSince1970: 2_240_611_200)  // 2041-01-01
        while let next = zone.nextDaylightSavingTimeTransition(after: date), next < stop {
            theirs.append(Int64(next.timeIntervalSince1970))
            date = next
        }
        var ours: [Int64] = []
        for year in Int64(1970)...2040 {
            let (start, end) = try #require(PacificTime.transitionDays(year: year))
            ours.append(start * 86_400 + 10 * 3600)
            ours.append(end * 86_400 + 9 * 3600)
        }
        #expect(theirs.count == 142)
        #expect(ours == theirs)
    }

    @Test(
        "offset equals Foundation's hourly for ±48 h around every transition 1970–2040",
        .enabled(if: losAngeles != nil, "no tz data for America/Los_Angeles"))
    func aroundTransitions() throws {
        let zone = try #require(losAngeles)
        var checked = 0
        var mismatches: [Int64] = []
        for year in Int64(1970)...2040 {
            let (startDay, endDay) = try #require(PacificTime.transitionDays(year: year))
            for transition in [startDay * 86_400 + 10 * 3600, endDay * 86_400 + 9 * 3600] {
                for step in Int64(-48 * 4)...(48 * 4) {  // every 15 minutes, and ±1 s at the edge
                    for s in [transition + step * 900, transition - 1] {
                        let ours = PacificTime.offsetSeconds(at: Instant(millisecondsSince1970: s * 1000))
                        let theirs = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(s))))
                        if ours != theirs { mismatches.append(s) }
                        checked += 1
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
        #expect(checked > 50_000)
    }

    @Test(
        "offset and local text equal Foundation's for random instants 1970–2040",
        .enabled(if: losAngeles != nil, "no tz data for America/Los_Angeles"))
    func randomInstants() throws {
        let zone = try #require(losAngeles)
        let formatter = localFormatter(zone)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let ms = Int64.random(in: 0..<2_240_611_200_000, using: &rng)
            let t = Instant(millisecondsSince1970: ms)
            let date = Date(timeIntervalSince1970: Double(t.secondsSince1970))
            #expect(PacificTime.offsetSeconds(at: t) == Int64(zone.secondsFromGMT(for: date)))
            #expect(
                formatted({ appendVerifyReceiptPacific($0, to: &$1) }, t) == formatter.string(from: date)
                    + " America/Los_Angeles")
        }
    }

    @Test(
        "every hour 1970–2040 matches Foundation",
        .enabled(if: losAngeles != nil, "no tz data for America/Los_Angeles"))
    func everyHour() throws {
        let zone = try #require(losAngeles)
        var mismatches = 0
        var s: Int64 = 0
        while s < 2_240_611_200 {
            let t = Instant(millisecondsSince1970: s * 1000)
            let theirs = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(s))))
            // Both entry points: from the instant alone, and from its UTC fields (the month shortcut).
            if PacificTime.offsetSeconds(at: t) != theirs { mismatches += 1 }
            if PacificTime.offsetSeconds(at: t, utc: CivilDateTime(t)) != theirs { mismatches += 1 }
            s += 3600
        }
        #expect(mismatches == 0)
    }

    @Test(
        "the Pacific text equals Foundation's at every hour of every month's first two days, 1970–2040",
        .enabled(if: losAngeles != nil, "no tz data for America/Los_Angeles"))
    func monthStarts() throws {
        // Where the Pacific date falls on the previous day or month: the text is derived from the
        // UTC fields, shifted back a day within the month, or split again across a month's start.
        let zone = try #require(losAngeles)
        let formatter = localFormatter(zone)
        var mismatches = 0
        for year in Int64(1970)...2040 {
            for month in Int64(1)...12 {
                let first = CivilDate(year: year, month: month, day: 1).daysSince1970 * 86_400
                for s in stride(from: first, to: first + 2 * 86_400, by: 3600) {
                    let t = Instant(millisecondsSince1970: (s + 1_234) * 1000)
                    let expected = formatter.string(from: Date(timeIntervalSince1970: Double(s + 1_234)))
                    let given = formatted({ appendVerifyReceiptPacific($0, utc: CivilDateTime($0), to: &$1) }, t)
                    if given != expected + " America/Los_Angeles"
                        || formatted({ appendVerifyReceiptPacific($0, to: &$1) }, t) != given
                    {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(
        "named transition years",
        arguments: [
            // (instant, PDT?) — first instant of PDT / first of PST, and one second before
            ("1974-01-06T10:00:00Z", true), ("1974-01-06T09:59:59Z", false),  // emergency DST 1974
            ("1975-02-23T10:00:00Z", true), ("1975-02-23T09:59:59Z", false),  // emergency DST 1975
            ("1986-04-27T10:00:00Z", true), ("1987-04-05T10:00:00Z", true), ("1987-04-05T09:59:59Z", false),
            ("2006-10-29T09:00:00Z", false), ("2006-10-29T08:59:59Z", true),
            ("2007-03-11T10:00:00Z", true), ("2007-03-11T09:59:59Z", false),
            ("2007-11-04T09:00:00Z", false), ("2007-11-04T08:59:59Z", true),
            ("2020-07-22T17:39:08Z", true), ("2020-01-22T17:39:08Z", false),
            ("1966-07-01T12:00:00Z", false),  // before 1967: standard time only (documented)
        ])
    func namedYears(_ text: String, _ daylight: Bool) throws {
        let t = try #require(Instant.parseRFC3339(text))
        #expect(PacificTime.isDaylightTime(at: t) == daylight)
    }

    @Test(
        "verifyReceipt strings for corpus dates",
        arguments: [
            (Int64(1_595_439_548_000), "2020-07-22 17:39:08 Etc/GMT", "2020-07-22 10:39:08 America/Los_Angeles"),
            (1_542_127_591_000, "2018-11-13 16:46:31 Etc/GMT", "2018-11-13 08:46:31 America/Los_Angeles"),
            (1_595_439_548_999, "2020-07-22 17:39:08 Etc/GMT", "2020-07-22 10:39:08 America/Los_Angeles"),
            (0, "1970-01-01 00:00:00 Etc/GMT", "1969-12-31 16:00:00 America/Los_Angeles"),
            (-1, "1969-12-31 23:59:59 Etc/GMT", "1969-12-31 15:59:59 America/Los_Angeles"),
            (64_092_211_200_000, "4001-01-01 00:00:00 Etc/GMT", "4000-12-31 16:00:00 America/Los_Angeles"),
        ])
    func verifyReceiptStrings(_ ms: Int64, _ utc: String, _ pacific: String) {
        let t = Instant(millisecondsSince1970: ms)
        #expect(formatted({ appendVerifyReceiptUTC($0, to: &$1) }, t) == utc)
        #expect(formatted({ appendVerifyReceiptPacific($0, to: &$1) }, t) == pacific)
    }
}

/// Foundation's text of an instant in `zone`, in the verifyReceipt layout (without the zone name).
private func localFormatter(_ zone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.timeZone = zone
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter
}

/// The text one of the verifyReceipt `append…` date functions writes.
func formatted(_ append: (Instant, inout OutputSpan<UInt8>) -> Void, _ t: Instant) -> String {
    var out: [UInt8] = []
    out.append(addingCapacity: verifyReceiptDateCapacity) { append(t, &$0) }
    return String(decoding: out, as: UTF8.self)
}
