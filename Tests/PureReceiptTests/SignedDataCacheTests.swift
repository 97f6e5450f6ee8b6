// SignedDataVerifier with a verified-chain cache: a cache never changes a verdict. Every vector of
// Vectors/jws and every JWS of ../shared/corpus gets the same result through one shared, warm cache
// as without it, and its x5c certificates parsed with the cache are those parsed without it; a
// certificate is taken from the cache only when byte-identical; a forged payload under a cached
// chain is still refused; a cached chain is refused at an instant where it expired; the EC keys
// the cache meets again (a leaf looked up again, an intermediate and root shared by two paths) keep
// their precomputed tables, through the shared actor too, and verify as without them.

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

    /// Every `stride`-th vector in file order, through one cache, twice: the expected verdict, the
    /// uncached one, and the same x5c certificates parsed with the cache as without it.
    static func sameVerdicts(every stride: Int) throws {
        var cache = VerifiedChainCache()
        for round in 0..<2 {
            for c in FullTests.sample(JWSVectors.cases, every: stride) {
                let bytes = try Self.bytes(c.file)
                let policy = try JWSVectors.policy(c)
                sameParse(bytes, cache, c.file)
                let cached = signedDataCode { try Self.run(c.kind, bytes, policy, &cache) }
                var none = VerifiedChainCache(capacity: 0)
                let uncached = signedDataCode { try Self.run(c.kind, bytes, policy, &none) }
                #expect(cached == uncached, "round \(round): \(c.testDescription)")
                #expect((cached ?? "valid") == c.expect, "round \(round): \(c.testDescription)")
            }
        }
        #expect(cache.hits > 0 && cache.count > 0)
    }

    /// `CompactJWS(compact:cache:)` gives what `CompactJWS(compact:)` gives: the same error, or x5c
    /// certificates with the same bytes and fields.
    static func sameParse(_ bytes: [UInt8], _ cache: VerifiedChainCache, _ name: String) {
        let plain = Result { () throws(JWSError) in try CompactJWS(compact: bytes) }
        let reused = Result { () throws(JWSError) in try CompactJWS(compact: bytes, cache: cache) }
        switch (plain, reused) {
        case (.success(let plain), .success(let reused)):
            #expect(reused.certificates.map { Array($0.derEncoded) } == plain.certificates.map { Array($0.derEncoded) })
            #expect(reused.certificates.map(\.subject) == plain.certificates.map(\.subject), "\(name)")
            #expect(reused.certificates.map(\.notAfter) == plain.certificates.map(\.notAfter), "\(name)")
            #expect(reused.signingInput == plain.signingInput && reused.payload == plain.payload, "\(name)")
        case (.failure(let plain), .failure(let reused)):
            #expect(reused == plain, "\(name)")
        default:
            Issue.record("\(name): parsed with the cache \(reused), without \(plain)")
        }
    }

    @Test("CompactJWS(compact:cache:) takes from the cache only x5c certificates byte-identical to the input's")
    func parseTakesIdenticalCertificatesOnly() throws {
        let anchors = TrustAnchors(certificates: [try JWSVectors.certificate("root.der")])
        let policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox, signer: .apple(anchors))
        var cache = VerifiedChainCache()
        let bytes = try Self.bytes("transaction-valid.jws")
        _ = try SignedDataVerifier.verifyTransaction(bytes, policy: policy, cache: &cache)
        let plain = try CompactJWS(compact: bytes)
        #expect(plain.certificates.count == 3)
        // All three are the remembered path's (leaf, intermediate, root), so all three are taken.
        #expect(plain.certificates.allSatisfy { cache.certificate(encodedAs: $0.derEncoded) != nil })
        Self.sameParse(bytes, cache, "transaction-valid.jws")
        // The last byte of each x5c certificate (in its signature value) changed, the header
        // written again: that certificate is parsed from the input, the others are the same bytes,
        // and the cached and uncached verdicts agree.
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: ".").map(String.init)
        let header = String(decoding: try #require(Data(base64URL: parts[0])), as: UTF8.self)
        for (index, certificate) in plain.certificates.enumerated() {
            var encoding = Array(certificate.derEncoded)
            let original = Data(encoding).base64EncodedString()
            encoding[encoding.count - 1] ^= 0x01
            let changedHeader = header.replacingOccurrences(of: original, with: Data(encoding).base64EncodedString())
            #expect(changedHeader != header)
            let changed = Array(([Data(changedHeader.utf8).base64URL] + parts[1...]).joined(separator: ".").utf8)
            let parsed = try CompactJWS(compact: changed, cache: cache)
            #expect(Array(parsed.certificates[index].derEncoded) == encoding)
            #expect(cache.certificate(encodedAs: parsed.certificates[index].derEncoded) == nil)
            for other in plain.certificates.indices where other != index {
                #expect(parsed.certificates[other].derEncoded == plain.certificates[other].derEncoded)
            }
            Self.sameParse(changed, cache, "x5c[\(index)] changed")
            var none = VerifiedChainCache(capacity: 0)
            let uncached = signedDataCode {
                try SignedDataVerifier.verifyTransaction(changed, policy: policy, cache: &none)
            }
            let cached = signedDataCode {
                try SignedDataVerifier.verifyTransaction(changed, policy: policy, cache: &cache)
            }
            #expect(uncached != nil && cached == uncached, "x5c[\(index)] changed")
        }
    }

    @Test(
        "Every corpus JWS: the same verdict and certificates through one warm cache, twice over",
        .enabled(if: JWSCorpus.isAvailable, "needs ../shared/corpus"))
    func corpusAgreesWithUncached() throws {
        let names = try JWSCorpus.names()
        #expect(!names.isEmpty)
        // Apple's root pinned, Apple's test CA, the Xcode certificate: each file verifies under one.
        let testCA = try JWSCorpus.testCA()
        let signers: [JWSSignerPolicy] = [
            .appleRootCAG3, .apple(TrustAnchors(certificates: [testCA])), try JWSCorpus.xcodeSigner(),
        ]
        var cache = VerifiedChainCache()
        for round in 0..<2 {
            for name in names {
                let bytes = try JWSCorpus.jws(name)
                Self.sameParse(bytes, cache, name)
                for signer in signers {
                    var policy = SignedDataPolicy(bundleId: "", environment: .sandbox, signer: signer)
                    (policy.acceptsAnyBundleId, policy.environments) = (true, [.sandbox, .production, .xcode])
                    let cached = signedDataCode { try SignedDataVerifier.verify(bytes, policy: policy, cache: &cache) }
                    var none = VerifiedChainCache(capacity: 0)
                    let uncached = signedDataCode { try SignedDataVerifier.verify(bytes, policy: policy, cache: &none) }
                    #expect(cached == uncached, "round \(round): \(name)")
                }
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

    @Test(
        "A leaf looked up again keeps its key's table, also through the shared actor; forged payloads are still refused"
    )
    func precomputedKeys() async throws {
        let anchors = TrustAnchors(certificates: [try JWSVectors.certificate("root.der")])
        let policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox, signer: .apple(anchors))
        let bytes = try Self.bytes("transaction-valid.jws")
        // Whether the cache holds x5c[index] of `jws` with its key's table.
        func precomputed(_ jws: [UInt8], _ index: Int, _ cache: VerifiedChainCache) throws -> Bool {
            let certificate = try CompactJWS(compact: jws, cache: cache).certificates[index]
            guard case .ec(let key) = certificate.publicKey else { return false }
            return cache.certificate(encodedAs: certificate.derEncoded) != nil && key.hasPrecomputedMultiples
        }
        var cache = VerifiedChainCache()
        _ = try SignedDataVerifier.verifyTransaction(bytes, policy: policy, cache: &cache)
        #expect(try !precomputed(bytes, 0, cache) && !precomputed(bytes, 1, cache))  // met once: no table
        _ = try SignedDataVerifier.verifyTransaction(bytes, policy: policy, cache: &cache)  // a hit
        #expect(try precomputed(bytes, 0, cache) && !precomputed(bytes, 1, cache))
        // The content's signature is checked with the leaf's table: a forged payload is still refused.
        let forged = signedDataCode {
            try SignedDataVerifier.verifyTransaction(
                try Self.bytes("payload-modified.jws"), policy: policy, cache: &cache)
        }
        #expect(forged == "jws.signatureInvalid")
        // A leaf the payload's key did not sign is refused with the table too.
        let otherKey = signedDataCode {
            try SignedDataVerifier.verifyTransaction(
                try Self.bytes("leaf-other-key.jws"), policy: policy, cache: &cache)
        }
        #expect(otherKey == "jws.signatureInvalid")
        // Shared between tasks: the actor keeps the tables a task built.
        let shared = ChainCache()
        for _ in 0..<2 {
            _ = try await shared.withCache { (cache) throws(VerificationError) in
                try SignedDataVerifier.verifyTransaction(bytes, policy: policy, cache: &cache)
            }
        }
        let kept = await shared.withCache { $0 }
        #expect(try precomputed(bytes, 0, kept))
    }

    @Test(
        "The corpus's leaves under one intermediate: the intermediate and root are held once, with their tables",
        .enabled(if: JWSCorpus.isAvailable, "needs ../shared/corpus"))
    func sharedIssuersKeepTables() throws {
        let names = try JWSCorpus.names()
        let testCA = try JWSCorpus.testCA()
        var cache = VerifiedChainCache()
        var leaves: [[UInt8]: Set<[UInt8]>] = [:]  // the leaves verified under each intermediate
        var issuers: [[UInt8]: [Certificate]] = [:]  // intermediate and root, by the intermediate
        for name in names {
            let bytes = try JWSCorpus.jws(name)
            for signer in [JWSSignerPolicy.appleRootCAG3, .apple(TrustAnchors(certificates: [testCA]))] {
                var policy = SignedDataPolicy(bundleId: "", environment: .sandbox, signer: signer)
                (policy.acceptsAnyBundleId, policy.environments) = (true, [.sandbox, .production])
                guard (try? SignedDataVerifier.verify(bytes, policy: policy, cache: &cache)) != nil,
                    case let chain = try CompactJWS(compact: bytes).certificates, chain.count == 3
                else { continue }
                leaves[Array(chain[1].derEncoded), default: []].insert(Array(chain[0].derEncoded))
                issuers[Array(chain[1].derEncoded)] = Array(chain.dropFirst())
            }
        }
        let shared = leaves.filter { $0.value.count >= 2 }.keys
        #expect(!shared.isEmpty, "no two corpus leaves under one intermediate")
        for intermediate in shared {
            for certificate in issuers[intermediate] ?? [] {
                let held = try #require(cache.certificate(encodedAs: certificate.derEncoded))
                guard case .ec(let key) = held.publicKey else { continue }
                #expect(key.hasPrecomputedMultiples, "\(certificate.subject)")
            }
        }
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

extension Data {
    /// Base64url text (RFC 4648 §5, no padding) decoded; nil when it is not.
    fileprivate init?(base64URL text: String) {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        self.init(base64Encoded: standard)
    }

    /// These bytes as base64url text (RFC 4648 §5, no padding).
    fileprivate var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
