// DateFormatting: RFC 3339 text for the CLI and JSON, and the two verifyReceipt date strings.
//
// Produces: `YYYY-MM-DDTHH:MM:SS[.mmm]Z` (RFC 3339 §5.6, UTC; fraction only when non-zero),
// `YYYY-MM-DD HH:MM:SS Etc/GMT` and `YYYY-MM-DD HH:MM:SS America/Los_Angeles` (the forms Apple's
// verifyReceipt wrote in `*_date` and `*_date_pst`; whole seconds, milliseconds dropped by
// rounding toward −∞ like the `_ms` → seconds conversion).
// Years outside 0000 ... 9999 cannot be written in RFC 3339; they are written in the ISO 8601
// expanded form (`-0001`, `+10000`) so every Instant has some text. `parseRFC3339` rejects them.

/// RFC 3339 text in UTC, e.g. "2020-07-22T17:39:08Z" or "2020-07-22T17:39:08.123Z".
package func formatRFC3339(_ t: Instant) -> String {
    let f = CivilDateTime(t)
    var out: [UInt8] = []
    out.reserveCapacity(32)
    appendDateTime(f, separator: 0x54, to: &out)  // T
    if f.millisecond != 0 {
        out.append(0x2E)  // .
        appendDecimal(f.millisecond, width: 3, to: &out)
    }
    out.append(0x5A)  // Z
    return String(decoding: out, as: UTF8.self)
}

/// verifyReceipt's UTC form, e.g. "2020-07-22 17:39:08 Etc/GMT", appended to `out`. `utc`, when
/// given, must be `CivilDateTime(t)` (a caller writing both forms splits `t` once).
package func appendVerifyReceiptUTC(_ t: Instant, utc: CivilDateTime? = nil, to out: inout [UInt8]) {
    appendVerifyReceipt(utc ?? CivilDateTime(t), to: &out)
    out.append(contentsOf: etcGMT)
}

/// verifyReceipt's Pacific form, e.g. "2020-07-22 10:39:08 America/Los_Angeles" (PDT, UTC−7),
/// appended to `out`. Uses the US rules in PacificTime.swift (standard time only before 1967).
/// The Pacific fields are the UTC ones (`utc` when given, which must be `CivilDateTime(t)`)
/// shifted by the offset, −8 or −7 whole hours; `t` is split again only when that lands on the
/// last day of the previous month.
package func appendVerifyReceiptPacific(_ t: Instant, utc: CivilDateTime? = nil, to out: inout [UInt8]) {
    var local = utc ?? CivilDateTime(t)
    let offset = PacificTime.offsetSeconds(at: t, utc: local)
    local.hour += offset / 3600
    if local.hour < 0 && local.date.day > 1 {
        (local.hour, local.date.day) = (local.hour + 24, local.date.day - 1)
    } else if local.hour < 0 {
        local = CivilDateTime(t, offsetSeconds: offset)
    }
    appendVerifyReceipt(local, to: &out)
    out.append(contentsOf: americaLosAngeles)
}

/// The zone suffixes as bytes, encoded once (appending a `String`'s UTF-8 view cost three times as much).
private let etcGMT = Array(" Etc/GMT".utf8)
private let americaLosAngeles = Array(" America/Los_Angeles".utf8)

/// `YYYY-MM-DD HH:MM:SS`.
private func appendVerifyReceipt(_ f: CivilDateTime, to out: inout [UInt8]) {
    appendDateTime(f, separator: 0x20, to: &out)  // space
}

/// `YYYY-MM-DD`, `separator`, `HH:MM:SS`. The 19 characters of a year in 0000 ... 9999 are
/// written through one `OutputSpan` (a capacity check per character, not an array append); a
/// year outside is written first in the expanded form, then the rest the same way.
private func appendDateTime(_ f: CivilDateTime, separator: UInt8, to out: inout [UInt8]) {
    let d = f.date
    let fourDigits = d.year >= 0 && d.year <= 9999
    if !fourDigits {
        if d.year > 9999 { out.append(0x2B) }  // +; a negative year gets its -
        appendDecimal(d.year, width: 4, to: &out)
    }
    out.append(addingCapacity: 19) { span in
        if fourDigits {
            appendTwoDigits(d.year / 100, to: &span)
            appendTwoDigits(d.year % 100, to: &span)
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
}

/// The two digits of a calendar field (0 ... 99 by construction in CivilDate and CivilDateTime;
/// anything else is clamped, never a trap).
@inline(__always)
private func appendTwoDigits(_ value: Int64, to span: inout OutputSpan<UInt8>) {
    let v = UInt8(clamping: min(max(value, 0), 99))
    span.append(0x30 + v / 10)
    span.append(0x30 + v % 10)
}
