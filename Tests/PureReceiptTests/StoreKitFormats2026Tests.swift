// StoreKit 2 as Apple ships it in 2026 (App Store Server API 1.21, Notifications 2.21, Retention
// Messaging 1.5; Docs/INTEGRATION.md): the Vectors/jws files of each new shape, verified and
// decoded; every model re-encoded gives its signed payload's JSON value back (lossless: fields and
// values no model knows yet reach the caller); data naming no environment; Retention Messaging
// realtime requests; Apple's intermediates and roots rotating.

import Foundation
import PureReceipt
import PureX509
import Testing

@Suite("StoreKit 2 formats of 2026: new fields, lossless models, realtime requests, rotation")
struct StoreKitFormats2026Tests {
    static let anchor = TrustAnchors(certificates: [(try? JWSVectors.certificate("root.der"))].compactMap { $0 })
    static let policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox, signer: .apple(anchor))

    static func jws(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: JWSVectors.folder.appendingPathComponent(name)))
    }

    /// The signed payload of a compact JWS, as its JSON value (Foundation's reading).
    static func signedPayload(_ jws: [UInt8]) throws -> NSDictionary {
        let part = try #require(String(decoding: jws, as: UTF8.self).split(separator: ".").dropFirst().first)
        var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let bytes = try #require(Data(base64Encoded: base64))
        return try #require(try JSONSerialization.jsonObject(with: bytes) as? NSDictionary)
    }

    /// A model written with JSONEncoder, read back as a JSON value.
    static func encoded(_ value: some Encodable) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? NSDictionary)
    }

    @Test(
        "decode, then encode, gives the signed payload's JSON value: unknown members and values kept",
        arguments: [
            "transaction-2026.jws", "renewal-2026.jws", "apptransaction-2026.jws", "notification-one-time-charge.jws",
            "notification-migration.jws", "notification-metadata-update.jws", "notification-price-change.jws",
            "notification-billing-recovery.jws", "notification-product-not-for-sale.jws",
            "notification-future-type.jws", "notification-summary.jws", "notification-failure.jws",
            "notification-appdata-valid.jws", "notification-external-token-sandbox.jws", "realtime-valid.jws",
            "transaction-valid.jws",
        ])
    func losslessRoundTrip(_ file: String) throws {
        let bytes = try Self.jws(file)
        var policy = Self.policy
        policy.appAppleId = 123_456_789
        let encoded: NSDictionary
        switch file {
        case let name where name.hasPrefix("transaction"):
            encoded = try Self.encoded(try SignedDataVerifier.verifyTransaction(bytes, policy: policy).payload)
        case let name where name.hasPrefix("renewal"):
            encoded = try Self.encoded(try SignedDataVerifier.verifyRenewalInfo(bytes, policy: policy).payload)
        case let name where name.hasPrefix("apptransaction"):
            encoded = try Self.encoded(try SignedDataVerifier.verifyAppTransaction(bytes, policy: policy).payload)
        case let name where name.hasPrefix("realtime"):
            encoded = try Self.encoded(try SignedDataVerifier.verifyRealtimeRequest(bytes, policy: policy).payload)
        default:
            encoded = try Self.encoded(try SignedDataVerifier.verifyNotification(bytes, policy: policy).payload)
        }
        #expect(encoded == (try Self.signedPayload(bytes)), "\(encoded)")
    }

    @Test("a 2026 transaction: the documented fields typed, an unknown reason kept, unknown members in json")
    func transaction() throws {
        let t = try SignedDataVerifier.verifyTransaction(try Self.jws("transaction-2026.jws"), policy: Self.policy)
        let p = t.payload
        #expect(p.previousOriginalTransactionId == "1000000000000000")
        #expect(p.appTransactionId == "704289572311498851" && p.offerPeriod == "P1M")
        #expect(p.revocationType == .known(.refundProrated) && p.revocationPercentage == 50_000)
        #expect(p.revocationReason == .unknown(7), "a reason no model knows yet is kept, not an error")
        #expect(p.billingPlanType == .known(.monthly))
        #expect(p.commitmentInfo?["totalBillingPeriods"] != nil && p.advancedCommerceInfo?["items"] != nil)
        #expect(p.json["futureTransactionField"] != nil && p.json["futureFlag"] != nil)
        #expect(t.isEnvironmentStated)
    }

    @Test("renewal info and app transaction: commitment, originalPlatform, revocationDate")
    func renewalAndAppTransaction() throws {
        let r = try SignedDataVerifier.verifyRenewalInfo(try Self.jws("renewal-2026.jws"), policy: Self.policy).payload
        #expect(r.renewalBillingPlanType == .known(.billedUpfront) && r.appTransactionId == "704289572311498851")
        #expect(r.eligibleWinBackOfferIds == ["winback.1", "winback.2"] && r.commitmentInfo != nil)
        let a = try SignedDataVerifier.verifyAppTransaction(
            try Self.jws("apptransaction-2026.jws"), policy: Self.policy)
        #expect(a.payload.originalPlatform == .known(.visionOS))
        #expect(a.payload.revocationDate == Instant(millisecondsSince1970: 1_735_689_595_000))
        #expect(a.payload.appTransactionId == "704289572311498851" && a.isEnvironmentStated)
    }

    @Test(
        "notification types and subtypes of 2025-2026 are known; an unknown one is kept; nested data verified",
        arguments: [
            ("notification-one-time-charge.jws", "ONE_TIME_CHARGE", nil),
            ("notification-migration.jws", "MIGRATION", nil),
            ("notification-metadata-update.jws", "METADATA_UPDATE", nil),
            ("notification-price-change.jws", "PRICE_CHANGE", nil),
            ("notification-billing-recovery.jws", "DID_RENEW", "BILLING_RECOVERY"),
            ("notification-product-not-for-sale.jws", "EXPIRED", "PRODUCT_NOT_FOR_SALE"),
            ("notification-failure.jws", "RENEWAL_EXTENSION", "FAILURE"),
        ] as [(String, String, String?)])
    func notificationTypes(file: String, type: String, subtype: String?) throws {
        let n = try SignedDataVerifier.verifyNotification(try Self.jws(file), policy: Self.policy)
        #expect(n.payload.notificationType?.known?.rawValue == type)
        #expect(n.payload.subtype?.known?.rawValue == subtype)
        let transaction = try #require(n.nested?.transaction)
        #expect(transaction.payload.previousOriginalTransactionId == "1000000000000000")
        #expect(n.payload.data?.json["signedTransactionInfo"] != nil && n.isEnvironmentStated)
    }

    @Test("an unknown notification type and subtype are kept as read; a summary notification decodes")
    func unknownAndSummary() throws {
        let n = try SignedDataVerifier.verifyNotification(
            try Self.jws("notification-future-type.jws"), policy: Self.policy)
        #expect(
            n.payload.notificationType == .unknown("FUTURE_EVENT") && n.payload.subtype == .unknown("FUTURE_SUBTYPE"))
        #expect(n.payload.json["futureTopLevel"] != nil)
        let s = try SignedDataVerifier.verifyNotification(try Self.jws("notification-summary.jws"), policy: Self.policy)
        #expect(s.payload.subtype == .known(.summary) && s.payload.summary?.succeededCount == 5)
        #expect(s.payload.summary?.storefrontCountryCodes == ["USA", "CAN"] && s.nested?.transaction == nil)
    }

    @Test("appData.signedAppTransactionInfo is verified as a nested item and returned decoded")
    func appDataNested() throws {
        let n = try SignedDataVerifier.verifyNotification(
            try Self.jws("notification-appdata-valid.jws"), policy: Self.policy)
        #expect(n.payload.notificationType == .known(.rescindConsent))
        let app = try #require(n.nested?.appTransaction)
        #expect(app.payload.bundleId == "com.example.vectors" && app.chain.count == 3)
        #expect(n.payload.appData?.json["signedAppTransactionInfo"] != nil)
    }

    @Test("a realtime request: verified, decoded, and only for the app Apple id the policy names")
    func realtimeRequest() throws {
        var policy = Self.policy
        policy.appAppleId = 123_456_789
        let r = try SignedDataVerifier.verifyRealtimeRequest(try Self.jws("realtime-valid.jws"), policy: policy)
        #expect(r.payload.userLocale == "en-US" && r.payload.productId == "com.example.vectors.monthly")
        #expect(r.payload.requestIdentifier == "3a1f6c8e-9b2d-4e7a-8c5f-0d1e2f3a4b5c")
        #expect(r.payload.environment == .known(.sandbox) && r.payload.appAppleId == 123_456_789)
        #expect(r.payload.signedDate == Instant(millisecondsSince1970: 1_735_689_600_000))
        policy.appAppleId = nil
        #expect(
            signedDataCode {
                try SignedDataVerifier.verifyRealtimeRequest(try Self.jws("realtime-valid.jws"), policy: policy)
            }
                == "signedData.appAppleIdRequired")
    }

    @Test("data naming no environment: refused by default with the reason, accepted when asked and said so")
    func unstatedEnvironment() throws {
        let bytes = try Self.jws("transaction-no-environment.jws")
        var policy = SignedDataPolicy(
            bundleId: "com.example.vectors", appAppleId: 123_456_789, environment: .production,
            signer: .apple(Self.anchor))
        do {
            _ = try SignedDataVerifier.verifyTransaction(bytes, policy: policy)
            Issue.record("data naming no environment was accepted by default")
        } catch {
            #expect(error.code == "signedData.environment")
            #expect(error.message.contains("the input names nothing, expected \"Production\""), "\(error.message)")
        }
        policy.acceptsUnstatedEnvironment = true
        let accepted = try SignedDataVerifier.verifyTransaction(bytes, policy: policy)
        #expect(accepted.isEnvironmentStated == false && accepted.payload.environment == nil)
        // The opt-in never lets data that names another environment through.
        #expect(
            signedDataCode {
                try SignedDataVerifier.verifyTransaction(try Self.jws("transaction-valid.jws"), policy: policy)
            }
                == "signedData.environment")
    }

    @Test("rotation: a new intermediate verifies unchanged; a new root only once the caller adds it")
    func rotation() throws {
        let newIntermediate = try SignedDataVerifier.verifyTransaction(
            try Self.jws("rotation-new-intermediate.jws"), policy: Self.policy)
        #expect(newIntermediate.chain[1].subject.description.contains("Intermediate G8"))
        let secondRoot = try Self.jws("rotation-second-root.jws")
        do {
            _ = try SignedDataVerifier.verifyTransaction(secondRoot, policy: Self.policy)
            Issue.record("a root the caller did not add was trusted")
        } catch {
            #expect(error.code == "jws.chain" && error.message.contains("chain.untrusted"), "\(error.message)")
        }
        var both = Self.policy
        let g4 = try JWSVectors.certificate("root-g4.der")
        both.signer = .apple(TrustAnchors(certificates: [try JWSVectors.certificate("root.der"), g4]))
        let verified = try SignedDataVerifier.verifyTransaction(secondRoot, policy: both)
        #expect(verified.chain[2].isSameCertificate(as: g4))
        // The pinned Apple root and a caller's new root together: the way to trust a new Apple root
        // before a release pins it.
        let pinnedAndNew = TrustAnchors(certificates: [g4], pinnedSHA256: [TrustAnchors.appleRootCAG3SHA256])
        both.signer = .apple(pinnedAndNew)
        #expect(try SignedDataVerifier.verifyTransaction(secondRoot, policy: both).chain.count == 3)
    }

    @Test(
        "rotation: look-alikes (same names, other keys) are refused, and the error says which and why",
        arguments: [
            ("rotation-lookalike-intermediate.jws", "jws.chain", "chain.untrusted"),
            ("rotation-lookalike-root.jws", "jws.chainShape", "x5c[2]"),
            ("root-not-pinned.jws", "jws.chain", "chain.untrusted"),
            ("root-lookalike.jws", "jws.chainShape", "x5c[2]"),
        ])
    func lookalikes(file: String, code: String, detail: String) throws {
        var policy = Self.policy
        policy.signer = .apple(
            TrustAnchors(certificates: [
                try JWSVectors.certificate("root.der"), try JWSVectors.certificate("root-g4.der"),
            ]))
        let bytes = try Self.jws(file)
        do {
            _ = try SignedDataVerifier.verifyTransaction(bytes, policy: policy)
            Issue.record("\(file): a look-alike was accepted")
        } catch {
            #expect(error.code == code, "\(error.message)")
            #expect(error.message.contains(detail), "\(error.message)")
            #expect(error.message.contains("CN=Vectors JWS"), "names the certificate: \(error.message)")
        }
    }
}
