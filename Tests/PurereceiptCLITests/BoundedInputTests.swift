// Bounded input (Sources/purereceipt/BoundedInput.swift): every command reads at most the input
// limit plus one byte, then refuses with `limit.inputSize` and exit status 2 — a huge sparse FILE
// and an endless standard input (/dev/zero) included.

import Foundation
import Testing

@Suite("purereceipt bounded input")
struct BoundedInputTests {
    /// Runs the tool with standard input read from `stdinPath`.
    static func run(_ arguments: [String], stdinPath: String) async throws -> CLIResult {
        try await CLI.gated { try await runNow(arguments, stdinPath: stdinPath) }
    }

    private static func runNow(_ arguments: [String], stdinPath: String) async throws -> CLIResult {
        let executable = try #require(CLI.executable, "purereceipt executable not found next to the test binary")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("purereceipt-err-\(UUID())")
        try Data().write(to: errURL)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let errHandle = try FileHandle(forWritingTo: errURL)
        let inHandle = try #require(FileHandle(forReadingAtPath: stdinPath))
        defer {
            try? errHandle.close()
            try? inHandle.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errHandle
        process.standardInput = inHandle
        try await CLI.waitForExit(process)
        let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        return CLIResult(status: process.terminationStatus, stdout: "", stderr: stderr)
    }

    @Test("a 256 MiB sparse FILE is refused with limit.inputSize, exit 2", arguments: ["verify", "inspect", "dump"])
    func oversizedFile(_ command: String) async throws {
        let url = try CLI.temporaryFile(Data([0x30, 0x84, 0x10, 0x00, 0x00, 0x00]), suffix: ".der")
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 256 << 20)
        try handle.close()
        let result = try await Self.run([command, url.path], stdinPath: "/dev/null")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("limit.inputSize"), "\(result.stderr)")
    }

    @Test(
        "an endless standard input is refused with limit.inputSize, exit 2", arguments: ["verify", "inspect", "dump"])
    func endlessStandardInput(_ command: String) async throws {
        let result = try await Self.run([command, "-"], stdinPath: "/dev/zero")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("limit.inputSize"), "\(result.stderr)")
    }
}
