// Runs the synthetic legacy receipt suite in Vectors/legacy against LegacyReceiptValidator, as
// Vectors/legacy/expectations.json states: verdict, error code and, for valid cases, decoded values.

import Foundation
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

enum LegacyVectors {
    static let directory = PackageFiles.vector("legacy")

    nonisolated(unsafe) static let document: [String: Any] =
        PackageFiles.jsonObject(directory.appendingPathComponent("expectations.json")) ?? [:]

    static let cases: [VectorCase] = (document["cases"] as? [[String: Any]] ?? []).map { entry in
        VectorCase(id: entry["id"] as? String ?? "?", json: entry.mapValues { SendableBox($0) })
    }

    static func policy(_ vector: VectorCase) throws -> LegacyReceiptPolicy {
        let anchors = document["anchors"] as? [String: String] ?? [:]
        let intermediates = document["intermediates"] as? [String: String] ?? [:]
        let root = try VectorSuite.certificate(try #require(anchors["test-root"]))
        var policy = LegacyReceiptPolicy(bundleIdentifier: .anyApp, anchors: TrustAnchors(certificates: [root]))
        policy.intermediates = try (vector["intermediates"] as? [String] ?? []).map { name in
            try VectorSuite.certificate(try #require(intermediates[name]))
        }
        let fields = vector["policy"] as? [String: Any] ?? [:]
        policy.bundleIdentifier = fields["bundleId"] as? String
        policy.productIdentifier = fields["productId"] as? String
        policy.environments = fields["environments"] as? [String]
        if let at = fields["at"] as? String { policy.validityInstant = Instant.parseRFC3339(at) }
        return policy
    }
}

@Suite("Synthetic legacy receipt vectors (Vectors/legacy)")
struct LegacyVectorTests {
    @Test("the suite holds every case family") func coverage() {
        let ids = LegacyVectors.cases.map(\.id)
        #expect(ids.count >= 30)
        for prefix in ["valid-v1", "valid-v2", "valid-v3", "forged-", "malformed-", "policy-"] {
            #expect(ids.contains { $0.hasPrefix(prefix) }, "\(prefix)")
        }
    }

    // Each rule below has a valid case and a forged or malformed case in the suite:
    // Apple legacy rule (signature-length): forged-version-byte-*, forged-v3-rsa1024-leaf
    // Apple legacy rule (v1-trailer): valid-v1, malformed-v1-without-trailer, malformed-v1-nonzero-trailer
    // Apple legacy rule (certificate-length): malformed-truncated-certificate, malformed-trailing-bytes
    // Apple legacy rule (signed-bytes): forged-no-version-in-signed-bytes, forged-purchase-info-changed
    // Apple legacy rule (leaf-marker): forged-v2-leaf-without-marker
    // Apple legacy rule (pinned-intermediate): forged-leaf-other-issuer, forged-untrusted-intermediate
    // Apple legacy rule (rsa-1024-v1-v2): valid-v1 and valid-v2 (RSA-1024 leaves) verify
    // Apple legacy rule (unique-keys): malformed-duplicate-key-outer, malformed-duplicate-key-purchase-info
    // Apple legacy rule (validity-at-purchase): forged-v2-leaf-expired, policy-validity-now
    // Apple legacy rule (date-etc-gmt): valid-v1 has only the Etc/GMT purchase-date
    // RFC 8017 §8.2.2: forged-signed-by-other-key
    @Test("each vector meets its expectation", arguments: LegacyVectors.cases)
    func vector(_ vector: VectorCase) throws {
        let file = try #require(vector["file"] as? String)
        let input = Array(try Data(contentsOf: LegacyVectors.directory.appendingPathComponent(file)))
        let policy = try LegacyVectors.policy(vector)
        let verdict = try #require(vector["verdict"] as? String)
        guard verdict == "valid" else {
            let error = #expect(throws: VerificationError.self) {
                try LegacyReceiptValidator.validate(input, policy: policy)
            }
            #expect(error?.verdict.rawValue == verdict)
            #expect(error?.code == vector["error"] as? String)
            if error?.code == "chain.leafMarkerMissing" {
                // The message names the marker of the receipt's version: 6.5.1 for versions 1–2.
                let marker = file.contains("-v3-") ? "1.2.840.113635.100.6.11.1 " : "1.2.840.113635.100.6.5.1 "
                #expect(error?.message.contains("extension " + marker) == true, "\(String(describing: error))")
            }
            return
        }
        let verified = try LegacyReceiptValidator.validate(input, policy: policy)
        let expect = try #require(vector["expect"] as? [String: Any])
        let receipt = verified.receipt
        let info = receipt.purchaseInfo
        #expect(Int(receipt.signatureBlob.version) == expect["version"] as? Int)
        #expect(info.entries.count == expect["keys"] as? Int)
        #expect(receipt.environmentName == expect["environment"] as? String)
        #expect(info.purchaseDate?.millisecondsSince1970 == (expect["purchaseDateMs"] as? NSNumber)?.int64Value)
        #expect(info.expiresDate?.millisecondsSince1970 == (expect["expiresDateMs"] as? NSNumber)?.int64Value)
        #expect(info.transactionId == expect["transactionId"] as? String)
        #expect(info.productId == expect["productId"] as? String)
        #expect(info.bundleId == expect["bundleId"] as? String)
        #expect(verified.chain.count == 3)
        #expect(verified.hasWeakKey == (receipt.signatureBlob.version < 3))
    }
}
