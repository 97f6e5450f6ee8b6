// Running the built `purereceipt` executable from tests.
//
// The test target depends on the executable target, so SwiftPM builds `purereceipt` into the same
// products directory as the test bundle (`<scratch>/<triple>/debug/` on Linux, also with
// `--scratch-path`). We find it by walking up from the test binary (`CommandLine.arguments[0]`,
// which on macOS lies inside `PureReceiptPackageTests.xctest/Contents/MacOS/`). The environment
// variable PURERECEIPT_CLI overrides the search (to test an installed or release binary).
//
// Processes write stdout/stderr to temporary files, not pipes: a large dump cannot fill a pipe
// buffer and deadlock, and waiting is asynchronous (terminationHandler), so parameterized cases
// run their processes in parallel — at most `ProcessGate.limit` at a time: with hundreds of runs
// in flight the test process held over a thousand file descriptors, and swift-corelibs-foundation's
// Process.run (which walks the open descriptors to close them in the child) crashed.

import Foundation
import PureReceiptTestSupport
import Testing

/// The outcome of one run of the tool.
struct CLIResult: Sendable, CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String { "exit \(status)\n--- stdout\n\(stdout.prefix(2000))\n--- stderr\n\(stderr)" }

    /// stdout parsed as a JSON object.
    func jsonObject() throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(value as? [String: Any], "stdout is not a JSON object: \(stdout.prefix(300))")
    }
}

/// Admits at most `limit` tool runs at once, the others waiting in arrival order.
actor ProcessGate {
    static let shared = ProcessGate()
    /// Enough to keep two cores busy; small enough to hold a few dozen descriptors.
    static let limit = 8
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        if running < Self.limit {
            running += 1
            return
        }
        // `leave` hands its slot over: `running` stays the same.
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

enum CLI {
    /// `body` (which starts one process and waits for it) once the gate admits it.
    static func gated<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await ProcessGate.shared.enter()
        do {
            let result = try await body()
            await ProcessGate.shared.leave()
            return result
        } catch {
            await ProcessGate.shared.leave()
            throw error
        }
    }

    /// True when the shared corpus (`../shared/corpus`, PackageFiles) is present (CI always has it).
    static let corpusAvailable = PackageFiles.exists(PackageFiles.corpus("receipts"))

    /// The `purereceipt` executable, or nil when it cannot be found.
    static let executable: URL? = locateExecutable()

    static func locateExecutable() -> URL? {
        let manager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["PURERECEIPT_CLI"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let starts = [CommandLine.arguments.first, Bundle.main.executablePath].compactMap { $0 }
        for start in starts {
            var directory = URL(fileURLWithPath: start).resolvingSymlinksInPath().deletingLastPathComponent()
            // Linux: .../debug/PureReceiptPackageTests.xctest → .../debug (1 step);
            // macOS: .../debug/X.xctest/Contents/MacOS/X → .../debug (3 steps). Allow a few more.
            for _ in 0..<6 {
                let candidate = directory.appendingPathComponent("purereceipt")
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    manager.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// Starts `process` and waits until it exits (its status is then `terminationStatus`).
    static func waitForExit(_ process: Process) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    /// Runs `purereceipt arguments` with the package root as working directory (so paths like
    /// `Vectors/pki/root.der` work), `stdin` as standard input (empty when nil).
    static func run(_ arguments: [String], stdin: Data? = nil) async throws -> CLIResult {
        try await gated { try await runNow(arguments, stdin: stdin) }
    }

    private static func runNow(_ arguments: [String], stdin: Data?) async throws -> CLIResult {
        let executable = try #require(executable, "purereceipt executable not found next to the test binary")
        let manager = FileManager.default
        let scratch = manager.temporaryDirectory.appendingPathComponent("purereceipt-cli-\(UUID().uuidString)")
        try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        let inURL = scratch.appendingPathComponent("stdin")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try (stdin ?? Data()).write(to: inURL)

        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        let inHandle = try FileHandle(forReadingFrom: inURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
            try? inHandle.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = PackageFiles.root
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = inHandle
        try await waitForExit(process)
        let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        return CLIResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// A file of the project's own vectors, relative to the package root.
    static func vector(_ name: String) -> String { "Vectors/receipts/\(name)" }

    /// A corpus receipt's absolute path.
    static func corpusReceipt(_ name: String) -> String { PackageFiles.corpus("receipts/\(name)").path }

    /// Bytes of a file under the package root.
    static func bytes(_ relativePath: String) throws -> Data { try Data(contentsOf: PackageFiles.url(relativePath)) }

    /// Writes `data` to a new temporary file and returns its path (removed by the caller's `defer`).
    static func temporaryFile(_ data: Data, suffix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("purereceipt-cli-\(UUID().uuidString)\(suffix)")
        try data.write(to: url)
        return url
    }
}

/// The main synthetic receipt and the options that verify it (Vectors/receipts/expectations.json,
/// case valid-der-sha256).
enum MainReceipt {
    static let path = CLI.vector("valid-der-sha256.der")
    static let root = ["--root", "Vectors/pki/root.der"]
    static let bundleID = "com.example.pureapp"
    static let bundleVersion = "42"
    static let deviceHex = "0123456789abcdeffedcba9876543210"
    static let deviceUUID = "01234567-89ab-cdef-fedc-ba9876543210"
    static let inAppCount = 7
}

extension Data {
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
