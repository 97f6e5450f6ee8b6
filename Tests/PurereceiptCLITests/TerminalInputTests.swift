// With no FILE and standard input a terminal, the commands print their usage and exit 64 instead
// of waiting for input; with standard input not a terminal they read it as before.
//
// How: a real pseudo-terminal. The test runs python3 (its `pty` module opens the pair), which
// starts `purereceipt` with the terminal side as standard input and pipes for stdout and stderr,
// and gives it 30 seconds: a tool that waited on the terminal would time out (python exits 3).
// The test is disabled, not failed, where python3 is not on PATH.

import Foundation
import PureReceiptTestSupport
import Testing

@Suite("purereceipt: no FILE on a terminal")
struct TerminalInputTests {
    /// python3 on PATH, or nil.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Runs the tool with `arguments` and a pseudo-terminal as standard input; python prints the
    /// exit status on its stdout's first line, then the tool's stdout; the tool's stderr on its own.
    static let driver = """
        import os, pty, subprocess, sys
        controller, terminal = pty.openpty()
        try:
            done = subprocess.run(sys.argv[1:], stdin=terminal, capture_output=True, timeout=30)
        except subprocess.TimeoutExpired:
            print("timeout: waited on the terminal")
            sys.exit(3)
        sys.stdout.write(str(done.returncode) + "\\n" + done.stdout.decode())
        sys.stderr.write(done.stderr.decode())
        """

    static func runOnTerminal(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let python = try #require(python)
        let executable = try #require(CLI.executable)
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", driver, executable.path] + arguments
        process.currentDirectoryURL = PackageFiles.root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try await CLI.gated { try await CLI.waitForExit(process) }
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "python: \(stdout) \(stderr)")
        let lines = stdout.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let status = try #require(lines.first.flatMap { Int32($0) }, "no status: \(stdout)")
        return (status, lines.count > 1 ? String(lines[1]) : "", stderr)
    }

    @Test(
        "testNoFileOnATerminalPrintsUsage", .enabled(if: python != nil, "python3 not on PATH"),
        arguments: ["verify", "inspect", "dump"])
    func testNoFileOnATerminalPrintsUsage(_ command: String) async throws {
        let result = try await Self.runOnTerminal([command])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("standard input is a terminal"), "\(result)")
        #expect(result.stderr.contains("usage: purereceipt \(command)"), "\(result)")
    }

    @Test("testNoFileOnATerminalWithJSONPrintsAUsageDocument", .enabled(if: python != nil, "python3 not on PATH"))
    func testNoFileOnATerminalWithJSONPrintsAUsageDocument() async throws {
        let result = try await Self.runOnTerminal(["verify", "--json"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.contains("\"status\": 21000"), "\(result)")
    }

    @Test("testFileOnATerminalIsRead", .enabled(if: python != nil, "python3 not on PATH"))
    func testFileOnATerminalIsRead() async throws {
        let result = try await Self.runOnTerminal(["verify"] + MainReceipt.root + [MainReceipt.path])
        #expect(result.status == 0, "\(result)")
    }

    @Test("testNoFileWithStandardInputNotATerminalReadsIt")
    func testNoFileWithStandardInputNotATerminalReadsIt() async throws {
        let result = try await CLI.run(["verify"] + MainReceipt.root, stdin: try CLI.bytes(MainReceipt.path))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("standard input"), "\(result)")
    }
}
