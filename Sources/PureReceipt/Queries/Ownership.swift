// Ownership: which in-app purchases a receipt holds and which products it entitles at an instant.
//
// Rules (fail closed: when the receipt does not say a product is owned, it is not):
//   - Every query evaluates at max(requested instant, receipt creation date), so a device clock
//     wound back to before the receipt was made cannot revive an expired subscription.
//   - A cancellation date (1712) at or before the instant revokes the record.
//   - A record with an expiration date (1708) counts while purchase date ≤ instant < expiration:
//     a subscription that expires at t is no longer active at t.
//   - A record without an expiration date counts from its purchase date on when it is a
//     non-consumable (1707 = 0) or has no product type (Xcode receipts omit 1707). Consumables
//     (1707 = 1) never confer ownership: they stay in a receipt only until the app finishes the
//     transaction, and the app tracks what it delivered. Subscriptions without an expiration date
//     (non-renewing ones, 1707 = 2, and unknown types) are not owned: their length is the app's
//     business, so it decides from `purchases(of:)`.
//   - Identifiers (product, transaction) are compared as UTF-8 bytes: Swift's `==` on String
//     treats canonically equivalent text ("café" NFC and NFD) as equal; identifiers are not text.
// Does not: know product catalogues, subscription groups, grace periods or family sharing — none of
// that is in the receipt.

extension AppReceipt {
    /// The instant every query evaluates at: the later of `instant` and the receipt creation date
    /// (attribute 12). A clock earlier than the receipt (wound back, or wrong) is never trusted
    /// to make an expired subscription active again.
    public func effectiveInstant(for instant: Instant) -> Instant {
        max(instant, receiptCreationDate)
    }

    /// The in-app purchase records of `productID`, in file order (consumables included).
    public func purchases(of productID: String) -> [InAppPurchase] {
        inAppPurchases.filter { $0.productId.hasSameBytes(as: productID) }
    }

    /// The records whose original transaction id (1705) — or, when the receipt has none (Xcode),
    /// transaction id (1703) — is `originalTransactionID`, in file order: one subscription's
    /// purchase and all its renewals, across product changes within its group.
    public func purchases(originalTransactionID: String) -> [InAppPurchase] {
        inAppPurchases.filter { $0.chainIdentifier.hasSameBytes(as: originalTransactionID) }
    }

    /// True when some record of `productID` entitles the customer at the effective instant
    /// `max(instant, creationDate)` (see `effectiveInstant(for:)` and `InAppPurchase.isActive(at:)`).
    public func isOwned(productID: String, at instant: Instant) -> Bool {
        let t = effectiveInstant(for: instant)
        return inAppPurchases.contains { $0.productId.hasSameBytes(as: productID) && $0.isActive(at: t) }
    }
}

extension InAppPurchase {
    /// True when this one record entitles the customer at exactly `instant` (no clamping to the
    /// receipt creation date: use `AppReceipt.isOwned(productID:at:)` for that):
    /// not cancelled at or before `instant`, purchased at or before it, and either unexpired
    /// (`instant < subscriptionExpirationDate`) or, without an expiration date, a non-consumable
    /// or of unknown product type. Consumables and expiration-less subscriptions are never active.
    public func isActive(at instant: Instant) -> Bool {
        let f = fields  // one walk of the record
        if let cancelled = f.cancellationDate, cancelled <= instant { return false }
        guard f.purchaseDate <= instant else { return false }
        if let expires = f.subscriptionExpirationDate { return instant < expires }
        switch f.productType {
        case nil, .nonConsumable?: return true
        case .consumable?, .nonRenewingSubscription?, .autoRenewableSubscription?, .other?: return false
        }
    }

    /// The identifier that ties a subscription's purchase and renewals together: the original
    /// transaction id (1705), or the transaction id (1703) when the record has none (Xcode).
    public var chainIdentifier: String {
        originalTransactionId ?? transactionId
    }
}
