// purereceipt-bench: times PureReceipt operations in the protocol of ../shared/bench/README.md so
// compare.py can pair each case with the OpenSSL anchor (bench_openssl.c).
//
//   purereceipt-bench FIXTURES_DIR [case-substring ...]   one TSV line per case:
//       impl case bytes median_ns min_ns p25_ns p75_ns max_ns iters
//   purereceipt-bench FIXTURES_DIR --one CASE N           run CASE N times, untimed, in run_case
//   purereceipt-bench FIXTURES_DIR --once CASE            time ONE operation (no warm-up, no
//       calibration), one TSV line with iters 1: for cases too slow to sample (bench.sh hostile);
//       a case whose setup already ran and timed one operation reports that one
//   purereceipt-bench load PATH... [--root CERT] [--tasks N] [--seconds S]   see LoadMode.swift
//   purereceipt-bench batch STREAM.ndjson [--root CERT]... [--lines N] [--jobs N]   see BatchMode.swift
//   purereceipt-bench ct-sign SEED | ct-ttest [N]   signing's constant-time evidence: ConstantTimeMode.swift
// env: SAMPLES (default 21), SAMPLE_MS (default 10), IMPL (default "purereceipt")

import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "load" { exit(await runLoad(Array(arguments.dropFirst()))) }
if arguments.first == "batch" { exit(await runBatch(Array(arguments.dropFirst()))) }
if arguments.first == "ct-sign" { exit(runConstantTimeSign(Array(arguments.dropFirst()))) }
if arguments.first == "ct-ttest" { exit(runConstantTimeTTest(Array(arguments.dropFirst()))) }
guard let directory = arguments.first else {
    fail("usage: purereceipt-bench FIXTURES_DIR [case-substring ...] | FIXTURES_DIR --one CASE N")
}
let fixtures = Fixtures(directory: URL(fileURLWithPath: directory))
let environment = ProcessInfo.processInfo.environment

if arguments.count >= 4 && arguments[1] == "--one" {
    guard let benchCase = allCases.first(where: { $0.name == arguments[2] }) else {
        fail("no case \(arguments[2])")
    }
    guard let iterations = Int(arguments[3]), iterations >= 0 else { fail("bad N \(arguments[3])") }
    let work: () -> Void
    do { work = try benchCase.setup(fixtures) } catch { fail("\(benchCase.name): \(error)") }
    work()  // warm (lazy initialisation) outside the counted region
    run_case(work, iterations)
    FileHandle.standardError.write(Data("# sink \(benchSink)\n".utf8))
    exit(0)
}

if arguments.count >= 3 && arguments[1] == "--once" {
    guard let benchCase = allCases.first(where: { $0.name == arguments[2] }) else {
        fail("no case \(arguments[2])")
    }
    benchSetupRunNanoseconds = nil
    let work: () -> Void
    do { work = try benchCase.setup(fixtures) } catch { fail("\(benchCase.name): \(error)") }
    var elapsed = benchSetupRunNanoseconds ?? 0
    if benchSetupRunNanoseconds == nil {
        let start = nowNanoseconds()
        work()
        elapsed = nowNanoseconds() - start
    }
    let time = String(format: "%.1f", elapsed)
    let implementation = environment["IMPL"] ?? "purereceipt"
    let columns = [implementation, benchCase.name, String(benchCase.bytes), time, time, time, time, time, "1"]
    print(columns.joined(separator: "\t"))
    FileHandle.standardError.write(Data("# sink \(benchSink)\n".utf8))
    exit(0)
}

let filters = Array(arguments.dropFirst())
let samples = max(1, min(256, Int(environment["SAMPLES"] ?? "") ?? 21))
let sampleNanoseconds = (Double(environment["SAMPLE_MS"] ?? "") ?? 10) * 1e6
let implementation = environment["IMPL"] ?? "purereceipt"

for benchCase in allCases where filters.isEmpty || filters.contains(where: { benchCase.name.contains($0) }) {
    let work: () -> Void
    do { work = try benchCase.setup(fixtures) } catch { fail("\(benchCase.name): \(error)") }

    // Warm up and calibrate: a batch size so one sample takes about SAMPLE_MS.
    var iterations = 1
    while true {
        let start = nowNanoseconds()
        run_case(work, iterations)
        let elapsed = nowNanoseconds() - start
        if elapsed > sampleNanoseconds / 4 || iterations > (1 << 30) {
            iterations = Int(Double(iterations) * sampleNanoseconds / max(elapsed, 1))
            break
        }
        iterations *= 4
    }
    iterations = max(iterations, 1)

    var times: [Double] = []
    for _ in 0..<samples {
        let start = nowNanoseconds()
        run_case(work, iterations)
        times.append((nowNanoseconds() - start) / Double(iterations))
    }
    times.sort()
    let columns = [
        implementation, benchCase.name, String(benchCase.bytes),
        String(format: "%.1f", times[samples / 2]), String(format: "%.1f", times[0]),
        String(format: "%.1f", times[samples / 4]), String(format: "%.1f", times[(3 * samples) / 4]),
        String(format: "%.1f", times[samples - 1]), String(iterations),
    ]
    print(columns.joined(separator: "\t"))
    fflush(nil)  // all C streams, stdout included
}
FileHandle.standardError.write(Data("# sink \(benchSink)\n".utf8))
