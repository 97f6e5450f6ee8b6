// AppTransaction: the payload of a signed app transaction (App Store Server API `AppTransaction`),
// every documented field under Apple's name; every field stays available in `json`.

public import PureJSON

/// The app's purchase, decoded from a signed app transaction's payload.
public struct AppTransaction: StoreKitPayload {
    /// The whole payload object, lossless.
    public let json: JSONObject
    /// The server environment that signed the app transaction.
    public let receiptType: StoreKitValue<AppStoreEnvironment>?
    /// The App Store's numeric identifier of the app.
    public let appAppleId: Int64?
    /// The bundle identifier of the app the app transaction belongs to.
    public let bundleId: String?
    /// The app version the app transaction was issued for.
    public let applicationVersion: String?
    /// The App Store's identifier of the app version the customer has.
    public let versionExternalIdentifier: Int64?
    /// When the App Store created the app transaction; by default, the instant the chain is checked at.
    public let receiptCreationDate: Instant?
    /// When the customer first bought or downloaded the app.
    public let originalPurchaseDate: Instant?
    /// The app version the customer first bought or downloaded.
    public let originalApplicationVersion: String?
    /// Base64 SHA-384 of the nonce and the device's verification id, tying the data to one device.
    public let deviceVerification: String?
    /// A UUID string, as written.
    public let deviceVerificationNonce: String?
    /// When the customer pre-ordered the app, for an app ordered before its release; else absent.
    public let preorderDate: Instant?
    /// When the App Store signed the app transaction.
    public let signedDate: Instant?
    /// The unique identifier of the customer's download of the app.
    public let appTransactionId: String?
    /// The platform on which the customer first bought or downloaded the app.
    public let originalPlatform: StoreKitValue<PurchasePlatform>?
    /// When the App Store revoked the app purchase (refunded it); absent while it stands.
    public let revocationDate: Instant?

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
        revocationDate = try f.date("revocationDate")
    }
}
