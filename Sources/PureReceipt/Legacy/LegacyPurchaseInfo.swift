// LegacyPurchaseInfo: the signed `purchase-info` of a legacy transaction receipt — every key in file
// order (lossless), and the values verification reads: `bid`, `product-id` and the purchase date.
// The other accessors only present a verified receipt (LegacyPurchaseInfoFields.swift).
//
// Every value is a quoted string. Dates come in three renderings: `<name>-ms` (epoch milliseconds),
// `<name>` (`yyyy-MM-dd HH:mm:ss Etc/GMT`) and `<name>-pst` (America/Los_Angeles); `expires-date`
// is milliseconds without the `-ms` suffix, with `expires-date-formatted[-pst]` beside it. Version 1
// receipts (2009) have only `purchase-date` in the Etc/GMT form.
// Does not check: that the three renderings of a date agree (only the one used is read).

/// The purchase described by a legacy transaction receipt.
public struct LegacyPurchaseInfo: Sendable {
    /// Every pair, in file order.
    public let entries: [LegacyPlistEntry]

    /// The value of `key`, keys compared as bytes (not Unicode equivalence).
    public subscript(key: String) -> String? {
        entries.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    /// `product-id`.
    public var productId: String? { self["product-id"] }
    /// The app's bundle identifier (`bid`).
    public var bundleId: String? { self["bid"] }

    /// `purchase-date-ms`, or (version 1) `purchase-date`.
    public var purchaseDate: Instant? { date("purchase-date-ms", formatted: "purchase-date") }
    /// The instant of the milliseconds key, else of the Etc/GMT-formatted key.
    func date(_ milliseconds: String, formatted: String) -> Instant? {
        if let text = self[milliseconds] { return Self.milliseconds(text) }
        return self[formatted].flatMap(Self.etcGMT)
    }

    /// Apple legacy rule (date-ms): decimal epoch milliseconds, 1 to 15 digits (to year 33658).
    static func milliseconds(_ text: String) -> Instant? {
        guard (1...15).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int64(text)
        else { return nil }
        return Instant(millisecondsSince1970: value)
    }

    /// Apple legacy rule (date-etc-gmt): `yyyy-MM-dd HH:mm:ss Etc/GMT`, read by the receipt date
    /// parser once written as `yyyy-MM-ddTHH:mm:ssZ`.
    static func etcGMT(_ text: String) -> Instant? {
        var bytes = Array(text.utf8)
        guard bytes.count == 27, bytes[10] == 0x20, bytes[19...].elementsEqual(" Etc/GMT".utf8) else { return nil }
        bytes[10] = 0x54  // T
        bytes.replaceSubrange(19..., with: [0x5A])  // Z
        return try? parseDateTime(bytes[...], dialect: .receipt)
    }
}
