// The conformance manifests' verify cases (`VerifyCase`, PureReceiptTestSupport: every entry of
// Vectors/conformance/{app-receipts,storekit,legacy}.json) through the spawned `purereceipt verify`,
// read as another implementation reads it: exit status 0 = genuine; otherwise the one stderr line
// `purereceipt: <verdict text>: <code>: …`.
//
// Every entry runs in process through the runner, as the command, a batch line and the module
// (Tests/PureReceiptRunnerTests/VerifyCaseTableTests.swift). Here is what is about the process: a
// few entries, one of each verdict and format, through the real binary — exit status, the one
// stderr line (none when genuine), and with --json one JSON document on standard output, the
// same status and line. The whole table through the binary is a full sweep (`fullEntries`; CI runs
// it with PURERECEIPT_CLI set to the static release build).
//
// Entries on ../shared/corpus are skipped, visibly, when the corpus is absent.

import Foundation
import PureReceiptTestSupport
import Testing

extension VerifyCase {
    /// The verdict class and code of a run, from its exit status and stderr line.
    static func outcome(_ result: CLIResult) -> (verdict: String, code: String?) {
        if result.status == 0 { return ("genuine", nil) }
        let classes = [
            "NOT GENUINE": "not-authentic", "check failed": "policy-failed",
            "not a well-formed receipt": "malformed", "not well-formed signed data": "malformed",
            "error": "malformed",
        ]
        var found: (String, String?) = ("crashed (exit \(result.status))", nil)
        for line in result.stderr.split(separator: "\n") where line.hasPrefix("purereceipt: ") {
            let fields = line.dropFirst("purereceipt: ".count).components(separatedBy: ": ")
            if fields.count >= 2, let verdict = classes[fields[0]], result.status == 1 || result.status == 2 {
                found = (verdict, fields[1])
            }
        }
        return found
    }

    /// One entry of each verdict, in each format, for the process tests.
    static let processSample: [VerifyCase] = [
        "valid-der-sha256", "policy-wrong-bundle-id", "forged-two-signer-infos", "transaction-valid",
        "notification-nested-forged", "policy-product-id",
    ].compactMap { id in all.first { $0.id == id } }
}

@Suite("Conformance manifests through the spawned purereceipt verify")
struct ConformanceManifestTests {
    @Test("the process sample names one entry of each verdict and format")
    func sample() {
        let sample = VerifyCase.processSample
        #expect(sample.count == 6)
        #expect(Set(sample.map(\.verdict)) == ["genuine", "not-authentic", "policy-failed", "malformed"])
        #expect(Set(sample.map(\.manifest)) == Set(VerifyCase.manifests))
    }

    @Test(
        "exit status, the one stderr line, and with --json one document on stdout",
        arguments: VerifyCase.processSample)
    func process(_ entry: VerifyCase) async throws {
        let text = try await CLI.run(["verify"] + entry.arguments)
        Self.expectOutcome(text, entry)
        #expect(text.stderr.split(separator: "\n").count == (entry.status == 0 ? 0 : 1), "\(text)")
        #expect(entry.status != 0 || !text.stdout.isEmpty, "a genuine input's report is on stdout")

        let json = try await CLI.run(["verify", "--json"] + entry.arguments)
        #expect(json.status == text.status, "\(json)")
        #expect(json.stderr == text.stderr, "the same one stderr line with --json")
        // One document, ending in one line feed, and nothing else.
        #expect(json.stdout.hasPrefix("{") && json.stdout.hasSuffix("}\n"), "\(json)")
        let document = try json.jsonObject()
        let verdict = document["verdict"] as? String ?? (document["status"] as? Int == 0 ? "genuine" : "none")
        #expect((verdict == "genuine") == (entry.status == 0), "\(json)")
    }

    // One entry at a time: hundreds of cases at once held three file handles each while waiting, and
    // swift-corelibs-foundation's Process.run crashed once the process had a thousand descriptors open.
    @Test(
        "every entry through the spawned tool gives its verdict and code", .fullTests, .serialized,
        arguments: VerifyCase.all)
    func fullEntries(_ entry: VerifyCase) async throws {
        if entry.corpus && !VerifyCase.corpusIsPresent {
            print("SKIPPED \(entry.id): ../shared/corpus is absent")
            return
        }
        Self.expectOutcome(try await CLI.run(["verify"] + entry.arguments), entry)
    }

    /// The run gave the entry's exit status, verdict and code (or a listed alternative).
    static func expectOutcome(_ result: CLIResult, _ entry: VerifyCase) {
        let outcome = VerifyCase.outcome(result)
        #expect(result.status == entry.status, "\(result)")
        #expect(outcome.verdict == entry.verdict, "\(result)")
        if entry.verdict != "genuine" {
            #expect(entry.codes.contains(outcome.code ?? ""), "got \(outcome.code ?? "none"), expected \(entry.codes)")
        }
    }
}
