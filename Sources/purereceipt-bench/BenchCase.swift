// The case model of purereceipt-bench: a named piece of work, how many input bytes one run
// processes, and a setup step that reads fixtures once and returns the closure to time.

import Foundation

/// One benchmark case. `setup` runs once, outside timing, and returns the work of one operation.
struct BenchCase: Sendable {
    /// Pairs with the OpenSSL anchor's case of the same name (see ../shared/bench/README.md).
    let name: String
    /// Bytes processed per operation (for throughput), 0 when not meaningful.
    let bytes: Int
    let setup: @Sendable (Fixtures) throws -> () -> Void
}

/// The fixtures directory made by ../shared/bench/gen_fixtures.sh.
struct Fixtures: Sendable {
    let directory: URL

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot read fixture \(path)" }
    }

    /// The whole content of fixture `name`.
    func bytes(_ name: String) throws -> [UInt8] {
        let url = directory.appendingPathComponent(name)
        guard let bytes = readFile(url.path, maxBytes: Int.max) else { throw Missing(path: url.path) }
        return bytes
    }
}

/// The file's bytes read straight into one array (no `Data` beside it, so a large input is held
/// once and peak RSS measures the work), or nil when it cannot be read or is over `maxBytes`.
func readFile(_ path: String, maxBytes: Int) -> [UInt8]? {
    guard let stream = fopen(path, "rb") else { return nil }
    defer { fclose(stream) }
    guard fseek(stream, 0, SEEK_END) == 0, case let size = ftell(stream), size >= 0, size <= maxBytes,
        fseek(stream, 0, SEEK_SET) == 0
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: size)
    let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, stream) }
    return read == size ? bytes : nil
}

/// Results land here so the optimizer cannot drop the measured work; printed at exit.
nonisolated(unsafe) var benchSink: UInt64 = 0

/// How long the one operation a case's setup ran to check its fixture took, when the case records
/// it (HostileCases.swift): `--once` reports it instead of running an operation that may take a
/// minute a second time.
nonisolated(unsafe) var benchSetupRunNanoseconds: Double?

/// Runs `work` `iterations` times. Never inlined: callgrind counts exactly this function with
/// `--toggle-collect='*run_case*'`.
// swift-format-ignore: AlwaysUseLowerCamelCase
// (the snake_case name is the callgrind --toggle-collect pattern used by the benchmark recipe)
@inline(never)
func run_case(_ work: () -> Void, _ iterations: Int) {
    var i = 0
    while i < iterations {
        work()
        i += 1
    }
}

/// CLOCK_MONOTONIC in nanoseconds.
func nowNanoseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
}
