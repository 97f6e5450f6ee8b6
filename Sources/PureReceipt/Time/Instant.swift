// Instant: a point in time as milliseconds since the Unix epoch (1970-01-01T00:00:00Z), UTC,
// without leap seconds (POSIX time), the resolution of receipt dates and verifyReceipt `_ms`.
//
// Accepts: every Int64 millisecond value. Conversions to calendar fields go through `CivilDate`
// and `floorDiv`/`floorMod`, which are total over Int64, so no Instant can make them trap.
// Does not: know about leap seconds, or about time zones other than UTC and America/Los_Angeles
// (see PacificTime.swift).

import PureDER

/// An instant: milliseconds since 1970-01-01T00:00:00Z (Unix epoch, UTC, no leap seconds).
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z; negative before.
    public let millisecondsSince1970: Int64

    /// The instant `millisecondsSince1970` milliseconds after 1970-01-01T00:00:00Z.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The instant `secondsSince1970` whole seconds after the epoch, or nil when the value in
    /// milliseconds does not fit in Int64 (|seconds| > about 9.2e15, some 292 million years).
    public init?(secondsSince1970: Int64) {
        let (ms, overflow) = secondsSince1970.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        self.millisecondsSince1970 = ms
    }

    /// Whole seconds since the epoch, rounded toward −∞ (so 1969-12-31T23:59:59.500Z is −1).
    public var secondsSince1970: Int64 {
        floorDiv(millisecondsSince1970, 1000)
    }

    /// RFC 3339 in UTC, e.g. "2020-07-22T17:39:08Z", with ".123" only when the milliseconds
    /// are not zero. Years outside 0000 ... 9999 are written in ISO 8601 expanded form (see
    /// `formatRFC3339`).
    public var description: String {
        formatRFC3339(self)
    }

    /// This instant as a certificate validity instant, to the millisecond.
    var derTime: DERTime {
        DERTime(secondsSince1970: secondsSince1970, millisecond: floorMod(millisecondsSince1970, 1000))
    }

    /// Earlier instants order first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// Parses a strict RFC 3339 `date-time` (for the command line's `--at`): see RFC3339.swift.
    public static func parseRFC3339(_ s: String) -> Instant? {
        try? parseDateTime(ArraySlice(s.utf8), dialect: .rfc3339)
    }
}

/// The calendar fields of an instant in some fixed offset from UTC.
package struct CivilDateTime: Sendable, Hashable {
    package var date: CivilDate
    /// 0 ... 23
    package var hour: Int64
    /// 0 ... 59
    package var minute: Int64
    /// 0 ... 59
    package var second: Int64
    /// 0 ... 999
    package var millisecond: Int64 = 0
}

extension CivilDateTime {
    /// Splits `t` shifted by `offsetSeconds` (local = UTC + offset) into calendar fields.
    /// `offsetSeconds` is clamped to ±1 day (callers pass ±8 h at most); the shift is done on
    /// the day/millisecond-of-day split so it cannot overflow even at Int64.min/max.
    package init(_ t: Instant, offsetSeconds: Int64 = 0) {
        let offsetMs = min(max(offsetSeconds, -86_400), 86_400) * 1000  // clamped to ±1 day
        var days = floorDiv(t.millisecondsSince1970, 86_400_000)
        // 0 ..< 86 400 000, plus |offsetMs| ≤ 86 400 000: no overflow.
        var msOfDay = floorMod(t.millisecondsSince1970, 86_400_000) + offsetMs
        if msOfDay < 0 {
            msOfDay += 86_400_000
            days -= 1  // |days| ≤ 1.07e11: no overflow
        } else if msOfDay >= 86_400_000 {
            msOfDay -= 86_400_000
            days += 1
        }
        self.date = CivilDate(daysSince1970: days)
        let unsigned = UInt64(msOfDay)  // 0 ..< 86 400 000: unsigned divisions are cheaper
        (hour, minute) = (Int64(unsigned / 3_600_000), Int64(unsigned / 60_000 % 60))
        (second, millisecond) = (Int64(unsigned / 1000 % 60), Int64(unsigned % 1000))
    }
}
