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
    /// 0: receipt type (environment).
    public static let environment: Int64 = 0
    /// 1: the app's App Store item id.
    public static let appItemID: Int64 = 1
    /// 2: bundle identifier.
    public static let bundleIdentifier: Int64 = 2
    /// 3: app version (CFBundleVersion on iOS).
    public static let appVersion: Int64 = 3
    /// 4: opaque value hashed into attribute 5.
    public static let opaqueValue: Int64 = 4
    /// 5: SHA-1 device hash.
    public static let sha1Hash: Int64 = 5
    /// 8: transaction date.
    public static let transactionDate: Int64 = 8
    /// 9: fulfillment tool version.
    public static let fulfillmentToolVersion: Int64 = 9
    /// 10: age rating.
    public static let ageRating: Int64 = 10
    /// 11: developer id.
    public static let developerID: Int64 = 11
    /// 12: receipt creation date.
    public static let creationDate: Int64 = 12
    /// 15: download id.
    public static let downloadID: Int64 = 15
    /// 16: version external identifier.
    public static let versionExternalIdentifier: Int64 = 16
    /// 17: one in-app purchase record (repeats).
    public static let inAppPurchase: Int64 = 17
    /// 18: original purchase date.
    public static let originalPurchaseDate: Int64 = 18
    /// 19: original application version.
    public static let originalAppVersion: Int64 = 19
    /// 21: receipt expiration date (VPP).
    public static let expirationDate: Int64 = 21
    /// 23: organization display name.
    public static let organizationDisplayName: Int64 = 23
    /// 32: preorder date.
    public static let preorderDate: Int64 = 32

    // In-app purchase records (RECEIPT-FIELDS.md 3b).
    /// 1701: quantity.
    public static let quantity: Int64 = 1701
    /// 1702: product identifier.
    public static let productIdentifier: Int64 = 1702
    /// 1703: transaction identifier.
    public static let transactionIdentifier: Int64 = 1703
    /// 1704: purchase date.
    public static let purchaseDate: Int64 = 1704
    /// 1705: original transaction identifier.
    public static let originalTransactionIdentifier: Int64 = 1705
    /// 1706: original purchase date of the in-app purchase.
    public static let inAppOriginalPurchaseDate: Int64 = 1706
    /// 1707: product type.
    public static let productType: Int64 = 1707
    /// 1708: subscription expiration date.
    public static let subscriptionExpirationDate: Int64 = 1708
    /// 1711: web order line item id.
    public static let webOrderLineItemID: Int64 = 1711
    /// 1712: cancellation date.
    public static let cancellationDate: Int64 = 1712
    /// 1713: is trial period.
    public static let isTrialPeriod: Int64 = 1713
    /// 1719: is in introductory offer period.
    public static let isInIntroOfferPeriod: Int64 = 1719
    /// 1720: cancellation reason.
    public static let cancellationReason: Int64 = 1720
    /// 1721: promotional offer identifier.
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
