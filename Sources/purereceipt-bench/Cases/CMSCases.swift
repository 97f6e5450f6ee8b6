// Full CMS verification of the receipt fixtures, paired with the anchor's `cms_verify_receipt*`
// (d2i_CMS_ContentInfo + CMS_verify against an X509_STORE holding root.der, content copied out).
//
// The verification is the public API path: `SignedData.parse` then
// `verify(anchors: [root.der], rules: .apple, at: now)` — structure, CMS signature, chain
// (path, signatures, CA checks, Apple markers, key sizes) and certificate validity at the current
// time, as the anchor checks it. The verified content is copied out (`VerifiedSignedData.content`),
// as the anchor copies it into a memory BIO.
// `…_warm`: the same calls with a `VerifiedChainCache` kept across calls (filled at setup), so the
// certificate signatures are not re-verified and its certificates are not parsed again
// (`SignedData.parse(_:cache:)`); the CMS signature and every other check still run.

import PureReceipt
import PureX509

private func cmsCase(_ suffix: String, _ file: String) -> BenchCase {
    BenchCase(name: "cms_verify_receipt\(suffix)", bytes: 0) { fixtures in
        let receipt = try fixtures.bytes(file)
        let anchors = try fixtureAnchors(fixtures)
        // Fails setup (not the timed loop) if the fixture does not verify.
        _ = try SignedData.parse(receipt).verify(anchors: anchors, rules: .apple, at: benchNow)
        return {
            let verified = try? SignedData.parse(receipt).verify(anchors: anchors, rules: .apple, at: benchNow)
            benchSink &+= UInt64(verified?.content.count ?? 0)
        }
    }
}

private func warmCase(_ suffix: String, _ file: String) -> BenchCase {
    BenchCase(name: "cms_verify_receipt\(suffix)_warm", bytes: 0) { fixtures in
        let receipt = try fixtures.bytes(file)
        let anchors = try fixtureAnchors(fixtures)
        var cache = VerifiedChainCache()
        _ = try SignedData.parse(receipt).verify(anchors: anchors, rules: .apple, at: benchNow, cache: &cache)
        return {
            let verified = try? SignedData.parse(receipt, cache: cache).verify(
                anchors: anchors, rules: .apple, at: benchNow, cache: &cache)
            benchSink &+= UInt64(verified?.content.count ?? 0)
        }
    }
}

let cmsCases: [BenchCase] =
    receiptFixtures.map { cmsCase($0.suffix, $0.file) } + receiptFixtures.map { warmCase($0.suffix, $0.file) }
