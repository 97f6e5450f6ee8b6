// PureReceiptFoundation: Date ↔ Instant, the Data overloads of every verify call, and the UUID
// views, checked against the vectors (Vectors/receipts, Vectors/jws, Vectors/legacy).

import Foundation
import PureReceipt
import PureReceiptFoundation
import PureReceiptTestSupport
import Testing

enum Vectors {
    static func data(_ path: String) throws -> Data { try Data(contentsOf: PackageFiles.vector(path)) }

    static func certificate(_ path: String) throws -> Certificate {
        try Certificate(derEncoded: [UInt8](try data(path)))
    }

    static func receiptPolicy() throws -> ReceiptPolicy {
        var policy = ReceiptPolicy(bundleIdentifier: "com.example.pureapp")
        policy.anchors = TrustAnchors(certificates: [try certificate("pki/root.der")])
        return policy
    }

    static func signedDataPolicy() throws -> SignedDataPolicy {
        SignedDataPolicy(
            bundleId: "com.example.vectors", environment: .sandbox,
            signer: .apple(TrustAnchors(certificates: [try certificate("jws/root.der")])))
    }
}

@Suite("Foundation interop: Date and Instant")
struct InstantDateTests {
    @Test(
        "Instant → Date → Instant round-trips every millisecond instant",
        arguments: [Int64(0), 1_741_944_413_000, 1_741_944_413_123, -1, -86_400_001, 4_102_444_799_999])
    func roundTrip(milliseconds: Int64) {
        let instant = Instant(millisecondsSince1970: milliseconds)
        let date = Date(instant)
        // Date counts from 2001 internally: equal to well under a millisecond, not bit for bit.
        #expect(abs(date.timeIntervalSince1970 - Double(milliseconds) / 1000) < 0.000_001)
        #expect(Instant(date) == instant)
    }

    @Test("Date → Instant rounds to the nearest millisecond")
    func rounding() {
        #expect(Instant(Date(timeIntervalSince1970: 1.0004)) == Instant(millisecondsSince1970: 1000))
        #expect(Instant(Date(timeIntervalSince1970: 1.0006)) == Instant(millisecondsSince1970: 1001))
        #expect(Instant(Date(timeIntervalSince1970: -0.0006)) == Instant(millisecondsSince1970: -1))
    }

    @Test("a Date beyond Instant's range clamps, and a NaN date is the epoch: nothing traps")
    func clamps() {
        #expect(Instant(Date(timeIntervalSince1970: .infinity)).millisecondsSince1970 == .max)
        #expect(Instant(Date(timeIntervalSince1970: -.infinity)).millisecondsSince1970 == .min)
        #expect(Instant(Date(timeIntervalSince1970: 1e300)).millisecondsSince1970 == .max)
        #expect(Instant(Date(timeIntervalSince1970: -1e300)).millisecondsSince1970 == .min)
        #expect(Instant(Date(timeIntervalSince1970: .nan)).millisecondsSince1970 == 0)
        #expect(Instant(Date.distantFuture) > Instant(Date.distantPast))
    }
}

@Suite("Foundation interop: Data overloads of the verify calls")
struct DataVerificationTests {
    @Test("an app receipt verifies from Data, as bytes and as base64 text, cached or not")
    func receipt() throws {
        let policy = try Vectors.receiptPolicy()
        let data = try Vectors.data("receipts/valid-der-sha256.der")
        let verified = try ReceiptValidator.validate(data, policy: policy)
        #expect(Date(verified.receipt.receiptCreationDate) == Date(timeIntervalSince1970: 1_741_944_413))
        #expect(
            Data(verified.receipt.opaqueValue) == Data(try #require(Data(base64Encoded: "obLD1OX2BxgpOktcbX6PkA=="))))
        let base64 = try Vectors.data("receipts/valid-der-sha256.b64")
        var cache = VerifiedChainCache()
        #expect(
            try ReceiptValidator.validate(base64, policy: policy, cache: &cache).receipt.bundleId
                == "com.example.pureapp")
        _ = try ReceiptValidator.validate(data, policy: policy, cache: &cache)
        #expect(cache.hits == 1)
    }

    @Test("a forged receipt from Data fails exactly as from bytes")
    func forged() throws {
        let data = try Vectors.data("receipts/forged-leaf-without-marker.der")
        let policy = try Vectors.receiptPolicy()
        let fromData = #expect(throws: VerificationError.self) { try ReceiptValidator.validate(data, policy: policy) }
        let fromBytes = #expect(throws: VerificationError.self) {
            try ReceiptValidator.validate([UInt8](data), policy: policy)
        }
        #expect(fromData?.verdict == .notAuthentic)
        #expect(fromData?.code == fromBytes?.code)
    }

    @Test("each kind of StoreKit 2 signed data verifies from Data, cached or not")
    func signedData() throws {
        let policy = try Vectors.signedDataPolicy()
        let transaction = try SignedDataVerifier.verifyTransaction(
            try Vectors.data("jws/transaction-valid.jws"), policy: policy)
        #expect(transaction.payload.productId == "com.example.vectors.monthly")
        #expect(transaction.payload.expiresDate.map(Date.init) == Date(timeIntervalSince1970: 1_738_281_600))
        let renewal = try SignedDataVerifier.verifyRenewalInfo(
            try Vectors.data("jws/renewal-valid.jws"), policy: policy)
        #expect(renewal.payload.autoRenewStatus == .known(.on))
        let app = try SignedDataVerifier.verifyAppTransaction(
            try Vectors.data("jws/apptransaction-valid.jws"), policy: policy)
        #expect(app.payload.appAppleId == 123_456_789)

        var cache = VerifiedChainCache()
        let notification = try SignedDataVerifier.verifyNotification(
            try Vectors.data("jws/notification-valid.jws"), policy: policy, cache: &cache)
        #expect(notification.payload.notificationType == .known(.didRenew))
        _ = try SignedDataVerifier.verifyTransaction(
            try Vectors.data("jws/transaction-valid.jws"), policy: policy, cache: &cache)
        _ = try SignedDataVerifier.verifyRenewalInfo(
            try Vectors.data("jws/renewal-valid.jws"), policy: policy, cache: &cache)
        _ = try SignedDataVerifier.verifyAppTransaction(
            try Vectors.data("jws/apptransaction-valid.jws"), policy: policy, cache: &cache)
        #expect(cache.hits >= 3)
    }

    @Test("a legacy transaction receipt verifies from Data, cached or not")
    func legacy() throws {
        var policy = LegacyReceiptPolicy(
            bundleIdentifier: "com.example.pureapp",
            anchors: TrustAnchors(certificates: [try Vectors.certificate("pki/root.der")]))
        policy.intermediates = [
            try Vectors.certificate("legacy/itunes-ca.der"), try Vectors.certificate("pki/intermediate.der"),
        ]
        let data = try Vectors.data("legacy/valid-v3.b64")
        let verified = try LegacyReceiptValidator.validate(data, policy: policy)
        #expect(verified.receipt.purchaseInfo.productId == "com.example.pureapp.monthly")
        #expect(verified.receipt.purchaseInfo.purchaseDate.map(Date.init) == Date(timeIntervalSince1970: 1_741_944_413))
        var cache = VerifiedChainCache()
        _ = try LegacyReceiptValidator.validate(data, policy: policy, cache: &cache)
        _ = try LegacyReceiptValidator.validate(data, policy: policy, cache: &cache)
        #expect(cache.hits == 1)
    }
}

@Suite("Foundation interop: UUID views")
struct UUIDFieldTests {
    @Test("a UUID device identifier sets the 16 bytes the receipt hash covers; another UUID fails")
    func deviceIdentifier() throws {
        let data = try Vectors.data("receipts/valid-der-sha256.der")
        var policy = try Vectors.receiptPolicy()
        policy.deviceIdentifierUUID = UUID(uuidString: "01234567-89ab-cdef-fedc-ba9876543210")
        #expect(
            policy.deviceIdentifier == [
                0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10,
            ])
        #expect(policy.deviceIdentifierUUID == UUID(uuidString: "01234567-89AB-CDEF-FEDC-BA9876543210"))
        #expect(throws: Never.self) { try ReceiptValidator.validate(data, policy: policy) }
        policy.deviceIdentifierUUID = UUID(uuidString: "01234567-89AB-CDEF-FEDC-BA9876543211")
        let error = #expect(throws: VerificationError.self) { try ReceiptValidator.validate(data, policy: policy) }
        #expect(error?.verdict == .policyFailed)
        policy.deviceIdentifier = [0xa4, 0x83, 0xe7, 0x12, 0x34, 0x56]  // a MAC address is not a UUID
        #expect(policy.deviceIdentifierUUID == nil)
        policy.deviceIdentifierUUID = nil
        #expect(policy.deviceIdentifier == nil)
    }

    @Test("a device verification UUID is checked against the app transaction's hash")
    func deviceVerification() throws {
        let data = try Vectors.data("jws/apptransaction-valid.jws")
        var policy = try Vectors.signedDataPolicy()
        policy.deviceVerificationUUID = UUID(uuidString: "0B4E7A0E-5E2C-4B1D-8C3A-2F6D9E8B7A61")
        #expect(policy.deviceVerificationID == "0b4e7a0e-5e2c-4b1d-8c3a-2f6d9e8b7a61")
        let verified = try SignedDataVerifier.verifyAppTransaction(data, policy: policy)
        #expect(
            verified.payload.deviceVerificationNonceUUID == UUID(uuidString: "3f1c4a8e-52b7-4d0a-9e6f-1b2c3d4e5f60"))
        policy.deviceVerificationUUID = UUID(uuidString: "0B4E7A0E-5E2C-4B1D-8C3A-2F6D9E8B7A62")
        let error = #expect(throws: VerificationError.self) {
            try SignedDataVerifier.verifyAppTransaction(data, policy: policy)
        }
        #expect(error?.code == "signedData.deviceVerification")
    }

    @Test("appAccountToken and notificationUUID read as UUIDs; text that is not one reads nil")
    func modelUUIDs() throws {
        let token = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
        let transaction = try JWSTransactionDecodedPayload(payload: Array(#"{"appAccountToken":"\#(token)"}"#.utf8))
        #expect(transaction.appAccountTokenUUID == UUID(uuidString: token))
        let renewal = try JWSRenewalInfoDecodedPayload(payload: Array(#"{"appAccountToken":"not a uuid"}"#.utf8))
        #expect(renewal.appAccountTokenUUID == nil)
        let notification = try SignedDataVerifier.verifyNotification(
            try Vectors.data("jws/notification-valid.jws"), policy: try Vectors.signedDataPolicy())
        #expect(notification.payload.notificationUUIDValue == UUID(uuidString: "00000000-0000-4000-8000-000000000001"))
    }
}
