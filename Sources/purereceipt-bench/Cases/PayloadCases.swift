// `cms_verify_receipt*_payload`: verification AND decoding of the receipt payload, through the one
// public call apps and servers make, `ReceiptValidator.validate`, paired with the anchor's
// `cms_verify_receipt*` (which verifies and copies the content out but decodes nothing).
//
// The fixture payloads (make_payload.py) decode as receipts, but their dates are random in
// 2015–2025: the creation date (attribute 12) is before the fixture certificates were issued, and
// the VPP expiration date (attribute 21) has passed. So the policy sets the two instants the
// validator would otherwise take from the receipt: certificate validity at the current time (as
// the anchor), and "now" for the expiration check one second before attribute 21. Every check
// still runs: structure, payload decoding, signature, chain, validity, environment, expiration.
// `…_payload_warm`: the same with a `VerifiedChainCache` kept across calls.

import PureReceipt
import PureX509

/// The policy for a fixture receipt: trusts root.der; instants as described in the file header.
func fixturePolicy(_ fixtures: Fixtures, receipt: [UInt8]) throws -> ReceiptPolicy {
    let parsed = try ReceiptValidator.parseUnverified(receipt)
    let validity = Instant(secondsSince1970: benchNow.secondsSince1970)
    var current: Instant?
    if let expiration = parsed.receipt.expirationDate {
        current = Instant(millisecondsSince1970: expiration.millisecondsSince1970 - 1000)
    }
    return ReceiptPolicy(
        bundleIdentifier: .anyApp, anchors: try fixtureAnchors(fixtures), validityInstant: validity,
        currentTime: current)
}

private func payloadCase(_ suffix: String, _ file: String) -> BenchCase {
    BenchCase(name: "cms_verify_receipt\(suffix)_payload", bytes: 0) { fixtures in
        let receipt = try fixtures.bytes(file)
        let policy = try fixturePolicy(fixtures, receipt: receipt)
        let checked = try ReceiptValidator.validate(receipt, policy: policy)
        benchNote("\(file): \(checked.receipt.inAppPurchases.count) in-app purchases")
        return {
            let verified = try? ReceiptValidator.validate(receipt, policy: policy)
            benchSink &+= UInt64(verified?.receipt.inAppPurchases.count ?? 0)
        }
    }
}

private func payloadWarmCase(_ suffix: String, _ file: String) -> BenchCase {
    BenchCase(name: "cms_verify_receipt\(suffix)_payload_warm", bytes: 0) { fixtures in
        let receipt = try fixtures.bytes(file)
        let policy = try fixturePolicy(fixtures, receipt: receipt)
        var cache = VerifiedChainCache()
        _ = try ReceiptValidator.validate(receipt, policy: policy, cache: &cache)
        return {
            let verified = try? ReceiptValidator.validate(receipt, policy: policy, cache: &cache)
            benchSink &+= UInt64(verified?.receipt.inAppPurchases.count ?? 0)
        }
    }
}

let payloadCases: [BenchCase] =
    receiptFixtures.map { payloadCase($0.suffix, $0.file) }
    + receiptFixtures.map { payloadWarmCase($0.suffix, $0.file) }
