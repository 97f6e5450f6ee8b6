// VerifyReceiptJSON.render with its defaults: the one-argument form compiles and renders the
// document of the endpoint matching the receipt's environment, without request_date fields.
// Uses the synthetic receipts of Vectors/receipts (test PKI), so it runs without the corpus.

import Foundation
import PureReceipt
import PureX509
import Testing

@Suite("verifyReceipt JSON: defaults of render(_:)")
struct VerifyReceiptJSONDefaultsTests {
    static func verified(_ name: String) throws -> VerifiedReceipt {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.anchors = TrustAnchors(certificates: [try VectorSuite.certificate("pki/root.der")])
        let bytes = try Data(contentsOf: VectorSuite.directory.appendingPathComponent(name))
        return try ReceiptValidator.validate(Array(bytes), policy: policy)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "render(verified) answers as the receipt's own endpoint",
        arguments: [
            ("valid-der-sha256.der", "Production"), ("valid-sandbox.der", "Sandbox"), ("valid-vpp.der", "Production"),
        ])
    func oneArgument(name: String, environment: String) throws {
        let document = VerifyReceiptJSON.render(try Self.verified(name))
        #expect(document.status == 0)
        let top = try Self.object(document.text)
        #expect(top["status"] as? Int == 0)
        #expect(top["environment"] as? String == environment)
        let receipt = try #require(top["receipt"] as? [String: Any])
        #expect(receipt["bundle_id"] as? String == "com.example.pureapp")
        #expect(receipt["receipt_creation_date_ms"] as? String != nil)
        for key in ["request_date", "request_date_ms", "request_date_pst"] {
            #expect(receipt[key] == nil, "no request date given: \(key) is left out")
        }
    }

    @Test("a request date given fills the three request_date fields")
    func requestDateGiven() throws {
        let request = Instant(millisecondsSince1970: 1_741_996_800_000)
        let document = VerifyReceiptJSON.render(try Self.verified("valid-der-sha256.der"), requestDate: request)
        let receipt = try #require(try Self.object(document.text)["receipt"] as? [String: Any])
        #expect(receipt["request_date_ms"] as? String == "1741996800000")
        #expect(receipt["request_date"] as? String == "2025-03-15 00:00:00 Etc/GMT")
        #expect(receipt["request_date_pst"] as? String == "2025-03-14 17:00:00 America/Los_Angeles")
    }

    @Test("the default endpoint never reports 21007 or 21008; an explicit one still does")
    func defaultEndpoint() throws {
        let sandbox = try Self.verified("valid-sandbox.der")
        #expect(VerifyReceiptJSON.render(sandbox).status == 0)
        #expect(VerifyReceiptJSON.render(sandbox, endpoint: .production).status == 21007)
        let production = try Self.verified("valid-der-sha256.der")
        #expect(VerifyReceiptJSON.render(production, endpoint: .sandbox).status == 21008)
    }
}
