// verify --quiet: nothing on stdout, whatever the format and the verdict; the exit status is the
// answer, and a failure still writes its one line on stderr.

import Foundation
import Testing

@Suite("purereceipt verify --quiet")
struct QuietOptionTests {
    static let cases: [OptionCase] = [
        OptionCase(
            name: "genuine app receipt", arguments: MainReceipt.root + [MainReceipt.path], status: 0, expect: []),
        OptionCase(
            name: "Xcode receipt through --xcode-root",
            arguments: ["--xcode-root", "Vectors/pki/xcode.der", CLI.vector("valid-xcode-signed.der")], status: 0,
            expect: []),
        OptionCase(
            name: "forged app receipt", arguments: MainReceipt.root + [CLI.vector("forged-flipped-payload-byte.der")],
            status: 1, expect: ["NOT GENUINE: "]),
        OptionCase(
            name: "failed check", arguments: MainReceipt.root + ["--bundle-id", "x", MainReceipt.path], status: 1,
            expect: ["check failed: policy.bundleId"]),
        OptionCase(
            name: "wrong endpoint", arguments: MainReceipt.root + ["--endpoint", "sandbox", MainReceipt.path],
            status: 1, expect: ["environment.productionReceipt"]),
        OptionCase(
            name: "not a receipt", arguments: ["Vectors/pki/root.der"], status: 2, expect: ["input.certificate"]),
        OptionCase(
            name: "genuine JWS",
            arguments: ["--root", "Vectors/jws/root.der", "Vectors/jws/transaction-valid.jws"], status: 0, expect: []),
        OptionCase(
            name: "JWS, failed check",
            arguments: ["--root", "Vectors/jws/root.der", "--bundle-id", "x", "Vectors/jws/transaction-valid.jws"],
            status: 1, expect: ["signedData.bundleId"]),
        OptionCase(
            name: "genuine legacy receipt", arguments: LegacyCLITests.trust + ["Vectors/legacy/valid-v3.b64"],
            status: 0,
            expect: []),
        OptionCase(
            name: "legacy receipt, failed check",
            arguments: LegacyCLITests.trust + ["--bundle-id", "x", "Vectors/legacy/valid-v3.b64"], status: 1,
            expect: ["policy.bundleId"]),
    ]

    @Test("testQuietPrintsNothingOnStdout", arguments: cases)
    func testQuietPrintsNothingOnStdout(_ entry: OptionCase) async throws {
        let result = try await CLI.run(["verify", "--quiet"] + entry.arguments)
        #expect(result.status == entry.status, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        if entry.status == 0 {
            #expect(result.stderr.isEmpty, "\(result)")
        } else {
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
            for expected in entry.expect { #expect(result.stderr.contains(expected), "\(result)") }
        }
    }

    @Test("testQuietWithJSONIsAUsageError")
    func testQuietWithJSONIsAUsageError() async throws {
        let text = try await CLI.run(["verify", "--quiet", "--json", MainReceipt.path])
        #expect(text.status == 64, "\(text)")
        #expect(text.stderr.contains("--quiet and --json exclude each other"), "\(text)")
    }
}
