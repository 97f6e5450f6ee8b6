// SignedDataVerifier with a verified-chain cache: a cache never changes a verdict. Every vector of
// Vectors/jws gets the same result through one shared, warm cache as without it; a forged payload
// under a cached chain is still refused; a cached chain is refused at an instant where it expired.

import Foundation
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

@Suite("StoreKit 2 signed data: verified-chain cache")
struct SignedDataCacheTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: JWSVectors.folder.appendingPathComponent(name)))
    }

    static func run(_ kind: String, _ bytes: [UInt8], _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache)
        throws -> Bool
    {
        switch kind {
        case "transaction":
            return try SignedDataVerifier.verifyTransaction(bytes, policy: policy, cache: &cache).isXcodeSigned
        case "renewalInfo":
            return try SignedDataVerifier.verifyRenewalInfo(bytes, policy: policy, cache: &cache).isXcodeSigned
        case "appTransaction":
            return try SignedDataVerifier.verifyAppTransaction(bytes, policy: policy, cache: &cache).isXcodeSigned
        case "realtimeRequest":
            return try SignedDataVerifier.verifyRealtimeRequest(bytes, policy: policy, cache: &cache).isXcodeSigned
        default:
            return try SignedDataVerifier.verifyNotification(bytes, policy: policy, cache: &cache).isXcodeSigned
        }
    }

    // Apple JWS rule (x5c-three), Apple JWS rule (x5c-order), Apple JWS rule (x5c-root),
    // Apple JWS rule (xcode-opt-in), RFC 7515 §5.2: the cached path enforces them as the uncached one.
    @Test("Every 4th vector: the same verdict through one warm cache, twice over")
    func sameVerdicts() throws {
        try Self.sameVerdicts(every: 4)
    }

    @Test("Every vector: the same verdict through one warm cache, twice over (all of them)", .fullTests)
    func fullSameVerdicts() throws {
        try Self.sameVerdicts(every: 1)
    }

    /// Every `stride`-th vector in file order, through one cache, twice.
    static func sameVerdicts(every stride: Int) throws {
        var cache = VerifiedChainCache()
        for round in 0..<2 {
            for c in FullTests.sample(JWSVectors.cases, every: stride) {
                let bytes = try Self.bytes(c.file)
                let policy = try JWSVectors.policy(c)
                let cached = signedDataCode { try Self.run(c.kind, bytes, policy, &cache) }
                #expect((cached ?? "valid") == c.expect, "round \(round): \(c.testDescription)")
            }
        }
        #expect(cache.hits > 0 && cache.count > 0)
    }

    @Test("A forged payload under a cached chain is refused (jws.signatureInvalid)")
    func forgedPayload() throws {
        let anchors = TrustAnchors(certificates: [try JWSVectors.certificate("root.der")])
        let policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox, signer: .apple(anchors))
        var cache = VerifiedChainCache()
        _ = try SignedDataVerifier.verifyTransaction(
            try Self.bytes("transaction-valid.jws"), policy: policy, cache: &cache)
        #expect(cache.count == 1)
        let forged = signedDataCode {
            try SignedDataVerifier.verifyTransaction(
                try Self.bytes("payload-modified.jws"), policy: policy, cache: &cache)
        }
        #expect(forged == "jws.signatureInvalid")
        // The same x5c bytes: a warm hit answers the chain of a genuine payload, no more.
        let hitsBefore = cache.hits
        _ = try SignedDataVerifier.verifyTransaction(
            try Self.bytes("transaction-valid.jws"), policy: policy, cache: &cache)
        #expect(cache.hits == hitsBefore + 1)
    }

    // Apple JWS rule (validity-at-signed-date): a cached chain is checked again at every instant.
    @Test("A cached chain is refused at an instant where a certificate expired")
    func expiredAtNewInstant() throws {
        let anchors = TrustAnchors(certificates: [try JWSVectors.certificate("root.der")])
        var policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox, signer: .apple(anchors))
        var cache = VerifiedChainCache()
        let bytes = try Self.bytes("transaction-valid.jws")
        _ = try SignedDataVerifier.verifyTransaction(bytes, policy: policy, cache: &cache)
        policy.validityInstant = Instant(millisecondsSince1970: 4_102_444_800_000)  // 2100-01-01
        var detail = ""
        let code = signedDataCode { () throws -> Bool in
            do {
                return try SignedDataVerifier.verifyTransaction(bytes, policy: policy, cache: &cache).isXcodeSigned
            } catch let error as VerificationError {
                detail = error.message
                throw error
            }
        }
        #expect(code == "jws.chain")
        #expect(detail.contains("chain.certificateExpired"), "\(detail)")
    }

    @Test("Another anchor set is another key: the cached chain is not reused for it")
    func anchorsInKey() throws {
        let anchors = TrustAnchors(certificates: [try JWSVectors.certificate("root.der")])
        let policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox, signer: .apple(anchors))
        var cache = VerifiedChainCache()
        let bytes = try Self.bytes("transaction-valid.jws")
        _ = try SignedDataVerifier.verifyTransaction(bytes, policy: policy, cache: &cache)
        var apple = policy
        apple.signer = .appleRootCAG3
        let code = signedDataCode { try SignedDataVerifier.verifyTransaction(bytes, policy: apple, cache: &cache) }
        #expect(code == "jws.chain")
    }
}
