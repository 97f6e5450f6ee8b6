// JWSTransactionDecodedPayload: the payload of a signed transaction (App Store Server API
// `JWSTransactionDecodedPayload`), every documented field under Apple's name.
//
// `advancedCommerceInfo` and `commitmentInfo` are kept as JSON objects (read them from the
// object); every field stays available in `json`, documented or not.

public import PureJSON

/// A transaction, decoded from a signed transaction's payload.
public struct JWSTransactionDecodedPayload: StoreKitPayload {
    /// The whole payload object, lossless.
    public let json: JSONObject
    public let originalTransactionId: String?
    public let transactionId: String?
    public let webOrderLineItemId: String?
    public let bundleId: String?
    public let productId: String?
    public let subscriptionGroupIdentifier: String?
    public let purchaseDate: Instant?
    public let originalPurchaseDate: Instant?
    public let expiresDate: Instant?
    public let quantity: Int64?
    public let type: StoreKitValue<ProductType>?
    /// A UUID string, as written.
    public let appAccountToken: String?
    public let inAppOwnershipType: StoreKitValue<InAppOwnershipType>?
    public let signedDate: Instant?
    public let revocationReason: StoreKitValue<RevocationReason>?
    public let revocationDate: Instant?
    public let isUpgraded: Bool?
    public let offerType: StoreKitValue<OfferType>?
    public let offerIdentifier: String?
    public let environment: StoreKitValue<AppStoreEnvironment>?
    public let storefront: String?
    public let storefrontId: String?
    public let transactionReason: StoreKitValue<TransactionReason>?
    public let currency: String?
    /// In milliunits of `currency`.
    public let price: Int64?
    public let offerDiscountType: StoreKitValue<OfferDiscountType>?
    public let appTransactionId: String?
    /// An ISO 8601 duration, e.g. `P1Y`.
    public let offerPeriod: String?
    public let revocationType: StoreKitValue<RevocationType>?
    public let revocationPercentage: Int64?
    public let advancedCommerceInfo: JSONObject?
    public let billingPlanType: StoreKitValue<BillingPlanType>?
    public let commitmentInfo: JSONObject?

    public init(json: JSONObject) throws(StoreKitError) {
        let f = Fields(json)
        self.json = json
        originalTransactionId = try f.string("originalTransactionId")
        transactionId = try f.string("transactionId")
        webOrderLineItemId = try f.string("webOrderLineItemId")
        bundleId = try f.string("bundleId")
        productId = try f.string("productId")
        subscriptionGroupIdentifier = try f.string("subscriptionGroupIdentifier")
        purchaseDate = try f.date("purchaseDate")
        originalPurchaseDate = try f.date("originalPurchaseDate")
        expiresDate = try f.date("expiresDate")
        quantity = try f.int64("quantity")
        type = try f.value("type")
        appAccountToken = try f.string("appAccountToken")
        inAppOwnershipType = try f.value("inAppOwnershipType")
        signedDate = try f.date("signedDate")
        revocationReason = try f.value("revocationReason")
        revocationDate = try f.date("revocationDate")
        isUpgraded = try f.bool("isUpgraded")
        offerType = try f.value("offerType")
        offerIdentifier = try f.string("offerIdentifier")
        environment = try f.value("environment")
        storefront = try f.string("storefront")
        storefrontId = try f.string("storefrontId")
        transactionReason = try f.value("transactionReason")
        currency = try f.string("currency")
        price = try f.int64("price")
        offerDiscountType = try f.value("offerDiscountType")
        appTransactionId = try f.string("appTransactionId")
        offerPeriod = try f.string("offerPeriod")
        revocationType = try f.value("revocationType")
        revocationPercentage = try f.int64("revocationPercentage")
        advancedCommerceInfo = try f.object("advancedCommerceInfo")
        billingPlanType = try f.value("billingPlanType")
        commitmentInfo = try f.object("commitmentInfo")
    }
}
