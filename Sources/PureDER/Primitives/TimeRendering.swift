// TimeRendering: days since 1970 back to a calendar date, the day of the week, and a certificate
// time as RFC 3339 text — for messages, reports and the verifyReceipt JSON (presentation: every
// time a check compares is an instant or a day count; none is compared as a date or as text).
//
// Accepts: any day count whose magnitude is at most `CivilDate.maxAbsDays` (enough for every
// instant: Int64.max milliseconds is about 1.07e11 days); larger ones are clamped.

extension CivilDate {
    /// Day range for `init(daysSince1970:)`.
    package static let maxAbsDays: Int64 = 146_097 * 1_000_000

    /// The date `days` after 1970-01-01. `days` is clamped to ±`limit` (by default `maxAbsDays`,
    /// never reached by an Instant; at most ±`Int64.max / 86 400 + 1`, the day count of any
    /// certificate time) so the arithmetic is provably in range.
    package init(daysSince1970 days: Int64, clampedTo limit: Int64 = CivilDate.maxAbsDays) {
        let bound = min(limit, Int64.max / 86_400 + 1)
        let clamped = min(max(days, -bound), bound)
        let z = clamped + 719_468  // days since 0000-03-01
        let era = floorDiv(z, 146_097)
        // 0 ... 146 096; what follows is unsigned (non-negative values: cheaper divisions).
        let dayOfEra = UInt64(z - era * 146_097)
        // Years within the era: remove the leap days (every 4 years, except 100, except 400).
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0 ... 365
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 ... 11, March = 0
        let day = Int64(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int64(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int64(yearOfEra) + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// Day of the week for a day count since 1970-01-01: 0 = Sunday ... 6 = Saturday.
    /// 1970-01-01 was a Thursday (4). Reduced first, so no day count can overflow.
    package static func weekday(daysSince1970 days: Int64) -> Int64 {
        floorMod(floorMod(days, 7) + 4, 7)
    }
}

extension DERTime: CustomStringConvertible {
    /// RFC 3339 UTC rendering, e.g. "2025-03-14T09:26:53Z".
    public var description: String {
        // Floor division without overflow for every Int64 (no subtraction before dividing).
        var days = secondsSince1970 / 86400
        var seconds = secondsSince1970 % 86400
        if seconds < 0 {
            days -= 1
            seconds += 86400
        }
        let date = CivilDate(daysSince1970: days, clampedTo: .max)  // every DERTime, exactly
        let (year, month, day) = (date.year, date.month, date.day)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(year)
        while yearText.count < 4 { yearText = "0" + yearText }
        return
            "\(yearText)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
    }
}
