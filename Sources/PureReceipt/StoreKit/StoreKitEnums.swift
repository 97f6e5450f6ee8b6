// StoreKitEnums: the enumerated values of App Store Server API payloads, with Apple's raw values.
//
// Every enumerated field is a `StoreKitValue<Known>`: `.known(case)` for a raw value listed here,
// `.unknown(raw)` for any other (Apple adds values over time; an unknown one is kept, never an
// error). Raw values are the documented strings or integers, compared byte for byte.

/// An enumerated field: a documented value, or an undocumented raw value kept as read.
public enum StoreKitValue<Known: RawRepresentable & Sendable & Hashable>: Sendable, Hashable
where Known.RawValue: Sendable & Hashable {
    case known(Known)
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

/// `environment`, `receiptType`: the server environment that signed the data.
public enum AppStoreEnvironment: String, Sendable, Hashable {
    case sandbox = "Sandbox"
    case production = "Production"
    case xcode = "Xcode"
    case localTesting = "LocalTesting"
}

/// `type` of a transaction.
public enum ProductType: String, Sendable, Hashable {
    case autoRenewableSubscription = "Auto-Renewable Subscription"
    case nonConsumable = "Non-Consumable"
    case consumable = "Consumable"
    case nonRenewingSubscription = "Non-Renewing Subscription"
}

/// `inAppOwnershipType`.
public enum InAppOwnershipType: String, Sendable, Hashable {
    case familyShared = "FAMILY_SHARED"
    case purchased = "PURCHASED"
}

/// `revocationReason`.
public enum RevocationReason: Int64, Sendable, Hashable {
    case refundedForOtherReason = 0
    case refundedDueToIssue = 1
}

/// `offerType`.
public enum OfferType: Int64, Sendable, Hashable {
    case introductoryOffer = 1
    case promotionalOffer = 2
    case offerCode = 3
    case winBackOffer = 4
}

/// `transactionReason`.
public enum TransactionReason: String, Sendable, Hashable {
    case purchase = "PURCHASE"
    case renewal = "RENEWAL"
}

/// `offerDiscountType`.
public enum OfferDiscountType: String, Sendable, Hashable {
    case freeTrial = "FREE_TRIAL"
    case payAsYouGo = "PAY_AS_YOU_GO"
    case payUpFront = "PAY_UP_FRONT"
    case oneTime = "ONE_TIME"
}

/// `revocationType`.
public enum RevocationType: String, Sendable, Hashable {
    case refundFull = "REFUND_FULL"
    case refundProrated = "REFUND_PRORATED"
    case familyRevoke = "FAMILY_REVOKE"
}

/// `billingPlanType` of a transaction, `renewalBillingPlanType` of renewal info.
public enum BillingPlanType: String, Sendable, Hashable {
    case billedUpfront = "BILLED_UPFRONT"
    case monthly = "MONTHLY"
}

/// `expirationIntent`.
public enum ExpirationIntent: Int64, Sendable, Hashable {
    case customerCancelled = 1
    case billingError = 2
    case customerDidNotConsentToPriceIncrease = 3
    case productNotAvailable = 4
    case other = 5
}

/// `autoRenewStatus`.
public enum AutoRenewStatus: Int64, Sendable, Hashable {
    case off = 0
    case on = 1
}

/// `priceIncreaseStatus`.
public enum PriceIncreaseStatus: Int64, Sendable, Hashable {
    case customerHasNotResponded = 0
    case customerConsentedOrWasNotifiedWithoutNeedingConsent = 1
}

/// `originalPlatform` of an app transaction.
public enum PurchasePlatform: String, Sendable, Hashable {
    case iOS = "iOS"
    case macOS = "macOS"
    case tvOS = "tvOS"
    case visionOS = "visionOS"
}

/// `notificationType` (App Store Server Notifications V2).
public enum NotificationTypeV2: String, Sendable, Hashable {
    case subscribed = "SUBSCRIBED"
    case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    case offerRedeemed = "OFFER_REDEEMED"
    case didRenew = "DID_RENEW"
    case expired = "EXPIRED"
    case didFailToRenew = "DID_FAIL_TO_RENEW"
    case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
    case priceIncrease = "PRICE_INCREASE"
    case refund = "REFUND"
    case refundDeclined = "REFUND_DECLINED"
    case consumptionRequest = "CONSUMPTION_REQUEST"
    case renewalExtended = "RENEWAL_EXTENDED"
    case revoke = "REVOKE"
    case test = "TEST"
    case renewalExtension = "RENEWAL_EXTENSION"
    case refundReversed = "REFUND_REVERSED"
    case externalPurchaseToken = "EXTERNAL_PURCHASE_TOKEN"
    case oneTimeCharge = "ONE_TIME_CHARGE"
    case rescindConsent = "RESCIND_CONSENT"
    case metadataUpdate = "METADATA_UPDATE"
    case migration = "MIGRATION"
    case priceChange = "PRICE_CHANGE"
}

/// `subtype` of a notification.
public enum NotificationSubtype: String, Sendable, Hashable {
    case initialBuy = "INITIAL_BUY"
    case resubscribe = "RESUBSCRIBE"
    case downgrade = "DOWNGRADE"
    case upgrade = "UPGRADE"
    case autoRenewEnabled = "AUTO_RENEW_ENABLED"
    case autoRenewDisabled = "AUTO_RENEW_DISABLED"
    case voluntary = "VOLUNTARY"
    case billingRetry = "BILLING_RETRY"
    case priceIncrease = "PRICE_INCREASE"
    case gracePeriod = "GRACE_PERIOD"
    case pending = "PENDING"
    case accepted = "ACCEPTED"
    case billingRecovery = "BILLING_RECOVERY"
    case productNotForSale = "PRODUCT_NOT_FOR_SALE"
    case summary = "SUMMARY"
    case failure = "FAILURE"
    case unreported = "UNREPORTED"
}

/// `status` of the subscription in a notification's `data`.
public enum SubscriptionState: Int64, Sendable, Hashable {
    case active = 1
    case expired = 2
    case billingRetry = 3
    case billingGracePeriod = 4
    case revoked = 5
}

/// `consumptionRequestReason` in a notification's `data`.
public enum ConsumptionRequestReason: String, Sendable, Hashable {
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    case legal = "LEGAL"
    case other = "OTHER"
}
