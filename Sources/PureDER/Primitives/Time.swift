// UTCTime and GeneralizedTime as RFC 5280 §4.1.2.5 profiles them (X.690 §11.7, §11.8).
//
// Accepts: UTCTime exactly `YYMMDDHHMMSSZ`; GeneralizedTime exactly `YYYYMMDDHHMMSSZ`.
// Rejects: fractional seconds, local times, offsets, missing seconds, second 60, invalid dates.

/// A certificate time: seconds since 1970-01-01T00:00:00Z; the instant a certificate is checked at
/// may also carry milliseconds (a signing date of signed data), which certificate times never do.
public struct DERTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z (negative before 1970), rounded toward −∞.
    public let secondsSince1970: Int64
    /// Milliseconds after `secondsSince1970`, 0...999 (0 for every time read from a certificate).
    public let millisecond: Int64

    /// The instant `secondsSince1970` seconds and `millisecond` (clamped to 0...999) milliseconds
    /// after 1970-01-01T00:00:00Z.
    public init(secondsSince1970: Int64, millisecond: Int64 = 0) {
        self.secondsSince1970 = secondsSince1970
        self.millisecond = min(max(millisecond, 0), 999)
    }

    /// Earlier instants order first, to the millisecond: 00:00:00.999Z is after a notAfter of
    /// 00:00:00Z (RFC 5280 §4.1.2.5: valid "through", not after, notAfter).
    public static func < (lhs: DERTime, rhs: DERTime) -> Bool {
        (lhs.secondsSince1970, lhs.millisecond) < (rhs.secondsSince1970, rhs.millisecond)
    }

    /// RFC 3339 UTC rendering, e.g. "2025-03-14T09:26:53Z".
    public var description: String {
        // Floor division without overflow for every Int64 (no subtraction before dividing).
        var days = secondsSince1970 / 86400
        var seconds = secondsSince1970 % 86400
        if seconds < 0 {
            days -= 1
            seconds += 86400
        }
        let (year, month, day) = civilFromDays(days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(year)
        while yearText.count < 4 { yearText = "0" + yearText }
        return
            "\(yearText)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
    }
}

extension DERCursor {
    /// Reads a UTCTime or GeneralizedTime (RFC 5280 `Time ::= CHOICE { utcTime, generalTime }`).
    public mutating func readTime(_ what: @autoclosure Context) throws(DERError) -> DERTime {
        let element = try readElement()
        let digits = element.contentBytes
        let year: Int64
        var index = digits.startIndex
        func number(_ count: Int) -> Int64? {
            guard digits.endIndex - index >= count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let byte = digits[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
                index += 1
            }
            return value
        }
        // Built only when thrown: the context is an autoclosure, read on the error path.
        var invalid: DERError { DERError(.invalidValue, at: element.start, "\(what()): time") }
        switch element.tag {
        case .utcTime:
            // RFC 5280 §4.1.2.5.1: "UTCTime values MUST be expressed in Greenwich Mean Time (Zulu) and MUST
            // include seconds (i.e., times are YYMMDDHHMMSSZ)". YY ≥ 50 means 19YY, otherwise 20YY.
            guard digits.count == 13, let yy = number(2) else { throw invalid }
            year = yy >= 50 ? 1900 + yy : 2000 + yy
        case .generalizedTime:
            // RFC 5280 §4.1.2.5.2: "GeneralizedTime values MUST be expressed in Greenwich Mean Time (Zulu) and
            // MUST include seconds (i.e., times are YYYYMMDDHHMMSSZ) ... MUST NOT include fractional seconds."
            guard digits.count == 15, let yyyy = number(4) else { throw invalid }
            year = yyyy
        default:
            throw DERError(.unexpectedTag(expected: .utcTime, found: element.tag), at: element.start, what())
        }
        guard let month = number(2), let day = number(2), let hour = number(2), let minute = number(2),
            let second = number(2), index < digits.endIndex, digits[index] == UInt8(ascii: "Z"),
            (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60
        else { throw invalid }
        let days = daysFromCivil(year: year, month: month, day: day)
        return DERTime(secondsSince1970: days * 86400 + hour * 3600 + minute * 60 + second)
    }
}

/// Days in a month of the proleptic Gregorian calendar.
package func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil algorithm).
/// Exact for any year in ±10^12; callers pass years 0…9999.
package func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146097 + dayOfEra - 719468
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (inverse of `daysFromCivil`).
package func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let dayOfEra = z - era * 146097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
}
