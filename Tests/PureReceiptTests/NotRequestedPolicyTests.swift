// A policy says "not requested" itself (SignedDataPolicy.acceptsAnyBundleId, environments), so a
// caller never copies values out of unverified data into it: any bundle id and every environment
// accept the genuine vectors, a notification's nested data must still name the notification's
// bundle id and environment, and an empty environment list accepts nothing.

import Foundation
import PureReceipt
import PureX509
import Testing

@Suite("SignedDataPolicy: what absence means, said in the policy")
struct NotRequestedPolicyTests {
    static func verify(_ file: String, _ change: (inout SignedDataPolicy) -> Void) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: JWSVectors.folder.appendingPathComponent(file)))
        var policy = SignedDataPolicy(
            bundleId: "com.example.other", environment: .production,
            signer: .apple(TrustAnchors(certificates: [try JWSVectors.certificate("root.der")])))
        change(&policy)
        var cache = VerifiedChainCache()
        do {
            let verified = try SignedDataVerifier.verify(bytes, policy: policy, cache: &cache)
            return "valid as \(verified.signedDataKind?.rawValue ?? "receipt")"
        } catch {
            return error.code
        }
    }

    static func anyApp(_ policy: inout SignedDataPolicy) {
        policy.acceptsAnyBundleId = true
        policy.environments = [.production, .sandbox, .xcode, .localTesting]
    }

    @Test(
        "any bundle id and every environment accept genuine data of every kind",
        arguments: [
            ("transaction-valid.jws", "transaction"), ("renewal-valid.jws", "renewal"),
            ("apptransaction-valid.jws", "app-transaction"), ("notification-valid.jws", "notification"),
        ])
    func anyAppAcceptsGenuineData(_ file: String, _ kind: String) throws {
        #expect(try Self.verify(file, Self.anyApp) == "valid as \(kind)")
    }

    @Test("a bundle id or environment not accepted is still refused, with the first listed as expected")
    func givenValuesStillBind() throws {
        #expect(try Self.verify("transaction-valid.jws") { $0.environments = [.sandbox] } == "signedData.bundleId")
        #expect(
            try Self.verify("transaction-valid.jws") {
                $0.acceptsAnyBundleId = true
                $0.environments = [.production, .xcode]
            } == "signedData.environment")
        #expect(
            try Self.verify("transaction-valid.jws") {
                $0.acceptsAnyBundleId = true
                $0.environments = []
            } == "signedData.environment")
    }

    @Test("Apple JWS rule (nested-same-app): with any bundle id and environment, nested data names the notification's")
    func nestedDataNamesTheNotificationsApp() throws {
        #expect(try Self.verify("notification-nested-other-bundle.jws", Self.anyApp) == "signedData.bundleId")
        #expect(try Self.verify("notification-nested-other-environment.jws", Self.anyApp) == "signedData.environment")
        #expect(try Self.verify("notification-appdata-other-bundle.jws", Self.anyApp) == "signedData.bundleId")
    }

    @Test("a Production policy still needs the app Apple id when Production is one of several environments")
    func productionNeedsAppAppleId() throws {
        #expect(
            try Self.verify("apptransaction-production.jws", Self.anyApp) == "signedData.appAppleIdRequired")
        #expect(
            try Self.verify("apptransaction-production.jws") {
                Self.anyApp(&$0)
                $0.appAppleId = 123_456_789
            } == "valid as app-transaction")
    }
}
