// Ownership queries on synthetic receipts (creation date 2024-03-01T12:00:00Z) and on real ones:
// non-consumables, consumables, refunds, subscriptions at and around their expiration, purchases
// after the instant, and a clock earlier than the receipt.

import PureReceipt
import Testing

private let creation = instant(SyntheticReceipt.creation)

private func receipt(_ records: [[UInt8]]) throws -> AppReceipt {
    try SyntheticReceipt.parse(SyntheticReceipt.payload(adding: records))
}

@Suite("Query ownership")
struct QueryOwnershipTests {
    @Test("a non-consumable is owned from its purchase on, also when asked with a wound-back clock")
    func nonConsumable() throws {
        let r = try receipt([
            SyntheticReceipt.inApp(
                product: "pro", transaction: "1", original: "1",
                purchase: "2024-01-10T00:00:00Z", type: 0)
        ])
        #expect(r.isOwned(productID: "pro", at: creation))
        #expect(r.isOwned(productID: "pro", at: instant("2030-01-01T00:00:00Z")))
        // Before the purchase, but the instant is clamped to the creation date.
        #expect(r.isOwned(productID: "pro", at: instant("2020-01-01T00:00:00Z")))
        #expect(!r.isOwned(productID: "other", at: creation))
        #expect(r.effectiveInstant(for: instant("2020-01-01T00:00:00Z")) == creation)
        #expect(r.effectiveInstant(for: instant("2030-01-01T00:00:00Z")) == instant("2030-01-01T00:00:00Z"))
    }

    @Test("a cancellation at or before the instant revokes a non-consumable")
    func refundedNonConsumable() throws {
        let before = try receipt([
            SyntheticReceipt.inApp(
                product: "pro", transaction: "1", purchase: "2024-01-10T00:00:00Z",
                cancelled: "2024-02-01T00:00:00Z", type: 0)
        ])
        #expect(!before.isOwned(productID: "pro", at: creation))
        let exactly = try receipt([
            SyntheticReceipt.inApp(
                product: "pro", transaction: "1", purchase: "2024-01-10T00:00:00Z",
                cancelled: SyntheticReceipt.creation, type: 0)
        ])
        #expect(!exactly.isOwned(productID: "pro", at: creation))
        let purchase = try #require(exactly.inAppPurchases.first)
        #expect(purchase.isActive(at: Instant(millisecondsSince1970: creation.millisecondsSince1970 - 1)))
        #expect(!purchase.isActive(at: creation))
        // Bought again after the refund: owned through the second record.
        let rebought = try receipt([
            SyntheticReceipt.inApp(
                product: "pro", transaction: "1", purchase: "2024-01-10T00:00:00Z",
                cancelled: "2024-02-01T00:00:00Z", type: 0),
            SyntheticReceipt.inApp(product: "pro", transaction: "2", purchase: "2024-02-10T00:00:00Z", type: 0),
        ])
        #expect(rebought.isOwned(productID: "pro", at: creation))
        #expect(rebought.purchases(of: "pro").map(\.transactionId) == ["1", "2"])
    }

    @Test("an empty cancellation date does not revoke")
    func emptyCancellation() throws {
        let r = try receipt([
            SyntheticReceipt.inApp(
                product: "pro", transaction: "1", purchase: "2024-01-10T00:00:00Z",
                cancelled: "", type: 0)
        ])
        #expect(r.inAppPurchases.first?.revocationDate == nil)
        #expect(r.isOwned(productID: "pro", at: creation))
    }

    @Test("consumables are listed but never owned")
    func consumables() throws {
        let r = try receipt([
            SyntheticReceipt.inApp(product: "coins", transaction: "1", purchase: "2024-02-01T00:00:00Z", type: 1),
            SyntheticReceipt.inApp(product: "coins", transaction: "2", purchase: "2024-02-02T00:00:00Z", type: 1),
        ])
        #expect(r.purchases(of: "coins").count == 2)
        #expect(!r.isOwned(productID: "coins", at: creation))
        #expect(r.subscriptionStatus(productID: "coins", at: creation) == .never)
    }

    @Test(
        "a subscription is owned while purchase date ≤ t < expiration date",
        arguments: [
            ("2024-03-01T12:00:00Z", true), ("2024-03-31T23:59:59Z", true), ("2024-04-01T00:00:00Z", false),
            ("2024-05-01T00:00:00Z", false),
        ])
    func subscriptionWindow(_ at: String, _ owned: Bool) throws {
        let r = try receipt([
            SyntheticReceipt.inApp(
                product: "monthly", transaction: "1", original: "1",
                purchase: "2024-03-01T00:00:00Z", expires: "2024-04-01T00:00:00Z", type: 3)
        ])
        #expect(r.isOwned(productID: "monthly", at: instant(at)) == owned)
    }

    @Test("a subscription that expired before the receipt was made stays expired for an earlier clock")
    func woundBackClock() throws {
        let r = try receipt([
            SyntheticReceipt.inApp(
                product: "monthly", transaction: "1", original: "1",
                purchase: "2024-01-01T00:00:00Z", expires: "2024-02-01T00:00:00Z", type: 3)
        ])
        let purchase = try #require(r.inAppPurchases.first)
        #expect(purchase.isActive(at: instant("2024-01-15T00:00:00Z")))  // the record alone, unclamped
        #expect(!r.isOwned(productID: "monthly", at: instant("2024-01-15T00:00:00Z")))
        #expect(
            r.subscriptionStatus(productID: "monthly", at: instant("2024-01-15T00:00:00Z"))
                == .expired(at: instant("2024-02-01T00:00:00Z")))
    }

    @Test(
        "records without an expiration date",
        arguments: [
            (Int64?.none, true), (0, true), (1, false), (2, false), (3, false), (9, false),
        ])
    func withoutExpiration(_ type: Int64?, _ owned: Bool) throws {
        let r = try receipt([
            SyntheticReceipt.inApp(
                product: "x", transaction: "1", purchase: "2024-01-01T00:00:00Z",
                type: type)
        ])
        #expect(r.isOwned(productID: "x", at: creation) == owned)
    }

    @Test("a purchase dated after the instant does not count yet")
    func futurePurchase() throws {
        let r = try receipt([
            SyntheticReceipt.inApp(product: "pro", transaction: "1", purchase: "2024-06-01T00:00:00Z", type: 0)
        ])
        #expect(!r.isOwned(productID: "pro", at: creation))
        #expect(r.isOwned(productID: "pro", at: instant("2024-06-01T00:00:00Z")))
    }

    @Test("purchases by original transaction id, falling back to the transaction id")
    func chains() throws {
        let r = try receipt([
            SyntheticReceipt.inApp(
                product: "monthly", transaction: "10", original: "10", purchase: "2024-01-01T00:00:00Z",
                expires: "2024-02-01T00:00:00Z", type: 3),
            SyntheticReceipt.inApp(product: "pro", transaction: "5", purchase: "2024-01-01T00:00:00Z"),
            SyntheticReceipt.inApp(
                product: "annual", transaction: "11", original: "10", purchase: "2024-02-01T00:00:00Z",
                expires: "2025-02-01T00:00:00Z", type: 3),
        ])
        #expect(r.purchases(originalTransactionID: "10").map(\.transactionId) == ["10", "11"])
        #expect(r.purchases(originalTransactionID: "5").map(\.productId) == ["pro"])
        #expect(r.inAppPurchases.map(\.productId) == ["monthly", "pro", "annual"])
    }

    @Test(
        "real receipts: non-consumables owned, a consumable not, an old subscription expired",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"))
    func corpusOwnership() throws {
        let mindNode = try AppReceipt.parse(
            payload: try Corpus.payload("appreceiptvalidator_production-macos-wwdrG5-sha256-knowndevice_2023.der"))
        #expect(
            mindNode.isOwned(
                productID: "com.ideasoncanvas.mindnode.macos.iap.fullversionfree", at: mindNode.receiptCreationDate))
        #expect(
            !mindNode.isOwned(
                productID: "com.ideasoncanvas.mindnode.macos.subscription.yearly", at: mindNode.receiptCreationDate))
        #expect(mindNode.originalApplicationVersion == "5.0")  // paid-to-freemium decisions read these two
        #expect(mindNode.originalPurchaseDate == instant("2017-11-28T11:11:32Z"))
        let demo = try AppReceipt.parse(
            payload: try Corpus.payload("appreceiptvalidator_sandbox-ios-7iap-wwdr2008_2015.der"))
        #expect(demo.purchases(of: "consumable").count == 1)
        #expect(!demo.isOwned(productID: "consumable", at: demo.receiptCreationDate))
        #expect(demo.purchases(of: "monthly").count == 6)
    }
}
