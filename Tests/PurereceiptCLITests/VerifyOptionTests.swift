// Each option of `purereceipt verify`, on the project's synthetic receipts (Vectors/receipts, see
// expectations.json): the option making the verdict pass, and making it fail with the right code.

import Foundation
import Testing

struct OptionCase: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    let status: Int32
    /// stdout (status 0) or stderr (otherwise) must contain each of these.
    let expect: [String]

    var testDescription: String { name }
}

@Suite("purereceipt verify options")
struct VerifyOptionTests {
    static let main = MainReceipt.path
    static let root = MainReceipt.root
    static let xcodeReceipt = CLI.vector("valid-xcode-signed.der")
    static let sandbox = CLI.vector("valid-sandbox.der")
    static let vpp = CLI.vector("valid-vpp.der")

    static let cases: [OptionCase] = [
        // Apple receipt rule (authenticate-first): an untrusted signer is refused before the payload
        // is read, so a forged receipt with a malformed record is not-authentic (1), not malformed (2).
        OptionCase(
            name:
                "Apple receipt rule (authenticate-first): the untrusted signer of a malformed receipt is refused first",
            arguments: [CLI.vector("malformed-date-inapp-expires-not-a-date.der")], status: 1,
            expect: ["chain.untrusted"]),
        OptionCase(
            name: "with the signer's root the same receipt is authenticated, then decoded: malformed",
            arguments: ["--root", "Vectors/pki/root.der", CLI.vector("malformed-date-inapp-expires-not-a-date.der")],
            status: 2, expect: ["payload.date"]),
        OptionCase(
            name: "--trust-first is gone (the order is always authenticate first): a usage error",
            arguments: ["--trust-first", main], status: 64, expect: ["unknown option --trust-first"]),
        // --root
        OptionCase(
            name: "--root DER", arguments: ["--root", "Vectors/pki/root.der", main], status: 0,
            expect: ["GENUINE", "(trust anchor)", "CN=PureReceipt Test Root CA"]),
        OptionCase(
            name: "--root PEM", arguments: ["--root", "Vectors/pki/root.pem", main], status: 0,
            expect: ["GENUINE"]),
        OptionCase(
            name: "--root=FILE inline form", arguments: ["--root=Vectors/pki/root.der", main], status: 0,
            expect: ["GENUINE"]),
        OptionCase(
            name: "--root twice, test root second",
            arguments: ["--root", "Vectors/pki/evil-root.der", "--root", "Vectors/pki/root.pem", main],
            status: 0, expect: ["GENUINE"]),
        OptionCase(
            name: "--root twice, test root first",
            arguments: ["--root", "Vectors/pki/root.der", "--root", "Vectors/pki/evil-root.der", main],
            status: 0, expect: ["GENUINE"]),
        OptionCase(
            name: "--root twice, neither is the signer's root",
            arguments: [
                "--root", "Vectors/pki/evil-root.der", "--root", "Vectors/pki/apple-lookalike-root.der",
                main,
            ], status: 1, expect: ["chain.untrusted"]),
        OptionCase(
            name: "--root replaces the built-in Apple root", arguments: ["--root", "Vectors/pki/xcode.der", main],
            status: 1, expect: ["chain.untrusted"]),
        // Apple receipt rule (chain-shape): an intermediate given as a --root leads on to the root.
        OptionCase(
            name: "Apple receipt rule (chain-shape): --root with the root and the WWDR intermediate verifies",
            arguments: ["--root", "Vectors/pki/intermediate.der", "--root", "Vectors/pki/root.der", main],
            status: 0, expect: ["3 certificates, signer to trust anchor"]),
        OptionCase(
            name: "Apple receipt rule (chain-shape): --root with only the WWDR intermediate → chain.tooShort",
            arguments: ["--root", "Vectors/pki/intermediate.der", main], status: 1,
            expect: ["NOT GENUINE: chain.tooShort", "the anchor is the intermediate"]),
        // --xcode-root
        OptionCase(
            name: "Xcode receipt without --xcode-root", arguments: root + [xcodeReceipt], status: 1,
            expect: ["NOT GENUINE: chain.xcodeNotAllowed"]),
        OptionCase(
            name: "Xcode receipt with --xcode-root DER",
            arguments: root + ["--xcode-root", "Vectors/pki/xcode.der", xcodeReceipt], status: 0,
            expect: ["XCODE TEST DATA (proves nothing)", "Xcode (accepted only through --xcode-root)"]),
        OptionCase(
            name: "Xcode receipt with --xcode-root PEM, no --root",
            arguments: ["--xcode-root", "Vectors/pki/xcode.pem", xcodeReceipt], status: 0,
            expect: ["XCODE TEST DATA (proves nothing)"]),
        OptionCase(
            name: "Xcode receipt with the wrong --xcode-root",
            arguments: root + ["--xcode-root", "Vectors/pki/evil-root.der", xcodeReceipt], status: 1,
            expect: ["NOT GENUINE"]),
        OptionCase(
            name: "--xcode-root does not disturb an Apple-chain receipt",
            arguments: root + ["--xcode-root", "Vectors/pki/xcode.der", main], status: 0,
            expect: ["GENUINE — signature, chain"]),
        OptionCase(
            name: "--xcode-root cannot sign a production receipt",
            arguments: root + [
                "--xcode-root", "Vectors/pki/xcode.der",
                CLI.vector("forged-xcode-certificate-production-receipt.der"),
            ],
            // The library reports this as policy.environment (the Xcode path accepts only the
            // Xcode environment); only the exit status is the contract here.
            status: 1, expect: ["purereceipt: "]),
        // Apple receipt rule (environment-list): the list applies to Xcode receipts too.
        OptionCase(
            name: "Apple receipt rule (environment-list): --xcode-root with --environment Production refuses Xcode",
            arguments: root + ["--xcode-root", "Vectors/pki/xcode.der", "--environment", "Production", xcodeReceipt],
            status: 1,
            expect: ["check failed: policy.environment", "the input names \"Xcode\", expected \"Production\""]),
        OptionCase(
            name: "Apple receipt rule (environment-list): --xcode-root with --environment naming Xcode accepts it",
            arguments: root + [
                "--xcode-root", "Vectors/pki/xcode.der", "--environment", "Production,Xcode", xcodeReceipt,
            ],
            status: 0, expect: ["XCODE TEST DATA (proves nothing)"]),
        // --at
        OptionCase(
            name: "--at after the leaf expired", arguments: root + ["--at", "2030-01-01T00:00:00Z", main],
            status: 1, expect: ["NOT GENUINE: chain.certificateExpired"]),
        OptionCase(
            name: "--at before the leaf was valid", arguments: root + ["--at", "2023-06-01T00:00:00Z", main],
            status: 1, expect: ["chain.certificateExpired"]),
        OptionCase(
            name: "--at inside the validity", arguments: root + ["--at", "2025-12-31T23:59:59Z", main],
            status: 0, expect: ["valid at 2025-12-31T23:59:59Z (--at)"]),
        OptionCase(
            name: "--at with an offset", arguments: root + ["--at", "2025-06-01T02:00:00+02:00", main],
            status: 0, expect: ["valid at 2025-06-01T00:00:00Z (--at)"]),
        OptionCase(
            name: "default: validity at the creation date", arguments: root + [main], status: 0,
            expect: ["valid at 2025-03-14T09:26:53Z (receipt creation date)"]),
        // --bundle-id, --bundle-version
        OptionCase(
            name: "--bundle-id matches", arguments: root + ["--bundle-id", "com.example.pureapp", main],
            status: 0, expect: ["bundle id", "ok  \"com.example.pureapp\""]),
        OptionCase(
            name: "--bundle-id differs", arguments: root + ["--bundle-id", "com.example.other", main],
            status: 1, expect: ["check failed: policy.bundleId", "com.example.other"]),
        OptionCase(
            name: "--bundle-id is case-sensitive", arguments: root + ["--bundle-id", "com.example.PureApp", main],
            status: 1, expect: ["policy.bundleId"]),
        OptionCase(
            name: "--bundle-version matches", arguments: root + ["--bundle-version", "42", main], status: 0,
            expect: ["ok  \"42\""]),
        OptionCase(
            name: "--bundle-version differs", arguments: root + ["--bundle-version", "42.0", main], status: 1,
            expect: ["check failed: policy.bundleVersion"]),
        OptionCase(
            name: "bundle id checked before version",
            arguments: root + ["--bundle-id", "x", "--bundle-version", "1", main], status: 1,
            expect: ["policy.bundleId"]),
        // --device-id
        OptionCase(
            name: "--device-id hex", arguments: root + ["--device-id", MainReceipt.deviceHex, main], status: 0,
            expect: ["device hash", "equals attribute 5"]),
        OptionCase(
            name: "--device-id upper-case hex",
            arguments: root + ["--device-id", MainReceipt.deviceHex.uppercased(), main], status: 0,
            expect: ["equals attribute 5"]),
        OptionCase(
            name: "--device-id UUID text", arguments: root + ["--device-id", MainReceipt.deviceUUID, main],
            status: 0, expect: ["equals attribute 5"]),
        OptionCase(
            name: "--device-id UUID text upper case",
            arguments: root + ["--device-id", MainReceipt.deviceUUID.uppercased(), main], status: 0,
            expect: ["equals attribute 5"]),
        OptionCase(
            name: "CLI rule (device-id syntax): --device-id colon-separated hex pairs",
            arguments: root + [
                "--device-id",
                stride(from: 0, to: 32, by: 2).map { start in
                    let digits = Array(MainReceipt.deviceHex)
                    return String(digits[start..<start + 2])
                }.joined(separator: ":"), main,
            ], status: 0, expect: ["device hash"]),
        OptionCase(
            name: "--device-id other device",
            arguments: root + ["--device-id", "0123456789abcdeffedcba9876543211", main], status: 1,
            expect: ["check failed: policy.deviceHash"]),
        OptionCase(
            name: "--device-id prefix of the right one",
            arguments: root + ["--device-id", "0123456789abcdeffedcba98765432", main], status: 1,
            expect: ["policy.deviceHash"]),
        OptionCase(
            name: "--device-id zero UUID",
            arguments: root + ["--device-id", "00000000-0000-0000-0000-000000000000", main], status: 1,
            expect: ["policy.deviceHash"]),
        // --environment
        OptionCase(
            name: "--environment Production", arguments: root + ["--environment", "Production", main],
            status: 0, expect: ["ok  Production is one of Production\n"]),
        OptionCase(
            name: "--environment list", arguments: root + ["--environment", "ProductionSandbox,Production", main],
            status: 0, expect: ["Production is one of Production, ProductionSandbox\n"]),
        OptionCase(
            name: "--environment excludes the receipt's",
            arguments: root + ["--environment", "ProductionSandbox", main], status: 1,
            expect: [
                "check failed: policy.environment", "the input names \"Production\", expected \"ProductionSandbox\"",
            ]),
        OptionCase(
            name: "sandbox receipt, default environments", arguments: root + [sandbox], status: 0,
            expect: ["ProductionSandbox is one of"]),
        OptionCase(
            name: "sandbox receipt, --environment Production",
            arguments: root + ["--environment", "Production", sandbox], status: 1,
            expect: ["policy.environment"]),
        // --endpoint (text mode: a mismatch is a failed check)
        OptionCase(
            name: "--endpoint production, production receipt",
            arguments: root + ["--endpoint", "production", main], status: 0, expect: ["endpoint", "production"]),
        OptionCase(
            name: "--endpoint sandbox, production receipt", arguments: root + ["--endpoint", "sandbox", main],
            status: 1, expect: ["environment.productionReceipt", "21008"]),
        OptionCase(
            name: "--endpoint production, sandbox receipt",
            arguments: root + ["--endpoint", "production", sandbox], status: 1,
            expect: ["environment.sandboxReceipt", "21007"]),
        OptionCase(
            name: "--endpoint sandbox, sandbox receipt", arguments: root + ["--endpoint", "sandbox", sandbox],
            status: 0, expect: ["GENUINE"]),
        // --now (VPP expiration, attribute 21 = 2025-06-01T00:00:00Z)
        OptionCase(
            name: "--now before the VPP expiration", arguments: root + ["--now", "2025-04-01T00:00:00Z", vpp],
            status: 0, expect: ["expiration", "2025-06-01T00:00:00Z is after 2025-04-01T00:00:00Z"]),
        OptionCase(
            name: "--now after the VPP expiration", arguments: root + ["--now", "2025-07-01T00:00:00Z", vpp],
            status: 1, expect: ["check failed: policy.receiptExpired"]),
        OptionCase(
            name: "VPP receipt against the clock (expired)", arguments: root + [vpp], status: 1,
            expect: ["policy.receiptExpired"]),
        // Everything at once, as in expectations.json case valid-der-sha256.
        OptionCase(
            name: "all checks requested",
            arguments: root + [
                "--bundle-id", MainReceipt.bundleID, "--bundle-version", MainReceipt.bundleVersion,
                "--device-id", MainReceipt.deviceUUID, "--environment", "Production",
                "--endpoint", "production", "--at", "2025-03-14T09:26:53Z", main,
            ],
            status: 0, expect: ["GENUINE", "ok  \"com.example.pureapp\"", "ok  \"42\"", "equals attribute 5"]),
        OptionCase(name: "-- ends the options", arguments: root + ["--", main], status: 0, expect: ["GENUINE"]),
    ]

    @Test("verify option", arguments: cases)
    func option(_ entry: OptionCase) async throws {
        let result = try await CLI.run(["verify"] + entry.arguments)
        #expect(result.status == entry.status, "\(result)")
        let text = entry.status == 0 ? result.stdout : result.stderr
        for expected in entry.expect {
            #expect(text.contains(expected), "missing \(expected): \(result)")
        }
        if entry.status == 0 {
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(result.stdout.contains("\nVerdict "), "\(result)")
        } else {
            #expect(result.stdout.isEmpty, "\(result)")
        }
    }

    @Test("--xcode-root with a PEM file of two certificates is a file that cannot be used (exit 2)")
    func xcodeRootTwoCertificates() async throws {
        let pem = try CLI.bytes("Vectors/pki/xcode.pem") + CLI.bytes("Vectors/pki/root.pem")
        let url = try CLI.temporaryFile(pem, suffix: ".pem")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try await CLI.run(["verify", "--xcode-root", url.path, VerifyOptionTests.xcodeReceipt])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("input.notOneCertificate"), "\(result)")
        #expect(result.stderr.contains("expected exactly one certificate, found 2"), "\(result)")
    }

    @Test("checks not asked for are reported as not requested")
    func notRequested() async throws {
        let result = try await CLI.run(["verify"] + VerifyOptionTests.root + [VerifyOptionTests.main])
        #expect(result.status == 0)
        for option in ["--bundle-id", "--bundle-version", "--device-id"] {
            #expect(result.stdout.contains("not requested (\(option))"), "\(result)")
        }
    }
}
