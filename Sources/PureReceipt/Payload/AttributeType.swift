// AttributeType: the attribute type numbers of the receipt payload and of in-app purchase
// records, their names for messages, and which of them are singular.
//
// Source: /work/shared/RECEIPT-FIELDS.md tables 3a (top level) and 3b (in-app), which combine
// Apple's archived "Receipt Fields" page with what real receipts carry. Types not listed there
// are "unknown": they are kept verbatim in `rawAttributes`, never interpreted, and may repeat.
// Types 1723–1725 were never observed and no surveyed parser reads them: unknown here too.

/// Attribute type numbers of App Store receipts (the `type` field of a ReceiptAttribute).
public enum ReceiptAttributeType {
    // Top level (RECEIPT-FIELDS.md 3a).
    public static let environment: Int64 = 0
    public static let appItemID: Int64 = 1
    public static let bundleIdentifier: Int64 = 2
    public static let appVersion: Int64 = 3
    public static let opaqueValue: Int64 = 4
    public static let sha1Hash: Int64 = 5
    public static let transactionDate: Int64 = 8
    public static let fulfillmentToolVersion: Int64 = 9
    public static let ageRating: Int64 = 10
    public static let developerID: Int64 = 11
    public static let creationDate: Int64 = 12
    public static let downloadID: Int64 = 15
    public static let versionExternalIdentifier: Int64 = 16
    public static let inAppPurchase: Int64 = 17
    public static let originalPurchaseDate: Int64 = 18
    public static let originalAppVersion: Int64 = 19
    public static let expirationDate: Int64 = 21
    public static let organizationDisplayName: Int64 = 23
    public static let preorderDate: Int64 = 32

    // In-app purchase records (RECEIPT-FIELDS.md 3b).
    public static let quantity: Int64 = 1701
    public static let productIdentifier: Int64 = 1702
    public static let transactionIdentifier: Int64 = 1703
    public static let purchaseDate: Int64 = 1704
    public static let originalTransactionIdentifier: Int64 = 1705
    public static let inAppOriginalPurchaseDate: Int64 = 1706
    public static let productType: Int64 = 1707
    public static let subscriptionExpirationDate: Int64 = 1708
    public static let webOrderLineItemID: Int64 = 1711
    public static let cancellationDate: Int64 = 1712
    public static let isTrialPeriod: Int64 = 1713
    public static let isInIntroOfferPeriod: Int64 = 1719
    public static let cancellationReason: Int64 = 1720
    public static let promotionalOfferIdentifier: Int64 = 1721

    /// A short human name of a top-level attribute type, e.g. "bundle id"; "unknown" otherwise.
    public static func name(ofTopLevel type: Int64) -> String {
        switch type {
        case 0: return "environment"
        case 1: return "app item id"
        case 2: return "bundle id"
        case 3: return "app version"
        case 4: return "opaque value"
        case 5: return "SHA-1 hash"
        case 6, 7: return "opaque blob"
        case 8: return "transaction date"
        case 9: return "fulfillment tool version"
        case 10: return "age rating"
        case 11: return "developer id"
        case 12: return "creation date"
        case 13, 14, 25: return "undocumented integer"
        case 15: return "download id"
        case 16: return "version external identifier"
        case 17: return "in-app purchase"
        case 18: return "original purchase date"
        case 19: return "original app version"
        case 20: return "undocumented string"
        case 21: return "expiration date"
        case 22: return "undocumented date"
        case 23: return "organization display name"
        case 32: return "preorder date"
        default: return "unknown"
        }
    }

    /// A short human name of an in-app purchase attribute type, e.g. "product id"; "unknown" otherwise.
    public static func name(ofInApp type: Int64) -> String {
        switch type {
        case 1701: return "quantity"
        case 1702: return "product id"
        case 1703: return "transaction id"
        case 1704: return "purchase date"
        case 1705: return "original transaction id"
        case 1706: return "original purchase date"
        case 1707: return "product type"
        case 1708: return "subscription expiration date"
        case 1709, 1714, 1715, 1716, 1717, 1718: return "undocumented string"
        case 1710: return "undocumented integer"
        case 1711: return "web order line item id"
        case 1712: return "cancellation date"
        case 1713: return "is trial period"
        case 1719: return "is in intro offer period"
        case 1720: return "cancellation reason"
        case 1721: return "promotional offer id"
        case 1722: return "undocumented integer"
        default: return "unknown"
        }
    }
}

/// Which attributes have been seen in one SET: a bit per known singular type.
///
/// Top-level known types are 0 ... 32 and in-app known types 1701 ... 1722, so one 64-bit mask
/// per SET covers them (`bit` maps a type to 0 ..< 64, or nil for types the mask does not track).
struct SeenAttributes {
    private var mask: UInt64 = 0
    private let base: Int64

    /// A mask for types `base ..< base + 64`.
    init(base: Int64) { self.base = base }

    /// Records `type`; returns false when it was already recorded. Types outside the window
    /// are never recorded (callers only pass known singular types, which all lie inside it).
    mutating func insert(_ type: Int64) -> Bool {
        guard type >= base, type - base < 64 else { return true }  // type ≥ base: no overflow
        let bit: UInt64 = 1 << UInt64(type - base)
        defer { mask |= bit }
        return mask & bit == 0
    }

    func contains(_ type: Int64) -> Bool {
        guard type >= base, type - base < 64 else { return false }
        return mask & (1 << UInt64(type - base)) != 0
    }
}
