// SignedDataPolicy.xcodeCertificate: Apple's anchors and an opted-in Xcode certificate in one policy.
// Data whose x5c[0] is that certificate, byte for byte, verifies as Xcode data (`isXcodeSigned`,
// environment Xcode only); any other data as under `.apple` alone. A front end need not look at the
// data to choose the signer: every vector gets, with both in the policy, the result it got when the
// signer was chosen from the data's looks (`.xcode` when `CompactJWS.looksXcodeSigned`, else
// `.apple`), code and message alike, with the right certificate and with another one.

import Foundation
import PureDER
import PureX509
import Testing

@testable import PureReceipt

/// How a verification ended: the Xcode flag and chain length, or the code and message.
private func outcome(_ kind: String, _ bytes: [UInt8], _ policy: SignedDataPolicy) -> String {
    do {
        let verified: (isXcodeSigned: Bool, chain: Int)
        switch kind {
        case "transaction":
            let r = try SignedDataVerifier.verifyTransaction(bytes, policy: policy)
            verified = (r.isXcodeSigned, r.chain.count)
        case "renewalInfo":
            let r = try SignedDataVerifier.verifyRenewalInfo(bytes, policy: policy)
            verified = (r.isXcodeSigned, r.chain.count)
        case "appTransaction":
            let r = try SignedDataVerifier.verifyAppTransaction(bytes, policy: policy)
            verified = (r.isXcodeSigned, r.chain.count)
        case "realtimeRequest":
            let r = try SignedDataVerifier.verifyRealtimeRequest(bytes, policy: policy)
            verified = (r.isXcodeSigned, r.chain.count)
        default:
            let r = try SignedDataVerifier.verifyNotification(bytes, policy: policy)
            verified = (r.isXcodeSigned, r.chain.count)
        }
        return "valid xcode=\(verified.isXcodeSigned) chain=\(verified.chain)"
    } catch {
        return "\(error.verdict) \(error.code) @\(String(describing: error.offset)): \(error.message)"
    }
}

@Suite("StoreKit 2 signed data: Apple's anchors and the Xcode opt-in in one policy")
struct SignedDataXcodeOptInTests {
    static func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: JWSVectors.folder.appendingPathComponent(file)))
    }

    @Test("Apple JWS rule (xcode-opt-in): with both, Xcode data is Xcode-signed and Apple data is Apple's")
    func both() throws {
        let anchors = TrustAnchors(certificates: [try JWSVectors.certificate("root.der")])
        var policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox, signer: .apple(anchors))
        policy.xcodeCertificate = try JWSVectors.certificate("xcode.der")
        policy.environments = [.sandbox, .xcode]
        let apple = try SignedDataVerifier.verifyNotification(try Self.bytes("notification-valid.jws"), policy: policy)
        #expect(!apple.isXcodeSigned && apple.chain.count == 3)
        let xcode = try SignedDataVerifier.verifyTransaction(try Self.bytes("xcode-transaction.jws"), policy: policy)
        #expect(xcode.isXcodeSigned && xcode.chain.count == 1)
        // Apple JWS rule (xcode-environment): the opted-in certificate's data naming another environment is forged.
        #expect(
            outcome("transaction", try Self.bytes("xcode-transaction-sandbox.jws"), policy)
                .hasPrefix(
                    "not-authentic jws.xcodeNotAllowed @Optional(0): Xcode-signed data, where Apple's signature is required (Xcode-signed data names environment Sandbox: forged)"
                ))
        // Without the opt-in, the same policy refuses the Xcode data as Xcode-signed.
        policy.xcodeCertificate = nil
        #expect(
            outcome("transaction", try Self.bytes("xcode-transaction.jws"), policy)
                == "not-authentic jws.xcodeNotAllowed @Optional(0): Xcode-signed data, where Apple's signature is required (Apple_Xcode_Key)"
        )
    }

    @Test(
        "every vector: both in one policy give what choosing the signer from the data's looks gave",
        arguments: ["xcode.der", "root.der"])
    func sameAsChoosingByLooks(xcodeFile: String) throws {
        let xcode = try JWSVectors.certificate(xcodeFile)
        var compared = 0
        for c in JWSVectors.cases {
            let bytes = try Self.bytes(c.file)
            let anchors = TrustAnchors(
                certificates: try (c.anchors.isEmpty ? ["root.der"] : c.anchors).map(JWSVectors.certificate))
            var byLooks = try JWSVectors.policy(c)
            let looksXcode = (try? CompactJWS(compact: bytes))?.looksXcodeSigned == true
            byLooks.signer = looksXcode ? .xcode(xcode) : .apple(anchors)
            var both = byLooks
            (both.signer, both.xcodeCertificate) = (.apple(anchors), xcode)
            #expect(outcome(c.kind, bytes, both) == outcome(c.kind, bytes, byLooks), "\(c.file) as \(c.kind)")
            compared += 1
        }
        #expect(compared == JWSVectors.cases.count && compared >= 30)
    }

    @Test(
        "the corpus's Xcode data with Apple's root and the Xcode certificate in one policy",
        .enabled(if: JWSCorpus.isAvailable, "needs ../shared/corpus"))
    func corpusXcode() throws {
        let bundle = "com.example.naturelab.backyardbirds.example"
        var policy = SignedDataPolicy(bundleId: bundle, environment: .xcode)
        policy.xcodeCertificate = try JWSCorpus.certificate("extracted_StoreKitTestingInXcode-EC-selfsigned_2023.cer")
        let t = try SignedDataVerifier.verifyTransaction(
            JWSCorpus.jws("asl-swift_xcode-signed-transaction"), policy: policy)
        #expect(t.isXcodeSigned && t.chain.count == 1)
        let a = try SignedDataVerifier.verifyAppTransaction(
            JWSCorpus.jws("asl-swift_xcode-signed-app-transaction"), policy: policy)
        #expect(a.isXcodeSigned)
        // Apple-signed data under the same policy: Apple's path.
        var apple = policy
        (apple.bundleId, apple.environment) = ("com.goodheartapp", .sandbox)
        let m = try SignedDataVerifier.verifyTransaction(
            JWSCorpus.jws("mingos_sandbox-signedTransaction-consumable_2025"), policy: apple)
        #expect(!m.isXcodeSigned && m.chain.count == 3)
    }
}
