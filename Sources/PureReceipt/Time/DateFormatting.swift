// DateFormatting: RFC 3339 text for the CLI and JSON, and the two verifyReceipt date strings.
//
// Produces: `YYYY-MM-DDTHH:MM:SS[.mmm]Z` (RFC 3339 §5.6, UTC; fraction only when non-zero),
// `YYYY-MM-DD HH:MM:SS Etc/GMT` and `YYYY-MM-DD HH:MM:SS America/Los_Angeles` (the forms Apple's
// verifyReceipt wrote in `*_date` and `*_date_pst`; whole seconds, milliseconds dropped by
// rounding toward −∞ like the `_ms` → seconds conversion).
// Years outside 0000 ... 9999 cannot be written in RFC 3339; they are written in the ISO 8601
// expanded form (`-0001`, `+10000`) so every Instant has some text. `parseRFC3339` rejects them.

/// RFC 3339 text in UTC, e.g. "2020-07-22T17:39:08Z" or "2020-07-22T17:39:08.123Z".
package import PureDER

package func formatRFC3339(_ t: Instant) -> String {
    let f = CivilDateTime(t)
    var out: [UInt8] = []
    out.append(addingCapacity: verifyReceiptDateCapacity) { span in
        appendDateTime(f, separator: 0x54, to: &span)  // T
        if f.millisecond != 0 {
            span.append(0x2E)  // .
            appendDecimal(f.millisecond, width: 3, to: &span)
        }
        span.append(0x5A)  // Z
    }
    return String(decoding: out, as: UTF8.self)
}

/// A bound on the bytes `appendVerifyReceiptUTC`, `appendVerifyReceiptPacific` and
/// `formatRFC3339` write: a date and time of at most 35 (a 64-bit year: a sign and up to 19
/// digits), then a zone of at most 20.
package let verifyReceiptDateCapacity = 64

/// verifyReceipt's UTC form, e.g. "2020-07-22 17:39:08 Etc/GMT", appended to `out`. `utc`, when
/// given, must be `CivilDateTime(t)` (a caller writing both forms splits `t` once).
package func appendVerifyReceiptUTC(_ t: Instant, utc: CivilDateTime? = nil, to out: inout OutputSpan<UInt8>) {
    appendDateTime(utc ?? CivilDateTime(t), separator: 0x20, to: &out)  // space
    for byte in etcGMT { out.append(byte) }
}

/// verifyReceipt's Pacific form, e.g. "2020-07-22 10:39:08 America/Los_Angeles" (PDT, UTC−7),
/// appended to `out`. Uses the US rules in PacificTime.swift (standard time only before 1967).
/// The Pacific fields are the UTC ones (`utc` when given, which must be `CivilDateTime(t)`)
/// shifted by the offset, −8 or −7 whole hours; `t` is split again only when that lands on the
/// last day of the previous month.
package func appendVerifyReceiptPacific(_ t: Instant, utc: CivilDateTime? = nil, to out: inout OutputSpan<UInt8>) {
    var local = utc ?? CivilDateTime(t)
    let offset = PacificTime.offsetSeconds(at: t, utc: local)
    local.hour += offset / 3600
    if local.hour < 0 && local.date.day > 1 {
        (local.hour, local.date.day) = (local.hour + 24, local.date.day - 1)
    } else if local.hour < 0 {
        local = CivilDateTime(t, offsetSeconds: offset)
    }
    appendDateTime(local, separator: 0x20, to: &out)
    for byte in americaLosAngeles { out.append(byte) }
}

/// The zone suffixes as bytes, encoded once (copying a `String`'s UTF-8 view costs several times as much).
private let etcGMT = Array(" Etc/GMT".utf8)
private let americaLosAngeles = Array(" America/Los_Angeles".utf8)

/// `YYYY-MM-DD`, `separator`, `HH:MM:SS`: 19 bytes for a year in 0000 ... 9999; a year outside
/// is written in the expanded form (its sign and at least four digits: at most 35 bytes in all).
private func appendDateTime(_ f: CivilDateTime, separator: UInt8, to span: inout OutputSpan<UInt8>) {
    let d = f.date
    if d.year >= 0 && d.year <= 9999 {
        appendTwoDigits(d.year / 100, to: &span)
        appendTwoDigits(d.year % 100, to: &span)
    } else {
        if d.year > 9999 { span.append(0x2B) }  // +; a negative year gets its -
        appendDecimal(d.year, width: 4, to: &span)
    }
    span.append(0x2D)  // -
    appendTwoDigits(d.month, to: &span)
    span.append(0x2D)
    appendTwoDigits(d.day, to: &span)
    span.append(separator)
    appendTwoDigits(f.hour, to: &span)
    span.append(0x3A)  // :
    appendTwoDigits(f.minute, to: &span)
    span.append(0x3A)
    appendTwoDigits(f.second, to: &span)
}

/// The two digits of a calendar field or of a decimal number (0 ... 99 by construction in
/// CivilDate, CivilDateTime and `appendDecimal`; anything else gives other characters, never a
/// trap: the low seven bits are 0 ... 127).
@inline(__always)
package func appendTwoDigits(_ value: Int64, to span: inout OutputSpan<UInt8>) {
    let v = UInt8(value & 0x7F)
    span.append(0x30 + v / 10)
    span.append(0x30 + v % 10)
}

extension Instant: CustomStringConvertible {
    /// RFC 3339 in UTC, e.g. "2020-07-22T17:39:08Z", with ".123" only when the milliseconds
    /// are not zero. Years outside 0000 ... 9999 are written in ISO 8601 expanded form (see
    /// `formatRFC3339`).
    public var description: String {
        formatRFC3339(self)
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
