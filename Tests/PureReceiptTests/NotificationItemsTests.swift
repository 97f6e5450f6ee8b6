// A notification's nested items come back verified and decoded (`VerifiedStoreKitData.nested`), so a
// caller never verifies them a second time to read them.

import Foundation
import PureReceipt
import Testing

@Suite("StoreKit 2 notifications: nested items returned decoded")
struct NotificationItemsTests {
    static func verify(_ file: String) throws -> VerifiedStoreKitData<ResponseBodyV2DecodedPayload> {
        let anchors = TrustAnchors(certificates: [try JWSVectors.certificate("root.der")])
        let policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox, signer: .apple(anchors))
        let bytes = [UInt8](try Data(contentsOf: JWSVectors.folder.appendingPathComponent(file)))
        return try SignedDataVerifier.verifyNotification(bytes, policy: policy)
    }

    @Test("Apple JWS rule (nested-same-app): the nested transaction is returned decoded, once verified")
    func nestedTransaction() throws {
        let verified = try Self.verify("notification-valid.jws")
        let nested = try #require(verified.nested)
        #expect(nested.transaction?.payload.transactionId == "1000000000000001")
        #expect(nested.transaction?.payload.bundleId == "com.example.vectors")
        #expect(nested.transaction?.chain.count == 3)
        #expect(nested.appTransaction == nil)
        // Only notifications carry nested items.
        #expect(nested.transaction?.nested == nil)
    }

    @Test("the nested app transaction of appData is returned decoded")
    func nestedAppTransaction() throws {
        let verified = try Self.verify("notification-appdata-valid.jws")
        let app = try #require(verified.nested?.appTransaction)
        #expect(app.payload.bundleId == "com.example.vectors")
        #expect(verified.nested?.transaction == nil)
    }
}
