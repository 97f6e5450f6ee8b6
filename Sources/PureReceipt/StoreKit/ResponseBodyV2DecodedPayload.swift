// ResponseBodyV2DecodedPayload: the payload of an App Store Server Notification V2
// (`signedPayload`), with its `data`, `summary`, `externalPurchaseToken` and `appData` objects,
// every documented field under Apple's name; every field stays available in `json`.
//
// The nested `signedTransactionInfo`, `signedRenewalInfo` and `signedAppTransactionInfo` are
// compact JWS strings, kept as text here: verify them like any other signed data.

public import PureJSON

/// A notification, decoded from a signed notification's payload.
public struct ResponseBodyV2DecodedPayload: StoreKitPayload {
    /// The whole payload object, lossless.
    public let json: JSONObject
    public let notificationType: StoreKitValue<NotificationTypeV2>?
    public let subtype: StoreKitValue<NotificationSubtype>?
    public let notificationUUID: String?
    public let data: NotificationData?
    public let version: String?
    public let signedDate: Instant?
    public let summary: Summary?
    public let externalPurchaseToken: ExternalPurchaseToken?
    public let appData: AppData?

    public init(json: JSONObject) throws(StoreKitError) {
        let f = Fields(json)
        self.json = json
        notificationType = try f.value("notificationType")
        subtype = try f.value("subtype")
        notificationUUID = try f.string("notificationUUID")
        data = try f.nested("data", NotificationData.init)
        version = try f.string("version")
        signedDate = try f.date("signedDate")
        summary = try f.nested("summary", Summary.init)
        externalPurchaseToken = try f.nested("externalPurchaseToken", ExternalPurchaseToken.init)
        appData = try f.nested("appData", AppData.init)
    }

    /// The environment the notification names, from `data`, `summary` or `appData`.
    public var environment: StoreKitValue<AppStoreEnvironment>? {
        data?.environment ?? summary?.environment ?? appData?.environment
    }

    /// The bundle id the notification names, from whichever of its objects carries one.
    public var bundleId: String? {
        data?.bundleId ?? summary?.bundleId ?? externalPurchaseToken?.bundleId ?? appData?.bundleId
    }

    /// The app Apple id the notification names, from whichever of its objects carries one.
    public var appAppleId: Int64? {
        data?.appAppleId ?? summary?.appAppleId ?? externalPurchaseToken?.appAppleId ?? appData?.appAppleId
    }
}

/// `data` of a notification about a transaction or subscription.
public struct NotificationData: Sendable {
    public let environment: StoreKitValue<AppStoreEnvironment>?
    public let appAppleId: Int64?
    public let bundleId: String?
    public let bundleVersion: String?
    /// A compact JWS (a `JWSTransactionDecodedPayload`), not yet verified.
    public let signedTransactionInfo: String?
    /// A compact JWS (a `JWSRenewalInfoDecodedPayload`), not yet verified.
    public let signedRenewalInfo: String?
    public let status: StoreKitValue<SubscriptionState>?
    public let consumptionRequestReason: StoreKitValue<ConsumptionRequestReason>?

    init(_ f: Fields) throws(StoreKitError) {
        environment = try f.value("environment")
        appAppleId = try f.int64("appAppleId")
        bundleId = try f.string("bundleId")
        bundleVersion = try f.string("bundleVersion")
        signedTransactionInfo = try f.string("signedTransactionInfo")
        signedRenewalInfo = try f.string("signedRenewalInfo")
        status = try f.value("status")
        consumptionRequestReason = try f.value("consumptionRequestReason")
    }
}

/// `summary` of a RENEWAL_EXTENSION / SUMMARY notification.
public struct Summary: Sendable {
    public let environment: StoreKitValue<AppStoreEnvironment>?
    public let appAppleId: Int64?
    public let bundleId: String?
    public let productId: String?
    public let requestIdentifier: String?
    public let storefrontCountryCodes: [String]?
    public let succeededCount: Int64?
    public let failedCount: Int64?

    init(_ f: Fields) throws(StoreKitError) {
        environment = try f.value("environment")
        appAppleId = try f.int64("appAppleId")
        bundleId = try f.string("bundleId")
        productId = try f.string("productId")
        requestIdentifier = try f.string("requestIdentifier")
        storefrontCountryCodes = try f.strings("storefrontCountryCodes")
        succeededCount = try f.int64("succeededCount")
        failedCount = try f.int64("failedCount")
    }
}

/// `externalPurchaseToken` of an EXTERNAL_PURCHASE_TOKEN notification.
public struct ExternalPurchaseToken: Sendable {
    public let externalPurchaseId: String?
    public let tokenCreationDate: Instant?
    public let appAppleId: Int64?
    public let bundleId: String?

    init(_ f: Fields) throws(StoreKitError) {
        externalPurchaseId = try f.string("externalPurchaseId")
        tokenCreationDate = try f.date("tokenCreationDate")
        appAppleId = try f.int64("appAppleId")
        bundleId = try f.string("bundleId")
    }
}

/// `appData` of a notification about the app.
public struct AppData: Sendable {
    public let appAppleId: Int64?
    public let bundleId: String?
    public let environment: StoreKitValue<AppStoreEnvironment>?
    /// A compact JWS (an `AppTransaction`), not yet verified.
    public let signedAppTransactionInfo: String?

    init(_ f: Fields) throws(StoreKitError) {
        appAppleId = try f.int64("appAppleId")
        bundleId = try f.string("bundleId")
        environment = try f.value("environment")
        signedAppTransactionInfo = try f.string("signedAppTransactionInfo")
    }
}
