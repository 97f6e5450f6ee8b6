// FormerNames: the model property names before the three formats shared one vocabulary (Apple's
// StoreKit names: `productId`, `expiresDate`, `bundleId`, …), kept for one release so that code
// written against them builds with a warning that names the new property. Presentation only.

extension InAppPurchase {
    @available(*, deprecated, renamed: "productId")
    public var productIdentifier: String { productId }
    @available(*, deprecated, renamed: "transactionId")
    public var transactionIdentifier: String { transactionId }
    @available(*, deprecated, renamed: "originalTransactionId")
    public var originalTransactionIdentifier: String? { originalTransactionId }
    @available(*, deprecated, renamed: "expiresDate")
    public var subscriptionExpirationDate: Instant? { expiresDate }
    @available(*, deprecated, renamed: "webOrderLineItemId")
    public var webOrderLineItemID: UInt64? { webOrderLineItemId }
    @available(*, deprecated, renamed: "revocationDate")
    public var cancellationDate: Instant? { revocationDate }
    @available(*, deprecated, renamed: "revocationReason")
    public var cancellationReason: Int64? { revocationReason }
    @available(*, deprecated, renamed: "offerIdentifier")
    public var promotionalOfferIdentifier: String? { offerIdentifier }
}

extension AppReceipt {
    @available(*, deprecated, renamed: "bundleId")
    public var bundleIdentifier: String { bundleId }
    @available(*, deprecated, renamed: "applicationVersion")
    public var appVersion: String { applicationVersion }
    @available(*, deprecated, renamed: "originalApplicationVersion")
    public var originalAppVersion: String? { originalApplicationVersion }
    @available(*, deprecated, renamed: "receiptCreationDate")
    public var creationDate: Instant { receiptCreationDate }
    @available(*, deprecated, renamed: "appAppleId")
    public var appItemID: UInt64? { appAppleId }
}

extension LegacyPurchaseInfo {
    @available(*, deprecated, renamed: "productId")
    public var productIdentifier: String? { productId }
    @available(*, deprecated, renamed: "transactionId")
    public var transactionIdentifier: String? { transactionId }
    @available(*, deprecated, renamed: "originalTransactionId")
    public var originalTransactionIdentifier: String? { originalTransactionId }
    @available(*, deprecated, renamed: "bundleId")
    public var bundleIdentifier: String? { bundleId }
    @available(*, deprecated, renamed: "webOrderLineItemId")
    public var webOrderLineItemIdentifier: String? { webOrderLineItemId }
    @available(*, deprecated, renamed: "appAppleId")
    public var appItemIdentifier: String? { appAppleId }
}

extension ActiveSubscription {
    @available(*, deprecated, renamed: "productId")
    public var productIdentifier: String { productId }
    @available(*, deprecated, renamed: "originalTransactionId")
    public var originalTransactionIdentifier: String { originalTransactionId }
    @available(*, deprecated, renamed: "expiresDate")
    public var expires: Instant { expiresDate }
}
