// Path search and error text under attacker-sized input, under Apple's rules: a pool of same-name,
// same-key CAs (Vectors/path-search, made by Vectors/tools/make_path_search_vectors.py) must be
// refused with the same verdict as before and a message of bounded size. The cost itself is
// measured by `Vectors/tools/bench.sh hostile`, not here; names of tens of kilobytes rendering
// bounded are PureX509's own tests (Tests/PureX509Tests/NameDisplayTests.swift).

import Foundation
import PureDER
import PureReceipt
import Testing

@testable import PureX509

@Suite("Path search under hostile input")
struct PathSearchBoundsTests {
    static let poolFile = x509PackageRoot().appendingPathComponent("Vectors/path-search/same-name-pool.pem")
    static let instant = DERTime(secondsSince1970: 1_767_225_600)  // 2026-01-01

    /// The leaf and the 15 same-name CAs of the vector.
    static func pool() throws -> (leaf: Certificate, cas: [Certificate]) {
        let certificates = try TrustAnchors.parse(pemOrDER: try readBytes(poolFile))
        let leaf = try #require(certificates.first)
        return (leaf, Array(certificates.dropFirst()))
    }

    @Test("path-search rule: 15 same-name, same-key CAs are refused as the first dead end, with a bounded message")
    func sameNamePoolIsRefusedWithBoundedMessage() throws {
        let (leaf, cas) = try Self.pool()
        #expect(cas.count == 15)
        #expect(cas.allSatisfy { $0.subject == cas[0].subject && $0.isSelfIssued })
        // Every CA verifies the leaf and every other CA: the search space is 15 · 14 · 13 dead ends.
        #expect(cas.allSatisfy { (try? leaf.verifySignature(issuedBy: $0)) != nil })
        #expect((try? cas[1].verifySignature(issuedBy: cas[0])) != nil)
        for anchors in [TrustAnchors.appleIncRoot, TrustAnchors(certificates: [])] {
            do {
                _ = try verifyChain(leaf: leaf, pool: cas, anchors: anchors, rules: .apple, at: Self.instant)
                Issue.record("a pool without an anchor verified")
            } catch {
                #expect(error.code == "chain.tooLong")
                #expect(error.subject == cas[0].subject)
                // The 2 KB name is cut: the whole message stays within the rendering bound.
                #expect(error.description.count < DistinguishedName.maxRendered + 100)
            }
        }
    }

    @Test("path-search rule: a genuine path is still found when same-name, same-key decoys surround it")
    func genuinePathAmongDecoys() throws {
        let (leaf, cas) = try Self.pool()
        // Taking one of the CAs as the anchor makes [leaf, anchor] the one complete path; the
        // Apple policy refuses it as too short (no intermediate), after every decoy was a dead end.
        let anchors = TrustAnchors(certificates: [cas[7]])
        let code = x509ErrorCode { () throws(X509Error) in
            try verifyChain(leaf: leaf, pool: cas, anchors: anchors, rules: .apple, at: Self.instant)
        }
        // leaf → CA → anchor is a complete path of three; it fails the WWDR marker check.
        #expect(code == "chain.intermediateMarkerMissing")
    }
}
