// The verified-chain cache (ChainCache.swift) with the committed synthetic PKI (Vectors/pki) and
// receipts (Vectors/receipts): a hit returns the uncached path and still checks validity; an anchor
// set without the path's anchor, another policy or any changed certificate byte never hits; other
// certificates in the pool are not part of the key; failures are not stored; the size bounds (in
// entries and in bytes) hold; the CMS signature is verified on every call; the shared actor
// cache stays consistent under many concurrent tasks. Skipped (visibly) when the vectors are absent.

import Foundation
import PureCrypto
import PureDER
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

/// The creation date of the vector suite's main receipt, inside every genuine validity period.
private let receiptTime = time("2025-03-14T09:26:53Z")

private func pki(_ name: String) throws -> Certificate {
    try Certificate(derEncoded: readBytes(pkiDirectory.appendingPathComponent("\(name).der")))
}

/// `certificate` with the byte at `offsetFromEnd` (counted from the end) XOR-ed with 0x01. Bytes near
/// the end lie in the signature value, so the result still parses.
private func flipped(_ certificate: Certificate, offsetFromEnd: Int) throws -> Certificate {
    var bytes = Array(certificate.derEncoded)
    bytes[bytes.count - offsetFromEnd] ^= 0x01
    return try Certificate(derEncoded: bytes)
}

/// The code of a cached verification ("no error" on success).
private func cachedCode(
    _ leaf: Certificate, _ pool: [Certificate], _ anchors: TrustAnchors, rules policy: PathRules = .apple,
    at when: DERTime = receiptTime, cache: inout VerifiedChainCache
) -> String {
    do {
        _ = try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: policy, at: when, cache: &cache)
        return "no error"
    } catch {
        return error.code
    }
}

private func ders(_ path: [Certificate]) -> [[UInt8]] { path.map { Array($0.derEncoded) } }

/// The bytes of certificates and digests a cache's entries hold.
private func storedBytes(_ cache: VerifiedChainCache) -> Int {
    cache.entries.reduce(0) { total, entry in
        total + entry.signer.derEncoded.count + entry.path.reduce(0) { $0 + $1.derEncoded.count }
            + entry.anchorSHA256.count
    }
}

@Suite("Verified-chain cache", .enabled(if: pkiPresent, "Vectors/pki is absent"))
struct ChainCacheTests {
    @Test("a miss then a hit, both returning the path of the uncached verification")
    func missThenHit() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let anchors = TrustAnchors(certificates: [root])
        let pool = [leaf, intermediate, root]
        let uncached = try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: .apple, at: receiptTime)
        var cache = VerifiedChainCache()
        let first = try verifyChain(
            leaf: leaf, pool: pool, anchors: anchors, rules: .apple, at: receiptTime,
            cache: &cache)
        #expect((cache.hits, cache.misses, cache.count) == (0, 1, 1))
        // Re-parsed certificates (other arrays, same bytes) hit.
        let again = [try pki("leaf"), try pki("intermediate"), try pki("root")]
        let second = try verifyChain(
            leaf: again[0], pool: again, anchors: TrustAnchors(certificates: [again[2]]),
            rules: .apple, at: receiptTime, cache: &cache)
        #expect((cache.hits, cache.misses, cache.count) == (1, 1, 1))
        #expect(ders(first) == ders(uncached))
        #expect(ders(second) == ders(uncached))
    }

    @Test("a hit still checks validity at the instant given")
    func hitChecksValidity() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let anchors = TrustAnchors(certificates: [root])
        var cache = VerifiedChainCache()
        #expect(cachedCode(leaf, [intermediate], anchors, cache: &cache) == "no error")
        let afterLeaf = DERTime(secondsSince1970: leaf.notAfter.secondsSince1970 + 1)
        let beforeLeaf = DERTime(secondsSince1970: leaf.notBefore.secondsSince1970 - 1)
        for when in [afterLeaf, beforeLeaf] {
            #expect(cachedCode(leaf, [intermediate], anchors, at: when, cache: &cache) == "chain.certificateExpired")
        }
        #expect(cache.hits == 2)
    }

    @Test(
        "a hit needs the remembered path's anchor among this call's anchors",
        arguments: [
            ("other root added", "no error", 1), ("evil root", "chain.untrusted", 0),
            ("pinned fingerprint", "no error", 1),
        ])
    func anchorOfThisCall(_ variant: String, _ expected: String, _ hits: Int) throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        var cache = VerifiedChainCache()
        #expect(
            cachedCode(leaf, [intermediate, root], TrustAnchors(certificates: [root]), cache: &cache) == "no error")
        let anchors: TrustAnchors
        switch variant {
        case "other root added": anchors = TrustAnchors(certificates: [root, try pki("evil-root")])
        case "evil root": anchors = TrustAnchors(certificates: [try pki("evil-root")])
        default: anchors = TrustAnchors(certificates: [], pinnedSHA256: [root.sha256Fingerprint()])
        }
        #expect(cachedCode(leaf, [intermediate, root], anchors, cache: &cache) == expected)
        #expect(cache.hits == hits)
        #expect(cache.misses == 2 - hits)
    }

    @Test("a different policy never hits: an Xcode-verified certificate is not accepted under .apple")
    func differentPolicyMisses() throws {
        let xcode = try pki("xcode")
        let anchors = TrustAnchors(certificates: [xcode])
        var cache = VerifiedChainCache()
        #expect(cachedCode(xcode, [xcode], anchors, rules: .xcode, cache: &cache) == "no error")
        #expect(cachedCode(xcode, [xcode], anchors, rules: .apple, cache: &cache) == "chain.xcodeNotAllowed")
        // Neither is looked up: a leaf that is one of the anchors is its own path, never cached, and
        // under .apple the missing leaf marker refuses it before the cache is consulted.
        #expect((cache.hits, cache.misses) == (0, 0))
        // And the Xcode opt-in is never remembered: its certificate is checked on every call.
        #expect(cachedCode(xcode, [xcode], anchors, rules: .xcode, cache: &cache) == "no error")
        #expect((cache.hits, cache.count) == (0, 0))
    }

    /// Which certificate gets one byte changed, where (from the end), and the verdict without a cache.
    static let tamperings: [(name: String, role: String, offsetFromEnd: Int, code: String)] = [
        ("leaf, last signature byte", "leaf", 1, "signature.invalid"),
        ("leaf, inside the signature, 40 bytes from the end", "leaf", 40, "signature.invalid"),
        // The intermediate's issuer is an anchor by name whose key does not verify it: untrusted.
        ("intermediate, last signature byte", "intermediate", 1, "chain.untrusted"),
        ("intermediate, inside the signature", "intermediate", 100, "chain.untrusted"),
        // An anchor's own signature is never checked (RFC 5280 §6.1.1 (d)): it still verifies, but
        // as a different key, so it must not hit.
        ("anchor, last signature byte", "root", 1, "no error"),
    ]

    @Test("a changed byte in any certificate never hits", arguments: tamperings)
    func changedByteMisses(_ tampering: (name: String, role: String, offsetFromEnd: Int, code: String)) throws {
        var (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        var cache = VerifiedChainCache()
        #expect(cachedCode(leaf, [intermediate], TrustAnchors(certificates: [root]), cache: &cache) == "no error")
        switch tampering.role {
        case "leaf": leaf = try flipped(leaf, offsetFromEnd: tampering.offsetFromEnd)
        case "intermediate": intermediate = try flipped(intermediate, offsetFromEnd: tampering.offsetFromEnd)
        default: root = try flipped(root, offsetFromEnd: tampering.offsetFromEnd)
        }
        let anchors = TrustAnchors(certificates: [root])
        let uncached = x509ErrorCode { () throws(X509Error) in
            try verifyChain(leaf: leaf, pool: [intermediate], anchors: anchors, rules: .apple, at: receiptTime)
        }
        #expect(uncached == tampering.code)
        #expect(cachedCode(leaf, [intermediate], anchors, cache: &cache) == tampering.code)
        #expect(cache.hits == 0)
    }

    @Test("a remembered path's links are known signatures: byte-identical certificate and issuer only")
    func rememberedLinks() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        var cache = VerifiedChainCache()
        #expect(cachedCode(leaf, [intermediate], TrustAnchors(certificates: [root]), cache: &cache) == "no error")
        #expect(cache.remembersSignature(of: leaf, by: intermediate))
        #expect(cache.remembersSignature(of: intermediate, by: root))
        #expect(!cache.remembersSignature(of: leaf, by: root) && !cache.remembersSignature(of: root, by: intermediate))
        #expect(!cache.remembersSignature(of: root, by: root), "an anchor's own signature is never checked")
        for offset in [1, 40, 100] {
            let changed = try flipped(intermediate, offsetFromEnd: offset)
            #expect(!cache.remembersSignature(of: changed, by: root))
            #expect(!cache.remembersSignature(of: leaf, by: changed))
        }
    }

    @Test(
        "another signer under a remembered intermediate: the same verdict as uncached, a changed intermediate refused",
        arguments: ["leaf-expired", "leaf-not-yet-valid"])
    func anotherSignerUnderRememberedLinks(_ name: String) throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let anchors = TrustAnchors(certificates: [root])
        var cache = VerifiedChainCache()
        #expect(cachedCode(leaf, [intermediate], anchors, cache: &cache) == "no error")
        let other = try pki(name)
        for pool in [[intermediate], [try flipped(intermediate, offsetFromEnd: 1)]] {
            let uncached = x509ErrorCode { () throws(X509Error) in
                try verifyChain(leaf: other, pool: pool, anchors: anchors, rules: .apple, at: receiptTime)
            }
            #expect(uncached != "no error")
            var copy = cache
            #expect(cachedCode(other, pool, anchors, cache: &copy) == uncached)
        }
    }

    @Test("the key is what the path used: other certificates in the pool neither miss nor add an entry")
    func poolBeyondThePathIsNotTheKey() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let anchors = TrustAnchors(certificates: [root])
        let padding = [try pki("evil-root"), try pki("evil-intermediate"), try pki("apple-lookalike-root")]
        var cache = VerifiedChainCache()
        #expect(cachedCode(leaf, [intermediate], anchors, cache: &cache) == "no error")
        #expect(cachedCode(leaf, padding + [intermediate, root] + padding, anchors, cache: &cache) == "no error")
        #expect((cache.hits, cache.misses, cache.count) == (1, 1, 1))
        // Without the intermediate the remembered path cannot be rebuilt: a miss, and the search's verdict.
        let uncached = x509ErrorCode { () throws(X509Error) in
            try verifyChain(leaf: leaf, pool: padding, anchors: anchors, rules: .apple, at: receiptTime)
        }
        #expect(uncached != "no error")
        #expect(cachedCode(leaf, padding, anchors, cache: &cache) == uncached)
        #expect((cache.hits, cache.misses, cache.count) == (1, 2, 1))
    }

    @Test("an entry's size does not depend on the input: the path's certificates only")
    func entryBytesBounded() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let anchors = TrustAnchors(certificates: [root])
        var cache = VerifiedChainCache()
        #expect(cachedCode(leaf, [intermediate], anchors, cache: &cache) == "no error")
        let one = storedBytes(cache)
        let padding = [try pki("evil-root"), try pki("evil-intermediate"), try pki("apple-lookalike-root")]
        for _ in 0..<8 { _ = cachedCode(leaf, padding + [intermediate] + padding, anchors, cache: &cache) }
        #expect(storedBytes(cache) == one)
        #expect(one <= VerifiedChainCache.maxEntryBytes)
        #expect(VerifiedChainCache.maxEntryBytes * Limits.maxCachedChains <= 1_100 * 1024)
    }

    @Test("failed chains are never stored")
    func failuresNotStored() throws {
        let root = try pki("root")
        let anchors = TrustAnchors(certificates: [root])
        var cache = VerifiedChainCache()
        for _ in 0..<2 {
            #expect(
                cachedCode(
                    try pki("intermediate-nomarker-leaf"), [try pki("intermediate-nomarker")], anchors,
                    cache: &cache) == "chain.intermediateMarkerMissing")
            #expect(
                cachedCode(
                    try pki("leaf"), [try pki("intermediate")], anchors, at: time("2050-01-01T00:00:00Z"),
                    cache: &cache) == "chain.certificateExpired")
        }
        #expect(cache.count == 0)
        #expect(cache.hits == 0)
    }

    @Test("the size bound holds, least recently used evicted; capacity clamped to the limit")
    func boundRespected() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let anchors = TrustAnchors(certificates: [root])
        // Four distinct keys for the same chain: the rules differ.
        let rules = (0..<4).map { index in
            var rules = PathRules.apple
            rules.minimumRSABits -= index
            return rules
        }
        let pool = [intermediate]
        var cache = VerifiedChainCache(capacity: 2)
        for rule in rules.prefix(2) {
            #expect(cachedCode(leaf, pool, anchors, rules: rule, cache: &cache) == "no error")
        }
        #expect(cachedCode(leaf, pool, anchors, rules: rules[0], cache: &cache) == "no error")  // now most recent
        #expect(cachedCode(leaf, pool, anchors, rules: rules[2], cache: &cache) == "no error")  // evicts rules[1]
        #expect(cache.count == 2)
        let hitsBefore = cache.hits
        #expect(cachedCode(leaf, pool, anchors, rules: rules[0], cache: &cache) == "no error")
        #expect(cache.hits == hitsBefore + 1)
        #expect(cachedCode(leaf, pool, anchors, rules: rules[1], cache: &cache) == "no error")
        #expect(cache.hits == hitsBefore + 1)  // evicted: a miss
        for rule in rules { _ = cachedCode(leaf, pool, anchors, rules: rule, cache: &cache) }
        #expect(cache.count == 2)

        var none = VerifiedChainCache(capacity: 0)
        #expect(cachedCode(leaf, pool, anchors, cache: &none) == "no error")
        #expect(cachedCode(leaf, pool, anchors, cache: &none) == "no error")
        #expect((none.count, none.hits) == (0, 0))
        #expect(VerifiedChainCache(capacity: 1_000_000).capacity == Limits.maxCachedChains)
        #expect(VerifiedChainCache(capacity: -1).capacity == 0)
        #expect(VerifiedChainCache().capacity == Limits.maxCachedChains)
    }
}

@Suite(
    "Verified-chain cache with CMS receipts",
    .enabled(if: CMSFixtures.vectorsAvailable, "Vectors/receipts is absent"))
struct ChainCacheCMSTests {
    private func anchors() throws -> TrustAnchors {
        TrustAnchors(certificates: [
            try Certificate(
                derEncoded: CMSFixtures.read(
                    CMSFixtures.vectorPKI.appendingPathComponent("root.der")))
        ])
    }

    @Test(
        "the CMS signature is verified on every call, hit or not",
        arguments: ["forged-flipped-payload-byte.der", "forged-signature-over-different-bytes.der"])
    func signatureAlwaysVerified(_ forged: String) throws {
        let anchors = try anchors()
        var cache = VerifiedChainCache()
        let valid = try SignedData.parse(CMSFixtures.vector("valid-der-sha256.der"))
        _ = try valid.verify(anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
        let tampered = try SignedData.parse(CMSFixtures.vector(forged))
        let uncached = cmsError { () throws(CMSError) in
            try tampered.verify(anchors: anchors, rules: .apple, at: receiptTime)
        }
        let cached = cmsError { () throws(CMSError) in
            try tampered.verify(anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
        }
        #expect(uncached?.code == "signature.invalid")
        #expect(cached?.code == uncached?.code)
        // The signer's path is looked up first (a hit: same certificates), and the signature over
        // the content is verified all the same: a hit never skips it.
        #expect((cache.hits, cache.misses) == (1, 1))
    }

    @Test("parse(_:cache:) takes from the cache only certificates byte-identical to the input's")
    func parseTakesIdenticalCertificatesOnly() throws {
        let anchors = try anchors()
        var cache = VerifiedChainCache()
        let bytes = try CMSFixtures.vector("valid-der-sha256.der")
        let plain = try SignedData.parse(bytes)
        _ = try plain.verify(anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
        let reused = try SignedData.parse(bytes, cache: cache)
        #expect(reused.certificates.map { Array($0.derEncoded) } == plain.certificates.map { Array($0.derEncoded) })
        #expect(reused.certificates.map(\.subject) == plain.certificates.map(\.subject))
        #expect(reused.certificates.map(\.notAfter) == plain.certificates.map(\.notAfter))
        // The last byte of each certificate (in its signature value) changed: parsed from the input,
        // and verified as it is without a cache (failing, but for the anchor's own copy).
        for certificate in plain.certificates {
            let encoding = Array(certificate.derEncoded)
            let start = try #require(
                (0...(bytes.count - encoding.count)).first { Array(bytes[$0..<$0 + encoding.count]) == encoding })
            var changed = bytes
            changed[start + encoding.count - 1] ^= 0x01
            let parsed = try SignedData.parse(changed, cache: cache)
            let changedEncoding = Array(changed[start..<start + encoding.count])
            #expect(parsed.certificates.contains { Array($0.derEncoded) == changedEncoding })
            #expect(!parsed.certificates.contains { Array($0.derEncoded) == encoding })
            let uncached = cmsError { () throws(CMSError) in
                try SignedData.parse(changed).verify(anchors: anchors, rules: .apple, at: receiptTime)
            }
            let cached = cmsError { () throws(CMSError) in
                try parsed.verify(anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
            }
            #expect(cached?.code == uncached?.code)
        }
    }

    @Test("cached and uncached verification agree on every 16th vector receipt")
    func agreesWithUncached() throws {
        try agreesWithUncached(every: 16)
    }

    @Test("cached and uncached verification agree on every vector receipt", .fullTests)
    func fullAgreesWithUncached() throws {
        try agreesWithUncached(every: 1)
    }

    /// Every `stride`-th vector receipt in name order (malformed, forged and genuine ones alike).
    private func agreesWithUncached(every stride: Int) throws {
        let anchors = try anchors()
        var cache = VerifiedChainCache()
        let all = try FileManager.default.contentsOfDirectory(atPath: CMSFixtures.vectorReceipts.path)
            .filter { $0.hasSuffix(".der") }.sorted()
        let names = all.indices.filter { $0 % stride == 0 }.map { all[$0] }
        #expect(!names.isEmpty)
        for round in 0..<2 {
            for name in names {
                let bytes = try CMSFixtures.vector(name)
                let reused = cmsError { () throws(CMSError) in _ = try SignedData.parse(bytes, cache: cache) }
                #expect(reused?.code == cmsError { () throws(CMSError) in _ = try SignedData.parse(bytes) }?.code)
                guard let signedData = try? SignedData.parse(bytes),
                    let fromCache = try? SignedData.parse(bytes, cache: cache)
                else { continue }
                #expect(
                    fromCache.certificates.map { Array($0.derEncoded) }
                        == signedData.certificates.map { Array($0.derEncoded) })
                let uncached = cmsError { () throws(CMSError) in
                    try signedData.verify(anchors: anchors, rules: .apple, at: receiptTime)
                }
                let cached = cmsError { () throws(CMSError) in
                    try fromCache.verify(anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
                }
                #expect(cached?.code == uncached?.code, "\(name), round \(round)")
            }
        }
        #expect(cache.hits > 0)
    }

    @Test("many tasks share one ChainCache: every verification succeeds, one entry is kept")
    func concurrentUse() async throws {
        let anchors = try anchors()
        let signedData = try SignedData.parse(CMSFixtures.vector("valid-der-sha256.der"))
        let forged = try SignedData.parse(CMSFixtures.vector("forged-flipped-payload-byte.der"))
        let cache = ChainCache()
        let tasks = 64
        let outcomes = await withTaskGroup(of: (Bool, Bool).self) { group in
            for index in 0..<tasks {
                group.addTask {
                    // Every fourth task verifies a forgery alongside, which must keep failing.
                    let ok =
                        (try? await cache.withCache { (cache) throws(CMSError) in
                            try signedData.verify(anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
                        }) != nil
                    var forgeryRejected = true
                    if index % 4 == 0 {
                        forgeryRejected =
                            (try? await cache.withCache { (cache) throws(CMSError) in
                                try forged.verify(anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
                            }) == nil
                    }
                    return (ok, forgeryRejected)
                }
            }
            var all: [(Bool, Bool)] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.count == tasks)
        #expect(outcomes.allSatisfy { $0.0 && $0.1 })
        #expect(await cache.count == 1)
        let (hits, misses) = (await cache.hits, await cache.misses)
        // One lookup per verification, the forgeries' included (their path is looked up before
        // their signature fails).
        #expect(hits + misses == tasks + tasks / 4)
        #expect(hits >= 1)
        // After the burst, a further call is a hit.
        _ = try await cache.withCache { (cache) throws(CMSError) in
            try signedData.verify(anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
        }
        #expect(await cache.hits == hits + 1)
    }
}
