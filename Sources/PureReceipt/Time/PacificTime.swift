// PacificTime: the UTC offset of America/Los_Angeles, for verifyReceipt's `*_date_pst` strings.
//
// Implements the United States daylight-saving rules as they applied to Pacific time since the
// Uniform Time Act took effect in 1967 (the same rules as the IANA tz database's "US" rules):
//   1967–1973  last Sunday of April  → last Sunday of October
//   1974       6 January (Emergency Daylight Saving Time Energy Conservation Act of 1973)
//                                   → last Sunday of October
//   1975       23 February (the same act, amended) → last Sunday of October
//   1976–1986  last Sunday of April  → last Sunday of October
//   1987–2006  first Sunday of April → last Sunday of October
//   2007–      second Sunday of March → first Sunday of November (Energy Policy Act of 2005)
// Transitions happen at 02:00 local time: 02:00 PST = 10:00 UTC starts PDT, 02:00 PDT = 09:00 UTC
// ends it. PST = UTC−8, PDT = UTC−7.
// Does not model: anything before 1967 (California's own DST rules, war time 1942–1945): earlier
// instants are reported in standard time, UTC−8. No receipt date predates the App Store (2008).
// Future rule changes would need a code change (so would a tz database update).

import PureDER

package enum PacificTime {
    /// PST, UTC−8, in seconds.
    package static let standardOffset: Int64 = -8 * 3600
    /// PDT, UTC−7, in seconds.
    package static let daylightOffset: Int64 = -7 * 3600

    /// Local time minus UTC at `t`, in seconds: −28 800 (PST) or −25 200 (PDT).
    package static func offsetSeconds(at t: Instant) -> Int64 {
        isDaylightTime(at: t) ? daylightOffset : standardOffset
    }

    /// `offsetSeconds(at:)` for a `t` whose UTC fields the caller already has (`utc`), without a
    /// second calendar split. Since 2007 (table above) the transitions fall on the second Sunday
    /// of March at 10:00 UTC and the first Sunday of November at 09:00 UTC, so the UTC month
    /// decides, and in those two months the day and hour against that Sunday, found from the
    /// date's own weekday. Earlier years go through `isDaylightTime`.
    package static func offsetSeconds(at t: Instant, utc: CivilDateTime) -> Int64 {
        let (day, month) = (utc.date.day, utc.date.month)
        guard utc.date.year >= 2007, (1...31).contains(day) else { return offsetSeconds(at: t) }
        guard month == 3 || month == 11 else { return (4...10).contains(month) ? daylightOffset : standardOffset }
        let weekday = CivilDate.weekday(daysSince1970: floorDiv(t.secondsSince1970, 86_400))  // 0 = Sunday
        let firstOfMonth = (weekday - (day - 1) % 7 + 7) % 7
        let sunday = 1 + (7 - firstOfMonth) % 7 + (month == 3 ? 7 : 0)  // the transition's day
        let after = day > sunday || (day == sunday && utc.hour >= (month == 3 ? 10 : 9))
        return after == (month == 3) ? daylightOffset : standardOffset
    }

    /// Whether daylight time (PDT) is in effect at `t`.
    package static func isDaylightTime(at t: Instant) -> Bool {
        // The year as seen in local standard time: transitions are in March–November, except
        // 1974's 6 January start, which is still 6 days from any year boundary.
        let seconds = t.secondsSince1970  // |seconds| ≤ 9.3e15: adding ±1 day cannot overflow
        let local = CivilDate(daysSince1970: floorDiv(seconds + standardOffset, 86_400))
        // Since 2007 the transitions fall in March and November (table above): a local date in
        // April–October is wholly in daylight time, one in December–February wholly in standard
        // time, so only March and November need the year's transition days.
        if local.year >= 2007 && local.month != 3 && local.month != 11 { return (4...10).contains(local.month) }
        guard let (startDay, endDay) = transitionDays(year: local.year) else { return false }
        // 02:00 PST = 10:00 UTC on the start day; 02:00 PDT = 09:00 UTC on the end day.
        let start = startDay * 86_400 + 10 * 3600
        let end = endDay * 86_400 + 9 * 3600
        return seconds >= start && seconds < end
    }

    /// Days since 1970-01-01 of the local dates daylight time starts and ends in `year`, or nil
    /// when no daylight time is modelled (before 1967).
    package static func transitionDays(year: Int64) -> (start: Int64, end: Int64)? {
        switch year {
        case ..<1967:
            return nil
        case 1967...1973, 1976...1986:
            return (lastSunday(year: year, month: 4), lastSunday(year: year, month: 10))
        case 1974:
            return (CivilDate(year: 1974, month: 1, day: 6).daysSince1970, lastSunday(year: year, month: 10))
        case 1975:
            return (CivilDate(year: 1975, month: 2, day: 23).daysSince1970, lastSunday(year: year, month: 10))
        case 1987...2006:
            return (nthSunday(1, year: year, month: 4), lastSunday(year: year, month: 10))
        default:
            return (nthSunday(2, year: year, month: 3), nthSunday(1, year: year, month: 11))
        }
    }

    /// The `n`-th Sunday (n ≥ 1) of `month` in `year`, as days since 1970-01-01.
    private static func nthSunday(_ n: Int64, year: Int64, month: Int64) -> Int64 {
        let first = CivilDate(year: year, month: month, day: 1).daysSince1970
        let weekday = CivilDate.weekday(daysSince1970: first)  // 0 = Sunday
        return first + (7 - weekday) % 7 + 7 * (n - 1)
    }

    /// The last Sunday of `month` (1 ... 12) in `year`, as days since 1970-01-01.
    private static func lastSunday(year: Int64, month: Int64) -> Int64 {
        let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))
            .daysSince1970
        return last - CivilDate.weekday(daysSince1970: last)
    }
}
