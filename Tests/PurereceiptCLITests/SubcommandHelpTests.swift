// Each command's own usage (`purereceipt verify --help`, `purereceipt help verify`, …), and the
// usage status (64) for options no command knows: every argument starting with `-` is an option.

import Foundation
import Testing

@Suite("purereceipt: each command's help, and unknown options")
struct SubcommandHelpTests {
    struct HelpCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        /// The command whose usage is expected.
        let command: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let helpCases: [HelpCase] = [
        HelpCase(arguments: ["verify", "--help"], command: "verify"),
        HelpCase(arguments: ["verify", "-h"], command: "verify"),
        HelpCase(arguments: ["help", "verify"], command: "verify"),
        HelpCase(arguments: ["verify", "--bundle-id", "x", "--frobnicate", "--help"], command: "verify"),
        HelpCase(arguments: ["inspect", "--help"], command: "inspect"),
        HelpCase(arguments: ["help", "inspect"], command: "inspect"),
        HelpCase(arguments: ["dump", "--help"], command: "dump"),
        HelpCase(arguments: ["dump", "-h", "no-such-file"], command: "dump"),
        HelpCase(arguments: ["help", "dump"], command: "dump"),
    ]

    /// Text each command's usage holds: its options, what it accepts, its exit statuses.
    static let expected: [String: [String]] = [
        "verify": [
            "usage: purereceipt verify [options] [FILE]", "--root FILE", "--xcode-root FILE", "--at TIME",
            "--bundle-id", "--bundle-version", "--device-id", "--environment", "--endpoint", "--json",
            "--app-apple-id", "--kind", "input:", "exit status: 0", "64 usage error",
        ],
        "inspect": ["usage: purereceipt inspect [--json] [FILE]", "WITHOUT verifying", "input:", "exit status: 0"],
        "dump": ["usage: purereceipt dump", "ASN.1 tree", "input:", "exit status: 0"],
    ]

    @Test("testSubcommandHelpPrintsThatCommandsUsage", arguments: helpCases)
    func testSubcommandHelpPrintsThatCommandsUsage(_ entry: HelpCase) async throws {
        let result = try await CLI.run(entry.arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        for text in Self.expected[entry.command] ?? [] {
            #expect(result.stdout.contains(text), "usage lacks \(text): \(result)")
        }
        // Not the global usage: no other command's usage line.
        for other in ["verify", "inspect", "dump"] where other != entry.command {
            #expect(!result.stdout.contains("usage: purereceipt \(other)"), "\(result)")
        }
    }

    @Test("testHelpOfAnUnknownCommandIsAUsageError")
    func testHelpOfAnUnknownCommandIsAUsageError() async throws {
        let result = try await CLI.run(["help", "frobnicate"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("help: expected one of verify, inspect, dump"), "\(result)")
    }

    struct UnknownCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let option: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let unknownCases: [UnknownCase] = [
        UnknownCase(arguments: ["verify", "-q", MainReceipt.path], option: "-q"),
        UnknownCase(arguments: ["verify", "-v", MainReceipt.path], option: "-v"),
        UnknownCase(arguments: ["verify", MainReceipt.path, "-v"], option: "-v"),
        UnknownCase(arguments: ["verify", "--frobnicate", MainReceipt.path], option: "--frobnicate"),
        UnknownCase(arguments: ["verify", "--json=yes", MainReceipt.path], option: "--json=yes"),
        UnknownCase(arguments: ["inspect", "-x", MainReceipt.path], option: "-x"),
        UnknownCase(arguments: ["dump", "--frobnicate", MainReceipt.path], option: "--frobnicate"),
    ]

    @Test("testUnknownOptionIsAUsageErrorNamingIt", arguments: unknownCases)
    func testUnknownOptionIsAUsageErrorNamingIt(_ entry: UnknownCase) async throws {
        let result = try await CLI.run(entry.arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("unknown option \(entry.option)\n"), "\(result)")
        #expect(result.stderr.contains("Run 'purereceipt \(entry.arguments[0]) --help'"), "\(result)")
        #expect(!result.stderr.contains("expected at most one FILE"), "\(result)")
    }

    @Test("testFileNamedLikeAnOptionGoesAfterDoubleDash")
    func testFileNamedLikeAnOptionGoesAfterDoubleDash() async throws {
        let result = try await CLI.run(["verify", "--", "-q"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("cannot read -q: no such file"), "\(result)")
        let stdin = try await CLI.run(["verify"] + MainReceipt.root + ["-"], stdin: try CLI.bytes(MainReceipt.path))
        #expect(stdin.status == 0, "'-' alone is standard input, not an option: \(stdin)")
    }
}
