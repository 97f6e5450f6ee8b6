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
    /// The event the notification reports.
    public let notificationType: StoreKitValue<NotificationTypeV2>?
    /// Further detail on the event, for the notification types that have one.
    public let subtype: StoreKitValue<NotificationSubtype>?
    /// The notification's unique identifier; a retried notification keeps it.
    public let notificationUUID: String?
    /// The app and signed transaction and renewal data, for subscription and purchase events.
    public let data: NotificationData?
    /// The App Store Server Notifications version, `2.0`.
    public let version: String?
    /// When the App Store signed the notification.
    public let signedDate: Instant?
    /// The outcome of a mass renewal-date extension, for `RENEWAL_EXTENSION` with subtype `SUMMARY`.
    public let summary: Summary?
    /// The external purchase token, for `EXTERNAL_PURCHASE_TOKEN` notifications.
    public let externalPurchaseToken: ExternalPurchaseToken?
    /// The app and its signed app transaction, for `RESCIND_CONSENT` notifications.
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
    /// The whole `data` object, lossless.
    public let json: JSONObject
    /// The server environment the notification concerns.
    public let environment: StoreKitValue<AppStoreEnvironment>?
    /// The App Store's numeric identifier of the app.
    public let appAppleId: Int64?
    /// The bundle identifier of the app.
    public let bundleId: String?
    /// The app's build version (`CFBundleVersion`).
    public let bundleVersion: String?
    /// A compact JWS (a `JWSTransactionDecodedPayload`), not yet verified.
    public let signedTransactionInfo: String?
    /// A compact JWS (a `JWSRenewalInfoDecodedPayload`), not yet verified.
    public let signedRenewalInfo: String?
    /// The subscription's status as of the notification's `signedDate`.
    public let status: StoreKitValue<SubscriptionState>?
    /// Why the customer asked for a refund, for `CONSUMPTION_REQUEST` notifications.
    public let consumptionRequestReason: StoreKitValue<ConsumptionRequestReason>?

    init(_ f: Fields) throws(StoreKitError) {
        json = f.object
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
    /// The whole `summary` object, lossless.
    public let json: JSONObject
    /// The server environment the extension ran in.
    public let environment: StoreKitValue<AppStoreEnvironment>?
    /// The App Store's numeric identifier of the app.
    public let appAppleId: Int64?
    /// The bundle identifier of the app.
    public let bundleId: String?
    /// The product whose subscribers' renewal dates were extended.
    public let productId: String?
    /// The identifier the developer gave the mass renewal-date extension request.
    public let requestIdentifier: String?
    /// The storefronts the extension was limited to, as three-letter country codes.
    public let storefrontCountryCodes: [String]?
    /// How many subscriptions had their renewal date extended.
    public let succeededCount: Int64?
    /// How many eligible subscriptions could not have their renewal date extended.
    public let failedCount: Int64?

    init(_ f: Fields) throws(StoreKitError) {
        json = f.object
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
    /// The whole `externalPurchaseToken` object, lossless.
    public let json: JSONObject
    /// The token's unique identifier.
    public let externalPurchaseId: String?
    /// When the system created the token.
    public let tokenCreationDate: Instant?
    /// The App Store's numeric identifier of the app.
    public let appAppleId: Int64?
    /// The bundle identifier of the app.
    public let bundleId: String?

    init(_ f: Fields) throws(StoreKitError) {
        json = f.object
        externalPurchaseId = try f.string("externalPurchaseId")
        tokenCreationDate = try f.date("tokenCreationDate")
        appAppleId = try f.int64("appAppleId")
        bundleId = try f.string("bundleId")
    }
}

/// `appData` of a notification about the app.
public struct AppData: Sendable {
    /// The whole `appData` object, lossless.
    public let json: JSONObject
    /// The App Store's numeric identifier of the app.
    public let appAppleId: Int64?
    /// The bundle identifier of the app.
    public let bundleId: String?
    /// The server environment the notification concerns.
    public let environment: StoreKitValue<AppStoreEnvironment>?
    /// A compact JWS (an `AppTransaction`), not yet verified.
    public let signedAppTransactionInfo: String?

    init(_ f: Fields) throws(StoreKitError) {
        json = f.object
        appAppleId = try f.int64("appAppleId")
        bundleId = try f.string("bundleId")
        environment = try f.value("environment")
        signedAppTransactionInfo = try f.string("signedAppTransactionInfo")
    }
}
