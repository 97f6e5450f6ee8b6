// Tests for CivilDate: days ↔ proleptic Gregorian dates, leap years, weekdays, and agreement
// with Foundation's Gregorian calendar where that calendar is proleptic-equivalent (after 1582).

import Foundation
import PureDER
import Testing

@testable import PureReceipt

@Suite("Time: civil dates")
struct TimeCivilDateTests {
    @Test(
        "known day numbers",
        arguments: [
            (Int64(1970), Int64(1), Int64(1), Int64(0)),
            (1969, 12, 31, -1),
            (2000, 3, 1, 11_017),
            (2000, 2, 29, 11_016),
            (1600, 1, 1, -135_140),
            (0, 3, 1, -719_468),
            (0, 1, 1, -719_528),
            (9999, 12, 31, 2_932_896),
            (4001, 1, 1, 741_808),
        ])
    func knownDays(_ y: Int64, _ m: Int64, _ d: Int64, _ days: Int64) {
        let date = CivilDate(year: y, month: m, day: d)
        #expect(date.isValid)
        #expect(date.daysSince1970 == days)
        #expect(CivilDate(daysSince1970: days) == date)
    }

    @Test(
        "leap years",
        arguments: [
            (Int64(2000), true), (1900, false), (2024, true), (2023, false), (0, true), (-4, true), (2100, false),
            (2400, true),
        ])
    func leapYears(_ year: Int64, _ leap: Bool) {
        #expect(CivilDate.isLeapYear(year) == leap)
        #expect(CivilDate.daysInMonth(year: year, month: 2) == (leap ? 29 : 28))
    }

    @Test("every day from 0000-01-01 to 9999-12-31 round-trips and is consecutive")
    func consecutiveDays() {
        var expected = CivilDate(year: 0, month: 1, day: 1)
        var failures = 0
        for days in Int64(-719_528)...2_932_896 {
            let date = CivilDate(daysSince1970: days)
            if date != expected || date.daysSince1970 != days { failures += 1 }
            // advance `expected` by one day using only month lengths
            if expected.day < CivilDate.daysInMonth(year: expected.year, month: expected.month) {
                expected.day += 1
            } else if expected.month < 12 {
                expected.month += 1
                expected.day = 1
            } else {
                expected = CivilDate(year: expected.year + 1, month: 1, day: 1)
            }
        }
        #expect(failures == 0)
        #expect(expected == CivilDate(year: 10_000, month: 1, day: 1))
    }

    @Test("weekdays: 1970-01-01 Thursday, 2000-01-01 Saturday, negative days")
    func weekdays() {
        #expect(CivilDate.weekday(daysSince1970: 0) == 4)
        #expect(CivilDate.weekday(daysSince1970: CivilDate(year: 2000, month: 1, day: 1).daysSince1970) == 6)
        #expect(CivilDate.weekday(daysSince1970: -1) == 3)
        #expect(CivilDate.weekday(daysSince1970: CivilDate(year: 2024, month: 3, day: 10).daysSince1970) == 0)
        #expect(CivilDate.weekday(daysSince1970: .max) >= 0)
        #expect(CivilDate.weekday(daysSince1970: .min) >= 0)
    }

    @Test("agrees with Foundation's Gregorian calendar (UTC) for random days 1600 ... 9999")
    func matchesFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let days = Int64.random(in: -135_140...2_932_896, using: &rng)
            let ours = CivilDate(daysSince1970: days)
            let c = calendar.dateComponents(
                [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect(Int64(c.year ?? -1) == ours.year)
            #expect(Int64(c.month ?? -1) == ours.month)
            #expect(Int64(c.day ?? -1) == ours.day)
            #expect(Int64((c.weekday ?? 0) - 1) == CivilDate.weekday(daysSince1970: days))
        }
    }

    @Test("extreme day counts clamp instead of trapping")
    func extremes() {
        for days in [Int64.min, Int64.max, -CivilDate.maxAbsDays, CivilDate.maxAbsDays] {
            let d = CivilDate(daysSince1970: days)
            #expect(d.isValid)
        }
        // Invalid field values give a meaningless day count but no trap.
        for y in [Int64.min, Int64.max] {
            _ = CivilDate(year: y, month: .max, day: .min).daysSince1970
            #expect(!CivilDate(year: y, month: 1, day: 1).isValid)
        }
    }

    @Test("instant to calendar fields with an offset crosses day boundaries")
    func civilDateTime() {
        let t = Instant(millisecondsSince1970: 1_595_439_548_123)  // 2020-07-22T17:39:08.123Z
        let utc = CivilDateTime(t)
        #expect(utc.date == CivilDate(year: 2020, month: 7, day: 22))
        #expect((utc.hour, utc.minute, utc.second, utc.millisecond) == (17, 39, 8, 123))
        let early = CivilDateTime(Instant(millisecondsSince1970: 3_600_000), offsetSeconds: -8 * 3600)
        #expect(early.date == CivilDate(year: 1969, month: 12, day: 31))
        #expect(early.hour == 17)
        let late = CivilDateTime(Instant(millisecondsSince1970: -3_600_000), offsetSeconds: 2 * 3600)
        #expect(late.date == CivilDate(year: 1970, month: 1, day: 1))
        #expect(late.hour == 1)
    }
}
