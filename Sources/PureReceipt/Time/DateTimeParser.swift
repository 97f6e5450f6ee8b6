// DateTimeParser: the one scanner behind `parseReceiptDate` and `Instant.parseRFC3339`.
//
// Accepts (both dialects): `YYYY-MM-DDTHH:MM:SS[.F{1,9}]<zone>` with exactly four year digits
// (0000 ... 9999) and two digits in every other field, where <zone> is
//   receipt dialect:  `Z`, `±hhmm` or `±hh:mm` (Apple writes `Z`, Xcode 12 receipts `+hhmm`)
//   rfc3339 dialect:  `Z`/`z` or `±hh:mm`, and `T`/`t` (RFC 3339 §5.6 NOTE allows lower case)
// Fractional seconds (1 to 9 digits) are truncated toward zero to milliseconds.
// Rejects: everything else, including a space for `T`, leading or trailing white space, two-digit
// years, a missing seconds field, leap second 60 (an Instant cannot represent it), hour 24,
// February 30, offsets beyond ±23:59, and more than 9 fraction digits (a deliberate bound).
// Does not check: that an offset actually existed in some time zone, or dates being plausible.
//
// Overflow: the longest accepted input is 35 bytes and every field has at most 9 digits; with
// year ≤ 9999 the result is below 2.6e14 ms in magnitude, so no checked operation can trap.

/// Which textual form of a date-time to accept.
import PureDER

package enum DateTimeDialect: Sendable {
    /// Receipt attribute values (IA5String): upper-case `T`/`Z`, offsets with or without colon.
    case receipt
    /// RFC 3339 `date-time` (command-line input): offsets with colon, `t`/`z` allowed.
    case rfc3339
}

/// Longest accepted form: 19 (date and time) + 10 (".123456789") + 6 ("+hh:mm").
private let maxDateTimeLength = 35

/// Parses one date-time in `dialect`. Errors carry (a prefix of) the offending text.
package func parseDateTime(
    _ bytes: ArraySlice<UInt8>, dialect: DateTimeDialect
) throws(ReceiptDateError) -> Instant {
    guard bytes.count <= maxDateTimeLength else {
        throw .invalidFormat(ReceiptDateError.excerpt(bytes))
    }
    var s = DateScanner(bytes: bytes)
    let upperOnly = dialect == .receipt
    // RFC 3339 §5.6: date-fullyear "-" date-month "-" date-mday "T" time-hour ":" time-minute
    // ":" time-second [time-secfrac] time-offset
    guard let year = s.digits(4), s.literal(0x2D),  // -
        let month = s.digits(2), s.literal(0x2D),
        let day = s.digits(2),
        s.literal(0x54) || (!upperOnly && s.literal(0x74)),  // T or t
        let hour = s.digits(2), s.literal(0x3A),  // :
        let minute = s.digits(2), s.literal(0x3A),
        let second = s.digits(2)
    else { throw .invalidFormat(ReceiptDateError.excerpt(bytes)) }

    // RFC 3339 §5.6: time-secfrac = "." 1*DIGIT (bounded here to 9 digits, truncated to ms)
    var millisecond: Int64 = 0
    if s.literal(0x2E) {  // .
        var count = 0
        while let d = s.digit() {
            count += 1
            guard count <= 9 else { throw .invalidFormat(ReceiptDateError.excerpt(bytes)) }
            if count <= 3 { millisecond = millisecond * 10 + d }
        }
        guard count >= 1 else { throw .invalidFormat(ReceiptDateError.excerpt(bytes)) }
        for _ in count..<max(count, 3) { millisecond *= 10 }
    }

    // RFC 3339 §5.6: time-offset = "Z" / time-numoffset; time-numoffset = ("+" / "-") time-hour ":" time-minute
    var offsetSign: Int64 = 0
    var offsetHour: Int64 = 0
    var offsetMinute: Int64 = 0
    if s.literal(0x5A) || (!upperOnly && s.literal(0x7A)) {  // Z or z
        offsetSign = 0
    } else {
        if s.literal(0x2B) {  // +
            offsetSign = 1
        } else if s.literal(0x2D) {  // -
            offsetSign = -1
        } else {
            throw .invalidFormat(ReceiptDateError.excerpt(bytes))
        }
        // Xcode receipts write `+hhmm` (ISO 8601 basic offset); RFC 3339 requires the colon.
        guard let hh = s.digits(2), s.literal(0x3A) || dialect == .receipt, let mm = s.digits(2) else {
            throw .invalidFormat(ReceiptDateError.excerpt(bytes))
        }
        offsetHour = hh
        offsetMinute = mm
    }
    guard s.atEnd else { throw .invalidFormat(ReceiptDateError.excerpt(bytes)) }

    // RFC 3339 §5.7: "time-hour 00-23 ... time-minute 00-59" apply to the offset as well.
    guard offsetHour <= 23, offsetMinute <= 59 else {
        throw .outOfRange(ReceiptDateError.excerpt(bytes))
    }
    let offsetMinutes = offsetSign * (offsetHour * 60 + offsetMinute)

    // RFC 3339 §5.7: month 01-12, mday 01-28/29/30/31 by month and leap year, hour 00-23,
    // minute 00-59, second 00-58/59/60 — 60 (leap second) is rejected: POSIX time has none.
    let date = CivilDate(year: year, month: month, day: day)
    guard date.isValid, hour <= 23, minute <= 59, second <= 59 else {
        throw .outOfRange(ReceiptDateError.excerpt(bytes))
    }
    let secondsOfDay = (hour * 60 + minute) * 60 + second
    let local = date.daysSince1970 * 86_400_000 + secondsOfDay * 1000 + millisecond
    return Instant(millisecondsSince1970: local - offsetMinutes * 60_000)
}

/// A forward-only reader over at most `maxDateTimeLength` bytes. Every read checks what remains.
private struct DateScanner {
    let bytes: ArraySlice<UInt8>
    /// Invariant: bytes.startIndex ≤ index ≤ bytes.endIndex.
    var index: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    var atEnd: Bool { index >= bytes.endIndex }

    /// Consumes `byte` if it is next.
    mutating func literal(_ byte: UInt8) -> Bool {
        guard index < bytes.endIndex, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes one ASCII digit if one is next.
    mutating func digit() -> Int64? {
        guard index < bytes.endIndex else { return nil }
        let c = bytes[index]
        guard c >= 0x30, c <= 0x39 else { return nil }
        index += 1
        return Int64(c - 0x30)
    }

    /// Consumes exactly `count` (≤ 9) ASCII digits, or nothing (returning nil).
    mutating func digits(_ count: Int) -> Int64? {
        let start = index
        var value: Int64 = 0
        for _ in 0..<count {
            guard let d = digit() else {
                index = start
                return nil
            }
            value = value * 10 + d  // count ≤ 9: value < 1e9
        }
        return value
    }
}
