// InstantDate: `Instant` ↔ Foundation `Date`.
//
// An `Instant` counts whole milliseconds since 1970-01-01T00:00:00Z; a `Date` counts seconds since
// 2001 in a Double. `Date → Instant` rounds to the nearest millisecond (half away from zero);
// `Instant → Date` is exact to well under a microsecond for any date of the last or next few
// thousand years (a Double has 53 bits).

public import Foundation
public import PureReceipt

extension Date {
    /// The date of `instant`, e.g. `Date(receipt.creationDate)`.
    public init(_ instant: Instant) {
        self.init(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1000)
    }
}

extension Instant {
    /// The instant of `date` to the nearest millisecond, e.g. `policy.currentTime = Instant(Date())`.
    ///
    /// A date beyond the range of `Instant` (about 292 million years either side of 1970) becomes
    /// its first or last instant; a date whose interval is not a number becomes 1970-01-01T00:00:00Z.
    /// Neither traps.
    public init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        if let exact = Int64(exactly: milliseconds) {
            self.init(millisecondsSince1970: exact)
        } else if milliseconds.isNaN {
            self.init(millisecondsSince1970: 0)
        } else {
            self.init(millisecondsSince1970: milliseconds > 0 ? .max : .min)  // beyond Int64: clamped
        }
    }
}
