// purereceipt-bench batch: the library's BatchVerifier against single verifications.
//
//   purereceipt-bench batch STREAM.ndjson [--root CERT]... [--lines N] [--jobs N] [--rounds R]
//
// Reads the first N lines (default 20 000) of an NDJSON stream written by
// Vectors/tools/make_batch_stream.py (our own fixture: a bare input or an object with one input
// member per line) into memory, then measures with the same policies and inputs:
//   single:  `BatchVerifier.verify(_:cache:)` on each input in turn, one thread, one warm cache:
//            the library's warm single-verification cost (format detection and the verifier);
//   batch 1: `BatchVerifier.verify(_:_:)` over all inputs with jobs 1 (task group, shared
//            ChainCache actor, reordering);
//   batch N: the same with --jobs N (default 2).
// Each is run R times (default 3) after one warm-up pass; the best round counts. Prints wall and
// process CPU time per input, the ratios the batch goals are written in (batch 1 CPU per input
// over single; batch N rate over batch 1 rate), and the outcome mismatches between the three
// (verdict and code per input; any mismatch exits 1).

import Foundation
import PureJSON
import PureReceipt
import PureX509

/// Wall and process CPU seconds since `start`.
private struct Clock {
    let wall = Date()
    let cpu = processCPUSeconds()

    static func processCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    func elapsed() -> (wall: Double, cpu: Double) {
        (Date().timeIntervalSince(wall), Clock.processCPUSeconds() - cpu)
    }
}

/// The verdict and code of one result, compared across the three ways.
private func batchOutcome(_ result: BatchResult) -> String {
    switch result.result {
    case .success: return "genuine"
    case .failure(let error): return "\(error.verdict) \(error.code)"
    }
}

/// One NDJSON line of our fixture stream as a BatchInput, as the command-line tool reads it.
private func batchInput(_ line: Substring, number: Int) -> BatchInput {
    let bytes = Array(line.utf8)
    guard line.hasPrefix("{"), let object = (try? JSONReader.read(bytes))?.objectValue else {
        return BatchInput(id: "\(number)", bytes: bytes)
    }
    let fields: [(String, SignedDataKind?)] = [
        ("receipt-data", nil), ("signedPayload", .notification), ("signedTransaction", .transaction),
        ("signedRenewalInfo", .renewal), ("signedAppTransactionInfo", .appTransaction),
    ]
    for (name, kind) in fields {
        if let value = object[name]?.stringValue {
            return BatchInput(id: "\(number)", bytes: Array(value.utf8), kind: kind)
        }
    }
    return BatchInput(id: "\(number)", bytes: bytes)
}

func runBatch(_ arguments: [String]) async -> Int32 {
    var path: String?
    var roots: [Certificate] = []
    var lines = 20_000
    var jobs = 2
    var rounds = 3
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        let value = index + 1 < arguments.count ? arguments[index + 1] : ""
        switch argument {
        case "--lines": lines = max(1, min(1_000_000, Int(value) ?? lines))
        case "--jobs": jobs = max(1, min(64, Int(value) ?? jobs))
        case "--rounds": rounds = max(1, min(20, Int(value) ?? rounds))
        case "--root": roots += readRoots(value)
        default:
            path = argument
            index += 1
            continue
        }
        index += 2
    }
    guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        fail("batch: expected a readable NDJSON stream")
    }
    let inputs = text.split(separator: "\n").prefix(lines).enumerated().map { batchInput($1, number: $0 + 1) }
    var receiptPolicy = ReceiptPolicy(bundleIdentifier: .anyApp)
    var signedDataPolicy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox)
    var legacyPolicy = LegacyReceiptPolicy(bundleIdentifier: .anyApp)
    if !roots.isEmpty {
        let anchors = TrustAnchors(certificates: roots)
        receiptPolicy.anchors = anchors
        signedDataPolicy.signer = .apple(anchors)
        legacyPolicy.anchors = anchors
    }

    func measure(_ name: String, _ run: () async -> [String]) async -> (wall: Double, cpu: Double, outcomes: [String]) {
        _ = await run()  // warm-up: caches filled, pages touched
        var best = (wall: Double.infinity, cpu: Double.infinity, outcomes: [String]())
        for _ in 0..<rounds {
            let clock = Clock()
            let outcomes = await run()
            let (wall, cpu) = clock.elapsed()
            if wall < best.wall { best = (wall, cpu, outcomes) }
        }
        let count = Double(inputs.count)
        print(
            String(
                format: "batch: %-8@ %8.3f s wall %8.3f s CPU   %7.1f µs wall, %7.1f µs CPU per input  %8.0f/s",
                name, best.wall, best.cpu, best.wall / count * 1e6, best.cpu / count * 1e6, count / best.wall))
        return best
    }

    let one = BatchVerifier(
        receiptPolicy: receiptPolicy, signedDataPolicy: signedDataPolicy, legacyPolicy: legacyPolicy, jobs: 1)
    let many = BatchVerifier(
        receiptPolicy: receiptPolicy, signedDataPolicy: signedDataPolicy, legacyPolicy: legacyPolicy, jobs: jobs)
    print("batch: \(inputs.count) inputs from \(path), jobs \(jobs), best of \(rounds) rounds after a warm-up")
    let single = await measure("single") {
        var cache = VerifiedChainCache()
        return inputs.map { batchOutcome(one.verify($0, cache: &cache)) }
    }
    let batch1 = await measure("batch 1") {
        var outcomes: [String] = []
        outcomes.reserveCapacity(inputs.count)
        await one.verify(inputs) { outcomes.append(batchOutcome($0)) }
        return outcomes
    }
    let batchN = await measure("batch \(jobs)") {
        var outcomes: [String] = []
        outcomes.reserveCapacity(inputs.count)
        await many.verify(inputs) { outcomes.append(batchOutcome($0)) }
        return outcomes
    }
    // One cold run with a new cache: a chain two workers meet at the same moment may be verified by
    // both (ChainCache.withCache), so misses can exceed the distinct chains kept, by at most `jobs`
    // per chain.
    let cold = BatchVerifier(
        receiptPolicy: receiptPolicy, signedDataPolicy: signedDataPolicy, legacyPolicy: legacyPolicy, jobs: jobs)
    await cold.verify(inputs) { _ in }
    let (misses, kept, hits) = (await cold.cache.misses, await cold.cache.count, await cold.cache.hits)
    print("batch: one cold run, \(jobs) workers: \(misses) chain lookups missed, \(hits) hit; \(kept) chains kept")
    let counts = Dictionary(grouping: single.outcomes, by: { $0 }).mapValues(\.count).sorted { $0.key < $1.key }
    print("batch: outcomes " + counts.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
    print(String(format: "batch: batch 1 CPU per input / single: %.3f×", batch1.cpu / single.cpu))
    print(String(format: "batch: batch 1 wall per input / single: %.3f×", batch1.wall / single.wall))
    print(String(format: "batch: batch %d rate / batch 1 rate: %.3f×", jobs, batch1.wall / batchN.wall))
    let mismatches = zip(single.outcomes, zip(batch1.outcomes, batchN.outcomes)).filter { $0 != $1.0 || $0 != $1.1 }
    print("batch: \(mismatches.count) outcome mismatches")
    return mismatches.isEmpty && batch1.outcomes.count == inputs.count && batchN.outcomes.count == inputs.count ? 0 : 1
}
