// `verify --json`: stdout is always one JSON document (parsed here with JSONSerialization), on
// success with the verifyReceipt field typing (string scalars in in_app, `_ms` strings, `_pst` in
// America/Los_Angeles), and on every failure with status and reason; `inspect --json` says unverified.

import Foundation
import Testing

struct JSONFailureCase: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    let exit: Int32
    let status: Int
    let reason: String

    var testDescription: String { name }
}

@Suite("purereceipt --json output")
struct JSONOutputTests {
    static let main = MainReceipt.path
    static let root = MainReceipt.root

    @Test("success: status 0, receipt fields, in_app typing and date triples")
    func success() async throws {
        let result = try await CLI.run(["verify", "--json", "--now", "2025-03-15T00:00:00Z"] + Self.root + [Self.main])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        let document = try result.jsonObject()
        #expect(document["status"] as? Int == 0)
        #expect(document["environment"] as? String == "Production")
        let receipt = try #require(document["receipt"] as? [String: Any])
        #expect(receipt["bundle_id"] as? String == "com.example.pureapp")
        #expect(receipt["application_version"] as? String == "42")
        #expect(receipt["original_application_version"] as? String == "40")
        #expect(receipt["receipt_type"] as? String == "Production")
        #expect(receipt["receipt_creation_date"] as? String == "2025-03-14 09:26:53 Etc/GMT")
        #expect(receipt["receipt_creation_date_ms"] as? String == "1741944413000")
        #expect(receipt["receipt_creation_date_pst"] as? String == "2025-03-14 02:26:53 America/Los_Angeles")
        #expect(receipt["request_date_ms"] as? String == "1741996800000", "--now fills request_date")
        // app_item_id and download_id are JSON numbers (exact, may exceed 2^53).
        #expect((receipt["app_item_id"] as? NSNumber)?.int64Value == 1_234_567_890)
        #expect(result.stdout.contains("\"download_id\": 500935934584949237"))

        let inApp = try #require(receipt["in_app"] as? [[String: Any]])
        #expect(inApp.count == MainReceipt.inAppCount)
        var sawCancellation = false
        var sawExpiry = false
        for purchase in inApp {
            for (key, value) in purchase {
                #expect(value is String, "in_app.\(key) is not a string: \(value)")
                guard let text = value as? String else { continue }
                if key.hasSuffix("_ms") {
                    #expect(
                        !text.isEmpty && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber),
                        "\(key) = \(text)")
                }
                if key.hasSuffix("_pst") { #expect(text.hasSuffix(" America/Los_Angeles"), "\(key) = \(text)") }
                if key.hasSuffix("_date") { #expect(text.hasSuffix(" Etc/GMT"), "\(key) = \(text)") }
            }
            for required in [
                "product_id", "transaction_id", "purchase_date", "purchase_date_ms", "purchase_date_pst",
                "quantity",
            ] {
                #expect(purchase[required] != nil, "in_app entry lacks \(required)")
            }
            sawCancellation = sawCancellation || purchase["cancellation_date_ms"] != nil
            sawExpiry = sawExpiry || purchase["expires_date_ms"] != nil
        }
        #expect(sawCancellation, "the cancelled themepack purchase has cancellation_date")
        #expect(sawExpiry, "the subscription purchases have expires_date")
        let pro = try #require(inApp.first { $0["product_id"] as? String == "com.example.pureapp.pro" })
        #expect(pro["transaction_id"] as? String == "1000000900000001")
        #expect(pro["purchase_date_ms"] as? String == "1730571000000")
        #expect(pro["purchase_date_pst"] as? String == "2024-11-02 11:10:00 America/Los_Angeles")
    }

    static let failures: [JSONFailureCase] = [
        JSONFailureCase(
            name: "malformed: empty", arguments: [CLI.vector("malformed-empty.der")], exit: 2,
            status: 21002, reason: "input.empty"),
        JSONFailureCase(
            name: "malformed: truncated", arguments: root + [CLI.vector("malformed-truncated-half.der")],
            exit: 2, status: 21002, reason: ""),
        JSONFailureCase(
            name: "not genuine: no trusted root", arguments: [main], exit: 1, status: 21003,
            reason: "chain.untrusted"),
        JSONFailureCase(
            name: "not genuine: signature", arguments: root + [CLI.vector("forged-flipped-payload-byte.der")],
            exit: 1, status: 21003, reason: "signature.invalid"),
        JSONFailureCase(
            name: "not genuine: --at outside validity", arguments: root + ["--at", "2030-01-01T00:00:00Z", main],
            exit: 1, status: 21003, reason: "chain.certificateExpired"),
        JSONFailureCase(
            name: "check failed: bundle id", arguments: root + ["--bundle-id", "x", main], exit: 1,
            status: 21003, reason: "policy.bundleId"),
        JSONFailureCase(
            name: "check failed: device", arguments: root + ["--device-id", "00", main], exit: 1,
            status: 21003, reason: "policy.deviceHash"),
        JSONFailureCase(
            name: "VPP expired", arguments: root + ["--now", "2025-07-01T00:00:00Z", CLI.vector("valid-vpp.der")],
            exit: 1, status: 21010, reason: "policy.receiptExpired"),
        JSONFailureCase(
            name: "sandbox receipt at the production endpoint",
            arguments: root + ["--endpoint", "production", CLI.vector("valid-sandbox.der")], exit: 1,
            status: 21007, reason: "environment.sandboxReceipt"),
        JSONFailureCase(
            name: "production receipt at the sandbox endpoint",
            arguments: root + ["--endpoint", "sandbox", main], exit: 1, status: 21008,
            reason: "environment.productionReceipt"),
        JSONFailureCase(
            name: "missing file", arguments: ["no-such-file.der"], exit: 2, status: 21002,
            reason: "input.unreadable"),
        JSONFailureCase(
            name: "--root not a certificate", arguments: ["--root", main, main], exit: 2, status: 21002,
            reason: "input.notACertificate"),
        JSONFailureCase(name: "usage error", arguments: ["--bogus", main], exit: 64, status: 21000, reason: "usage"),
        JSONFailureCase(
            name: "usage error: bad --at", arguments: ["--at", "soon", main], exit: 64, status: 21000,
            reason: "usage"),
    ]

    @Test("failure: always a JSON document with status, reason, verdict and code", arguments: failures)
    func failure(_ entry: JSONFailureCase) async throws {
        let result = try await CLI.run(["verify", "--json"] + entry.arguments)
        #expect(result.status == entry.exit, "\(result)")
        let document = try result.jsonObject()
        #expect(document["status"] as? Int == entry.status, "\(result)")
        let reason = try #require(document["reason"] as? String, "\(result)")
        #expect(!reason.isEmpty)
        if !entry.reason.isEmpty { #expect(reason == entry.reason, "\(result)") }
        // stderr names the failed check's code too.
        #expect(result.stderr.contains(reason), "\(result)")
        // One vocabulary: `code` beside verifyReceipt's `reason`, and the verdict in the library's words.
        #expect(document["code"] as? String == reason, "\(result)")
        let verdicts = [1: ["not-authentic", "policy-failed"], 2: ["malformed"], 64: ["usage"]][Int(entry.exit)] ?? []
        #expect(verdicts.contains(document["verdict"] as? String ?? ""), "\(result)")
        if entry.status == 21007 || entry.status == 21008 { #expect(document["verdict"] as? String == "policy-failed") }
        if entry.status != 21007, entry.status != 21008 {
            #expect(document["receipt"] == nil, "no receipt in a failure document")
            #expect(!((document["message"] as? String) ?? "").isEmpty)
        }
    }

    @Test(
        "--json with --endpoint matching the receipt gives status 0",
        arguments: [
            ("production", MainReceipt.path, "Production"),
            ("sandbox", CLI.vector("valid-sandbox.der"), "Sandbox"),
        ])
    func endpointMatch(_ endpoint: String, _ path: String, _ environment: String) async throws {
        let result = try await CLI.run(["verify", "--json", "--endpoint", endpoint] + Self.root + [path])
        #expect(result.status == 0, "\(result)")
        let document = try result.jsonObject()
        #expect(document["status"] as? Int == 0)
        #expect(document["environment"] as? String == environment)
    }

    @Test("inspect --json says unverified and lists raw attributes")
    func inspectJSON() async throws {
        let result = try await CLI.run(["inspect", "--json", Self.main])
        #expect(result.status == 0, "\(result)")
        let document = try result.jsonObject()
        #expect(document["verified"] as? Bool == false)
        #expect((document["warning"] as? String)?.lowercased().contains("unverified") == true)
        let attributes = try #require(document["attributes"] as? [[String: Any]])
        let bundle = try #require(attributes.first { $0["type"] as? Int == 2 })
        #expect(bundle["name"] as? String == "bundle id")
        #expect(bundle["value"] as? String == "\"com.example.pureapp\"")
        let inApp = try #require(document["in_app"] as? [[[String: Any]]])
        #expect(inApp.count == MainReceipt.inAppCount)
        #expect((document["certificates"] as? [Any])?.count == 3)
        #expect((document["signers"] as? [Any])?.count == 1)
    }

    @Test("inspect --json on a malformed receipt still prints JSON, exit 2")
    func inspectJSONMalformed() async throws {
        let result = try await CLI.run(["inspect", "--json", CLI.vector("malformed-truncated-half.der")])
        #expect(result.status == 2, "\(result)")
        let document = try result.jsonObject()
        #expect(document["status"] as? Int == 21002)
    }
}
