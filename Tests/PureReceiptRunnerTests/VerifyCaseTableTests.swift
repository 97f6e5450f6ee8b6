// One table, three drivers: every entry of the conformance manifests (`VerifyCase.all`,
// PureReceiptTestSupport) through the runner in process, as the command with one input, as a batch
// line and as the WebAssembly module build it (VerifyDrivers.swift). Each gives the entry's exit
// status, verdict and code (or a listed alternative), and the detail a chain failure names; the
// batch line and the module say the same as the command: the same message, the same document on
// one line, the same document in the module's words byte for byte.
//
// Entries on ../shared/corpus are skipped, visibly, when the corpus is absent. The process
// boundary (exit status, standard output, the one stderr line) is the command-line tests' part:
// Tests/PurereceiptCLITests/ConformanceManifestTests.swift runs a few entries through the spawned
// tool, and the whole table as a full sweep.

import Foundation
import PureReceiptRunner
import PureReceiptTestSupport
import Testing

@testable import purereceipt
@testable import purereceipt_wasm_driver

@Suite("verify cases through the runner: the command, a batch line, the module")
struct VerifyCaseTableTests {
    @Test("the table holds every manifest entry, each with its arguments and a known verdict")
    func inventory() {
        let counts = Dictionary(grouping: VerifyCase.all, by: \.manifest).mapValues(\.count)
        #expect(counts == VerifyCase.expectedCounts)
        #expect(VerifyCase.all.count == 348)
        let withoutArguments = VerifyCase.all.filter { $0.arguments.last != $0.input }
        #expect(withoutArguments.isEmpty, "\(withoutArguments.map(\.id))")
        let verdicts = Set(VerifyCase.all.map(\.verdict))
        #expect(verdicts == ["genuine", "not-authentic", "policy-failed", "malformed"])
        #expect(VerifyCase.all.allSatisfy { ($0.verdict == "genuine") == $0.codes.isEmpty })
        if !VerifyCase.corpusIsPresent {
            print("SKIPPED: \(VerifyCase.all.filter(\.corpus).count) corpus entries: ../shared/corpus is absent")
        }
    }

    @Test(
        "the command with one input: each entry's exit status, verdict, code and stderr title",
        arguments: VerifyCase.all)
    func commandLine(_ testCase: VerifyCase) throws {
        guard Self.runs(testCase) else { return }
        let outcome = try Drivers.commandLineOnce(testCase)
        Self.check(Drivers.result(outcome), testCase, driver: "command")
        if testCase.verdict == "genuine" {
            #expect(outcome.verdict == testCase.lineVerdict)
        }
        // The title of the one stderr line names the same verdict.
        if let title = outcome.failure?.title {
            #expect(Self.titleVerdicts[title] == testCase.verdict, "stderr title \(title)")
        }
        // One vocabulary: every format's failure document says the manifest's verdict word and
        // carries `code` (a receipt's keeps verifyReceipt's `status` and `reason` beside it).
        if let failure = outcome.failure {
            let bytes = Data(try #require(outcome.document))
            let document = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
            #expect(document["verdict"] as? String == testCase.verdict, "\(document)")
            #expect(document["code"] as? String == failure.code, "\(document)")
            if let reason = document["reason"] {
                #expect(reason as? String == failure.code && document["status"] is Int, "\(document)")
            }
        }
    }

    @Test(
        "a batch line: each entry's status, verdict and code; the command's message and document, on one line",
        arguments: VerifyCase.all)
    func batchLine(_ testCase: VerifyCase) throws {
        guard Self.runs(testCase) else { return }
        let single = try Drivers.commandLineOnce(testCase)
        switch try Drivers.batch(testCase) {
        case .failure(let outcome):
            // The options or a certificate file end the command before any input: as with one input.
            Self.check(Drivers.result(outcome), testCase, driver: "batch (before any line)")
        case .success(let line):
            Self.check(Drivers.result(line), testCase, driver: "batch line")
            #expect(line.verdict == testCase.lineVerdict)
            #expect(line.message == single.failure?.message)
            #expect(line.format == single.formatName)
            let document = try #require(line.document)
            #expect(!document.contains(0x0A), "a batch line's document is on one line")
            #expect(
                try Self.sameJSON(document, try #require(single.document)),
                "\(String(decoding: document, as: UTF8.self))")
        }
    }

    @Test(
        "the module: each entry's status, verdict and code; the command's document in the request's words",
        arguments: VerifyCase.all)
    func module(_ testCase: VerifyCase) throws {
        guard Self.runs(testCase) else { return }
        let outcome = try Drivers.module(testCase)
        Self.check(Drivers.result(outcome), testCase, driver: "module")
        let single = try Drivers.commandLineOnce(testCase)
        let expected = Drivers.inRequestWords(try #require(single.document)) + [0x0A]
        #expect(
            outcome.document == expected,
            "module:\n\(String(decoding: outcome.document, as: UTF8.self))\ncommand:\n\(String(decoding: expected, as: UTF8.self))"
        )
    }

    /// False (said so) for a corpus entry when ../shared/corpus is absent.
    static func runs(_ testCase: VerifyCase) -> Bool {
        if testCase.corpus && !VerifyCase.corpusIsPresent {
            print("SKIPPED \(testCase.id): ../shared/corpus is absent")
            return false
        }
        return true
    }

    /// The manifest verdict of each stderr title (`VerifyOutcome.failure.title`).
    static let titleVerdicts = [
        "NOT GENUINE": "not-authentic", "check failed": "policy-failed", "not a well-formed receipt": "malformed",
        "not well-formed signed data": "malformed", "error": "malformed",
    ]

    /// The entry's exit status, verdict and code (or one of its alternatives), and its detail in the message.
    static func check(_ result: DriverResult, _ testCase: VerifyCase, driver: String) {
        #expect(result.status == testCase.status, "\(driver): \(result)")
        #expect(result.verdict == testCase.verdict, "\(driver): \(result)")
        if testCase.verdict == "genuine" {
            #expect(result.code == nil, "\(driver): \(result)")
        } else {
            #expect(testCase.codes.contains(result.code ?? ""), "\(driver): \(result), expected \(testCase.codes)")
        }
        if let detail = testCase.detail, let message = result.message {
            #expect(message.contains(detail), "\(driver): \(message)")
        }
    }

    /// True when two JSON texts hold the same value (white space aside).
    static func sameJSON(_ a: [UInt8], _ b: [UInt8]) throws -> Bool {
        func canonical(_ text: [UInt8]) throws -> Data {
            let value = try JSONSerialization.jsonObject(with: Data(text))
            return try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        }
        return try canonical(a) == canonical(b)
    }
}
