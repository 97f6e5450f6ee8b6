// AppTransaction: the payload of a signed app transaction (App Store Server API `AppTransaction`),
// every documented field under Apple's name; every field stays available in `json`.

public import PureJSON

/// The app's purchase, decoded from a signed app transaction's payload.
public struct AppTransaction: StoreKitPayload {
    /// The whole payload object, lossless.
    public let json: JSONObject
    public let receiptType: StoreKitValue<AppStoreEnvironment>?
    public let appAppleId: Int64?
    public let bundleId: String?
    public let applicationVersion: String?
    public let versionExternalIdentifier: Int64?
    public let receiptCreationDate: Instant?
    public let originalPurchaseDate: Instant?
    public let originalApplicationVersion: String?
    public let deviceVerification: String?
    /// A UUID string, as written.
    public let deviceVerificationNonce: String?
    public let preorderDate: Instant?
    public let signedDate: Instant?
    public let appTransactionId: String?
    public let originalPlatform: StoreKitValue<PurchasePlatform>?

    /// Apple JWS rule (validity-at-signed-date): an app transaction is dated by its receiptCreationDate.
    public static var signedDateField: String { "receiptCreationDate" }

    public init(json: JSONObject) throws(StoreKitError) {
        let f = Fields(json)
        self.json = json
        receiptType = try f.value("receiptType")
        appAppleId = try f.int64("appAppleId")
        bundleId = try f.string("bundleId")
        applicationVersion = try f.string("applicationVersion")
        versionExternalIdentifier = try f.int64("versionExternalIdentifier")
        receiptCreationDate = try f.date("receiptCreationDate")
        originalPurchaseDate = try f.date("originalPurchaseDate")
        originalApplicationVersion = try f.string("originalApplicationVersion")
        deviceVerification = try f.string("deviceVerification")
        deviceVerificationNonce = try f.string("deviceVerificationNonce")
        preorderDate = try f.date("preorderDate")
        signedDate = try f.date("signedDate")
        appTransactionId = try f.string("appTransactionId")
        originalPlatform = try f.value("originalPlatform")
    }
}
