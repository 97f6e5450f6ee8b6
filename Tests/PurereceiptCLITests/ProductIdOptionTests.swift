// verify --product-id: the legacy receipt's signed product-id (LegacyReceiptPolicy.productIdentifier),
// compared as bytes; an input of another format does not fit the option (exit 2).

import Foundation
import Testing

@Suite("purereceipt verify --product-id")
struct ProductIdOptionTests {
    static let legacy = "Vectors/legacy/valid-v3.b64"

    static let cases: [OptionCase] = [
        OptionCase(
            name: "legacy: the receipt's product-id",
            arguments: LegacyCLITests.trust + ["--product-id", "com.example.pureapp.monthly", legacy], status: 0,
            expect: ["product id", "ok  \"com.example.pureapp.monthly\"", "GENUINE"]),
        OptionCase(
            name: "legacy: another product-id",
            arguments: LegacyCLITests.trust + ["--product-id", "com.example.pureapp.yearly", legacy], status: 1,
            expect: ["check failed: policy.productId", "com.example.pureapp.yearly"]),
        OptionCase(
            name: "legacy: compared exactly (case)",
            arguments: LegacyCLITests.trust + ["--product-id", "com.example.pureapp.Monthly", legacy], status: 1,
            expect: ["policy.productId"]),
        OptionCase(
            name: "legacy: the policy vector that requires another product-id",
            arguments: LegacyCLITests.trust + [
                "--product-id", "com.example.pureapp.yearly", "Vectors/legacy/policy-product-id.b64",
            ], status: 1, expect: ["policy.productId"]),
        OptionCase(
            name: "legacy: not requested",
            arguments: LegacyCLITests.trust + [legacy], status: 0, expect: ["not requested (--product-id)"]),
        OptionCase(
            name: "app receipt: not applicable",
            arguments: MainReceipt.root + ["--product-id", "com.example.pureapp.pro", MainReceipt.path], status: 2,
            expect: ["input.optionNotApplicable: --product-id applies to legacy transaction receipts only"]),
        OptionCase(
            name: "JWS: not applicable",
            arguments: ["--root", "Vectors/jws/root.der", "--product-id", "x", "Vectors/jws/transaction-valid.jws"],
            status: 2, expect: ["input.optionNotApplicable: --product-id"]),
    ]

    @Test("testProductIdChecksLegacyReceiptsOnly", arguments: cases)
    func testProductIdChecksLegacyReceiptsOnly(_ entry: OptionCase) async throws {
        let result = try await CLI.run(["verify"] + entry.arguments)
        #expect(result.status == entry.status, "\(result)")
        let text = entry.status == 0 ? result.stdout : result.stderr
        for expected in entry.expect { #expect(text.contains(expected), "missing \(expected): \(result)") }
        if entry.status == 2 {
            let json = try await CLI.run(["verify", "--json"] + entry.arguments)
            #expect(try json.jsonObject()["reason"] as? String == "input.optionNotApplicable", "\(json)")
        }
    }

    @Test("testProductIdWithoutAValueIsAUsageError")
    func testProductIdWithoutAValueIsAUsageError() async throws {
        let result = try await CLI.run(["verify", "--product-id"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("option --product-id needs a value"), "\(result)")
    }
}
