// One call from a receipt to its transaction id, verified (Queries/TransactionIdentifier.swift):
// the id of a genuine app receipt or legacy receipt, and the verification error, never an id, for
// a forged one.

import Foundation
import PureReceipt
import PureReceiptTestSupport
import Testing

@Suite("Transaction id of a receipt, verified, in one call")
struct TransactionIdentifierTests {
    static func file(_ path: String) throws -> [UInt8] {
        try PackageFiles.bytes(PackageFiles.vector(path))
    }

    @Test("An app receipt's transaction id is read only once the receipt verified")
    func appReceiptTransactionIdIsVerified() throws {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.anchors = TrustAnchors(certificates: try TrustAnchors.parse(pemOrDER: try Self.file("pki/root.der")))
        policy.validityInstant = Instant.parseRFC3339("2025-03-14T09:26:53Z")
        let genuine = try Self.file("receipts/valid-der-sha256.der")
        let expected = try ReceiptValidator.validate(genuine, policy: policy).receipt.inAppPurchases.first?
            .transactionId
        #expect(expected != nil)
        #expect(try ReceiptValidator.transactionId(fromAppReceipt: genuine, policy: policy) == expected)
        let forged = try Self.file("receipts/forged-flipped-payload-byte.der")
        #expect(throws: VerificationError.self) {
            try ReceiptValidator.transactionId(fromAppReceipt: forged, policy: policy)
        }
    }

    @Test("A legacy receipt's transaction-id is read only once the receipt verified")
    func legacyTransactionIdIsVerified() throws {
        let valid = try #require(LegacyVectors.cases.first { $0.id == "valid-v3" })
        let policy = try LegacyVectors.policy(valid)
        let genuine = try Self.file("legacy/valid-v3.b64")
        #expect(
            try LegacyReceiptValidator.transactionId(fromTransactionReceipt: genuine, policy: policy)
                == "1000000900000007")
        let forged = try Self.file("legacy/forged-purchase-info-changed.b64")
        #expect(throws: VerificationError.self) {
            try LegacyReceiptValidator.transactionId(fromTransactionReceipt: forged, policy: policy)
        }
    }
}
