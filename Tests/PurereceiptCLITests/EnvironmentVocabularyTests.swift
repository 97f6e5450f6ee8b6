// One `--environment` vocabulary for every format (Sources/purereceipt/EnvironmentOption.swift):
// names in any letter case, Sandbox and ProductionSandbox two spellings of the sandbox; each
// name is compared exactly with the data in the format's own spelling, and the messages use it.

import Foundation
import Testing

@Suite("purereceipt verify --environment: one vocabulary")
struct EnvironmentVocabularyTests {
    static let jwsRoot = ["--root", "Vectors/jws/root.der", "--bundle-id", "com.example.vectors"]
    /// A Sandbox transaction.
    static let jws = "Vectors/jws/transaction-valid.jws"
    static let sandboxReceipt = CLI.vector("valid-sandbox.der")
    /// valid-v2 is Sandbox, valid-v3 Production (no environment key).
    static let legacyV2 = "Vectors/legacy/valid-v2.b64"
    static let legacyV3 = "Vectors/legacy/valid-v3.b64"

    static let cases: [OptionCase] = [
        // App receipts: attribute 0 spells the sandbox ProductionSandbox.
        OptionCase(
            name: "receipt: sandbox (lower case) accepts a ProductionSandbox receipt",
            arguments: MainReceipt.root + ["--environment", "sandbox", sandboxReceipt], status: 0,
            expect: ["ok  ProductionSandbox is one of ProductionSandbox\n"]),
        OptionCase(
            name: "receipt: PRODUCTIONSANDBOX accepts a ProductionSandbox receipt",
            arguments: MainReceipt.root + ["--environment", "PRODUCTIONSANDBOX", sandboxReceipt], status: 0,
            expect: ["ok  ProductionSandbox is one of ProductionSandbox\n"]),
        OptionCase(
            name: "receipt: Sandbox refuses a Production receipt, in the receipt's spelling",
            arguments: MainReceipt.root + ["--environment", "Sandbox", MainReceipt.path], status: 1,
            expect: [
                "check failed: policy.environment", "the input names \"Production\", expected \"ProductionSandbox\"",
            ]),
        OptionCase(
            name: "receipt: production accepts a Production receipt",
            arguments: MainReceipt.root + ["--environment", "production", MainReceipt.path], status: 0,
            expect: ["ok  Production is one of Production\n"]),
        OptionCase(
            name: "receipt: LocalTesting cannot be an app receipt's",
            arguments: MainReceipt.root + ["--environment", "LocalTesting", MainReceipt.path], status: 2,
            expect: ["input.optionNotApplicable: --environment"]),
        // StoreKit 2: the sandbox is Sandbox.
        OptionCase(
            name: "JWS: ProductionSandbox accepts Sandbox data",
            arguments: jwsRoot + ["--environment", "ProductionSandbox", jws], status: 0,
            expect: ["environment         ok  Sandbox\n"]),
        OptionCase(
            name: "JWS: sandbox accepts Sandbox data", arguments: jwsRoot + ["--environment", "sandbox", jws],
            status: 0, expect: ["environment         ok  Sandbox\n"]),
        OptionCase(
            name: "JWS: Production refuses Sandbox data, in StoreKit's spelling",
            arguments: jwsRoot + ["--environment", "Production", jws], status: 1,
            expect: ["check failed: signedData.environment", "Sandbox", "(--environment: Production)"]),
        OptionCase(
            name: "JWS: a list naming the data's environment accepts it",
            arguments: jwsRoot + ["--environment", "Production,ProductionSandbox", jws], status: 0,
            expect: ["ok  Sandbox"]),
        OptionCase(
            name: "JWS: ProductionVPP cannot be StoreKit data's",
            arguments: jwsRoot + ["--environment", "ProductionVPP", jws], status: 2,
            expect: ["input.optionNotApplicable: --environment"]),
        // Legacy receipts: the outer key spells the sandbox Sandbox.
        OptionCase(
            name: "legacy: SANDBOX accepts a Sandbox receipt",
            arguments: LegacyCLITests.trust + ["--environment", "SANDBOX", legacyV2], status: 0,
            expect: ["ok  Sandbox is one of Sandbox"]),
        OptionCase(
            name: "legacy: ProductionSandbox refuses a Production receipt",
            arguments: LegacyCLITests.trust + ["--environment", "ProductionSandbox", legacyV3], status: 1,
            expect: ["policy.environment", "Sandbox"]),
        OptionCase(
            name: "legacy: Xcode cannot be a legacy receipt's",
            arguments: LegacyCLITests.trust + ["--environment", "Xcode", legacyV3], status: 2,
            expect: ["input.optionNotApplicable: --environment"]),
    ]

    @Test("testEnvironmentNamesMeanEachFormatsOwnSpelling", arguments: cases)
    func testEnvironmentNamesMeanEachFormatsOwnSpelling(_ entry: OptionCase) async throws {
        let result = try await CLI.run(["verify"] + entry.arguments)
        #expect(result.status == entry.status, "\(result)")
        let text = entry.status == 0 ? result.stdout : result.stderr
        for expected in entry.expect {
            #expect(text.contains(expected), "missing \(expected): \(result)")
        }
    }

    @Test(
        "testUnknownEnvironmentNameIsAUsageError",
        arguments: ["Nowhere", "Production,", "PRODUCTİON", "Sand box", "ProductionSandboxes"])
    func testUnknownEnvironmentNameIsAUsageError(_ name: String) async throws {
        for input in [MainReceipt.path, Self.jws, Self.legacyV2] {
            let result = try await CLI.run(["verify", "--environment", name, input])
            #expect(result.status == 64, "\(input): \(result)")
            #expect(result.stderr.contains("--environment: expected a comma-separated list of"), "\(result)")
        }
    }
}
