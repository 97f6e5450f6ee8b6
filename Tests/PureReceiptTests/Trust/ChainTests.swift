// verifyChain with the committed synthetic PKI (Vectors/pki, see Vectors/README.md) and the extra
// certificates of ChainFixtures.swift: the valid chains, then one named test per failure, each
// asserting its code. Skipped (visibly) when Vectors/pki is absent.

import Foundation
import PureDER
import PureReceipt
import PureX509
import Testing

/// The receipt creation date of the vector suite's main example, inside every genuine validity.
private let receiptTime = time("2025-03-14T09:26:53Z")

private func pki(_ name: String) throws -> Certificate {
    try Certificate(derEncoded: readBytes(pkiDirectory.appendingPathComponent("\(name).der")))
}

private func fixture(_ bytes: [UInt8]) throws -> Certificate {
    try Certificate(derEncoded: bytes)
}

/// The code verifyChain throws for `leaf` with `pool` under the test root (Apple policy).
private func chainCode(
    _ leaf: Certificate, _ pool: [Certificate], anchors: TrustAnchors? = nil, rules policy: PathRules = .apple,
    at when: DERTime = receiptTime
) throws -> String {
    let anchors = try anchors ?? TrustAnchors(certificates: [pki("root")])
    return x509ErrorCode { () throws(X509Error) in
        try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: policy, at: when)
    }
}

/// The X509Error verifyChain throws, for checking which certificate it names.
private func chainError(_ leaf: Certificate, _ pool: [Certificate], at when: DERTime = receiptTime) throws -> X509Error?
{
    let anchors = TrustAnchors(certificates: [try pki("root")])
    do {
        _ = try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: .apple, at: when)
        return nil
    } catch {
        return error
    }
}

@Suite("Chain verification", .enabled(if: pkiPresent, "Vectors/pki is absent"))
struct ChainTests {
    // MARK: valid chains

    @Test("leaf → intermediate → root verifies, whatever the pool order, root in the pool or not")
    func validChain() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let anchors = TrustAnchors(certificates: [root])
        for pool in [[leaf, intermediate, root], [root, intermediate, leaf], [intermediate], [leaf, intermediate]] {
            let path = try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: .apple, at: receiptTime)
            #expect(path.map { Array($0.derEncoded) } == [leaf, intermediate, root].map { Array($0.derEncoded) })
        }
        // Validity ends are inclusive: the leaf's last second still verifies.
        #expect(try chainCode(leaf, [intermediate], at: leaf.notAfter) == "no error")
        #expect(try chainCode(leaf, [intermediate], at: leaf.notBefore) == "no error")
    }

    @Test("an anchor pinned by fingerprint is found in the pool")
    func pinnedAnchor() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let pinned = TrustAnchors(certificates: [], pinnedSHA256: [root.sha256Fingerprint()])
        let path = try verifyChain(
            leaf: leaf, pool: [leaf, intermediate, root], anchors: pinned, rules: .apple, at: receiptTime)
        #expect(path.count == 3)
        #expect(try chainCode(leaf, [leaf, intermediate], anchors: pinned) == "chain.untrusted")
    }

    @Test("anchors read from PEM and from DER files")
    func anchorsFromFiles() throws {
        let fromPEM = try TrustAnchors.parse(pemOrDER: readBytes(pkiDirectory.appendingPathComponent("root.pem")))
        let fromDER = try TrustAnchors.parse(pemOrDER: readBytes(pkiDirectory.appendingPathComponent("root.der")))
        #expect(fromPEM.count == 1)
        #expect(fromPEM.map { Array($0.derEncoded) } == fromDER.map { Array($0.derEncoded) })
        let path = try verifyChain(
            leaf: pki("leaf"), pool: [pki("intermediate")], anchors: TrustAnchors(certificates: fromPEM),
            rules: .apple, at: receiptTime)
        #expect(path.count == 3)
    }

    @Test("Xcode policy: the self-signed certificate, given as the anchor, verifies alone")
    func xcodeOptIn() throws {
        let xcode = try pki("xcode")
        let path = try verifyChain(
            leaf: xcode, pool: [xcode], anchors: TrustAnchors(certificates: [xcode]), rules: .xcode, at: receiptTime)
        #expect(path.count == 1)
    }

    // MARK: one test per failure

    // Apple receipt rule (xcode-opt-in): the StoreKit certificate is accepted only through the .xcode policy.
    @Test("Xcode certificate under the Apple policy → chain.xcodeNotAllowed")
    func xcodeNotAllowed() throws {
        let xcode = try pki("xcode")
        #expect(try chainCode(xcode, [xcode]) == "chain.xcodeNotAllowed")
    }

    @Test("Xcode policy with another signer → chain.untrusted")
    func xcodeOtherSigner() throws {
        let xcode = TrustAnchors(certificates: [try pki("xcode")])
        #expect(try chainCode(pki("leaf"), [pki("intermediate")], anchors: xcode, rules: .xcode) == "chain.untrusted")
        #expect(try chainCode(pki("root"), [], anchors: xcode, rules: .xcode) == "chain.untrusted")
    }

    @Test("Xcode policy outside the certificate's validity → chain.certificateExpired")
    func xcodeExpired() throws {
        let xcode = try pki("xcode")
        #expect(
            try chainCode(
                xcode, [], anchors: TrustAnchors(certificates: [xcode]), rules: .xcode, at: time("2041-01-01T00:00:00Z")
            )
                == "chain.certificateExpired")
    }

    @Test("evil root with the test root's name → chain.untrusted")
    func evilRoot() throws {
        #expect(
            try chainCode(pki("evil-leaf"), [pki("evil-leaf"), pki("evil-intermediate"), pki("evil-root")])
                == "chain.untrusted")
    }

    @Test("evil intermediate claiming the genuine root → chain.untrusted")
    func evilIntermediate() throws {
        #expect(try chainCode(pki("evil-leaf"), [pki("evil-intermediate"), pki("root")]) == "chain.untrusted")
    }

    // RFC 5280 §6.1.3 (a)(1): each certificate's signature verifies under its issuer's key.
    @Test("leaf whose signature does not verify under the named intermediate → signature.invalid")
    func badLeafSignature() throws {
        // evil-leaf names the genuine intermediate as issuer but was signed by evil-intermediate's key.
        #expect(try chainCode(pki("evil-leaf"), [pki("intermediate"), pki("root")]) == "signature.invalid")
    }

    @Test("missing intermediate → chain.untrusted")
    func missingIntermediate() throws {
        #expect(try chainCode(pki("leaf"), [pki("leaf"), pki("root")]) == "chain.untrusted")
    }

    // Apple receipt rule (pinned-root): same names, another key: not the pinned anchor.
    @Test("look-alike Apple root under the pinned Apple anchor → chain.untrusted")
    func appleLookalike() throws {
        let pool = [
            try pki("apple-lookalike-leaf"), try pki("apple-lookalike-intermediate"), try pki("apple-lookalike-root"),
        ]
        #expect(try chainCode(pool[0], pool, anchors: .appleIncRoot) == "chain.untrusted")
        // The genuine test chain is not trusted under the Apple anchor either.
        #expect(
            try chainCode(pki("leaf"), [pki("intermediate"), pki("root")], anchors: .appleIncRoot) == "chain.untrusted")
    }

    // Apple receipt rule (marker-oids): leaf and intermediate markers, this test and the next.
    @Test("leaf without the receipt marker → chain.leafMarkerMissing")
    func leafWithoutMarker() throws {
        #expect(try chainCode(pki("leaf-nomarker"), [pki("intermediate")]) == "chain.leafMarkerMissing")
        // The intermediate used as the signer: a CA without the leaf marker.
        #expect(try chainCode(pki("intermediate"), [pki("root")]) == "chain.leafMarkerMissing")
    }

    @Test("intermediate without the WWDR marker → chain.intermediateMarkerMissing")
    func intermediateWithoutMarker() throws {
        let error = try chainError(pki("intermediate-nomarker-leaf"), [pki("intermediate-nomarker")])
        #expect(error?.code == "chain.intermediateMarkerMissing")
        #expect(error?.certificate == (try pki("intermediate-nomarker")).subject.description)
    }

    // Apple receipt rule (chain-shape): exactly leaf → intermediate → anchor.
    @Test("leaf issued directly by the anchor → chain.intermediateMarkerMissing")
    func leafUnderRoot() throws {
        // leaf-as-ca: leaf marker, issued by the root; used here as the signer itself.
        #expect(try chainCode(pki("leaf-as-ca"), []) == "chain.intermediateMarkerMissing")
    }

    // RFC 5280 §6.1.4: issuers are CAs (k: basicConstraints cA; n: keyCertSign; pathLenConstraint), these five tests.
    @Test("intermediate without basicConstraints → chain.notCA")
    func intermediateNoBasicConstraints() throws {
        #expect(try chainCode(pki("intermediate-noca-leaf"), [pki("intermediate-noca")]) == "chain.notCA")
    }

    @Test("intermediate with cA FALSE → chain.notCA")
    func intermediateCAFalse() throws {
        #expect(try chainCode(pki("intermediate-ca-false-leaf"), [pki("intermediate-ca-false")]) == "chain.notCA")
    }

    @Test("leaf certificate used as the intermediate → chain.notCA")
    func leafAsIntermediate() throws {
        #expect(try chainCode(pki("leaf-as-ca-leaf"), [pki("leaf-as-ca")]) == "chain.notCA")
    }

    // RFC 5280 §6.1.4 (n): keyCertSign when keyUsage is present.
    @Test("CA whose keyUsage lacks keyCertSign → chain.notCA")
    func noKeyCertSign() throws {
        #expect(
            try chainCode(fixture(ChainFixtures.noCertSignLeaf), [fixture(ChainFixtures.noCertSign)]) == "chain.notCA")
    }

    // RFC 5280 §6.1.4 and RFC 5280 §4.2.1.9: pathLenConstraint.
    @Test("pathLenConstraint 0 followed by another CA → chain.notCA")
    func pathLengthExceeded() throws {
        let pool = [try fixture(ChainFixtures.underPathLenZero), try fixture(ChainFixtures.pathLenZero)]
        let error = try chainError(fixture(ChainFixtures.underPathLenZeroLeaf), pool)
        #expect(error?.code == "chain.notCA")
        #expect(error?.certificate == pool[1].subject.description)
    }

    // RFC 5280 §4.2: an unrecognised critical extension rejects the certificate.
    @Test("unknown critical extension in the intermediate → chain.unknownCriticalExtension")
    func unknownCriticalExtension() throws {
        let error = try chainError(pki("intermediate-unknown-critical-leaf"), [pki("intermediate-unknown-critical")])
        #expect(error?.code == "chain.unknownCriticalExtension")
        guard case .unknownCriticalExtension(let oid) = error?.kind else {
            Issue.record("expected unknownCriticalExtension, got \(String(describing: error))")
            return
        }
        #expect(oid.description == "1.3.6.1.4.1.32473.1.1")
    }

    // RFC 5280 §6.1.3: every certificate valid at the instant; signatures verify along the path.
    @Test("expired leaf → chain.certificateExpired naming the leaf")
    func leafExpired() throws {
        let leaf = try pki("leaf-expired")
        let error = try chainError(leaf, [pki("intermediate")])
        #expect(error?.code == "chain.certificateExpired")
        #expect(error?.certificate == leaf.subject.description)
    }

    @Test("leaf not yet valid → chain.certificateExpired")
    func leafNotYetValid() throws {
        #expect(try chainCode(pki("leaf-not-yet-valid"), [pki("intermediate")]) == "chain.certificateExpired")
    }

    @Test("expired intermediate → chain.certificateExpired naming the intermediate")
    func intermediateExpired() throws {
        let intermediate = try pki("intermediate-expired")
        let error = try chainError(pki("intermediate-expired-leaf"), [intermediate])
        #expect(error?.code == "chain.certificateExpired")
        #expect(error?.certificate == intermediate.subject.description)
    }

    @Test("verification time after the leaf's notAfter, or after the anchor's → chain.certificateExpired")
    func timeOutsideValidity() throws {
        let (leaf, intermediate) = (try pki("leaf"), try pki("intermediate"))
        #expect(try chainCode(leaf, [intermediate], at: time("2026-02-01T00:00:00Z")) == "chain.certificateExpired")
        #expect(try chainCode(leaf, [intermediate], at: time("2023-12-31T23:59:59Z")) == "chain.certificateExpired")
        let root = try pki("root")
        let error = try chainError(
            leaf, [intermediate], at: DERTime(secondsSince1970: root.notAfter.secondsSince1970 + 1))
        #expect(error?.code == "chain.certificateExpired")
    }

    @Test("leaf keyUsage without digitalSignature → chain.keyUsage")
    func leafKeyUsage() throws {
        #expect(try chainCode(fixture(ChainFixtures.encipherOnlyLeaf), [pki("intermediate")]) == "chain.keyUsage")
    }

    // Apple receipt rule (rsa-2048): a 1024-bit key in the path is refused.
    @Test("RSA-1024 intermediate under the Apple policy → chain.keyTooSmall")
    func keyTooSmall() throws {
        let error = try chainError(fixture(ChainFixtures.smallKeyLeaf), [fixture(ChainFixtures.smallKeyIntermediate)])
        #expect(error?.code == "chain.keyTooSmall")
        #expect(error?.certificate == (try fixture(ChainFixtures.smallKeyIntermediate)).subject.description)
    }

    @Test("more certificates than Limits.maxChainLength → chain.tooLong")
    func chainLongerThanLimit() throws {
        let pool = try [ChainFixtures.long1, ChainFixtures.long2, ChainFixtures.long3, ChainFixtures.long4].map(fixture)
        #expect(Limits.maxChainLength == 5)
        #expect(try chainCode(fixture(ChainFixtures.longLeaf), pool) == "chain.tooLong")
    }

    @Test("two intermediates under the Apple policy → chain.tooLong")
    func appleTwoIntermediates() throws {
        let pool = try [ChainFixtures.long3, ChainFixtures.long4].map(fixture)
        // Trusting long2 makes the path leaf → long4 → long3 → long2: within the limit, not the policy.
        let anchors = TrustAnchors(certificates: [try fixture(ChainFixtures.long2)])
        #expect(try chainCode(fixture(ChainFixtures.longLeaf), pool, anchors: anchors) == "chain.tooLong")
        #expect(
            try chainCode(
                fixture(ChainFixtures.longLeaf), pool,
                anchors: TrustAnchors(certificates: [try fixture(ChainFixtures.long3)])) == "no error")
    }

    @Test("RFC 5758 §3.2: mixed chain, ECDSA-signed RSA leaf under a P-256 intermediate under the RSA root, verifies")
    func ecIntermediate() throws {
        let error = try chainError(fixture(ChainFixtures.ecIntermediateLeaf), [fixture(ChainFixtures.ecIntermediate)])
        #expect(error == nil, "\(String(describing: error))")
    }

    @Test("the pool is never a source of anchors: a self-signed root in the pool is not trusted")
    func poolIsNotAnchor() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        #expect(
            try chainCode(leaf, [intermediate, root], anchors: TrustAnchors(certificates: [])) == "chain.untrusted")
        #expect(
            try chainCode(leaf, [intermediate, root], anchors: TrustAnchors(certificates: [try pki("xcode")]))
                == "chain.untrusted")
    }
}
