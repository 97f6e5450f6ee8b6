// The chain policy of legacy transaction receipts (LegacyPathRules.swift), on the synthetic PKI
// of Vectors/legacy: leaf → pinned intermediate → anchor, the leaf marker of each version, and the
// RSA-1024 allowance for version 1–2 leaves only.

import Foundation
import PureDER
import PureReceipt
import PureX509
import Testing

@Suite("Legacy receipt chain policy")
struct LegacyChainTests {
    static func certificate(_ path: String) throws -> Certificate {
        try Certificate(derEncoded: try readBytes(x509PackageRoot().appendingPathComponent("Vectors/\(path)")))
    }

    static let purchase = time("2025-03-14T09:26:53Z")

    @Test("version 2 (RSA-1024, iTunes Store CA) and version 3 (RSA-2048, WWDR) leaves verify")
    func accepted() throws {
        let anchors = TrustAnchors(certificates: [try Self.certificate("pki/root.der")])
        let itunes = try Self.certificate("legacy/itunes-ca.der")
        let wwdr = try Self.certificate("pki/intermediate.der")
        let v2 = try verifyChain(
            leaf: try Self.certificate("legacy/leaf-v2.der"), pool: [itunes, wwdr], anchors: anchors,
            rules: .legacy(version: 2), at: Self.purchase)
        #expect(v2.count == 3)
        let v3 = try verifyChain(
            leaf: try Self.certificate("legacy/leaf-v3.der"), pool: [wwdr], anchors: anchors,
            rules: .legacy(version: 3),
            at: Self.purchase)
        #expect(v3.count == 3)
    }

    @Test(
        "named refusals",
        arguments: [
            // Apple legacy rule (rsa-1024-v1-v2): an RSA-1024 leaf under the version 3 rule.
            ("legacy/leaf-v3-rsa1024.der", "wwdr", ["pki/intermediate.der"], "pki/root.der", "chain.keyTooSmall"),
            // Apple legacy rule (leaf-marker): a version 2 leaf under the version 3 rule, and no marker.
            ("legacy/leaf-v2.der", "wwdr", ["legacy/itunes-ca.der"], "pki/root.der", "chain.leafMarkerMissing"),
            (
                "legacy/leaf-v2-nomarker.der", "itunes", ["legacy/itunes-ca.der"], "pki/root.der",
                "chain.leafMarkerMissing"
            ),
            // Apple legacy rule (pinned-intermediate): the issuer not pinned; the issuer as the anchor.
            ("legacy/leaf-v2.der", "itunes", ["pki/intermediate.der"], "pki/root.der", "chain.untrusted"),
            ("legacy/leaf-v2.der", "itunes", [], "legacy/itunes-ca.der", "chain.untrusted"),
        ])
    func refused(leaf: String, rule: String, pool: [String], anchor: String, code: String) throws {
        let error = #expect(throws: X509Error.self) {
            try verifyChain(
                leaf: try Self.certificate(leaf), pool: try pool.map(Self.certificate),
                anchors: TrustAnchors(certificates: [try Self.certificate(anchor)]),
                rules: .legacy(version: rule == "wwdr" ? 3 : 2), at: Self.purchase)
        }
        #expect(error?.code == code)
    }

    @Test("validity at the given instant: after the leaf expired")
    func expired() throws {
        let error = #expect(throws: X509Error.self) {
            try verifyChain(
                leaf: try Self.certificate("legacy/leaf-v3.der"),
                pool: [try Self.certificate("pki/intermediate.der")],
                anchors: TrustAnchors(certificates: [try Self.certificate("pki/root.der")]), rules: .legacy(version: 3),
                at: time("2026-06-01T00:00:00Z"))
        }
        #expect(error?.code == "chain.certificateExpired")
    }
}
