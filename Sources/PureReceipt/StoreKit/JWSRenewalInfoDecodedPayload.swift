// JWSRenewalInfoDecodedPayload: the payload of signed subscription renewal information (App
// Store Server API `JWSRenewalInfoDecodedPayload`), every documented field under Apple's name.
//
// `advancedCommerceInfo` and `commitmentInfo` are kept as JSON objects; every field stays
// available in `json`, documented or not.

public import PureJSON

/// Subscription renewal information, decoded from a signed renewal info's payload.
public struct JWSRenewalInfoDecodedPayload: StoreKitPayload {
    /// The whole payload object, lossless.
    public let json: JSONObject
    public let expirationIntent: StoreKitValue<ExpirationIntent>?
    public let originalTransactionId: String?
    public let autoRenewProductId: String?
    public let productId: String?
    public let autoRenewStatus: StoreKitValue<AutoRenewStatus>?
    public let isInBillingRetryPeriod: Bool?
    public let priceIncreaseStatus: StoreKitValue<PriceIncreaseStatus>?
    public let gracePeriodExpiresDate: Instant?
    public let offerType: StoreKitValue<OfferType>?
    public let offerIdentifier: String?
    public let signedDate: Instant?
    public let environment: StoreKitValue<AppStoreEnvironment>?
    public let recentSubscriptionStartDate: Instant?
    public let renewalDate: Instant?
    public let currency: String?
    /// In milliunits of `currency`.
    public let renewalPrice: Int64?
    public let offerDiscountType: StoreKitValue<OfferDiscountType>?
    public let eligibleWinBackOfferIds: [String]?
    /// A UUID string, as written.
    public let appAccountToken: String?
    public let appTransactionId: String?
    public let offerPeriod: String?
    public let advancedCommerceInfo: JSONObject?
    public let commitmentInfo: JSONObject?
    public let renewalBillingPlanType: StoreKitValue<BillingPlanType>?

    public init(json: JSONObject) throws(StoreKitError) {
        let f = Fields(json)
        self.json = json
        expirationIntent = try f.value("expirationIntent")
        originalTransactionId = try f.string("originalTransactionId")
        autoRenewProductId = try f.string("autoRenewProductId")
        productId = try f.string("productId")
        autoRenewStatus = try f.value("autoRenewStatus")
        isInBillingRetryPeriod = try f.bool("isInBillingRetryPeriod")
        priceIncreaseStatus = try f.value("priceIncreaseStatus")
        gracePeriodExpiresDate = try f.date("gracePeriodExpiresDate")
        offerType = try f.value("offerType")
        offerIdentifier = try f.string("offerIdentifier")
        signedDate = try f.date("signedDate")
        environment = try f.value("environment")
        recentSubscriptionStartDate = try f.date("recentSubscriptionStartDate")
        renewalDate = try f.date("renewalDate")
        currency = try f.string("currency")
        renewalPrice = try f.int64("renewalPrice")
        offerDiscountType = try f.value("offerDiscountType")
        eligibleWinBackOfferIds = try f.strings("eligibleWinBackOfferIds")
        appAccountToken = try f.string("appAccountToken")
        appTransactionId = try f.string("appTransactionId")
        offerPeriod = try f.string("offerPeriod")
        advancedCommerceInfo = try f.object("advancedCommerceInfo")
        commitmentInfo = try f.object("commitmentInfo")
        renewalBillingPlanType = try f.value("renewalBillingPlanType")
    }
}
