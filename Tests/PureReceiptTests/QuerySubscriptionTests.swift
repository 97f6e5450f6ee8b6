// Subscription queries on synthetic renewal chains (receipt created 2024-03-01T12:00:00Z) and on
// real receipts: expiry exactly at the instant, cancellation, upgrades within a chain, a clock
// earlier than the receipt, Xcode chains without original transaction ids.

import PureReceipt
import Testing

/// Three monthly periods of one chain, written out of order, the last ending 2024-04-01.
private func monthlyChain(cancelLast: String? = nil, cancelFirst: String? = nil) -> [[UInt8]] {
    [
        SyntheticReceipt.inApp(
            product: "monthly", transaction: "3", original: "1", purchase: "2024-03-01T00:00:00Z",
            expires: "2024-04-01T00:00:00Z", cancelled: cancelLast, type: 3),
        SyntheticReceipt.inApp(
            product: "monthly", transaction: "1", original: "1", purchase: "2024-01-01T00:00:00Z",
            expires: "2024-02-01T00:00:00Z", cancelled: cancelFirst, type: 3),
        SyntheticReceipt.inApp(
            product: "monthly", transaction: "2", original: "1", purchase: "2024-02-01T00:00:00Z",
            expires: "2024-03-01T00:00:00Z", type: 3),
    ]
}

private func receipt(_ records: [[UInt8]]) throws -> AppReceipt {
    try SyntheticReceipt.parse(SyntheticReceipt.payload(adding: records))
}

@Suite("Query subscriptions")
struct QuerySubscriptionTests {
    @Test(
        "a renewal chain: active until the latest expiration, expired from that instant on",
        arguments: [
            ("2020-01-01T00:00:00Z", SubscriptionStatus.active(expires: instant("2024-04-01T00:00:00Z"))),  // clamped
            ("2024-03-15T00:00:00Z", .active(expires: instant("2024-04-01T00:00:00Z"))),
            ("2024-03-31T23:59:59Z", .active(expires: instant("2024-04-01T00:00:00Z"))),
            ("2024-04-01T00:00:00Z", .expired(at: instant("2024-04-01T00:00:00Z"))),  // expires at t: not active at t
            ("2025-01-01T00:00:00Z", .expired(at: instant("2024-04-01T00:00:00Z"))),
        ])
    func renewalChain(_ at: String, _ status: SubscriptionStatus) throws {
        let r = try receipt(monthlyChain())
        #expect(r.subscriptionStatus(productID: "monthly", at: instant(at)) == status)
        #expect(r.subscriptionStatus(originalTransactionID: "1", at: instant(at)) == status)
        #expect(
            r.isOwned(productID: "monthly", at: instant(at))
                == (status != .expired(at: instant("2024-04-01T00:00:00Z"))))
    }

    @Test(
        "a cancelled latest period: active until the cancellation, cancelled from it on",
        arguments: [
            ("2024-03-09T23:59:59Z", SubscriptionStatus.active(expires: instant("2024-04-01T00:00:00Z"))),
            ("2024-03-10T00:00:00Z", .cancelled(at: instant("2024-03-10T00:00:00Z"))),
            ("2024-05-01T00:00:00Z", .cancelled(at: instant("2024-03-10T00:00:00Z"))),
        ])
    func cancelledLatest(_ at: String, _ status: SubscriptionStatus) throws {
        let r = try receipt(monthlyChain(cancelLast: "2024-03-10T00:00:00Z"))
        #expect(r.subscriptionStatus(productID: "monthly", at: instant(at)) == status)
    }

    @Test("a refunded earlier period does not cancel the current one")
    func cancelledEarlier() throws {
        let r = try receipt(monthlyChain(cancelFirst: "2024-01-15T00:00:00Z"))
        #expect(
            r.subscriptionStatus(productID: "monthly", at: instant("2024-03-02T00:00:00Z"))
                == .active(expires: instant("2024-04-01T00:00:00Z")))
    }

    @Test("a refund at the receipt creation date cancels even for an earlier clock")
    func cancelledAtCreation() throws {
        let r = try receipt(monthlyChain(cancelLast: SyntheticReceipt.creation))
        #expect(
            r.subscriptionStatus(productID: "monthly", at: instant("2024-03-01T06:00:00Z"))
                == .cancelled(at: instant(SyntheticReceipt.creation)))
    }

    @Test("a clock earlier than the receipt cannot revive an expired subscription")
    func woundBackClock() throws {
        // The receipt was made after the chain's last period ended.
        let payload = SyntheticReceipt.payload(
            adding: Array(monthlyChain().dropFirst()), creation: "2024-03-05T00:00:00Z")
        let r = try SyntheticReceipt.parse(payload)
        #expect(
            r.subscriptionStatus(productID: "monthly", at: instant("2024-02-15T00:00:00Z"))
                == .expired(at: instant("2024-03-01T00:00:00Z")))
        #expect(r.activeSubscriptions(at: instant("2024-02-15T00:00:00Z")).isEmpty)
    }

    @Test("never: no records, records without expiration, or none started by the instant")
    func never() throws {
        let r = try receipt([
            SyntheticReceipt.inApp(product: "pro", transaction: "9", purchase: "2024-01-01T00:00:00Z", type: 0),
            SyntheticReceipt.inApp(
                product: "later", transaction: "8", original: "8", purchase: "2024-06-01T00:00:00Z",
                expires: "2024-07-01T00:00:00Z", type: 3),
        ])
        #expect(r.subscriptionStatus(productID: "absent", at: instant("2024-03-02T00:00:00Z")) == .never)
        #expect(r.subscriptionStatus(productID: "pro", at: instant("2024-03-02T00:00:00Z")) == .never)
        #expect(r.subscriptionStatus(productID: "later", at: instant("2024-03-02T00:00:00Z")) == .never)
        #expect(
            r.subscriptionStatus(productID: "later", at: instant("2024-06-15T00:00:00Z"))
                == .active(expires: instant("2024-07-01T00:00:00Z")))
        #expect(r.subscriptionStatus(originalTransactionID: "nope", at: instant("2024-03-02T00:00:00Z")) == .never)
    }

    @Test("an upgrade within a chain: the chain is active through the new product, the old product expired")
    func upgrade() throws {
        let r = try receipt(
            monthlyChain(cancelLast: "2024-03-02T00:00:00Z") + [
                SyntheticReceipt.inApp(
                    product: "annual", transaction: "4", original: "1", purchase: "2024-03-02T00:00:00Z",
                    expires: "2025-03-02T00:00:00Z", type: 3)
            ])
        let t = instant("2024-03-03T00:00:00Z")
        #expect(r.subscriptionStatus(productID: "monthly", at: t) == .cancelled(at: instant("2024-03-02T00:00:00Z")))
        #expect(r.subscriptionStatus(productID: "annual", at: t) == .active(expires: instant("2025-03-02T00:00:00Z")))
        #expect(
            r.subscriptionStatus(originalTransactionID: "1", at: t) == .active(expires: instant("2025-03-02T00:00:00Z"))
        )
        let active = r.activeSubscriptions(at: t)
        #expect(active.map(\.productId) == ["annual"])
        #expect(active.map(\.originalTransactionId) == ["1"])
        #expect(active.first?.purchase.transactionId == "4")
    }

    @Test("two periods with the same expiration, one refunded: expired, not cancelled")
    func tie() throws {
        let r = try receipt([
            SyntheticReceipt.inApp(
                product: "m", transaction: "1", original: "1", purchase: "2024-01-01T00:00:00Z",
                expires: "2024-02-01T00:00:00Z", cancelled: "2024-01-20T00:00:00Z", type: 3),
            SyntheticReceipt.inApp(
                product: "m", transaction: "2", original: "1", purchase: "2024-01-01T00:00:00Z",
                expires: "2024-02-01T00:00:00Z", type: 3),
        ])
        #expect(
            r.subscriptionStatus(productID: "m", at: instant("2024-03-02T00:00:00Z"))
                == .expired(at: instant("2024-02-01T00:00:00Z")))
    }

    @Test("active subscriptions: one per chain, latest expiration, chains in file order")
    func activeSubscriptions() throws {
        let r = try receipt(
            [
                SyntheticReceipt.inApp(
                    product: "b", transaction: "20", original: "20", purchase: "2024-02-20T00:00:00Z",
                    expires: "2024-03-20T00:00:00Z", type: 3),
                SyntheticReceipt.inApp(
                    product: "old", transaction: "30", original: "30", purchase: "2024-01-01T00:00:00Z",
                    expires: "2024-02-01T00:00:00Z", type: 3),
                // Xcode style: no original transaction id, the transaction id ties the chain.
                SyntheticReceipt.inApp(
                    product: "x", transaction: "0", purchase: "2024-02-25T00:00:00Z",
                    expires: "2024-03-25T00:00:00Z"),
            ] + monthlyChain())
        let active = r.activeSubscriptions(at: instant("2024-03-02T00:00:00Z"))
        #expect(active.map(\.productId) == ["b", "x", "monthly"])
        #expect(active.map(\.originalTransactionId) == ["20", "0", "1"])
        #expect(
            active.map(\.expiresDate)
                == ["2024-03-20T00:00:00Z", "2024-03-25T00:00:00Z", "2024-04-01T00:00:00Z"].map(instant))
        #expect(
            r.subscriptionStatus(originalTransactionID: "0", at: instant("2024-03-02T00:00:00Z"))
                == .active(expires: instant("2024-03-25T00:00:00Z")))
        #expect(
            r.activeSubscriptions(at: instant("2024-03-21T00:00:00Z")).map(\.productId) == ["x", "monthly"])
    }

    @Test(
        "real receipt: an upgrade to annual inside one chain, at the receipt's creation date",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"))
    func corpusUpgrade() throws {
        let r = try AppReceipt.parse(payload: try Corpus.payload("revenuecat_sandbox-ios-9iap-sha1_2020.der"))
        let t = r.receiptCreationDate
        #expect(
            r.subscriptionStatus(productID: "com.revenuecat.annual_39.99.2_week_intro", at: t)
                == .active(expires: instant("2020-07-22T18:39:06Z")))
        #expect(
            r.subscriptionStatus(productID: "com.revenuecat.monthly_4.99.1_week_intro", at: t)
                == .expired(at: instant("2020-07-14T22:13:20Z")))
        #expect(
            r.subscriptionStatus(originalTransactionID: "1000000692878476", at: t)
                == .active(expires: instant("2020-07-22T18:39:06Z")))
        #expect(r.activeSubscriptions(at: t).map(\.productId) == ["com.revenuecat.annual_39.99.2_week_intro"])
        #expect(r.activeSubscriptions(at: instant("2020-07-22T18:39:06Z")).isEmpty)
    }

    @Test(
        "real receipt: an Xcode subscription without original transaction id",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"))
    func corpusXcode() throws {
        let r = try AppReceipt.parse(payload: try Corpus.payload("kvitto_xcode12-storekit_2020.der"))
        #expect(
            r.subscriptionStatus(productID: "com.rd.eehelper.pro_subscription", at: r.receiptCreationDate)
                == .active(expires: instant("2021-10-16T14:29:30+0300")))
        #expect(
            r.subscriptionStatus(originalTransactionID: "0", at: instant("2022-01-01T00:00:00Z"))
                == .expired(at: instant("2021-10-16T11:29:30Z")))
    }
}
