// LegacyPurchaseInfoFields: the typed accessors of a legacy receipt's purchase-info that no check
// reads (presentation: the policy reads `bid`, `product-id` and the purchase date through
// LegacyPurchaseInfo.swift).

extension LegacyPurchaseInfo {
    /// `transaction-id`.
    public var transactionId: String? { self["transaction-id"] }
    /// `original-transaction-id`: the same for every renewal of a subscription.
    public var originalTransactionId: String? { self["original-transaction-id"] }
    /// The app's bundle version (`bvrs`).
    public var bundleVersion: String? { self["bvrs"] }
    /// `item-id`: the App Store's numeric identifier of the product.
    public var itemIdentifier: String? { self["item-id"] }
    /// `app-item-id`: the App Store's numeric identifier of the app.
    public var appAppleId: String? { self["app-item-id"] }
    /// `version-external-identifier`: the App Store's identifier of the app version.
    public var versionExternalIdentifier: String? { self["version-external-identifier"] }
    /// `unique-identifier`: the device's identifier as Apple wrote it (UDID era).
    public var uniqueIdentifier: String? { self["unique-identifier"] }
    /// `unique-vendor-identifier`: the device's identifier for the vendor.
    public var uniqueVendorIdentifier: String? { self["unique-vendor-identifier"] }
    /// `web-order-line-item-id` (auto-renewable subscriptions).
    public var webOrderLineItemId: String? { self["web-order-line-item-id"] }
    /// `quantity`, when it is a decimal integer.
    public var quantity: Int? { self["quantity"].flatMap { Int($0) } }
    /// `is-trial-period` (`true`/`false`), nil when absent or anything else.
    public var isTrialPeriod: Bool? { Self.boolean(self["is-trial-period"]) }
    /// `is-in-intro-offer-period` (`true`/`false`), nil when absent or anything else.
    public var isInIntroOfferPeriod: Bool? { Self.boolean(self["is-in-intro-offer-period"]) }

    /// `original-purchase-date-ms`, or `original-purchase-date`.
    public var originalPurchaseDate: Instant? { date("original-purchase-date-ms", formatted: "original-purchase-date") }
    /// `expires-date` (milliseconds), or `expires-date-formatted`.
    public var expiresDate: Instant? { date("expires-date", formatted: "expires-date-formatted") }

    /// The three renderings of a date, as written (nil where absent).
    public struct DateRenderings: Sendable, Equatable {
        /// `<name>-ms`: epoch milliseconds as written.
        public let milliseconds: String?
        /// `<name>`: `yyyy-MM-dd HH:mm:ss Etc/GMT` as written.
        public let etcGMT: String?
        /// `<name>-pst`: the America/Los_Angeles rendering as written.
        public let losAngeles: String?

        /// The three renderings (nil where absent).
        public init(milliseconds: String?, etcGMT: String?, losAngeles: String?) {
            self.milliseconds = milliseconds
            self.etcGMT = etcGMT
            self.losAngeles = losAngeles
        }
    }

    /// `purchase-date-ms`, `purchase-date`, `purchase-date-pst`.
    public var purchaseDateRenderings: DateRenderings { renderings("purchase-date-ms", "purchase-date") }
    /// `original-purchase-date-ms`, `original-purchase-date`, `original-purchase-date-pst`.
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

    static func boolean(_ text: String?) -> Bool? {
        switch text {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }

}
