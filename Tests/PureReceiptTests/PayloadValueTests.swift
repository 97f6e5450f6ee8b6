// Payload values: every typed accessor of AppReceipt and InAppPurchase on a synthetic receipt that
// carries every known attribute, and the text rendering of ASCII-packed integers.

import PureReceipt
import Testing

private typealias B = DERBuilder

@Suite("Payload values")
struct PayloadValueTests {
    @Test("every top-level accessor")
    func topLevelAccessors() throws {
        let hash: [UInt8] = Array(0x00..<0x14)
        let payload = SyntheticReceipt.payload([
            B.attribute(25, B.integer(3)),  // out of order on purpose
            B.attribute(0, B.utf8("ProductionSandbox")),
            B.attribute(1, B.unsigned(690_661_663)),
            B.attribute(2, B.utf8("org.example.pure")),
            B.attribute(3, B.utf8("15741")),
            B.attribute(4, version: 2, [0x5D, 0xF7, 0x13]),
            B.attribute(5, hash),
            B.attribute(6, [6, 6]),
            B.attribute(7, [7]),
            B.attribute(8, B.ia5("2024-02-23T17:03:40Z")),
            B.attribute(9, B.integer(0x5032_3334)),
            B.attribute(10, B.ia5("17+")),
            B.attribute(11, B.unsigned(125_402_914)),
            B.attribute(12, B.ia5("2024-02-23T17:27:16Z")),
            B.attribute(13, B.integer(170_200)),
            B.attribute(14, B.integer(-90)),
            B.attribute(15, B.unsigned(UInt64.max)),
            B.attribute(16, B.unsigned(863_855_306)),
            B.attribute(18, B.ia5("2016-08-16T15:15:43Z")),
            B.attribute(19, B.utf8("434")),
            B.attribute(20, B.utf8("")),
            B.attribute(21, B.ia5("4001-01-01T02:00:00+0200")),
            B.attribute(22, B.ia5("2020-01-01T00:00:00Z")),
            B.attribute(23, B.utf8("Ünïcode Org")),
            B.attribute(32, B.ia5("2019-05-05T05:05:05.123Z")),
        ])
        let receipt = try SyntheticReceipt.parse(payload)
        #expect(receipt.environment == .productionSandbox)
        #expect(receipt.appAppleId == 690_661_663)
        #expect(receipt.bundleId == "org.example.pure")
        #expect(Array(receipt.bundleIdentifierData) == [0x0C, 16] + Array("org.example.pure".utf8))
        #expect(receipt.applicationVersion == "15741")
        #expect(Array(receipt.opaqueValue) == [0x5D, 0xF7, 0x13])
        #expect(receipt.rawAttributes.first { $0.type == 4 }?.version == 2)
        #expect(Array(receipt.sha1Hash) == hash)
        #expect(receipt.attribute6.map(Array.init) == [6, 6])
        #expect(receipt.attribute7.map(Array.init) == [7])
        #expect(receipt.transactionDate == instant("2024-02-23T17:03:40Z"))
        #expect(receipt.fulfillmentToolVersion?.value == 0x5032_3334)
        #expect(receipt.fulfillmentToolVersion?.text == "P234")
        #expect(receipt.ageRating == "17+")
        #expect(receipt.developerID == 125_402_914)
        #expect(receipt.receiptCreationDate == instant("2024-02-23T17:27:16Z"))
        #expect(receipt.attribute13 == 170_200)
        #expect(receipt.attribute14 == -90)
        #expect(receipt.downloadID == UInt64.max)
        #expect(receipt.versionExternalIdentifier == 863_855_306)
        #expect(receipt.originalPurchaseDate == instant("2016-08-16T15:15:43Z"))
        #expect(receipt.originalApplicationVersion == "434")
        #expect(receipt.attribute20 == "")
        #expect(receipt.expirationDate == instant("4001-01-01T00:00:00Z"))
        #expect(receipt.attribute22 == instant("2020-01-01T00:00:00Z"))
        #expect(receipt.organizationDisplayName == "Ünïcode Org")
        #expect(receipt.attribute25 == 3)
        #expect(
            receipt.preorderDate
                == Instant(millisecondsSince1970: instant("2019-05-05T05:05:05Z").millisecondsSince1970 + 123))
        #expect(receipt.inAppPurchases.isEmpty)
        #expect(receipt.rawAttributes.count == 25)
    }

    @Test("absent attributes read as nil")
    func absentAttributes() throws {
        let receipt = try SyntheticReceipt.parse(SyntheticReceipt.payload(adding: []))
        #expect(receipt.environment == nil && receipt.appAppleId == nil && receipt.originalApplicationVersion == nil)
        #expect(receipt.originalPurchaseDate == nil && receipt.expirationDate == nil && receipt.preorderDate == nil)
        #expect(receipt.ageRating == nil && receipt.downloadID == nil && receipt.fulfillmentToolVersion == nil)
        #expect(receipt.receiptCreationDate == instant(SyntheticReceipt.creation))
        #expect(Array(receipt.opaqueValue) == SyntheticReceipt.opaque)
    }

    @Test("every in-app accessor")
    func inAppAccessors() throws {
        let record = B.attribute(
            17,
            B.set([
                B.attribute(1722, B.integer(0)),
                B.attribute(1701, B.integer(2)),
                B.attribute(1702, B.utf8("org.example.Month")),
                B.attribute(1703, B.utf8("340001237736590")),
                B.attribute(1704, B.ia5("2023-06-28T13:54:08Z")),
                B.attribute(1705, B.utf8("340001196262039")),
                B.attribute(1706, B.ia5("2023-05-09T23:20:57Z")),
                B.attribute(1707, B.integer(3)),
                B.attribute(1708, B.ia5("2023-07-28T13:54:08Z")),
                B.attribute(1709, B.utf8("")),
                B.attribute(1710, B.integer(0x4D52_3546)),
                B.attribute(1711, B.unsigned(340_000_558_053_131)),
                B.attribute(1712, B.ia5("2023-07-01T00:00:00Z")),
                B.attribute(1713, B.integer(2)),
                B.attribute(1714, B.utf8("a")),
                B.attribute(1715, B.utf8("b")),
                B.attribute(1716, B.utf8("c")),
                B.attribute(1717, B.utf8("d")),
                B.attribute(1718, B.utf8("e")),
                B.attribute(1719, B.integer(0)),
                B.attribute(1720, B.integer(1)),
                B.attribute(1721, B.utf8("Offer.3M")),
            ]))
        let receipt = try SyntheticReceipt.parse(SyntheticReceipt.payload(adding: [record]))
        let purchase = try #require(receipt.inAppPurchases.first)
        #expect(purchase.quantity == 2)
        #expect(purchase.productId == "org.example.Month")
        #expect(purchase.transactionId == "340001237736590")
        #expect(purchase.purchaseDate == instant("2023-06-28T13:54:08Z"))
        #expect(purchase.originalTransactionId == "340001196262039")
        #expect(purchase.originalPurchaseDate == instant("2023-05-09T23:20:57Z"))
        #expect(purchase.productType == .autoRenewableSubscription)
        #expect(purchase.expiresDate == instant("2023-07-28T13:54:08Z"))
        #expect(purchase.attribute1709 == "")
        #expect(purchase.attribute1710?.text == "MR5F")
        #expect(purchase.webOrderLineItemId == 340_000_558_053_131)
        #expect(purchase.revocationDate == instant("2023-07-01T00:00:00Z"))
        #expect(purchase.isTrialPeriod == true)  // any non-zero value reads as true
        #expect(
            [
                purchase.attribute1714, purchase.attribute1715, purchase.attribute1716, purchase.attribute1717,
                purchase.attribute1718,
            ] == ["a", "b", "c", "d", "e"])
        #expect(purchase.isInIntroOfferPeriod == false)
        #expect(purchase.revocationReason == 1)
        #expect(purchase.offerIdentifier == "Offer.3M")
        #expect(purchase.attribute1722 == 0)
        #expect(purchase.rawAttributes.count == 22)
        #expect(purchase.chainIdentifier == "340001196262039")
    }

    @Test(
        "product types",
        arguments: [
            (Int64(0), InAppProductType.nonConsumable), (1, .consumable), (2, .nonRenewingSubscription),
            (3, .autoRenewableSubscription), (-1, .other(-1)), (7, .other(7)),
        ])
    func productTypes(_ raw: Int64, _ type: InAppProductType) {
        #expect(InAppProductType(rawValue: raw) == type)
        #expect(type.rawValue == raw)
    }

    @Test(
        "ASCII-packed integers render as text only when every byte is printable",
        arguments: [
            (Int64(0x5032_3334), "P234"), (0x4D52_3546, "MR5F"), (0x50_3330_31, "P301"), (0, "0"), (-5, "-5"),
            (0x4100_4142, "1090535746"), (0x1F, "31"), (0x7F, "127"), (0x20, " "), (0x7E, "~"),
            (0x4142_4344_4546_4748, "ABCDEFGH"), (Int64.max, "9223372036854775807"),
        ])
    func packedText(_ value: Int64, _ text: String) {
        #expect(ASCIIPackedInteger(value: value).text == text)
    }
}
