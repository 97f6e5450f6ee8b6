// Instant: a point in time as milliseconds since the Unix epoch (1970-01-01T00:00:00Z), UTC,
// without leap seconds (POSIX time), the resolution of receipt dates and verifyReceipt `_ms`.
//
// Accepts: every Int64 millisecond value. Conversions to calendar fields go through `CivilDate`
// and `floorDiv`/`floorMod`, which are total over Int64, so no Instant can make them trap.
// Does not: know about leap seconds, or about time zones other than UTC and America/Los_Angeles
// (see PacificTime.swift).

import PureDER

/// An instant: milliseconds since 1970-01-01T00:00:00Z (Unix epoch, UTC, no leap seconds).
public struct Instant: Sendable, Hashable, Comparable {
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
