// Data accepted through --xcode-root is told apart from data Apple signed: its own verdict in the
// text report (never GENUINE) and "signer" in every --json success document, for app receipts,
// StoreKit 2 signed data and legacy receipts. The exit status stays 0: every check held.

import Foundation
import PureReceiptTestSupport
import Testing

@Suite("purereceipt verify: Xcode test data is told apart")
struct XcodeSignerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        /// The expected "signer".
        let signer: String
        var testDescription: String { name }
    }

    static let xcodeReceipt = CLI.vector("valid-xcode-signed.der")
    static let jwsXcode = ["--xcode-root", "Vectors/jws/xcode.der", "Vectors/jws/xcode-transaction.jws"]
    static let jwsApple = ["--root", "Vectors/jws/root.der", "Vectors/jws/transaction-valid.jws"]

    static let cases: [Case] = [
        Case(
            name: "app receipt through --xcode-root",
            arguments: ["--xcode-root", "Vectors/pki/xcode.der", xcodeReceipt], signer: "xcode"),
        Case(
            name: "app receipt to a --root anchor", arguments: MainReceipt.root + [MainReceipt.path],
            signer: "custom-root"),
        Case(
            name: "app receipt to a --root anchor, --xcode-root given too",
            arguments: MainReceipt.root + ["--xcode-root", "Vectors/pki/xcode.der", MainReceipt.path],
            signer: "custom-root"),
        Case(name: "JWS through --xcode-root", arguments: jwsXcode, signer: "xcode"),
        Case(name: "JWS to a --root anchor", arguments: jwsApple, signer: "custom-root"),
        Case(
            name: "legacy receipt to --root anchors", arguments: LegacyCLITests.trust + ["Vectors/legacy/valid-v3.b64"],
            signer: "custom-root"),
    ]

    @Test("testXcodeAcceptedDataHasItsOwnVerdictAndSigner", arguments: cases)
    func testXcodeAcceptedDataHasItsOwnVerdictAndSigner(_ entry: Case) async throws {
        let text = try await CLI.run(["verify"] + entry.arguments)
        #expect(text.status == 0, "\(text)")
        let verdict = try #require(text.stdout.split(separator: "\n").last { $0.hasPrefix("Verdict ") }, "\(text)")
        if entry.signer == "xcode" {
            #expect(verdict.contains("XCODE TEST DATA (proves nothing)"), "\(text)")
            #expect(!verdict.contains("GENUINE"), "\(text)")
        } else {
            #expect(verdict.contains("GENUINE"), "\(text)")
            #expect(!verdict.contains("XCODE"), "\(text)")
        }
        let json = try await CLI.run(["verify", "--json"] + entry.arguments)
        #expect(json.status == 0, "\(json)")
        let document = try json.jsonObject()
        #expect(document["signer"] as? String == entry.signer, "\(json)")
    }

    @Test("testAppleSignedDataSaysSignerApple", .enabled(if: CLI.corpusAvailable, "../shared/corpus is absent"))
    func testAppleSignedDataSaysSignerApple() async throws {
        // A real Apple-signed JWS of the corpus, at an instant its certificates were valid.
        let path = PackageFiles.corpus("jws/mingos_sandbox-signedTransaction-consumable_2025.jws").path
        let json = try await CLI.run(["verify", "--json", path])
        #expect(json.status == 0, "\(json)")
        #expect(try json.jsonObject()["signer"] as? String == "apple", "\(json)")
    }

    @Test("testFailureDocumentsHaveNoSigner")
    func testFailureDocumentsHaveNoSigner() async throws {
        let json = try await CLI.run(["verify", "--json", Self.xcodeReceipt])
        #expect(json.status == 1, "\(json)")
        #expect(try json.jsonObject()["signer"] == nil, "\(json)")
    }
}
