// JWSTransactionDecodedPayload: the payload of a signed transaction (App Store Server API
// `JWSTransactionDecodedPayload`), every documented field under Apple's name.
//
// `advancedCommerceInfo` and `commitmentInfo` are kept as JSON objects (read them from the
// object); every field stays available in `json`, documented or not (Docs/INTEGRATION.md lists the
// Apple changelog versions followed).

public import PureJSON

/// A transaction, decoded from a signed transaction's payload.
public struct JWSTransactionDecodedPayload: StoreKitPayload {
    /// The whole payload object, lossless.
    public let json: JSONObject
    /// The transaction identifier of the first purchase; renewals and restores share it.
    public let originalTransactionId: String?
    /// The unique identifier of this transaction (a purchase, restore or renewal).
    public let transactionId: String?
    /// The identifier of a subscription purchase event across devices, renewals included.
    public let webOrderLineItemId: String?
    /// The bundle identifier of the app.
    public let bundleId: String?
    /// The product identifier of the in-app purchase, as set up in App Store Connect.
    public let productId: String?
    /// The identifier of the subscription group the subscription belongs to.
    public let subscriptionGroupIdentifier: String?
    /// When the App Store charged the customer's account for this purchase, restore or renewal.
    public let purchaseDate: Instant?
    /// The purchase date of the transaction named by `originalTransactionId`.
    public let originalPurchaseDate: Instant?
    /// When the subscription period this transaction pays for expires or renews.
    public let expiresDate: Instant?
    /// How many units of a consumable product were bought.
    public let quantity: Int64?
    /// The kind of in-app purchase.
    public let type: StoreKitValue<ProductType>?
    /// A UUID string, as written.
    public let appAccountToken: String?
    /// Whether the customer bought the product or has it through Family Sharing.
    public let inAppOwnershipType: StoreKitValue<InAppOwnershipType>?
    /// When the App Store signed the transaction.
    public let signedDate: Instant?
    /// Why the App Store refunded the transaction or revoked it from Family Sharing.
    public let revocationReason: StoreKitValue<RevocationReason>?
    /// When the App Store refunded or revoked the transaction; absent while it stands.
    public let revocationDate: Instant?
    /// True when the customer upgraded to another subscription, which supersedes this one.
    public let isUpgraded: Bool?
    /// The kind of offer the customer redeemed, if any.
    public let offerType: StoreKitValue<OfferType>?
    /// The offer code or promotional offer identifier redeemed, if any.
    public let offerIdentifier: String?
    /// The server environment that signed the transaction.
    public let environment: StoreKitValue<AppStoreEnvironment>?
    /// The three-letter code of the country or region of the purchase's App Store storefront.
    public let storefront: String?
    /// Apple's identifier of the purchase's App Store storefront.
    public let storefrontId: String?
    /// Whether the transaction is a customer's purchase or an automatic subscription renewal.
    public let transactionReason: StoreKitValue<TransactionReason>?
    /// The ISO 4217 code of the currency of `price`.
    public let currency: String?
    /// In milliunits of `currency`.
    public let price: Int64?
    /// The payment mode of the offer redeemed, if any.
    public let offerDiscountType: StoreKitValue<OfferDiscountType>?
    /// The unique identifier of the app's download by the customer's account (`AppTransaction`).
    public let appTransactionId: String?
    /// An ISO 8601 duration, e.g. `P1Y`.
    public let offerPeriod: String?
    /// Whether the refund or revocation is full, prorated, or a Family Sharing revocation.
    public let revocationType: StoreKitValue<RevocationType>?
    /// The share of the transaction refunded or revoked, in thousandths of a percent (100 000 = all).
    public let revocationPercentage: Int64?
    /// Transaction details of an Advanced Commerce API product, kept as JSON.
    public let advancedCommerceInfo: JSONObject?
    /// How a commitment subscription is billed.
    public let billingPlanType: StoreKitValue<BillingPlanType>?
    /// The commitment (billing plan) terms of the transaction, kept as JSON.
    public let commitmentInfo: JSONObject?
    /// The original transaction identifier the subscription had before a migration (`MIGRATION`).
    public let previousOriginalTransactionId: String?

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
        previousOriginalTransactionId = try f.string("previousOriginalTransactionId")
    }
}
