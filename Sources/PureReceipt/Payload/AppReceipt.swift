// AppReceipt: the decoded receipt payload (the eContent of the receipt's CMS SignedData).
//
// Every attribute of RECEIPT-FIELDS.md table 3a has a typed field; every attribute, known or not,
// is also in `rawAttributes` in file order. Checking is eager: a receipt whose known attributes are
// not all well-formed is rejected as a whole (see AppReceiptParser.swift); in-app records are then
// kept as their place in the payload and their fields decoded when read (InAppPurchase.swift).

import PureDER

/// A decoded App Store receipt payload.
///
///     ReceiptModule DEFINITIONS ::= BEGIN
///     Payload ::= SET OF ReceiptAttribute
///     ReceiptAttribute ::= SEQUENCE {
///         type    INTEGER,
///         version INTEGER,
///         value   OCTET STRING }
///     END
///
/// Optional fields are nil when the attribute is absent or, for dates, holds the empty string.
/// Raw-byte fields are slices of the bytes the payload lies in (see `ReceiptAttribute.value`).
public struct AppReceipt: Sendable {
    /// 0: receipt type (`Production`, `ProductionSandbox`, `Xcode`, …).
    public internal(set) var environment: ReceiptEnvironment?
    /// 1: the app's Apple ID (adam id); 0 in sandbox and Xcode receipts.
    public internal(set) var appAppleId: UInt64?
    /// 2: bundle identifier.
    public internal(set) var bundleId: String = ""
    /// 2, raw: the whole UTF8String TLV (the OCTET STRING content) that the device hash covers.
    public internal(set) var bundleIdentifierData: ArraySlice<UInt8> = []
    /// 3: app version (CFBundleVersion on iOS, CFBundleShortVersionString on macOS).
    public internal(set) var applicationVersion: String = ""
    /// 4: opaque value for the device hash.
    public internal(set) var opaqueValue: ArraySlice<UInt8> = []
    /// 5: SHA-1(device identifier ‖ opaque value ‖ bundleIdentifierData).
    public internal(set) var sha1Hash: ArraySlice<UInt8> = []
    /// 6, 7: undocumented opaque blobs.
    public internal(set) var attribute6: ArraySlice<UInt8>?
    /// 7: undocumented opaque blob.
    public internal(set) var attribute7: ArraySlice<UInt8>?
    /// 8: date of the App Store transaction behind this receipt (empty in sandbox).
    public internal(set) var transactionDate: Instant?
    /// 9: undocumented generator version, four ASCII characters such as `P234`.
    public internal(set) var fulfillmentToolVersion: ASCIIPackedInteger?
    /// 10: age rating, e.g. `4+`.
    public internal(set) var ageRating: String?
    /// 11: undocumented, the same for all receipts of one developer; 0 in sandbox.
    public internal(set) var developerID: UInt64?
    /// 12: receipt creation date. The certificate chain is validated at this instant, and queries
    /// never evaluate at an earlier one.
    public internal(set) var receiptCreationDate = Instant(millisecondsSince1970: 0)
    /// 13, 14: undocumented INTEGERs.
    public internal(set) var attribute13: Int64?
    /// 14: undocumented INTEGER.
    public internal(set) var attribute14: Int64?
    /// 15: download id (up to 8 bytes); 0 in sandbox.
    public internal(set) var downloadID: UInt64?
    /// 16: version external identifier (App Store version id); 0 in sandbox.
    public internal(set) var versionExternalIdentifier: UInt64?
    /// 17: in-app purchase records, in file order.
    public internal(set) var inAppPurchases: [InAppPurchase] = []
    /// 18: when the app was first purchased (sandbox: always 2013-08-01T07:00:00Z). With
    /// `originalAppVersion`, the basis of paid-to-freemium decisions.
    public internal(set) var originalPurchaseDate: Instant?
    /// 19: the app version the customer first purchased (absent in Xcode receipts).
    public internal(set) var originalApplicationVersion: String?
    /// 20: undocumented UTF8String (empty in every sample).
    public internal(set) var attribute20: String?
    /// 21: receipt expiration date (Volume Purchase Program).
    public internal(set) var expirationDate: Instant?
    /// 22: undocumented date.
    public internal(set) var attribute22: Instant?
    /// 23: organization display name (Volume Purchase Program).
    public internal(set) var organizationDisplayName: String?
    /// 25: undocumented INTEGER (3 on iOS, 2 on macOS receipts).
    public internal(set) var attribute25: Int64?
    /// 32: pre-order date.
    public internal(set) var preorderDate: Instant?
    /// Every top-level attribute, known or not, in file order (type-17 ones included), read again
    /// from the payload on each access (keep the array rather than indexing the property).
    public var rawAttributes: [ReceiptAttribute] {
        // `parse` read the payload whole and without error; reading the same bytes again cannot fail.
        (try? ReceiptAttribute.readSet(
            payload, range: payloadRange, payloadStart: payloadRange.lowerBound, limit: Limits.maxReceiptAttributes,
            limitName: "", what: { "" })) ?? []
    }
    /// The attributes of `rawAttributes`, one at a time and without building the array (a receipt
    /// of many in-app records has as many type-17 attributes).
    public func forEachRawAttribute(_ body: (ReceiptAttribute) -> Void) {
        let visit = { (span: AttributeSpan) in body(ReceiptAttribute(span, in: payload)) }
        try? ReceiptAttribute.forEach(
            payload, range: payloadRange, payloadStart: payloadRange.lowerBound, limit: Limits.maxReceiptAttributes,
            limitName: "", what: { "" }, visit)
    }
    /// The bytes the payload lies in (shared, not copied) and its range in them.
    var payload: [UInt8] = []
    var payloadRange = 0..<0

    init() {}
}

/// The device binding read from a decoded receipt, for a caller holding the model; verification
/// checks the same hash on the facts of the trusted scan (DeviceHash.swift, ReceiptValidator.swift).
extension DeviceHash {
    /// The hash a receipt for `deviceIdentifier` must carry, or nil when attribute 4 or 2 is absent.
    public static func expected(receipt: AppReceipt, deviceIdentifier: [UInt8]) -> [UInt8]? {
        expected(
            deviceIdentifier: deviceIdentifier, opaqueValue: receipt.opaqueValue,
            bundleIdentifierTLV: receipt.bundleIdentifierData)
    }

    /// True when attribute 5 equals SHA-1(device ‖ attribute 4 ‖ attribute 2), compared in constant time.
    public static func matches(receipt: AppReceipt, deviceIdentifier: [UInt8]) -> Bool {
        matches(
            deviceIdentifier: deviceIdentifier, opaqueValue: receipt.opaqueValue,
            bundleIdentifierTLV: receipt.bundleIdentifierData, hash: receipt.sha1Hash)
    }
}
