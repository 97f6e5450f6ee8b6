// The exit-status contract of purereceipt: 0 genuine and every requested check holds; 1 well-formed
// but not genuine or a requested check failed; 2 not a well-formed receipt or unreadable file;
// 64 usage error. Each case names what it exercises; failures must say why on stderr.

import Foundation
import Testing

struct ExitCase: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    let status: Int32
    /// Text stderr must contain (the failed check's code, or the usage problem); nil: stderr empty.
    let stderr: String?

    var testDescription: String { name }
}

@Suite("purereceipt exit statuses")
struct ExitStatusTests {
    static let main = MainReceipt.path
    static let root = MainReceipt.root

    static let cases: [ExitCase] =
        [
            // 0
            ExitCase(name: "genuine with the test root", arguments: ["verify"] + root + [main], status: 0, stderr: nil),
            ExitCase(
                name: "inspect never verifies", arguments: ["inspect", CLI.vector("forged-flipped-payload-byte.der")],
                status: 0, stderr: nil),
            ExitCase(
                name: "dump never verifies", arguments: ["dump", CLI.vector("forged-wrong-signing-key.der")],
                status: 0, stderr: nil),
            // 1
            ExitCase(
                name: "untrusted without --root (built-in Apple root only)", arguments: ["verify", main],
                status: 1, stderr: "NOT GENUINE: chain.untrusted"),
            ExitCase(
                name: "flipped payload byte",
                arguments: ["verify"] + root + [CLI.vector("forged-flipped-payload-byte.der")],
                status: 1, stderr: "NOT GENUINE: signature.invalid"),
            ExitCase(
                name: "leaf without Apple marker",
                arguments: ["verify"] + root + [CLI.vector("forged-leaf-without-marker.der")],
                status: 1, stderr: "chain.leafMarkerMissing"),
            ExitCase(
                name: "evil root with the same name",
                arguments: ["verify"] + root + [CLI.vector("forged-evil-root-same-name.der")],
                status: 1, stderr: "chain.untrusted"),
            ExitCase(
                name: "requested check fails", arguments: ["verify"] + root + ["--bundle-id", "com.other", main],
                status: 1, stderr: "check failed: policy.bundleId"),
            // 2
            ExitCase(
                name: "truncated receipt", arguments: ["verify"] + root + [CLI.vector("malformed-truncated-half.der")],
                status: 2, stderr: "not a well-formed receipt: "),
            ExitCase(
                name: "empty file", arguments: ["verify", CLI.vector("malformed-empty.der")],
                status: 2, stderr: "input.empty"),
            ExitCase(
                name: "text that is not base64", arguments: ["verify", CLI.vector("malformed-not-asn1.txt")],
                status: 2, stderr: "input.notASN1"),
            ExitCase(
                name: "payload nesting bomb",
                arguments: ["verify"] + root + [CLI.vector("malformed-nesting-10000-in-payload.der")],
                status: 2, stderr: "not a well-formed receipt"),
            ExitCase(
                name: "missing file", arguments: ["verify", "Vectors/receipts/no-such-receipt.der"],
                status: 2, stderr: "input.unreadable: cannot read Vectors/receipts/no-such-receipt.der: no such file"),
            // verify takes directories (BatchCLITests); inspect and dump read one file.
            ExitCase(
                name: "a directory as FILE", arguments: ["inspect", "Vectors"],
                status: 2, stderr: "is a directory"),
            ExitCase(
                name: "missing --root file", arguments: ["verify", "--root", "Vectors/pki/nope.der", main],
                status: 2, stderr: "--root: cannot read Vectors/pki/nope.der"),
            ExitCase(
                name: "--root file that is not a certificate", arguments: ["verify", "--root", main, main],
                status: 2, stderr: "input.notACertificate"),
            ExitCase(
                name: "inspect on a truncated receipt",
                arguments: ["inspect", CLI.vector("malformed-truncated-half.der")],
                status: 2, stderr: "not a well-formed receipt"),
            ExitCase(
                name: "inspect on a missing file", arguments: ["inspect", "nope.der"],
                status: 2, stderr: "input.unreadable"),
            ExitCase(
                name: "dump on a truncated receipt", arguments: ["dump", CLI.vector("malformed-truncated-half.der")],
                status: 2, stderr: "not a well-formed receipt"),
            ExitCase(
                name: "dump on a missing file", arguments: ["dump", "nope.der"], status: 2, stderr: "input.unreadable"),
            // 64
            ExitCase(name: "no command", arguments: [], status: 64, stderr: "missing command"),
            ExitCase(
                name: "unknown command", arguments: ["validate", main], status: 64,
                stderr: "unknown command 'validate'"),
            ExitCase(
                name: "unknown option", arguments: ["verify", "--bogus", main], status: 64,
                stderr: "unknown option --bogus"),
            ExitCase(
                name: "unknown option for inspect", arguments: ["inspect", "--root", "x", main], status: 64,
                stderr: "unknown option --root"),
            ExitCase(
                name: "dump has no --quiet", arguments: ["dump", "--quiet", main], status: 64,
                stderr: "unknown option --quiet"),
            ExitCase(
                name: "flag given a value", arguments: ["verify", "--json=yes", main], status: 64,
                stderr: "unknown option --json=yes"),
            ExitCase(
                name: "option without its value", arguments: ["verify", main, "--root"], status: 64,
                stderr: "option --root needs a value"),
            // verify takes several FILEs (BatchCLITests); inspect and dump take one.
            ExitCase(name: "two files", arguments: ["inspect", main, main], status: 64, stderr: "at most one FILE"),
            ExitCase(
                name: "--jobs not a number", arguments: ["verify", "--jobs", "0", main, main], status: 64,
                stderr: "--jobs: expected a number of workers"),
            ExitCase(
                name: "--at not RFC 3339", arguments: ["verify", "--at", "2025-03-14 09:26:53", main], status: 64,
                stderr: "--at: not an RFC 3339 time"),
            ExitCase(
                name: "--now not RFC 3339", arguments: ["verify", "--now", "yesterday", main], status: 64,
                stderr: "--now: not an RFC 3339 time"),
            ExitCase(
                name: "--device-id neither UUID nor hex", arguments: ["verify", "--device-id", "xyz", main],
                status: 64, stderr: "--device-id"),
            ExitCase(
                name: "--device-id odd hex digits", arguments: ["verify", "--device-id", "abc", main],
                status: 64, stderr: "--device-id"),
            // CLI rule (device-id syntax): hex digits, colon-separated pairs, or a UUID; nothing else.
        ]
        + [
            "+1", "-1", "+1+2", "0x12", "12 34", " 1234", "1234\n", "123", "1_23", "12:3", "12::34", ":12", "12-34",
            "１２", "١٢", "12g4", "0123456789abcdef-0123456789abcdef", "01234567-89ab-cdef-fedc-ba987654321",
            "01234567:89ab:cdef:fedc:ba9876543210", "",
        ].map { bad in
            ExitCase(
                name: "CLI rule (device-id syntax): --device-id \(bad.debugDescription) is a usage error",
                arguments: ["verify", "--device-id", bad, main], status: 64, stderr: "--device-id")
        } + [
            // A known name that this input cannot have: the input's failure, not the command line's.
            ExitCase(
                name: "--environment Xcode is not an Apple environment",
                arguments: ["verify", "--environment", "Xcode", main], status: 2,
                stderr: "input.optionNotApplicable: --environment"),
            ExitCase(
                name: "--environment empty list", arguments: ["verify", "--environment", ",", main], status: 64,
                stderr: "--environment"),
            ExitCase(
                name: "--endpoint unknown", arguments: ["verify", "--endpoint", "staging", main], status: 64,
                stderr: "--endpoint: expected production or sandbox"),
        ]

    @Test("exit status and stderr", arguments: cases)
    func exitStatus(_ entry: ExitCase) async throws {
        let result = try await CLI.run(entry.arguments)
        #expect(result.status == entry.status, "\(result)")
        if let expected = entry.stderr {
            #expect(result.stderr.contains(expected), "\(result)")
            #expect(result.stderr.hasPrefix("purereceipt: "), "\(result)")
        } else {
            #expect(result.stderr.isEmpty, "\(result)")
        }
        if entry.status == 64 {
            #expect(result.stderr.contains("--help") || result.stderr.contains("usage:"), "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
        }
        if entry.status == 1 || entry.status == 2, entry.arguments.first == "verify" {
            #expect(result.stdout.isEmpty, "text mode prints no report for a failure: \(result)")
        }
    }

    @Test(
        "--help and its spellings print the usage of every command on stdout and exit 0",
        arguments: [["--help"], ["-h"], ["help"]])
    func help(_ arguments: [String]) async throws {
        let result = try await CLI.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        for text in [
            "usage: purereceipt verify", "purereceipt inspect", "purereceipt dump", "--root FILE",
            "--xcode-root FILE", "--at TIME", "--bundle-id", "--bundle-version", "--device-id",
            "--environment", "--endpoint", "--json", "exit status", "64 usage error",
        ] {
            #expect(result.stdout.contains(text), "usage lacks \(text)")
        }
    }

    @Test("--version prints the name and a semantic version")
    func version() async throws {
        let result = try await CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            line.range(of: #"^purereceipt [0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression) != nil,
            "\(line)")
    }

    @Test("the executable is found next to the tests")
    func executableFound() throws {
        let url = try #require(CLI.executable)
        #expect(FileManager.default.isExecutableFile(atPath: url.path))
    }
}
