// CLI rule (usage status): exit 64 depends on the command line only. A command line that is
// right for one kind of input (an app receipt, a legacy receipt, StoreKit 2 signed data) and
// given another is the input's failure: exit 2, code `input.optionNotApplicable` (or the input's
// own code when it is no receipt at all), with --json a 21002 document. Input content can never
// choose the usage status.

import Foundation
import Testing

@Suite("purereceipt: the usage status depends on the command line only")
struct UsageStatusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let options: [String]
        /// FILE, or nil for `stdin`.
        let file: String?
        let stdin: Data?
        /// The code on stderr.
        let code: String
        /// A file the same options fit (not a usage error there), or nil.
        let fitting: String?
        var testDescription: String { name }
    }

    static let jws = "Vectors/jws/transaction-valid.jws"
    static let receipt = "Vectors/receipts/valid-der-sha256.der"
    static let legacy = "Vectors/legacy/valid-v2.b64"
    static let notApplicable = "input.optionNotApplicable"

    static let cases: [Case] = [
        Case(
            name: "--bundle-version on JSON garbage", options: ["--bundle-version", "1"], file: nil,
            stdin: Data("{\"a\": [1, 2, 3]}".utf8), code: "input.json", fitting: nil),
        Case(
            name: "--bundle-version on text shaped like a JWS", options: ["--bundle-version", "1"], file: nil,
            stdin: Data("x.y".utf8), code: notApplicable, fitting: nil),
        Case(
            name: "--endpoint on a legacy receipt", options: ["--endpoint", "production"], file: legacy, stdin: nil,
            code: notApplicable, fitting: nil),
        Case(
            name: "--device-id (hex) on a legacy receipt", options: ["--device-id", "00"], file: legacy, stdin: nil,
            code: notApplicable, fitting: nil),
        Case(
            name: "--device-id (hex) on a JWS", options: ["--device-id", "00"], file: jws, stdin: nil,
            code: notApplicable, fitting: nil),
        Case(
            name: "--bundle-version on a JWS", options: ["--bundle-version", "1"], file: jws, stdin: nil,
            code: notApplicable, fitting: nil),
        Case(
            name: "--endpoint on a JWS", options: ["--endpoint", "sandbox"], file: jws, stdin: nil,
            code: notApplicable, fitting: nil),
        Case(
            name: "a receipt-only environment on a JWS", options: ["--environment", "ProductionVPP"], file: jws,
            stdin: nil, code: notApplicable, fitting: nil),
        Case(
            name: "a JWS-only environment on a receipt", options: ["--environment", "LocalTesting"], file: receipt,
            stdin: nil,
            code: notApplicable, fitting: nil),
        Case(
            name: "--environment Xcode without --xcode-root on a receipt", options: ["--environment", "Xcode"],
            file: receipt, stdin: nil, code: notApplicable, fitting: nil),
        Case(
            name: "--kind on a receipt", options: ["--kind", "transaction"], file: receipt, stdin: nil,
            code: notApplicable, fitting: nil),
        Case(
            name: "--app-apple-id on a receipt", options: ["--app-apple-id", "1"], file: receipt, stdin: nil,
            code: notApplicable, fitting: nil),
    ]

    @Test("testExitStatus64DependsOnTheCommandLineOnly: options that do not fit the input exit 2", arguments: cases)
    func testExitStatus64DependsOnTheCommandLineOnly(_ entry: Case) async throws {
        let result = try await CLI.run(["verify"] + entry.options + (entry.file.map { [$0] } ?? []), stdin: entry.stdin)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains(": \(entry.code): "), "\(result)")
        #expect(!result.stderr.contains("--help"), "\(result)")
        let json = try await CLI.run(
            ["verify", "--json"] + entry.options + (entry.file.map { [$0] } ?? []), stdin: entry.stdin)
        #expect(json.status == 2, "\(json)")
        let document = try json.jsonObject()
        #expect(document["status"] as? Int == 21002, "\(json)")
        #expect(document["reason"] as? String == entry.code, "\(json)")
        if let fitting = entry.fitting {
            let other = try await CLI.run(["verify"] + entry.options + [fitting])
            #expect(other.status != 64, "the same command line is not a usage error: \(other)")
        }
    }

    @Test(
        "a command line that is wrong whatever the input exits 64, before any input is read",
        arguments: [
            ["--kind", "receipt"], ["--app-apple-id", "twelve"], ["--app-apple-id", "-5"], ["--at", "yesterday"],
            ["--environment", "Nowhere"], ["--device-id", "xyz"], ["--endpoint", "staging"],
        ])
    func usageWhateverTheInput(_ options: [String]) async throws {
        for input in [Self.jws, Self.receipt, Self.legacy, "nope.der"] {
            let result = try await CLI.run(["verify"] + options + [input])
            #expect(result.status == 64, "\(input): \(result)")
            #expect(result.stderr.contains("--help"), "\(input): \(result)")
        }
        let garbage = try await CLI.run(["verify"] + options, stdin: Data("{\"a\":1}".utf8))
        #expect(garbage.status == 64, "\(garbage)")
    }
}
