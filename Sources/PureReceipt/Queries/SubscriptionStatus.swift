// SubscriptionStatus: the state of an auto-renewable subscription at an instant, from the records
// (1708 expiration dates) of one product or one original transaction.
//
// Rules: as in Ownership.swift — evaluated at max(requested instant, receipt creation date);
// a record is active while purchase date ≤ t < expiration date and it is not cancelled at or
// before t; only records with an expiration date and a purchase date ≤ t take part.
// Result: `.active` with the latest expiration among active records; otherwise, judged by the
// record that expires last, `.cancelled` if it was cancelled at or before t, else `.expired` at
// its expiration; `.never` when no record takes part.
// Does not: know about grace periods, billing retry or renewal intent (not in the receipt), or
// foresee renewals the receipt does not yet hold.

/// The state of a subscription at an instant.
public enum SubscriptionStatus: Sendable, Hashable {
    /// Some period covers the instant; access lasts until `expires` unless the receipt is refreshed.
    case active(expires: Instant)
    /// The latest period ended at `at`.
    case expired(at: Instant)
    /// The latest period was cancelled (refunded) at `at`.
    case cancelled(at: Instant)
    /// The receipt holds no period of this subscription that started by the instant.
    case never
}

/// One subscription active at an instant: the record with the latest expiration in its chain.
public struct ActiveSubscription: Sendable {
    /// The product of the active period (it may differ from earlier periods after an upgrade).
    public let productId: String
    /// The chain's original transaction id (see `InAppPurchase.chainIdentifier`).
    public let originalTransactionId: String
    /// End of the active period.
    public let expiresDate: Instant
    /// The record of the active period.
    public let purchase: InAppPurchase
}

extension AppReceipt {
    /// The status of subscription product `productID` at `max(instant, creationDate)`, over all
    /// its records and original transactions. A wound-back clock cannot revive an expired
    /// subscription: the receipt creation date bounds the instant from below.
    public func subscriptionStatus(productID: String, at instant: Instant) -> SubscriptionStatus {
        let t = effectiveInstant(for: instant)
        return Self.status(inAppPurchases.lazy.filter { $0.productId.hasSameBytes(as: productID) }, at: t)
    }

    /// The status of the subscription chain `originalTransactionID` (its purchase and all
    /// renewals, across products of its group) at `max(instant, creationDate)`.
    public func subscriptionStatus(originalTransactionID: String, at instant: Instant) -> SubscriptionStatus {
        let t = effectiveInstant(for: instant)
        return Self.status(
            inAppPurchases.lazy.filter { $0.chainIdentifier.hasSameBytes(as: originalTransactionID) }, at: t)
    }

    /// Every subscription chain active at `max(instant, creationDate)`, one entry per original
    /// transaction id (its active record with the latest expiration), in order of the chains'
    /// first records in the file.
    public func activeSubscriptions(at instant: Instant) -> [ActiveSubscription] {
        let t = effectiveInstant(for: instant)
        // Chains keyed by the UTF-8 bytes of their id: String keys would merge equivalent ids.
        var order: [[UInt8]] = []
        var best: [[UInt8]: InAppPurchase] = [:]
        for purchase in inAppPurchases {
            guard let expires = purchase.expiresDate, purchase.isActive(at: t) else { continue }
            let chain = Array(purchase.chainIdentifier.utf8)
            if let current = best[chain] {
                if let currentExpires = current.expiresDate, expires > currentExpires {
                    best[chain] = purchase
                }
            } else {
                order.append(chain)
                best[chain] = purchase
            }
        }
        return order.compactMap { chain in
            guard let purchase = best[chain], let expires = purchase.expiresDate else { return nil }
            return ActiveSubscription(
                productId: purchase.productId, originalTransactionId: purchase.chainIdentifier, expiresDate: expires,
                purchase: purchase)
        }
    }

    /// The status of `records` at exactly `t` (already clamped).
    static func status<Records: Sequence<InAppPurchase>>(_ records: Records, at t: Instant) -> SubscriptionStatus {
        var activeUntil: Instant?
        var last: (expires: Instant, cancelled: Instant?)?
        for record in records {
            let f = record.fields  // one walk of the record
            guard let expires = f.subscriptionExpirationDate, f.purchaseDate <= t else { continue }
            let cancelled = f.cancellationDate.flatMap { $0 <= t ? $0 : nil }
            if cancelled == nil && t < expires {
                activeUntil = max(activeUntil ?? expires, expires)
            }
            // The record that expires last decides; on a tie, an uncancelled one wins.
            if let current = last {
                if expires > current.expires || (expires == current.expires && cancelled == nil) {
                    last = (expires, cancelled)
                }
            } else {
                last = (expires, cancelled)
            }
        }
        if let activeUntil { return .active(expires: activeUntil) }
        guard let last else { return .never }
        if let cancelled = last.cancelled { return .cancelled(at: cancelled) }
        return .expired(at: last.expires)
    }
}
