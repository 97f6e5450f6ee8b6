// PathRules and CMSRules as values a caller passes in, with values that are no real profile's: a leaf
// byte-identical to one of the caller's anchor certificates is a path of one (its self-signature
// verified, never cached); a self-issued leaf without the leaf marker is refused under the code the
// caller's rules name; the content type and signer key size a caller requires of a SignedData; and
// PureX509's messages, which name no profile. Skipped (visibly) when Vectors/pki is absent.

import Foundation
import PureDER
import Testing

@testable import PureX509

private let instant = time("2025-03-14T09:26:53Z")
/// An extension no certificate of Vectors/pki carries (the documentation arc of RFC 5612).
private let marker = OID(1, 3, 6, 1, 4, 1, 32473, 1)
/// A path of the leaf alone.
private let one = PathRules(certificates: 1, minimumLeafRSABits: 0, minimumRSABits: 0)

private func pki(_ name: String) throws -> Certificate {
    try Certificate(derEncoded: readBytes(pkiDirectory.appendingPathComponent("\(name).der")))
}

private func code(
    _ leaf: Certificate, pool: [Certificate] = [], anchors: [Certificate], rules: PathRules,
    cache: inout VerifiedChainCache
) -> String {
    x509ErrorCode { () throws(X509Error) in
        try verifyChain(
            leaf: leaf, pool: pool, anchors: TrustAnchors(certificates: anchors), rules: rules, at: instant,
            cache: &cache)
    }
}

private func code(_ leaf: Certificate, pool: [Certificate] = [], anchors: [Certificate], rules: PathRules)
    -> String
{
    var none = VerifiedChainCache(capacity: 0)
    return code(leaf, pool: pool, anchors: anchors, rules: rules, cache: &none)
}

private func signedData(_ file: String) throws -> SignedData {
    try SignedData.parse(readBytes(x509PackageRoot().appendingPathComponent("Vectors/receipts/\(file)")))
}

@Suite("Path and SignedData rules as the caller's values", .enabled(if: pkiPresent, "Vectors/pki is absent"))
struct PathRulesTests {
    @Test("RFC 5280 §6.1.1 (d): a leaf byte-identical to one of the anchor certificates is a path of one")
    func leafThatIsAnAnchor() throws {
        let selfSigned = try pki("xcode")
        for rules in [one, PathRules.rfc5280] {
            let path = try verifyChain(
                leaf: selfSigned, pool: [selfSigned], anchors: TrustAnchors(certificates: [selfSigned]),
                rules: rules, at: instant)
            #expect(path.map { Array($0.derEncoded) } == [Array(selfSigned.derEncoded)])
        }
        // Rules that need three certificates never pass a path of one.
        #expect(code(selfSigned, anchors: [selfSigned], rules: PathRules(certificates: 3)) == "chain.untrusted")
        // Not one of the anchors (the pool is never a source of anchors): no path.
        #expect(code(selfSigned, pool: [selfSigned], anchors: [], rules: one) == "chain.untrusted")
        // Another certificate as the anchor, under rules of one certificate: no path of that length.
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        #expect(code(leaf, pool: [intermediate], anchors: [root], rules: one) == "chain.untrusted")
        #expect(code(selfSigned, anchors: [root], rules: one) == "chain.untrusted")
        // The anchor's own validity still holds at the instant.
        #expect(
            x509ErrorCode { () throws(X509Error) in
                try verifyChain(
                    leaf: selfSigned, pool: [], anchors: TrustAnchors(certificates: [selfSigned]), rules: one,
                    at: time("2041-01-01T00:00:00Z"))
            } == "chain.certificateExpired")
    }

    @Test("a leaf that is an anchor must be self-issued, and its self-signature must verify")
    func leafAnchorSelfSignature() throws {
        var bytes = Array(try pki("xcode").derEncoded)
        bytes[bytes.count - 1] ^= 0x01  // the last byte of the signature value
        let tampered = try Certificate(derEncoded: bytes)
        #expect(code(tampered, anchors: [tampered], rules: one) == "signature.invalid")
        // Issued by the intermediate, not by itself: its key vouches for nothing.
        let leaf = try pki("leaf")
        #expect(code(leaf, anchors: [leaf], rules: .rfc5280) == "chain.untrusted")
    }

    @Test("a path of one is neither looked up in nor kept by a chain cache")
    func leafAnchorIsNotCached() throws {
        let selfSigned = try pki("xcode")
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        var cache = VerifiedChainCache()
        #expect(code(leaf, pool: [intermediate], anchors: [root], rules: .rfc5280, cache: &cache) == "no error")
        #expect((cache.count, cache.hits, cache.misses) == (1, 0, 1))
        for _ in 0..<2 {
            #expect(code(selfSigned, anchors: [selfSigned], rules: one, cache: &cache) == "no error")
        }
        #expect((cache.count, cache.hits, cache.misses) == (1, 0, 1))
    }

    @Test("a self-issued leaf without the leaf marker: the caller's code when its rules name one")
    func selfIssuedLeafRefusal() throws {
        let (selfSigned, leaf, intermediate, root) = (
            try pki("xcode"), try pki("leaf"), try pki("intermediate"), try pki("root")
        )
        let named = PathRules(leafMarker: marker, selfIssuedLeafRefusal: "chain.example")
        #expect(code(selfSigned, anchors: [root], rules: PathRules(leafMarker: marker)) == "chain.leafMarkerMissing")
        #expect(code(selfSigned, anchors: [root], rules: named) == "chain.example")
        // Before anything else: even when the leaf is one of the anchors.
        #expect(code(selfSigned, anchors: [selfSigned], rules: named) == "chain.example")
        // A leaf its CA issued lacks the marker, whatever the rules call self-issued leaves.
        #expect(code(leaf, pool: [intermediate], anchors: [root], rules: named) == "chain.leafMarkerMissing")
        let error = X509Error(.refused(code: "chain.example"), certificate: selfSigned.subject)
        #expect(error.code == "chain.example")
        #expect(
            error.description.hasPrefix("a self-issued signer the path rules refuse (chain.example) [certificate: "))
    }

    @Test("RFC 5652 §5.2: CMSRules.contentType refuses another eContentType; nil takes any")
    func cmsContentType() throws {
        let receipt = try signedData("valid-der-sha256.der")
        let anchors = TrustAnchors(certificates: [try pki("root")])
        do {
            _ = try receipt.verify(anchors: anchors, rules: CMSRules(contentType: marker), at: instant)
            Issue.record("verified under another content type")
        } catch {
            #expect(error.code == "cms.structure" && error.isMalformed && error.offset == nil)
            #expect(error.description == "CMS structure: eContentType 1.2.840.113549.1.7.1 is not the one required")
        }
        // No content type required, plain RFC 5280 rules: the signer's path of three verifies.
        let verified = try receipt.verify(anchors: anchors, rules: CMSRules(), at: instant)
        #expect(verified.chain.count == 3)
        #expect(
            try receipt.verify(
                anchors: anchors, rules: CMSRules(contentType: OID(1, 2, 840, 113549, 1, 7, 1)), at: instant
            ).chain.count == 3)
    }

    @Test("the signer's key size is the caller's, checked before any path; a signer that is an anchor is a path of one")
    func cmsSigner() throws {
        let receipt = try signedData("valid-der-sha256.der")
        let anchors = TrustAnchors(certificates: [try pki("root")])
        do {
            _ = try receipt.verify(anchors: anchors, rules: CMSRules(minimumSignerRSABits: 4096), at: instant)
            Issue.record("verified a 2048-bit signer under a 4096-bit minimum")
        } catch {
            #expect(error.code == "chain.keyTooSmall")
        }
        let selfSigned = try pki("xcode")
        let xcodeShaped = try signedData("valid-xcode-signed.der")
        let path = try xcodeShaped.verify(
            anchors: TrustAnchors(certificates: [selfSigned]), rules: CMSRules(path: one), at: instant
        ).chain
        #expect(path.map { Array($0.derEncoded) } == [Array(selfSigned.derEncoded)])
    }

    @Test("PureX509's messages name no profile: no vendor, no product")
    func genericWords() throws {
        let subject = try pki("leaf").subject
        let kinds: [X509Error.Kind] = [
            .unsupportedVersion, .algorithmMismatch, .unsupportedSignatureAlgorithm(marker), .unsupportedPublicKey("x"),
            .badPublicKey("x"), .duplicateExtension(marker), .badExtension(marker), .signerNotFound, .untrusted,
            .certificateExpired, .leafMarkerMissing(marker), .intermediateMarkerMissing, .notCA,
            .unknownCriticalExtension(marker), .keyTooSmall, .chainTooLong, .chainTooShort, .badSignature,
            .refused(code: "chain.example"), .keyUsageNotAllowed,
        ]
        var messages = kinds.map { X509Error($0, certificate: subject).description }
        messages.append(CMSError(.contentType(marker), at: nil).description)
        messages.append(CMSError(.signerCount(2), at: nil).description)
        for message in messages {
            #expect(!message.contains("Apple") && !message.contains("Xcode") && !message.contains("WWDR"), "\(message)")
        }
    }
}
