// Runs the synthetic receipt suite in Vectors/receipts against ReceiptValidator, as
// Vectors/receipts/expectations.json states: verdict, error code (or a listed alternative), and the
// decoded values of every valid case.

import Foundation
import PureDER
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

struct VectorCase: Sendable, CustomTestStringConvertible {
    let id: String
    let json: [String: any Sendable]
    var testDescription: String { id }
}

enum VectorSuite {
    static let directory = PackageFiles.vector("receipts")

    nonisolated(unsafe) static let document: [String: Any] =
        PackageFiles.jsonObject(directory.appendingPathComponent("expectations.json")) ?? [:]

    static let cases: [VectorCase] = {
        let list = document["cases"] as? [[String: Any]] ?? []
        return list.map { entry in
            VectorCase(id: entry["id"] as? String ?? "?", json: entry.mapValues { SendableBox($0) })
        }
    }()

    static func certificate(_ relativePath: String) throws -> Certificate {
        try Certificate(derEncoded: PackageFiles.bytes(PackageFiles.vector(relativePath)))
    }

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex, let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) {
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}

/// JSON values wrapped so the case table is Sendable.
struct SendableBox: @unchecked Sendable {
    let value: Any
    init(_ value: Any) { self.value = value }
}

extension VectorCase {
    subscript(_ key: String) -> Any? { (json[key] as? SendableBox)?.value }
}

@Suite("Synthetic receipt vector suite (Vectors/receipts)")
struct VectorSuiteTests {
    @Test("the suite is present and non-trivial")
    func suiteLoads() {
        #expect(VectorSuite.cases.count >= 150)
    }

    // The policy cases of Vectors/receipts/expectations.json, by rule (ids in parentheses):
    // Apple receipt rule (bundle-binding): policy-wrong-bundle-id, policy-bundle-id-case, policy-wrong-version.
    // Apple receipt rule (device-hash): policy-wrong-device-id, policy-wrong-version-and-device.
    // Apple receipt rule (vpp-expiration): policy-vpp-expired, policy-vpp-not-expired.
    // Apple receipt rule (validity-at-creation-date): policy-at-2030, forged-created-after-leaf-expiry.
    // Apple receipt rule (xcode-opt-in): valid-xcode-signed, policy-xcode-without-opt-in,
    // forged-xcode-certificate-production-receipt.
    // Apple receipt rule (marker-oids): forged-leaf-without-marker, forged-intermediate-without-marker.
    // Apple receipt rule (one-signer): forged-two-signer-infos, forged-no-signer-infos.
    @Test("each case gives the expected verdict, error and values", arguments: VectorSuite.cases)
    func runCase(_ testCase: VectorCase) throws {
        let file = try #require(testCase["file"] as? String)
        let bytes = Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent(file)))
        let policy = try Self.policy(for: testCase)
        let verdict = try #require(testCase["verdict"] as? String)

        let result = Result { () throws(VerificationError) -> VerifiedReceipt in
            try ReceiptValidator.validate(bytes, policy: policy)
        }
        switch result {
        case .success(let verified):
            #expect(verdict == "valid", "accepted, but expected \(verdict) \(testCase["error"] ?? "")")
            if let expect = testCase["expect"] as? [String: Any] { checkValues(verified, expect) }
        case .failure(let error):
            let allowed =
                [testCase["error"] as? String].compactMap { $0 } + (testCase["errorAlternatives"] as? [String] ?? [])
            #expect(error.verdict.rawValue == verdict, "\(error)")
            #expect(allowed.contains(error.code), "got \(error.code) (\(error.message)), expected one of \(allowed)")
        }
    }

    /// The policy a case's `trust` and `policy` members describe (Vectors/README.md).
    static func policy(for testCase: VectorCase) throws -> ReceiptPolicy {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        let trust: [String] = (testCase["trust"] as? [String]) ?? [(testCase["trust"] as? String) ?? "apple"]
        let anchors = VectorSuite.document["anchors"] as? [String: String] ?? [:]
        if trust.contains("test-root"), let path = anchors["test-root"] {
            policy.anchors = TrustAnchors(certificates: [try VectorSuite.certificate(path)])
        }
        let policyJSON = testCase["policy"] as? [String: Any] ?? [:]
        if policyJSON["allowXcode"] as? Bool == true, let path = anchors["xcode"] {
            policy.xcodeCertificate = try VectorSuite.certificate(path)
        }
        policy.bundleIdentifier = policyJSON["bundleId"] as? String
        policy.bundleVersion = policyJSON["bundleVersion"] as? String
        if let device = policyJSON["deviceId"] as? String { policy.deviceIdentifier = VectorSuite.hex(device) }
        if let names = policyJSON["environments"] as? [String] {
            policy.environments = Set(names.map { ReceiptEnvironment(rawValue: $0) })
        }
        if let at = policyJSON["at"] as? String {
            let instant: Instant = try #require(Instant.parseRFC3339(at))
            policy.currentTime = instant  // `at`: the evaluation time for VPP expiration (Vectors/README.md)
        }
        return policy
    }

    func checkValues(_ verified: VerifiedReceipt, _ expect: [String: Any]) {
        let receipt = verified.receipt
        if let value = expect["bundleId"] as? String { #expect(receipt.bundleId == value) }
        if let value = expect["bundleVersion"] as? String { #expect(receipt.applicationVersion == value) }
        if let value = expect["environment"] as? String { #expect(receipt.environment?.rawValue == value) }
        if let value = expect["creationDateMs"] as? Int64 {
            #expect(receipt.receiptCreationDate.millisecondsSince1970 == value)
        }
        if let value = expect["inAppCount"] as? Int { #expect(receipt.inAppPurchases.count == value) }
        if let value = expect["digest"] as? String {
            #expect(verified.digestAlgorithm.name.lowercased().replacingOccurrences(of: "-", with: "") == value)
        }
        if let value = expect["sha1Hash"] as? String { #expect(Array(receipt.sha1Hash) == VectorSuite.hex(value)) }
        if let value = expect["opaqueValue"] as? String {
            #expect(Array(receipt.opaqueValue) == VectorSuite.hex(value))
        }
        if let list = expect["inApp"] as? [[String: Any]], list.count == receipt.inAppPurchases.count {
            for (purchase, entry) in zip(receipt.inAppPurchases, list) {
                if let value = entry["productId"] as? String { #expect(purchase.productId == value) }
                if let value = entry["transactionId"] as? String { #expect(purchase.transactionId == value) }
                if let value = entry["originalTransactionId"] as? String {
                    #expect(purchase.originalTransactionId == value)
                }
            }
        }
    }
}
