// Legacy transaction receipts (no OpenSSL counterpart; compare with `cms_verify_receipt8k_sha256_payload`
// in the same run): `legacy_verify_v3` / `legacy_verify_v2` — LegacyReceiptValidator.validate of a
// ~5 KB base64 receipt from Vectors/legacy (plist parse, base64, purchase-info, certificate parse,
// SHA-1 + RSA signature, chain leaf → intermediate → test root, validity at the purchase date);
// `legacy_decode_v3` — the parse alone (LegacyTransactionReceipt). The files are read from
// `legacy-v3.b64` / `legacy-v2.b64` in the fixtures folder when present, else from Vectors/legacy
// relative to the working directory (run from the package root).

import Foundation
import PureReceipt
import PureX509

private func vectorBytes(_ fixtures: Fixtures, _ fixture: String, _ vector: String) throws -> [UInt8] {
    if let bytes = try? fixtures.bytes(fixture) { return bytes }
    return try Fixtures(directory: URL(fileURLWithPath: "Vectors")).bytes(vector)
}

private func legacyPolicy(_ fixtures: Fixtures) throws -> LegacyReceiptPolicy {
    let root = try Certificate(derEncoded: try vectorBytes(fixtures, "legacy-root.der", "pki/root.der"))
    let itunes = try Certificate(derEncoded: try vectorBytes(fixtures, "legacy-itunes-ca.der", "legacy/itunes-ca.der"))
    let wwdr = try Certificate(derEncoded: try vectorBytes(fixtures, "legacy-intermediate.der", "pki/intermediate.der"))
    return LegacyReceiptPolicy(
        bundleIdentifier: .anyApp, anchors: TrustAnchors(certificates: [root]), intermediates: [itunes, wwdr])
}

private func verifyCase(_ version: Int) -> BenchCase {
    BenchCase(name: "legacy_verify_v\(version)", bytes: 0) { fixtures in
        let input = try vectorBytes(fixtures, "legacy-v\(version).b64", "legacy/valid-v\(version).b64")
        let policy = try legacyPolicy(fixtures)
        let checked = try LegacyReceiptValidator.validate(input, policy: policy)
        benchNote("legacy v\(version): \(input.count) bytes, \(checked.receipt.purchaseInfo.entries.count) keys")
        return {
            let verified = try? LegacyReceiptValidator.validate(input, policy: policy)
            benchSink &+= UInt64(verified?.receipt.purchaseInfo.entries.count ?? 0)
        }
    }
}

let legacyCases: [BenchCase] = [
    verifyCase(3), verifyCase(2),
    BenchCase(name: "legacy_decode_v3", bytes: 0) { fixtures in
        let input = try vectorBytes(fixtures, "legacy-v3.b64", "legacy/valid-v3.b64")
        return {
            let receipt = try? LegacyTransactionReceipt(input)
            benchSink &+= UInt64(receipt?.purchaseInfo.entries.count ?? 0)
        }
    },
]
