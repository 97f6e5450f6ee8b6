// An app receipt's certificate set is not signed: anyone holding one genuine receipt can pad it
// with junk certificates and it stays genuine. A batch of such receipts must cost about one
// receipt's memory, not one per input: the chain cache keeps only the certificates a path used
// (ChainCache.swift), text mode renders no document it does not print, and each result is released
// once written. Peak RSS is read with `/usr/bin/time -f %M`; the padded receipts are made by
// Vectors/tools/pad_receipt.py (Python `cryptography`). Skipped, saying so, when either is missing.
// Docs/SECURITY.md ("Findings of the fourth security review") has the measurement at full size.

import Foundation
import PureReceiptTestSupport
import Testing

private let timeTool = "/usr/bin/time"

private func havePadding() -> Bool {
    guard FileManager.default.isExecutableFile(atPath: timeTool) else { return false }
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = ["python3", "-c", "import cryptography"]
    check.standardError = FileHandle.nullDevice
    guard (try? check.run()) != nil else { return false }
    check.waitUntilExit()
    return check.terminationStatus == 0
}

/// Runs `path arguments` from the package root; its exit status and standard error.
private func runProcess(_ path: String, _ arguments: [String]) async throws -> (status: Int32, stderr: String) {
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("padded-err-\(UUID().uuidString)")
    try Data().write(to: errURL)
    defer { try? FileManager.default.removeItem(at: errURL) }
    let errHandle = try FileHandle(forWritingTo: errURL)
    defer { try? errHandle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = PackageFiles.root
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errHandle
    process.standardInput = FileHandle.nullDevice
    try await CLI.waitForExit(process)
    return (process.terminationStatus, String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// Peak resident set of `purereceipt arguments`, in KiB, and its exit status.
private func peakKiB(_ arguments: [String]) async throws -> (kib: Int, status: Int32) {
    let executable = try #require(CLI.executable, "purereceipt executable not found next to the test binary")
    let result = try await runProcess(timeTool, ["-f", "peak %M", executable.path] + arguments)
    let line = try #require(result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }, "\(result.stderr)")
    return (try #require(Int(line.dropFirst(5))), result.status)
}

@Suite(
    "Batch memory: receipts padded with junk certificates",
    .enabled(if: havePadding(), "needs /usr/bin/time and Python cryptography (Vectors/tools/pad_receipt.py)"))
struct PaddedReceiptBatchTests {
    @Test("a batch of padded receipts peaks within 1.5 times the largest input above one small receipt")
    func paddedBatchMemoryIsOneInput() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("padded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let count = 12
        let padder = try await runProcess(
            "/usr/bin/env",
            [
                "python3", PackageFiles.url("Vectors/tools/pad_receipt.py").path,
                PackageFiles.url(CLI.vector("valid-der-sha256.der")).path,
                scratch.appendingPathComponent("r").path, "\(count)", "5", "1000000",
            ])
        #expect(padder.status == 0, "\(padder.stderr)")
        let files = (0..<count).map { scratch.appendingPathComponent("r-\($0).der").path }
        let largest = try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0 }.max()
        let largestKiB = try #require(largest) / 1024
        #expect(largestKiB > 4_000)
        let root = ["--root", "Vectors/pki/root.der"]
        let baseline = try await peakKiB(["verify", CLI.vector("valid-der-sha256.der")] + root)
        #expect(baseline.status == 0)
        let batch = try await peakKiB(["verify"] + files + root + ["--jobs", "1"])
        #expect(batch.status == 0)
        let above = batch.kib - baseline.kib
        #expect(
            above * 2 <= largestKiB * 3, "peak \(batch.kib) KiB, baseline \(baseline.kib) KiB, input \(largestKiB) KiB")
    }
}
