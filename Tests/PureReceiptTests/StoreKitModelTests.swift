// StoreKit 2 models: Apple's model fixtures (Vectors/storekit/apple-fixtures, MIT) decode to the
// field values Apple's own SignedModelTests expect; unknown enum values and fields are kept;
// wrong field types are typed errors naming the field and offset.

import Foundation
import PureJSON
import PureReceipt
import PureReceiptTestSupport
import Testing

let storeKitFixtures = PackageFiles.vector("storekit/apple-fixtures")

func fixture(_ name: String) throws -> [UInt8] {
    try PackageFiles.bytes(storeKitFixtures.appendingPathComponent(name + ".json"))
}

func ms(_ value: Int64) -> Instant { Instant(millisecondsSince1970: value) }

@Suite("StoreKit 2 models (Apple fixtures)")
struct StoreKitModelTests {
    @Test("signedTransaction.json: every field")
    func transaction() throws {
        let t = try JWSTransactionDecodedPayload(payload: fixture("signedTransaction"))
        #expect(t.originalTransactionId == "12345" && t.transactionId == "23456" && t.webOrderLineItemId == "34343")
        #expect(t.bundleId == "com.example" && t.productId == "com.example.product")
        #expect(t.subscriptionGroupIdentifier == "55555")
        #expect(t.purchaseDate == ms(1_698_148_900_000) && t.originalPurchaseDate == ms(1_698_148_800_000))
        #expect(t.expiresDate == ms(1_698_149_000_000) && t.signedDate == ms(1_698_148_900_000))
        #expect(t.quantity == 1)
        #expect(t.type == .known(.autoRenewableSubscription) && t.type?.rawValue == "Auto-Renewable Subscription")
        #expect(t.appAccountToken == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
        #expect(t.inAppOwnershipType == .known(.purchased))
        #expect(t.revocationReason == .known(.refundedDueToIssue) && t.revocationReason?.rawValue == 1)
        #expect(t.revocationDate == ms(1_698_148_950_000))
        #expect(t.isUpgraded == true)
        #expect(t.offerType == .known(.introductoryOffer) && t.offerIdentifier == "abc.123")
        #expect(t.environment == .known(.localTesting) && t.environment?.rawValue == "LocalTesting")
        #expect(t.transactionReason == .known(.purchase))
        #expect(t.storefront == "USA" && t.storefrontId == "143441")
        #expect(t.price == 10990 && t.currency == "USD")
        #expect(t.offerDiscountType == .known(.payAsYouGo))
        #expect(t.appTransactionId == "71134" && t.offerPeriod == "P1Y")
        #expect(t.billingPlanType == .known(.monthly))
        #expect(t.advancedCommerceInfo?["requestReferenceId"]?.stringValue == "ref-12345")
        #expect(t.commitmentInfo?["totalBillingPeriods"]?.numberValue?.text == "12")
        #expect(t.revocationType == nil && t.revocationPercentage == nil)
        #expect(t.json.members.count == 31)
    }

    @Test("signedTransactionWithRevocation.json: revocationType and revocationPercentage")
    func revocation() throws {
        let t = try JWSTransactionDecodedPayload(payload: fixture("signedTransactionWithRevocation"))
        #expect(t.revocationType == .known(.refundProrated) && t.revocationType?.rawValue == "REFUND_PRORATED")
        #expect(t.revocationPercentage == 50000)
        #expect(t.advancedCommerceInfo == nil)
    }

    @Test("signedRenewalInfo.json: every field")
    func renewalInfo() throws {
        let r = try JWSRenewalInfoDecodedPayload(payload: fixture("signedRenewalInfo"))
        #expect(r.expirationIntent == .known(.customerCancelled) && r.expirationIntent?.rawValue == 1)
        #expect(r.originalTransactionId == "12345" && r.autoRenewProductId == "com.example.product.2")
        #expect(r.productId == "com.example.product")
        #expect(r.autoRenewStatus == .known(.on) && r.isInBillingRetryPeriod == true)
        #expect(r.priceIncreaseStatus == .known(.customerHasNotResponded))
        #expect(r.gracePeriodExpiresDate == ms(1_698_148_900_000))
        #expect(r.offerType == .known(.promotionalOffer) && r.offerIdentifier == "abc.123")
        #expect(r.signedDate == ms(1_698_148_800_000) && r.environment == .known(.localTesting))
        #expect(r.recentSubscriptionStartDate == ms(1_698_148_800_000) && r.renewalDate == ms(1_698_148_850_000))
        #expect(r.renewalPrice == 9990 && r.currency == "USD")
        #expect(r.offerDiscountType == .known(.payAsYouGo))
        #expect(r.eligibleWinBackOfferIds == ["eligible1", "eligible2"])
        #expect(r.appTransactionId == "71134" && r.offerPeriod == "P1Y")
        #expect(r.appAccountToken == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
        #expect(r.renewalBillingPlanType == .known(.monthly))
        #expect(r.commitmentInfo?["commitmentRenewalPrice"]?.numberValue?.text == "9990")
        #expect(r.advancedCommerceInfo?["consistencyToken"]?.stringValue == "token-abc-123")
    }

    @Test("appTransaction.json: every field")
    func appTransaction() throws {
        let a = try AppTransaction(payload: fixture("appTransaction"))
        #expect(a.receiptType == .known(.localTesting) && a.appAppleId == 531412)
        #expect(a.bundleId == "com.example" && a.applicationVersion == "1.2.3")
        #expect(a.versionExternalIdentifier == 512)
        #expect(a.receiptCreationDate == ms(1_698_148_900_000) && a.originalPurchaseDate == ms(1_698_148_800_000))
        #expect(a.originalApplicationVersion == "1.1.2" && a.deviceVerification == "device_verification_value")
        #expect(a.deviceVerificationNonce == "48ccfa42-7431-4f22-9908-7e88983e105a")
        #expect(a.preorderDate == ms(1_698_148_700_000))
        #expect(a.appTransactionId == "71134" && a.originalPlatform == .known(.iOS))
        #expect(a.signedDate == nil)
    }

    @Test("signedNotification.json: type, subtype, data")
    func notification() throws {
        let n = try ResponseBodyV2DecodedPayload(payload: fixture("signedNotification"))
        #expect(n.notificationType == .known(.subscribed) && n.subtype == .known(.initialBuy))
        #expect(n.notificationUUID == "002e14d5-51f5-4503-b5a8-c3a1af68eb20")
        #expect(n.version == "2.0" && n.signedDate == ms(1_698_148_900_000))
        let d = try #require(n.data)
        #expect(d.environment == .known(.localTesting) && d.appAppleId == 41234 && d.bundleId == "com.example")
        #expect(d.bundleVersion == "1.2.3" && d.status == .known(.active))
        #expect(d.signedTransactionInfo == "signed_transaction_info_value")
        #expect(d.signedRenewalInfo == "signed_renewal_info_value")
        #expect(d.consumptionRequestReason == nil)
        #expect(n.summary == nil && n.externalPurchaseToken == nil && n.appData == nil)
        #expect(n.bundleId == "com.example" && n.environment == .known(.localTesting) && n.appAppleId == 41234)
    }

    @Test("signedConsumptionRequestNotification.json: consumptionRequestReason, no subtype")
    func consumption() throws {
        let n = try ResponseBodyV2DecodedPayload(payload: fixture("signedConsumptionRequestNotification"))
        #expect(n.notificationType == .known(.consumptionRequest) && n.subtype == nil)
        #expect(n.data?.consumptionRequestReason == .known(.unintendedPurchase))
    }

    @Test("signedSummaryNotification.json: summary")
    func summary() throws {
        let n = try ResponseBodyV2DecodedPayload(payload: fixture("signedSummaryNotification"))
        #expect(n.notificationType == .known(.renewalExtension) && n.subtype == .known(.summary))
        #expect(n.data == nil && n.externalPurchaseToken == nil)
        let s = try #require(n.summary)
        #expect(s.environment == .known(.localTesting) && s.appAppleId == 41234 && s.bundleId == "com.example")
        #expect(s.productId == "com.example.product" && s.requestIdentifier == "efb27071-45a4-4aca-9854-2a1e9146f265")
        #expect(s.storefrontCountryCodes == ["CAN", "USA", "MEX"] && s.succeededCount == 5 && s.failedCount == 2)
    }

    @Test("signedExternalPurchaseToken(Sandbox)Notification.json: externalPurchaseToken")
    func externalPurchaseToken() throws {
        for (name, id) in [
            ("signedExternalPurchaseTokenNotification", "b2158121-7af9-49d4-9561-1f588205523e"),
            ("signedExternalPurchaseTokenSandboxNotification", "SANDBOX_b2158121-7af9-49d4-9561-1f588205523e"),
        ] {
            let n = try ResponseBodyV2DecodedPayload(payload: fixture(name))
            #expect(n.notificationType == .known(.externalPurchaseToken) && n.subtype == .known(.unreported))
            let t = try #require(n.externalPurchaseToken)
            #expect(t.externalPurchaseId == id && t.tokenCreationDate == ms(1_698_148_950_000))
            #expect(t.appAppleId == 55555 && t.bundleId == "com.example")
            #expect(n.environment == nil && n.bundleId == "com.example")
        }
    }

    @Test("signedRescindConsentNotification.json: appData")
    func appData() throws {
        let n = try ResponseBodyV2DecodedPayload(payload: fixture("signedRescindConsentNotification"))
        #expect(n.notificationType == .known(.rescindConsent))
        let a = try #require(n.appData)
        #expect(a.appAppleId == 41234 && a.bundleId == "com.example" && a.environment == .known(.localTesting))
        #expect(a.signedAppTransactionInfo == "signed_app_transaction_info_value")
    }

    @Test("Unknown enum raw values and unknown fields are kept")
    func unknowns() throws {
        let text = "{\"type\":\"Super-Consumable\",\"offerType\":9,\"environment\":\"Staging\",\"newField\":[1]}"
        let t = try JWSTransactionDecodedPayload(payload: Array(text.utf8))
        #expect(t.type == .unknown("Super-Consumable") && t.type?.known == nil)
        #expect(t.offerType == .unknown(9) && t.environment == .unknown("Staging"))
        #expect(t.json["newField"]?.arrayValue?.count == 1)
        let n = try ResponseBodyV2DecodedPayload(payload: Array("{\"notificationType\":\"FUTURE\"}".utf8))
        #expect(n.notificationType == .unknown("FUTURE"))
    }

    @Test("Xcode's fractional milliseconds round down; null means absent")
    func datesAndNull() throws {
        let text = "{\"purchaseDate\":1697679936049.7297,\"expiresDate\":null,\"signedDate\":-0.5}"
        let t = try JWSTransactionDecodedPayload(payload: Array(text.utf8))
        #expect(t.purchaseDate == ms(1_697_679_936_049) && t.expiresDate == nil && t.signedDate == ms(-1))
    }

    static let wrongTypes: [(String, String, String, Int)] = [
        ("{\"bundleId\":1}", "storekit.fieldType", "bundleId", 1),
        ("{\"quantity\":\"1\"}", "storekit.fieldType", "quantity", 1),
        ("{\"quantity\":1.0}", "json.notAnInteger", "quantity", 1),
        ("{\"quantity\":99999999999999999999}", "json.numberOutOfRange", "quantity", 1),
        ("{\"purchaseDate\":\"2023\"}", "storekit.fieldType", "purchaseDate", 1),
        ("{\"isUpgraded\":1}", "storekit.fieldType", "isUpgraded", 1),
        ("{\"type\":1}", "storekit.fieldType", "type", 1),
        ("{\"offerType\":\"1\"}", "storekit.fieldType", "offerType", 1),
        ("{\"a\":1, \"advancedCommerceInfo\":[]}", "storekit.fieldType", "advancedCommerceInfo", 8),
        ("[]", "storekit.notAnObject", "payload", 0),
        ("{\"bundleId\":\"a\",\"bundleId\":\"b\"}", "json.duplicateKey", "payload", 16),
    ]

    @Test("Wrong field types are typed errors naming the field and offset", arguments: wrongTypes)
    func wrongType(text: String, code: String, field: String, offset: Int) {
        #expect(throws: StoreKitError(code, field: field, at: offset)) {
            try JWSTransactionDecodedPayload(payload: Array(text.utf8))
        }
    }

    @Test("Nested fields name their path")
    func nestedError() {
        #expect(throws: StoreKitError("storekit.fieldType", field: "data.bundleId", at: 9)) {
            try ResponseBodyV2DecodedPayload(payload: Array("{\"data\":{\"bundleId\":7}}".utf8))
        }
        #expect(throws: StoreKitError("storekit.fieldType", field: "summary.storefrontCountryCodes", at: 12)) {
            try ResponseBodyV2DecodedPayload(
                payload: Array("{\"summary\":{\"storefrontCountryCodes\":[\"A\",1]}}".utf8))
        }
    }
}
