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
    appendDate(f.date, separator: 0x54, to: &out)  // T
    appendClock(f, to: &out)
    if f.millisecond != 0 {
        out.append(0x2E)  // .
        appendPadded(f.millisecond, width: 3, to: &out)
    }
    out.append(0x5A)  // Z
    return String(decoding: out, as: UTF8.self)
}

/// verifyReceipt's UTC form, e.g. "2020-07-22 17:39:08 Etc/GMT".
package func formatVerifyReceiptUTC(_ t: Instant) -> String {
    formatVerifyReceipt(CivilDateTime(t), zoneName: " Etc/GMT")
}

/// verifyReceipt's Pacific form, e.g. "2020-07-22 10:39:08 America/Los_Angeles" (PDT, UTC−7).
/// Uses the US rules in PacificTime.swift (standard time only before 1967).
package func formatVerifyReceiptPacific(_ t: Instant) -> String {
    let offset = PacificTime.offsetSeconds(at: t)
    return formatVerifyReceipt(CivilDateTime(t, offsetSeconds: offset), zoneName: " America/Los_Angeles")
}

private func formatVerifyReceipt(_ f: CivilDateTime, zoneName: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(48)
    appendDate(f.date, separator: 0x20, to: &out)  // space
    appendClock(f, to: &out)
    out.append(contentsOf: zoneName.utf8)
    return String(decoding: out, as: UTF8.self)
}

/// `YYYY-MM-DD` followed by `separator`.
private func appendDate(_ d: CivilDate, separator: UInt8, to out: inout [UInt8]) {
    if d.year < 0 {
        out.append(0x2D)  // -
        appendPadded(0 - d.year, width: 4, to: &out)  // |year| ≤ 4e8: negation cannot overflow
    } else if d.year > 9999 {
        out.append(0x2B)  // +
        appendPadded(d.year, width: 4, to: &out)
    } else {
        appendPadded(d.year, width: 4, to: &out)
    }
    out.append(0x2D)
    appendPadded(d.month, width: 2, to: &out)
    out.append(0x2D)
    appendPadded(d.day, width: 2, to: &out)
    out.append(separator)
}

/// `HH:MM:SS`.
private func appendClock(_ f: CivilDateTime, to out: inout [UInt8]) {
    appendPadded(f.hour, width: 2, to: &out)
    out.append(0x3A)  // :
    appendPadded(f.minute, width: 2, to: &out)
    out.append(0x3A)
    appendPadded(f.second, width: 2, to: &out)
}

/// Decimal digits of `value` (≥ 0; negative values are written as 0), left-padded with zeros to
/// at least `width` digits. No allocation: digits are taken by descending powers of ten.
private func appendPadded(_ value: Int64, width: Int, to out: inout [UInt8]) {
    let v = max(value, 0)
    var divisor: Int64 = 1
    var digits = 1
    while divisor <= v / 10 {  // divisor * 10 ≤ v ≤ Int64.max: no overflow
        divisor *= 10
        digits += 1
    }
    for _ in digits..<max(digits, width) { out.append(0x30) }
    while divisor > 0 {
        out.append(UInt8(truncatingIfNeeded: v / divisor % 10) + 0x30)  // one digit: 0 ... 9
        divisor /= 10
    }
}
