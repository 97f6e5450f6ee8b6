// The models as Encodable values (StoreKitEncodable.swift, AppReceiptEncodable.swift,
// LegacyPurchaseInfoEncodable.swift, InstantCodable.swift): models verified from the vectors are
// written with JSONEncoder and the fields read back with JSONSerialization.

import Foundation
import PureReceipt
import PureX509
import Testing

@Suite("Encodable models: verified vectors through JSONEncoder")
struct EncodableModelTests {
    static let policy = SignedDataPolicy(
        bundleId: "com.example.vectors", environment: .sandbox,
        signer: .apple(TrustAnchors(certificates: [(try? JWSVectors.certificate("root.der"))].compactMap { $0 })))

    static func jws(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: JWSVectors.folder.appendingPathComponent(name)))
    }

    /// The encoded value as a JSON object, keys sorted so failures print stably.
    static func object(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a transaction encodes under Apple's names: dates in milliseconds, enumerations as raw values")
    func transaction() throws {
        let verified = try SignedDataVerifier.verifyTransaction(
            try Self.jws("transaction-valid.jws"), policy: Self.policy)
        let json = try Self.object(verified.payload)
        #expect(json["transactionId"] as? String == "1000000000000001")
        #expect(json["productId"] as? String == "com.example.vectors.monthly")
        #expect((json["purchaseDate"] as? NSNumber)?.int64Value == 1_735_689_540_000)
        #expect((json["expiresDate"] as? NSNumber)?.int64Value == 1_738_281_600_000)
        #expect((json["signedDate"] as? NSNumber)?.int64Value == 1_735_689_600_000)
        #expect(json["type"] as? String == "Auto-Renewable Subscription")
        #expect(json["inAppOwnershipType"] as? String == "PURCHASED")
        #expect(json["environment"] as? String == "Sandbox")
        #expect((json["price"] as? NSNumber)?.int64Value == 4990)
        #expect((json["quantity"] as? NSNumber)?.int64Value == 1)
        #expect(json["revocationDate"] == nil, "absent fields are left out, not null")
        // Every field the payload carries is documented, so the encoding has the payload's names.
        #expect(Set(json.keys) == Set(verified.payload.json.members.map(\.name)))
    }

    @Test("renewal info, app transaction and notification encode their fields")
    func otherKinds() throws {
        let renewal = try SignedDataVerifier.verifyRenewalInfo(try Self.jws("renewal-valid.jws"), policy: Self.policy)
        let renewalJSON = try Self.object(renewal.payload)
        #expect((renewalJSON["autoRenewStatus"] as? NSNumber)?.int64Value == 1)
        #expect((renewalJSON["renewalDate"] as? NSNumber)?.int64Value == 1_738_281_600_000)

        let app = try SignedDataVerifier.verifyAppTransaction(
            try Self.jws("apptransaction-valid.jws"), policy: Self.policy)
        let appJSON = try Self.object(app.payload)
        #expect(appJSON["receiptType"] as? String == "Sandbox")
        #expect((appJSON["appAppleId"] as? NSNumber)?.int64Value == 123_456_789)
        #expect((appJSON["receiptCreationDate"] as? NSNumber)?.int64Value == 1_735_689_600_000)
        #expect(appJSON["deviceVerificationNonce"] as? String == "3f1c4a8e-52b7-4d0a-9e6f-1b2c3d4e5f60")

        let notification = try SignedDataVerifier.verifyNotification(
            try Self.jws("notification-valid.jws"), policy: Self.policy)
        let notificationJSON = try Self.object(notification.payload)
        #expect(notificationJSON["notificationType"] as? String == "DID_RENEW")
        #expect(notificationJSON["notificationUUID"] as? String == "00000000-0000-4000-8000-000000000001")
        let data = try #require(notificationJSON["data"] as? [String: Any])
        #expect(data["bundleId"] as? String == "com.example.vectors")
        #expect((data["status"] as? NSNumber)?.int64Value == 1)
        #expect((data["signedTransactionInfo"] as? String)?.split(separator: ".").count == 3)
    }

    @Test("unknown enumerated values and kept JSON objects encode as written")
    func unknownAndObjects() throws {
        let payload = #"""
            {"type":"Future Kind","offerType":9,"advancedCommerceInfo":{"a":[1,2.5,"x",true,null],"big":1e400}}
            """#
        let transaction = try JWSTransactionDecodedPayload(payload: Array(payload.utf8))
        let json = try Self.object(transaction)
        #expect(json["type"] as? String == "Future Kind")
        #expect((json["offerType"] as? NSNumber)?.int64Value == 9)
        let info = try #require(json["advancedCommerceInfo"] as? [String: Any])
        let items = try #require(info["a"] as? [Any])
        #expect(items.count == 5)
        #expect((items[0] as? NSNumber)?.int64Value == 1)
        #expect((items[1] as? NSNumber)?.doubleValue == 2.5)
        #expect(items[2] as? String == "x")
        #expect(items[4] is NSNull)
        #expect(info["big"] as? String == "1e400", "beyond Double: the literal text")
    }

    @Test("StoreKitValue prints and encodes its raw value, known or not, and decodes back")
    func storeKitValue() throws {
        #expect("\(StoreKitValue<InAppOwnershipType>.known(.purchased))" == "PURCHASED")
        #expect("\(StoreKitValue<OfferType>.unknown(9))" == "9")
        #expect(StoreKitValue<ProductType>(rawValue: "Consumable").description == "Consumable")
        let encoded = try JSONEncoder().encode([StoreKitValue<OfferType>.known(.offerCode), .unknown(7)])
        #expect(String(decoding: encoded, as: UTF8.self) == "[3,7]")
        let decoded = try JSONDecoder().decode([StoreKitValue<OfferType>].self, from: encoded)
        #expect(decoded == [.known(.offerCode), .unknown(7)])
    }

    @Test("Instant encodes as milliseconds since 1970 and decodes back")
    func instant() throws {
        let instants = [Instant(millisecondsSince1970: 1_741_944_413_123), Instant(millisecondsSince1970: -1)]
        let encoded = try JSONEncoder().encode(instants)
        #expect(String(decoding: encoded, as: UTF8.self) == "[1741944413123,-1]")
        #expect(try JSONDecoder().decode([Instant].self, from: encoded) == instants)
    }

    @Test("an app receipt encodes its attributes and every in-app purchase")
    func appReceipt() throws {
        var policy = ReceiptPolicy(bundleIdentifier: "com.example.pureapp")
        policy.anchors = TrustAnchors(certificates: [try VectorSuite.certificate("pki/root.der")])
        let bytes = Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent("valid-der-sha256.der")))
        let receipt = try ReceiptValidator.validate(bytes, policy: policy).receipt
        let json = try Self.object(receipt)
        #expect(json["environment"] as? String == "Production")
        #expect(json["bundleId"] as? String == "com.example.pureapp")
        #expect(json["applicationVersion"] as? String == "42")
        #expect(json["originalApplicationVersion"] as? String == "40")
        #expect((json["receiptCreationDate"] as? NSNumber)?.int64Value == 1_741_944_413_000)
        #expect((json["appAppleId"] as? NSNumber)?.int64Value == 1_234_567_890)
        #expect(json["opaqueValue"] as? String == Base64.encode(Array(receipt.opaqueValue)))
        #expect(json["sha1Hash"] as? String == "qVI+UrjFEWhs6lUBOGjW2Mq0UiU=")
        let purchases = try #require(json["inAppPurchases"] as? [[String: Any]])
        #expect(purchases.count == 7)
        #expect(purchases[0]["productId"] as? String == "com.example.pureapp.pro")
        #expect(purchases[0]["transactionId"] as? String == "1000000900000001")
        #expect(purchases[2]["revocationDate"] != nil)
        #expect(purchases[3]["originalTransactionId"] as? String == "1000000900000003")
        #expect((purchases[3]["expiresDate"] as? NSNumber)?.int64Value == 1_738_411_200_000)
        #expect(purchases[5]["isTrialPeriod"] as? Bool == true)
        #expect(
            (purchases[5]["productType"] as? NSNumber)?.int64Value
                == receipt.inAppPurchases[5].productType?.rawValue)
    }

    @Test("a legacy purchase-info encodes every pair as written")
    func legacy() throws {
        var policy = LegacyReceiptPolicy(
            bundleIdentifier: "com.example.pureapp",
            anchors: TrustAnchors(certificates: [try VectorSuite.certificate("pki/root.der")]))
        policy.intermediates = [
            try VectorSuite.certificate("legacy/itunes-ca.der"), try VectorSuite.certificate("pki/intermediate.der"),
        ]
        let blob = Array(try Data(contentsOf: LegacyVectors.directory.appendingPathComponent("valid-v3.b64")))
        let info = try LegacyReceiptValidator.validate(blob, policy: policy).receipt.purchaseInfo
        let json = try Self.object(info)
        #expect(json.count == info.entries.count)
        #expect(json["product-id"] as? String == "com.example.pureapp.monthly")
        #expect(json["transaction-id"] as? String == "1000000900000007")
        #expect(json["purchase-date-ms"] as? String == "1741944413000")
        for entry in info.entries { #expect(json[entry.key] as? String == entry.value) }
    }
}
