// UTCTime and GeneralizedTime as RFC 5280 §4.1.2.5 profiles them (X.690 §11.7, §11.8).
//
// Accepts: UTCTime exactly `YYMMDDHHMMSSZ`; GeneralizedTime exactly `YYYYMMDDHHMMSSZ`.
// Rejects: fractional seconds, local times, offsets, missing seconds, second 60, invalid dates.

/// A certificate time: seconds since 1970-01-01T00:00:00Z; the instant a certificate is checked at
/// may also carry milliseconds (a signing date of signed data), which certificate times never do.
public struct DERTime: Sendable, Hashable, Comparable {
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
            CivilDate(year: year, month: month, day: day).isValid, hour < 24, minute < 60, second < 60
        else { throw invalid }
        let days = CivilDate(year: year, month: month, day: day).daysSince1970
        return DERTime(secondsSince1970: days * 86400 + hour * 3600 + minute * 60 + second)
    }
}
