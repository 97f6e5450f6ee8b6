// Corpus tests: every real receipt in ../shared/corpus/receipts (NEGATIVE files excepted) decodes
// to exactly the values MANIFEST.md lists under "Receipts — values decoded from the data", and
// no attribute is lost. Expected values: PayloadCorpusExpectations.swift.
//
// Skipped visibly (with a reason) when ../shared/corpus is absent; CI always has it.

import Foundation
import PureDER
import PureReceipt
import PureX509
import Testing

@Suite("Payload corpus")
struct PayloadCorpusTests {
    @Test(
        "the expectation table covers every corpus receipt",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"))
    func tableCoversCorpus() {
        #expect(Corpus.receiptNames() == expectedReceipts.map(\.file).sorted())
    }

    @Test(
        "top-level values", .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"),
        arguments: expectedReceipts)
    func topLevel(_ expected: ExpectedReceipt) throws {
        let payload = try Corpus.payload(expected.file)
        #expect(payload.count == expected.payloadSize)
        let receipt = try AppReceipt.parse(payload: payload)
        #expect(receipt.environment == ReceiptEnvironment(rawValue: expected.environment))
        #expect(receipt.environment?.rawValue == expected.environment)
        #expect(receipt.appAppleId == expected.appItemID)
        #expect(receipt.bundleId == expected.bundleID)
        #expect(Array(receipt.bundleIdentifierData) == DERBuilder.utf8(expected.bundleID))
        #expect(receipt.applicationVersion == expected.appVersion)
        #expect(receipt.transactionDate == (expected.type8.isEmpty ? nil : instant(expected.type8)))
        #expect(receipt.rawAttributes.contains { $0.type == 8 })
        #expect(receipt.receiptCreationDate == instant(expected.creation))
        #expect(receipt.originalPurchaseDate == expected.originalPurchase.map(instant))
        #expect(receipt.originalApplicationVersion == expected.originalVersion)
        #expect(receipt.ageRating == expected.ageRating)
        #expect(receipt.developerID == expected.type11)
        #expect(receipt.downloadID == expected.type15)
        #expect(receipt.versionExternalIdentifier == expected.type16)
        #expect(receipt.expirationDate == expected.expiration.map(instant))
        #expect(hex(receipt.opaqueValue) == expected.opaque)
        #expect(hex(receipt.sha1Hash) == expected.hash)
        #expect(receipt.inAppPurchases.count == expected.inAppCount)
        #expect(Set(receipt.rawAttributes.map(\.type)) == Set(expected.types))
        // Attribute 4 carries version 2 in Apple receipts, 1 in Xcode ones; all others version 1.
        for attribute in receipt.rawAttributes {
            let expectedVersion: Int64 = attribute.type == 4 && expected.environment != "Xcode" ? 2 : 1
            #expect(attribute.version == expectedVersion, "attribute \(attribute.type)")
        }
    }

    @Test(
        "in-app values", .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"),
        arguments: expectedReceipts.filter { !$0.inApps.isEmpty })
    func inApps(_ expected: ExpectedReceipt) throws {
        let receipt = try AppReceipt.parse(payload: try Corpus.payload(expected.file))
        try #require(receipt.inAppPurchases.count == expected.inApps.count)
        for (index, (purchase, want)) in zip(receipt.inAppPurchases, expected.inApps).enumerated() {
            let entryLabel = "entry \(index)"
            #expect(purchase.productId == want.product, "\(entryLabel)")
            #expect(purchase.transactionId == want.transaction, "\(entryLabel)")
            #expect(purchase.originalTransactionId == want.original, "\(entryLabel)")
            #expect(purchase.purchaseDate == instant(want.purchase), "\(entryLabel)")
            #expect(purchase.originalPurchaseDate == want.originalPurchase.map(instant), "\(entryLabel)")
            #expect(purchase.expiresDate == want.expires.map(instant), "\(entryLabel)")
            #expect(purchase.webOrderLineItemId == want.webOrder, "\(entryLabel)")
            #expect(purchase.productType?.rawValue == want.productType, "\(entryLabel)")
            #expect(purchase.isTrialPeriod == want.trial, "\(entryLabel)")
            #expect(purchase.isInIntroOfferPeriod == want.intro, "\(entryLabel)")
            #expect(purchase.quantity == want.quantity, "\(entryLabel)")
            #expect(purchase.offerIdentifier == want.promo, "\(entryLabel)")
            #expect(purchase.revocationDate == nil, "\(entryLabel)")
            for type in want.emptyDates {
                let raw = purchase.rawAttributes.first { $0.type == type }
                #expect(
                    raw.map { Array($0.value) } == [0x16, 0x00], "\(entryLabel) attribute \(type) is an empty IA5String"
                )
            }
        }
    }

    @Test(
        "no attribute lost: raw attributes match an independent walk of the payload",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"),
        arguments: expectedReceipts)
    func noAttributeLost(_ expected: ExpectedReceipt) throws {
        let payload = try Corpus.payload(expected.file)
        let receipt = try AppReceipt.parse(payload: payload)
        let topLevel = try sequenceStarts(payload, in: 0..<payload.count)
        #expect(receipt.rawAttributes.map(\.offset) == topLevel)
        let inAppRaw = receipt.rawAttributes.filter { $0.type == 17 }
        #expect(inAppRaw.count == receipt.inAppPurchases.count)
        for (raw, purchase) in zip(inAppRaw, receipt.inAppPurchases) {
            #expect(purchase.offset == raw.offset)
            let inner = try sequenceStarts(payload, in: raw.value.startIndex..<raw.value.endIndex)
            #expect(purchase.rawAttributes.map(\.offset) == inner)
        }
    }

    @Test(
        "the test-only payload extractor agrees with the CMS layer (SignedData.contentBytes)",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"),
        arguments: expectedReceipts)
    func extractorMatchesCMS(_ expected: ExpectedReceipt) throws {
        let signedData = try SignedData.parse(try Corpus.bytes(expected.file))
        #expect(signedData.contentBytes == (try Corpus.payload(expected.file)))
    }

    @Test(
        "187 in-app entries of one subscription chain",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"))
    func manyInApps() throws {
        let receipt = try AppReceipt.parse(
            payload: try Corpus.payload("tpinappreceipt_sandbox-ios-187iap-sha1_2020.der"))
        let purchases = receipt.inAppPurchases
        try #require(purchases.count == 187)
        var products: [String: Int] = [:]
        for purchase in purchases { products[purchase.productId, default: 0] += 1 }
        #expect(
            products == [
                "com.nutcallalert.inapp.optimum": 116, "com.nutcallalert.inapp.pro": 39,
                "com.nutcallalert.inapp.lite": 32,
            ])
        #expect(Set(purchases.map(\.transactionId)).count == 187)
        #expect(Set(purchases.compactMap(\.originalTransactionId)) == ["1000000603177571"])
        #expect(purchases.map(\.purchaseDate).min() == instant("2019-12-10T12:54:58Z"))
        #expect(purchases.map(\.purchaseDate).max() == instant("2020-05-06T18:26:31Z"))
        let first = purchases[0]
        let last = purchases[186]
        #expect(first.productId == "com.nutcallalert.inapp.pro")
        #expect(first.transactionId == "1000000637840752")
        #expect(first.purchaseDate == instant("2019-12-10T12:54:58Z"))
        #expect(first.originalPurchaseDate == instant("2020-03-11T14:25:26Z"))
        #expect(first.expiresDate == instant("2019-12-10T12:59:58Z"))
        #expect(first.webOrderLineItemId == 1_000_000_048_877_195)
        #expect(first.productType == .autoRenewableSubscription)
        #expect(first.isTrialPeriod == false && first.isInIntroOfferPeriod == false && first.quantity == 1)
        #expect(last.productId == "com.nutcallalert.inapp.optimum")
        #expect(last.transactionId == "1000000637840616")
        #expect(last.purchaseDate == instant("2020-03-10T17:02:47Z"))
        #expect(last.expiresDate == instant("2020-03-10T17:06:47Z"))
        #expect(last.webOrderLineItemId == 1_000_000_049_892_290)
        #expect(last.isTrialPeriod == true && last.isInIntroOfferPeriod == false)
    }
}

/// Offsets of the SEQUENCEs directly inside the one SET that fills `range` (test-side walk).
private func sequenceStarts(_ bytes: [UInt8], in range: Range<Int>) throws -> [Int] {
    var outer = try DERCursor(bytes: bytes, range: range, rules: .der)
    var set = try outer.read(.set, "SET")
    var starts: [Int] = []
    while !set.isAtEnd {
        starts.append(set.offset)
        _ = try set.readElement(.sequence, "ReceiptAttribute")
    }
    return starts
}
