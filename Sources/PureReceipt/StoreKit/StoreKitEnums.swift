// StoreKitEnums: the enumerated values of App Store Server API payloads, with Apple's raw values.
//
// Every enumerated field is a `StoreKitValue<Known>`: `.known(case)` for a raw value listed here,
// `.unknown(raw)` for any other (Apple adds values over time; an unknown one is kept, never an
// error). Raw values are the documented strings or integers, compared byte for byte.

import PureJSON

/// An enumerated field: a documented value, or an undocumented raw value kept as read.
public enum StoreKitValue<Known: RawRepresentable & Sendable & Hashable>: Sendable, Hashable
where Known.RawValue: Sendable & Hashable {
    /// A raw value this module documents.
    case known(Known)
    /// A raw value this module does not know, kept as read.
    case unknown(Known.RawValue)

    /// Maps a raw value to its documented case, or keeps it as `.unknown`.
    public init(rawValue: Known.RawValue) {
        self = Known(rawValue: rawValue).map { .known($0) } ?? .unknown(rawValue)
    }

    /// The raw value as read.
    public var rawValue: Known.RawValue {
        switch self {
        case .known(let value): return value.rawValue
        case .unknown(let raw): return raw
        }
    }

    /// The documented case, or nil for an unknown raw value.
    public var known: Known? {
        if case .known(let value) = self { return value }
        return nil
    }
}

extension StoreKitValue: CustomStringConvertible where Known.RawValue: CustomStringConvertible {
    /// The raw value as Apple wrote it, known or not: `PURCHASED`, `Auto-Renewable Subscription`, `1`.
    public var description: String { rawValue.description }
}

/// `type` of a transaction.
public enum ProductType: String, Sendable, Hashable {
    /// An auto-renewable subscription.
    case autoRenewableSubscription = "Auto-Renewable Subscription"
    /// A non-consumable in-app purchase.
    case nonConsumable = "Non-Consumable"
    /// A consumable in-app purchase.
    case consumable = "Consumable"
    /// A non-renewing subscription.
    case nonRenewingSubscription = "Non-Renewing Subscription"
}

/// `inAppOwnershipType`.
public enum InAppOwnershipType: String, Sendable, Hashable {
    /// Available to the customer through Family Sharing by a family member's purchase.
    case familyShared = "FAMILY_SHARED"
    /// Bought by the customer.
    case purchased = "PURCHASED"
}

/// `revocationReason`.
public enum RevocationReason: Int64, Sendable, Hashable {
    /// Refunded for some other reason, such as an accidental purchase.
    case refundedForOtherReason = 0
    /// Refunded because of an actual or perceived problem within the app.
    case refundedDueToIssue = 1
}

/// `offerType`.
public enum OfferType: Int64, Sendable, Hashable {
    /// An introductory offer.
    case introductoryOffer = 1
    /// A promotional offer.
    case promotionalOffer = 2
    /// An offer code.
    case offerCode = 3
    /// A win-back offer.
    case winBackOffer = 4
}

/// `transactionReason`.
public enum TransactionReason: String, Sendable, Hashable {
    /// A purchase the customer made.
    case purchase = "PURCHASE"
    /// The App Store renewed an auto-renewable subscription automatically.
    case renewal = "RENEWAL"
}

/// `offerDiscountType`.
public enum OfferDiscountType: String, Sendable, Hashable {
    /// A free trial.
    case freeTrial = "FREE_TRIAL"
    /// A discounted price paid each period for the offer's length.
    case payAsYouGo = "PAY_AS_YOU_GO"
    /// A discounted price paid once, up front, for the offer's whole length.
    case payUpFront = "PAY_UP_FRONT"
    /// A one-time offer.
    case oneTime = "ONE_TIME"
}

/// `revocationType`.
public enum RevocationType: String, Sendable, Hashable {
    /// The whole transaction was refunded.
    case refundFull = "REFUND_FULL"
    /// Part of the transaction was refunded, pro rata.
    case refundProrated = "REFUND_PRORATED"
    /// The purchase was revoked from Family Sharing.
    case familyRevoke = "FAMILY_REVOKE"
}

/// `billingPlanType` of a transaction, `renewalBillingPlanType` of renewal info.
public enum BillingPlanType: String, Sendable, Hashable {
    /// The whole commitment is billed at once, up front.
    case billedUpfront = "BILLED_UPFRONT"
    /// The commitment is billed month by month.
    case monthly = "MONTHLY"
}

/// `expirationIntent`.
public enum ExpirationIntent: Int64, Sendable, Hashable {
    /// The customer cancelled the subscription.
    case customerCancelled = 1
    /// A billing error, such as a payment that could not be taken.
    case billingError = 2
    /// The customer did not consent to a price increase that needed consent.
    case customerDidNotConsentToPriceIncrease = 3
    /// The product was not available for purchase at renewal time.
    case productNotAvailable = 4
    /// Some other reason.
    case other = 5
}

/// `autoRenewStatus`.
public enum AutoRenewStatus: Int64, Sendable, Hashable {
    /// Automatic renewal is off: the subscription ends with the current period.
    case off = 0
    /// Automatic renewal is on.
    case on = 1
}

/// `priceIncreaseStatus`.
public enum PriceIncreaseStatus: Int64, Sendable, Hashable {
    /// The customer has not yet responded to a price increase that needs consent.
    case customerHasNotResponded = 0
    /// The customer consented to the price increase, or was told of one that needed no consent.
    case customerConsentedOrWasNotifiedWithoutNeedingConsent = 1
}

/// `originalPlatform` of an app transaction.
public enum PurchasePlatform: String, Sendable, Hashable {
    /// iOS (iPhone, iPad).
    case iOS = "iOS"
    /// macOS.
    case macOS = "macOS"
    /// tvOS.
    case tvOS = "tvOS"
    /// visionOS.
    case visionOS = "visionOS"
}

/// `notificationType` (App Store Server Notifications V2).
public enum NotificationTypeV2: String, Sendable, Hashable {
    /// The customer subscribed: a first purchase (`INITIAL_BUY`) or a return (`RESUBSCRIBE`).
    case subscribed = "SUBSCRIBED"
    /// The customer changed the subscription plan: an upgrade now or a downgrade at the next renewal.
    case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
    /// The customer turned automatic renewal on or off.
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    /// The customer redeemed an offer for an active or a lapsed subscription.
    case offerRedeemed = "OFFER_REDEEMED"
    /// The subscription renewed.
    case didRenew = "DID_RENEW"
    /// The subscription expired.
    case expired = "EXPIRED"
    /// A renewal failed on a billing problem; the subscription enters billing retry or a grace period.
    case didFailToRenew = "DID_FAIL_TO_RENEW"
    /// The billing grace period ended without a successful renewal.
    case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
    /// A price increase was announced, or the customer responded to one.
    case priceIncrease = "PRICE_INCREASE"
    /// The App Store refunded a transaction.
    case refund = "REFUND"
    /// The App Store declined a refund request.
    case refundDeclined = "REFUND_DECLINED"
    /// The customer asked for a refund; the App Store asks the app for consumption data.
    case consumptionRequest = "CONSUMPTION_REQUEST"
    /// The App Store extended the subscription's renewal date.
    case renewalExtended = "RENEWAL_EXTENDED"
    /// A purchase shared through Family Sharing is no longer available to the customer.
    case revoke = "REVOKE"
    /// A test notification the developer requested.
    case test = "TEST"
    /// Progress or outcome of a mass renewal-date extension for many subscribers.
    case renewalExtension = "RENEWAL_EXTENSION"
    /// The App Store reversed a refund it had granted, after a dispute.
    case refundReversed = "REFUND_REVERSED"
    /// About an external purchase token (external purchase links).
    case externalPurchaseToken = "EXTERNAL_PURCHASE_TOKEN"
    /// The customer bought a consumable, non-consumable or non-renewing subscription.
    case oneTimeCharge = "ONE_TIME_CHARGE"
    /// Consent the app relied on (e.g. a parent's or guardian's) was withdrawn; carries `appData`.
    case rescindConsent = "RESCIND_CONSENT"
    /// The metadata of an Advanced Commerce API subscription changed.
    case metadataUpdate = "METADATA_UPDATE"
    /// A subscription was migrated to the Advanced Commerce API.
    case migration = "MIGRATION"
    /// The price of an Advanced Commerce API subscription changed.
    case priceChange = "PRICE_CHANGE"
}

/// `subtype` of a notification.
public enum NotificationSubtype: String, Sendable, Hashable {
    /// A first purchase of the subscription (with `SUBSCRIBED`).
    case initialBuy = "INITIAL_BUY"
    /// A return to the subscription group after a lapse (with `SUBSCRIBED`).
    case resubscribe = "RESUBSCRIBE"
    /// A downgrade that takes effect at the next renewal.
    case downgrade = "DOWNGRADE"
    /// An upgrade that takes effect at once.
    case upgrade = "UPGRADE"
    /// Automatic renewal was turned on.
    case autoRenewEnabled = "AUTO_RENEW_ENABLED"
    /// Automatic renewal was turned off, by the customer or after a refund.
    case autoRenewDisabled = "AUTO_RENEW_DISABLED"
    /// The subscription expired after the customer turned renewal off.
    case voluntary = "VOLUNTARY"
    /// The subscription expired after the billing retry period ended.
    case billingRetry = "BILLING_RETRY"
    /// The subscription expired because the customer did not consent to a price increase.
    case priceIncrease = "PRICE_INCREASE"
    /// A renewal failed and the subscription is in a billing grace period.
    case gracePeriod = "GRACE_PERIOD"
    /// The customer has not yet responded to a price increase that needs consent.
    case pending = "PENDING"
    /// The customer consented to the price increase, or it needed no consent.
    case accepted = "ACCEPTED"
    /// A renewal that had failed before succeeded.
    case billingRecovery = "BILLING_RECOVERY"
    /// The subscription expired because the product was not for sale at renewal time.
    case productNotForSale = "PRODUCT_NOT_FOR_SALE"
    /// The mass renewal-date extension finished; see `summary`.
    case summary = "SUMMARY"
    /// The renewal-date extension failed for one subscription.
    case failure = "FAILURE"
    /// An external purchase token was created but not reported.
    case unreported = "UNREPORTED"
}

/// `status` of the subscription in a notification's `data`.
public enum SubscriptionState: Int64, Sendable, Hashable {
    /// Active.
    case active = 1
    /// Expired.
    case expired = 2
    /// In the billing retry period.
    case billingRetry = 3
    /// In the billing grace period.
    case billingGracePeriod = 4
    /// Revoked (refunded, or removed from Family Sharing).
    case revoked = 5
}

/// `consumptionRequestReason` in a notification's `data`.
public enum ConsumptionRequestReason: String, Sendable, Hashable {
    /// The customer did not mean to make the purchase.
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    /// The customer had a problem receiving or using the purchase.
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    /// The customer was not satisfied with the purchase.
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    /// The customer asked for a refund for legal reasons.
    case legal = "LEGAL"
    /// Some other reason.
    case other = "OTHER"
}

extension Fields {
    /// An enumerated member: `.known` for a documented raw value, `.unknown` for any other.
    func value<E>(_ name: String) throws(StoreKitError) -> StoreKitValue<E>? where E.RawValue == String {
        try field(name) { $0.stringValue.map { StoreKitValue(rawValue: $0) } }
    }

    /// An enumerated member with integer raw values.
    func value<E>(_ name: String) throws(StoreKitError) -> StoreKitValue<E>? where E.RawValue == Int64 {
        try field(name) { (v) throws(JSONError) in
            try v.numberValue.map { (n) throws(JSONError) in StoreKitValue(rawValue: try n.int64()) }
        }
    }
}
