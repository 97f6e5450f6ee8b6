// ReceiptDate: the date values of receipt attributes (creation date 12, expiration 21, in-app
// purchase dates 1704, 1706, 1708, 1712, ...), carried as IA5String.
//
// Accepts: `YYYY-MM-DDTHH:MM:SSZ` (Apple), `...SS+hhmm` (Xcode 12 / 2021 StoreKit Testing), `±hh:mm`
// and 1–9 fractional-second digits (see DateTimeParser.swift); the empty string means "absent".
// Does not check: which attribute the date belongs to, or that the IA5String tag was right (the
// caller reads the TLV).

/// Why a receipt date string was rejected. The associated text is the input (at most its first
/// 40 bytes, decoded as UTF-8 with replacement characters, "…" appended when cut).
public enum ReceiptDateError: Error, Sendable, Equatable {
    /// Not of the form `YYYY-MM-DDTHH:MM:SS[.fff](Z|±hhmm|±hh:mm)`.
    case invalidFormat(String)
    /// The right form, but a field out of range (month 13, February 30, hour 24, second 60, offset +25:00).
    case outOfRange(String)

    /// The text an error carries: bounded so an attacker-sized value cannot make an error huge.
    static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let limit = 40
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.prefix(limit), as: UTF8.self) + "…"
    }
}

/// Parses a receipt date string. Returns nil for the empty string ("absent"); anything that is
/// not a valid date throws.
public func parseReceiptDate(_ s: String) throws(ReceiptDateError) -> Instant? {
    try parseReceiptDate(bytes: ArraySlice(s.utf8))
}

/// Parses the content octets of a receipt date IA5String without building a String.
/// Returns nil for empty content ("absent"); anything that is not a valid date throws.
public func parseReceiptDate(bytes: ArraySlice<UInt8>) throws(ReceiptDateError) -> Instant? {
    if bytes.isEmpty { return nil }
    return try parseDateTime(bytes, dialect: .receipt)
}
