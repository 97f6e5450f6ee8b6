// purereceipt on legacy transaction receipts (Vectors/legacy): the format is detected from the
// input (base64 or plist text) by verify, inspect and dump, with the app receipts' exit statuses.

import Foundation
import Testing

@Suite("purereceipt on legacy transaction receipts")
struct LegacyCLITests {
    static let trust = [
        "--root", "Vectors/pki/root.der", "--root", "Vectors/legacy/itunes-ca.der", "--root",
        "Vectors/pki/intermediate.der",
    ]

    @Test(
        "verify: exit status per verdict",
        arguments: [
            ("valid-v1.b64", Int32(0), "GENUINE"), ("valid-v2.b64", 0, "RSA-1024 leaf"), ("valid-v3.b64", 0, "GENUINE"),
            ("valid-v3-plist-text.txt", 0, "signature version 3"),
            ("forged-signed-by-other-key.b64", 1, "signature.invalid"),
            ("forged-leaf-other-issuer.b64", 1, "chain.untrusted"),
            ("malformed-v1-without-trailer.b64", 2, "legacy.versionOneTrailer"),
            ("malformed-duplicate-key-outer.b64", 2, "legacy.duplicateKey"),
        ])
    func verify(file: String, status: Int32, text: String) async throws {
        let result = try await CLI.run(["verify"] + Self.trust + ["Vectors/legacy/\(file)"])
        #expect(result.status == status, "\(result)")
        #expect((result.stdout + result.stderr).contains(text), "\(result)")
    }

    @Test("verify: the built-in Apple trust refuses the test PKI; --bundle-id and --environment apply")
    func policy() async throws {
        let apple = try await CLI.run(["verify", "Vectors/legacy/valid-v3.b64"])
        #expect(apple.status == 1, "\(apple)")
        let wrongBundle = try await CLI.run(
            ["verify"] + Self.trust + ["--bundle-id", "x", "Vectors/legacy/valid-v3.b64"])
        #expect(wrongBundle.status == 1)
        #expect(wrongBundle.stderr.contains("policy.bundleId"))
        let sandbox = try await CLI.run(
            ["verify"] + Self.trust + ["--environment", "ProductionSandbox", "Vectors/legacy/valid-v2.b64"])
        #expect(sandbox.status == 0, "\(sandbox)")
        let production = try await CLI.run(
            ["verify"] + Self.trust + ["--environment", "Production", "Vectors/legacy/valid-v2.b64"])
        #expect(production.stderr.contains("policy.environment"), "\(production)")
        // An app-receipt option on a legacy receipt: the input does not fit (2), not a usage error.
        let notApplicable = try await CLI.run(["verify", "--device-id", "00", "Vectors/legacy/valid-v2.b64"])
        #expect(notApplicable.status == 2, "\(notApplicable)")
        #expect(notApplicable.stderr.contains("input.optionNotApplicable"), "\(notApplicable)")
    }

    // Apple legacy rule (json-keys): purchase-info keys with `-` turned into `_`.
    @Test("verify --json: status 0 and the purchase-info keys with _, or the failure document")
    func json() async throws {
        let good = try await CLI.run(["verify", "--json"] + Self.trust + ["Vectors/legacy/valid-v3.b64"])
        let document = try good.jsonObject()
        #expect(document["status"] as? Int == 0)
        let receipt = try #require(document["receipt"] as? [String: Any])
        #expect(receipt["product_id"] as? String == "com.example.pureapp.monthly")
        #expect(receipt["purchase_date_ms"] as? String == "1741944413000")
        let bad = try await CLI.run(["verify", "--json"] + Self.trust + ["Vectors/legacy/malformed-comment.b64"])
        #expect(try bad.jsonObject()["status"] as? Int == 21002)
        #expect(bad.status == 2)
    }

    @Test("inspect and dump read the format without verifying")
    func inspectDump() async throws {
        let inspect = try await CLI.run(["inspect", "Vectors/legacy/forged-signed-by-other-key.b64"])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("UNVERIFIED"))
        let inspectJSON = try await CLI.run(["inspect", "--json", "Vectors/legacy/valid-v1.b64"])
        #expect(try inspectJSON.jsonObject()["version"] as? Int == 1)
        let dump = try await CLI.run(["dump", "Vectors/legacy/valid-v1.b64"])
        #expect(dump.status == 0)
        #expect(dump.stdout.contains("00 00 00 00"))
        let malformed = try await CLI.run(["dump", "Vectors/legacy/malformed-trailing-bytes.b64"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("legacy.trailingBytes"))
    }
}
