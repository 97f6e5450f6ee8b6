// StoreKit 2 signed data from ../shared/corpus/jws: every file gets the verdict its MANIFEST row
// gives. Apple-signed files verify under the pinned Apple Root CA - G3 at their signedDate; the
// mock file only under Apple's test CA; Xcode files only with the Xcode certificate opted in.

import Foundation
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

enum JWSCorpus {
    static let root = PackageFiles.corpus
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("jws").path) }

    static func jws(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent("jws/" + name + ".jws")))
    }

    /// The corpus's JWS files, by name without `.jws`, sorted.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("jws").path)
            .filter { $0.hasSuffix(".jws") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Apple's test CA of the App Store Server Library's tests, the anchor of its mock JWS.
    static func testCA() throws -> Certificate { try certificate("asl-swift_testCA-for-MOCK-jws.der") }

    static func certificate(_ name: String) throws -> Certificate {
        try Certificate(derEncoded: [UInt8](try Data(contentsOf: root.appendingPathComponent("certs/" + name))))
    }

    static func xcodeSigner() throws -> JWSSignerPolicy {
        .xcode(try certificate("extracted_StoreKitTestingInXcode-EC-selfsigned_2023.cer"))
    }
}

/// The error code a verification throws, or nil when it succeeds.
func signedDataCode<T>(_ body: () throws -> T) -> String? {
    do {
        _ = try body()
        return nil
    } catch let error as VerificationError {
        return error.code
    } catch {
        return "unexpected: \(error)"
    }
}

@Suite("StoreKit 2 signed data: corpus verdicts", .enabled(if: JWSCorpus.isAvailable, "needs ../shared/corpus"))
struct SignedDataCorpusTests {
    @Test("Apple Root CA - G3 pin equals the corpus certificate's SHA-256")
    func g3Fingerprint() throws {
        let g3 = try JWSCorpus.certificate("extracted_AppleRootCA-G3.cer")
        #expect(g3.sha256Fingerprint() == TrustAnchors.appleRootCAG3SHA256)
        #expect(g3.subject.description.contains("Apple Root CA - G3"))
    }

    // Apple JWS rule (x5c-three), Apple JWS rule (leaf-marker), Apple JWS rule (intermediate-marker),
    // Apple JWS rule (x5c-order), Apple JWS rule (x5c-root), Apple JWS rule (validity-at-signed-date),
    // Apple JWS rule (bundle-id), Apple JWS rule (environment): real Apple data passes them all.
    @Test("Apple JWS rule (x5c-root): mingos sandbox transaction is genuine at its signedDate")
    func mingos() throws {
        let policy = SignedDataPolicy(bundleId: "com.goodheartapp", environment: .sandbox)
        let result = try SignedDataVerifier.verifyTransaction(
            JWSCorpus.jws("mingos_sandbox-signedTransaction-consumable_2025"), policy: policy)
        #expect(result.isXcodeSigned == false && result.chain.count == 3)
        #expect(result.payload.transactionId == "2000000847061981" && result.payload.type == .known(.consumable))
        #expect(result.chain[2].sha256Fingerprint() == TrustAnchors.appleRootCAG3SHA256)
        // Today every certificate of it has not expired, but the leaf has (2025-10-11).
        var now = policy
        now.validityInstant = Instant(millisecondsSince1970: 1_795_000_000_000)  // 2026-11
        #expect(
            signedDataCode {
                try SignedDataVerifier.verifyTransaction(
                    JWSCorpus.jws("mingos_sandbox-signedTransaction-consumable_2025"), policy: now)
            } == "jws.chain")
    }

    @Test("Apple JWS rule (validity-at-signed-date): aporat TEST notification is genuine at its signedDate")
    func aporat() throws {
        let policy = SignedDataPolicy(bundleId: "com.Abilities", environment: .sandbox)
        let result = try SignedDataVerifier.verifyNotification(
            JWSCorpus.jws("aporat_sandbox-TEST-notification_2022"), policy: policy)
        #expect(result.payload.notificationType == .known(.test))
        #expect(result.payload.notificationUUID == "5e09dcfc-205e-4ea1-9883-96676f394992")
        #expect(result.payload.signedDate == Instant(millisecondsSince1970: 1_662_122_492_884))
    }

    @Test("Apple JWS rule (bundle-id) and Apple JWS rule (environment): the wrong app or environment is refused")
    func policyMismatches() throws {
        let jws = try JWSCorpus.jws("mingos_sandbox-signedTransaction-consumable_2025")
        let cases: [(SignedDataPolicy, String)] = [
            (SignedDataPolicy(bundleId: "com.goodheartapp.x", environment: .sandbox), "signedData.bundleId"),
            (SignedDataPolicy(bundleId: "com.GoodHeartApp", environment: .sandbox), "signedData.bundleId"),
            (
                SignedDataPolicy(bundleId: "com.goodheartapp", appAppleId: 1, environment: .production),
                "signedData.environment"
            ),
        ]
        for (policy, code) in cases {
            #expect(
                signedDataCode {
                    try SignedDataVerifier.verifyTransaction(jws, policy: policy)
                } == code)
        }
        // The same data verified as an app transaction: it has no receiptCreationDate to date the chain;
        // verified as renewal info: only the environment applies, and it holds.
        let policy = SignedDataPolicy(bundleId: "com.goodheartapp", environment: .sandbox)
        #expect(signedDataCode { try SignedDataVerifier.verifyRenewalInfo(jws, policy: policy) } == nil)
        #expect(
            signedDataCode {
                try SignedDataVerifier.verifyAppTransaction(jws, policy: policy)
            } == "signedData.signedDateMissing")
    }

    @Test("Apple JWS rule (x5c-root): the mock transaction verifies only under Apple's test CA")
    func mock() throws {
        let jws = try JWSCorpus.jws("asl-swift_MOCK-testCA-signed-transactionInfo")
        let testCA = try JWSCorpus.testCA()
        let policy = SignedDataPolicy(
            bundleId: "com.example", environment: .sandbox, signer: .apple(TrustAnchors(certificates: [testCA])))
        let result = try SignedDataVerifier.verifyTransaction(jws, policy: policy)
        #expect(result.payload.signedDate == Instant(millisecondsSince1970: 1_672_956_154_000))
        #expect(result.chain.last.map { Array($0.derEncoded) } == Array(testCA.derEncoded))
        let g3 = SignedDataPolicy(bundleId: "com.example", environment: .sandbox)
        #expect(
            signedDataCode { try SignedDataVerifier.verifyTransaction(jws, policy: g3) }
                == "jws.chain")
    }

    @Test("Apple JWS rule (xcode-opt-in): Xcode-signed data verifies only with the Xcode certificate, and says so")
    func xcode() throws {
        let bundle = "com.example.naturelab.backyardbirds.example"
        let optIn = SignedDataPolicy(bundleId: bundle, environment: .xcode, signer: try JWSCorpus.xcodeSigner())
        let t = try SignedDataVerifier.verifyTransaction(
            JWSCorpus.jws("asl-swift_xcode-signed-transaction"), policy: optIn)
        #expect(t.isXcodeSigned && t.chain.count == 1)
        #expect(t.payload.purchaseDate == Instant(millisecondsSince1970: 1_697_679_936_049))
        #expect(t.payload.productId == "pass.premium" && t.payload.offerType == .known(.introductoryOffer))
        let r = try SignedDataVerifier.verifyRenewalInfo(
            JWSCorpus.jws("asl-swift_xcode-signed-renewal-info"), policy: optIn)
        #expect(r.isXcodeSigned && r.payload.autoRenewStatus == .known(.on))
        #expect(r.payload.signedDate == Instant(millisecondsSince1970: 1_697_679_936_711))
        let a = try SignedDataVerifier.verifyAppTransaction(
            JWSCorpus.jws("asl-swift_xcode-signed-app-transaction"), policy: optIn)
        #expect(
            a.isXcodeSigned && a.payload.originalPurchaseDate == Instant(millisecondsSince1970: -62_135_769_600_000))
        #expect(a.payload.receiptCreationDate == Instant(millisecondsSince1970: 1_697_680_122_257))

        // Without the opt-in, under Apple's root: refused as Xcode-signed.
        let strict = SignedDataPolicy(bundleId: bundle, environment: .xcode)
        for name in ["asl-swift_xcode-signed-transaction", "asl-swift_xcode-signed-renewal-info"] {
            #expect(
                signedDataCode {
                    try SignedDataVerifier.verifyTransaction(JWSCorpus.jws(name), policy: strict)
                } == "jws.xcodeNotAllowed")
        }
        // Opting in with another certificate (Apple's G3 root) does not help.
        var other = optIn
        other.signer = .xcode(try JWSCorpus.certificate("extracted_AppleRootCA-G3.cer"))
        #expect(
            signedDataCode {
                try SignedDataVerifier.verifyTransaction(
                    JWSCorpus.jws("asl-swift_xcode-signed-transaction"), policy: other)
            } == "jws.chain")
        // Apple-signed data under the Xcode opt-in: three certificates, refused.
        var apple = optIn
        apple.bundleId = "com.goodheartapp"
        #expect(
            signedDataCode {
                try SignedDataVerifier.verifyTransaction(
                    JWSCorpus.jws("mingos_sandbox-signedTransaction-consumable_2025"), policy: apple)
            } == "jws.chainShape")
    }
}
