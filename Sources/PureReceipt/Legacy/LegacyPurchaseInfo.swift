// LegacyPurchaseInfo: the signed `purchase-info` of a legacy transaction receipt — every key in file
// order (lossless), with typed accessors for the keys Apple documented or wrote.
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

    public var transactionIdentifier: String? { self["transaction-id"] }
    public var originalTransactionIdentifier: String? { self["original-transaction-id"] }
    public var productIdentifier: String? { self["product-id"] }
    /// The app's bundle identifier (`bid`).
    public var bundleIdentifier: String? { self["bid"] }
    /// The app's bundle version (`bvrs`).
    public var bundleVersion: String? { self["bvrs"] }
    public var itemIdentifier: String? { self["item-id"] }
    public var appItemIdentifier: String? { self["app-item-id"] }
    public var versionExternalIdentifier: String? { self["version-external-identifier"] }
    public var uniqueIdentifier: String? { self["unique-identifier"] }
    public var uniqueVendorIdentifier: String? { self["unique-vendor-identifier"] }
    public var webOrderLineItemIdentifier: String? { self["web-order-line-item-id"] }
    public var quantity: Int? { self["quantity"].flatMap { Int($0) } }
    public var isTrialPeriod: Bool? { Self.boolean(self["is-trial-period"]) }
    public var isInIntroOfferPeriod: Bool? { Self.boolean(self["is-in-intro-offer-period"]) }

    /// `purchase-date-ms`, or (version 1) `purchase-date`.
    public var purchaseDate: Instant? { date("purchase-date-ms", formatted: "purchase-date") }
    /// `original-purchase-date-ms`, or `original-purchase-date`.
    public var originalPurchaseDate: Instant? { date("original-purchase-date-ms", formatted: "original-purchase-date") }
    /// `expires-date` (milliseconds), or `expires-date-formatted`.
    public var expiresDate: Instant? { date("expires-date", formatted: "expires-date-formatted") }

    /// The three renderings of a date, as written (nil where absent).
    public struct DateRenderings: Sendable, Equatable {
        public let milliseconds: String?
        public let etcGMT: String?
        public let losAngeles: String?

        public init(milliseconds: String?, etcGMT: String?, losAngeles: String?) {
            self.milliseconds = milliseconds
            self.etcGMT = etcGMT
            self.losAngeles = losAngeles
        }
    }

    public var purchaseDateRenderings: DateRenderings { renderings("purchase-date-ms", "purchase-date") }
    public var originalPurchaseDateRenderings: DateRenderings {
        renderings("original-purchase-date-ms", "original-purchase-date")
    }
    /// `expires-date` (ms), `expires-date-formatted`, `expires-date-formatted-pst`.
    public var expiresDateRenderings: DateRenderings {
        DateRenderings(
            milliseconds: self["expires-date"], etcGMT: self["expires-date-formatted"],
            losAngeles: self["expires-date-formatted-pst"])
    }

    func renderings(_ milliseconds: String, _ name: String) -> DateRenderings {
        DateRenderings(milliseconds: self[milliseconds], etcGMT: self[name], losAngeles: self[name + "-pst"])
    }

    /// The instant of the milliseconds key, else of the Etc/GMT-formatted key.
    func date(_ milliseconds: String, formatted: String) -> Instant? {
        if let text = self[milliseconds] { return Self.milliseconds(text) }
        return self[formatted].flatMap(Self.etcGMT)
    }

    static func boolean(_ text: String?) -> Bool? {
        switch text {
        case "true": return true
        case "false": return false
        default: return nil
        }
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
