// CivilDate: proleptic Gregorian calendar dates ↔ days since 1970-01-01.
//
// The one calendar of the library: certificate times (Time.swift), receipt and StoreKit dates.
// Accepts: any year in `CivilDate.minYear ... CivilDate.maxYear`. The opposite direction, days to
// a date, only renders (TimeRendering.swift: presentation).
// Does not check: anything about calendars other than the proleptic Gregorian one (no Julian
// dates before 1582, no leap seconds: every day has 86 400 seconds, as in POSIX time).
//
// Method: shift the year to start on 1 March so the leap day is the last day of the year, then
// count whole 400-year eras (146 097 days each) and the days inside one era. This is the
// well-known "days from civil" construction (described e.g. in H. Hinnant, "chrono-Compatible
// Low-Level Date Algorithms"); the code here is written for this project.
//
// Overflow: all arithmetic is Int64. With |days| ≤ 1.5e11 (clamp) or |year| ≤ 5e8 the largest
// intermediate value is era * 146_097 ≈ 1.9e11, far below Int64.max ≈ 9.2e18, so checked arithmetic
// can never trap for the accepted ranges (the ranges are enforced by the callers' types: an
// Instant's day count is bounded by Int64 milliseconds / 86 400 000).

/// A calendar date in the proleptic Gregorian calendar.
package struct CivilDate: Sendable, Hashable {
    package var year: Int64
    /// 1 ... 12
    package var month: Int64
    /// 1 ... days in that month
    package var day: Int64

    /// Year range for `daysSince1970`: wide enough for every Instant (about ±292 million years)
    /// and for every clamped day count (±`maxAbsDays` ≈ ±400 million years around 1970).
    package static let minYear: Int64 = -500_000_000
    package static let maxYear: Int64 = 500_000_000

    package init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether `year` is a leap year: divisible by 4, except centuries not divisible by 400.
    package static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Number of days in `month` (1 ... 12) of `year`; 0 for a month outside 1 ... 12.
    package static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Whether this is a real date: month 1 ... 12, day within the month, year within range.
    package var isValid: Bool {
        year >= CivilDate.minYear && year <= CivilDate.maxYear
            && day >= 1 && day <= CivilDate.daysInMonth(year: year, month: month)
    }

    /// Days from 1970-01-01 to this date (negative before). Meaningful when `isValid`; for an
    /// invalid date the result is meaningless but still computed without trapping, because the
    /// fields are first clamped (year to min/maxYear, month and day to 0 ... 99).
    package var daysSince1970: Int64 {
        let year = min(max(self.year, CivilDate.minYear), CivilDate.maxYear)
        let month = min(max(self.month, 0), 99)
        let day = min(max(self.day, 0), 99)
        // Year starting 1 March: January and February belong to the previous year.
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400  // 0 ... 399
        let shiftedMonth = month <= 2 ? month + 9 : month - 3  // March = 0 ... February = 11
        // Days before the first of `shiftedMonth` within the March-based year: month lengths
        // 31,30,31,30,31,31,30,31,30,31,31 follow (153 * m + 2) / 5 exactly.
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        // 719 468 = days from 0000-03-01 to 1970-01-01.
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Floor division (rounds toward −∞). `b` must be positive (all callers pass constants).
@inline(__always)
package func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b < 0) ? q - 1 : q
}

/// Modulo with a result in 0 ..< b. `b` must be positive (all callers pass constants).
@inline(__always)
package func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
    let r = a % b
    return r < 0 ? r + b : r
}
