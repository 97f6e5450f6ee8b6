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
    /// Why the subscription expired; present only once it has expired.
    public let expirationIntent: StoreKitValue<ExpirationIntent>?
    /// The transaction identifier of the subscription's first purchase.
    public let originalTransactionId: String?
    /// The product the subscription will renew to at the next billing period.
    public let autoRenewProductId: String?
    /// The product identifier of the subscription, as set up in App Store Connect.
    public let productId: String?
    /// Whether the subscription will renew automatically at the end of the current period.
    public let autoRenewStatus: StoreKitValue<AutoRenewStatus>?
    /// Whether the App Store is still trying to renew the expired subscription after a billing failure.
    public let isInBillingRetryPeriod: Bool?
    /// Whether the customer has acted on a price increase that needs their consent.
    public let priceIncreaseStatus: StoreKitValue<PriceIncreaseStatus>?
    /// When the billing grace period ends, while the subscription is in one.
    public let gracePeriodExpiresDate: Instant?
    /// The kind of offer that applies to the next renewal.
    public let offerType: StoreKitValue<OfferType>?
    /// The offer code or promotional offer identifier that applies to the next renewal.
    public let offerIdentifier: String?
    /// When the App Store signed the renewal info.
    public let signedDate: Instant?
    /// The server environment that signed the renewal info.
    public let environment: StoreKitValue<AppStoreEnvironment>?
    /// The start of the customer's current run of the subscription, ignoring lapses shorter than 60 days.
    public let recentSubscriptionStartDate: Instant?
    /// When the current subscription period expires or renews.
    public let renewalDate: Instant?
    /// The ISO 4217 code of the currency of `renewalPrice`.
    public let currency: String?
    /// In milliunits of `currency`.
    public let renewalPrice: Int64?
    /// The payment mode of the offer that applies to the next renewal.
    public let offerDiscountType: StoreKitValue<OfferDiscountType>?
    /// Win-back offers the customer may redeem, best offer first.
    public let eligibleWinBackOfferIds: [String]?
    /// A UUID string, as written.
    public let appAccountToken: String?
    /// The unique identifier of the app's download by the customer's account (`AppTransaction`).
    public let appTransactionId: String?
    /// The duration of the offer that applies to the next renewal, as an ISO 8601 duration.
    public let offerPeriod: String?
    /// Renewal details of an Advanced Commerce API product, kept as JSON.
    public let advancedCommerceInfo: JSONObject?
    /// The commitment (billing plan) terms of the next renewal, kept as JSON.
    public let commitmentInfo: JSONObject?
    /// How the next renewal of a commitment subscription is billed.
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
