// purereceipt-bench load: verification under concurrency.
//
//   purereceipt-bench load PATH... [--root CERT]... [--tasks N] [--seconds S] [--max-bytes B]
//
// Reads every .der/.b64 file of each PATH (file or directory, not recursive; files above
// --max-bytes, default 4 MiB, skipped), verifies each once on one thread without a cache (the
// reference verdict), then runs N tasks for S seconds that verify the inputs in rotation through
// `ReceiptValidator.validate(_:policy:cache:)` with ONE shared `ChainCache`, comparing every
// outcome with the reference. Prints throughput, mismatches and peak RSS; exits 1 on any
// mismatch. Trust anchors: the --root certificates (PEM or DER), or Apple's root when none.

import Foundation
import PureReceipt
import PureX509

/// One verification's outcome, compared as text: the verdict and code, or what was verified.
func loadOutcome(_ run: () throws(VerificationError) -> VerifiedReceipt) -> String {
    do {
        let verified = try run()
        let receipt = verified.receipt
        return "genuine \(receipt.receiptCreationDate) \(receipt.inAppPurchases.count) \(verified.chain.count)"
    } catch {
        return "\(error.verdict) \(error.code) \(error.offset.map(String.init) ?? "-")"
    }
}

func loadOutcome(_ input: [UInt8], _ policy: ReceiptPolicy, _ cache: ChainCache) async -> String {
    do {
        let verified = try await cache.withCache { (cache) throws(VerificationError) in
            try ReceiptValidator.validate(input, policy: policy, cache: &cache)
        }
        return loadOutcome { () throws(VerificationError) in verified }
    } catch {
        return loadOutcome { () throws(VerificationError) in throw error }
    }
}

/// The certificates of a --root file (PEM or DER); exits when it cannot be read.
func readRoots(_ path: String) -> [Certificate] {
    guard let data = FileManager.default.contents(atPath: path),
        let parsed = try? TrustAnchors.parse(pemOrDER: Array(data))
    else { fail("cannot read --root \(path)") }
    return parsed
}

/// Peak resident set size of this process in MB (Linux /proc), or -1.
func peakRSSMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return -1 }
    return kilobytes / 1024
}

func runLoad(_ arguments: [String]) async -> Int32 {
    var paths: [String] = []
    var roots: [Certificate] = []
    var tasks = 8
    var seconds = 5.0
    var maxBytes = 4 << 20
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        let value = index + 1 < arguments.count ? arguments[index + 1] : ""
        switch argument {
        case "--tasks": tasks = max(1, min(256, Int(value) ?? tasks))
        case "--seconds": seconds = max(0.1, min(600, Double(value) ?? seconds))
        case "--max-bytes": maxBytes = max(1, Int(value) ?? maxBytes)
        case "--root": roots += readRoots(value)
        default:
            paths.append(argument)
            index += 1
            continue
        }
        index += 2
    }
    var files: [String] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            fail("no such path \(path)")
        }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += names.sorted().filter { $0.hasSuffix(".der") || $0.hasSuffix(".b64") }.map { path + "/" + $0 }
        } else {
            files.append(path)
        }
    }
    let inputs: [[UInt8]] = files.compactMap { readFile($0, maxBytes: maxBytes) }
    guard !inputs.isEmpty else { fail("load: no inputs") }
    var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
    if !roots.isEmpty { policy.anchors = TrustAnchors(certificates: roots) }
    let reference = inputs.map { input in
        loadOutcome { () throws(VerificationError) in
            try ReceiptValidator.validate(input, policy: policy)
        }
    }
    let genuine = reference.filter { $0.hasPrefix("genuine") }.count
    let malformed = reference.filter { $0.hasPrefix("malformed") }.count
    print(
        "load: \(inputs.count) inputs (\(genuine) genuine, \(malformed) malformed, "
            + "\(inputs.count - genuine - malformed) not authentic or policy), \(tasks) tasks, \(seconds) s")

    let cache = ChainCache()
    let sharedPolicy = policy
    let start = Date()
    let deadline = start.addingTimeInterval(seconds)
    let (count, mismatches) = await withTaskGroup(of: (Int, [String]).self) { group in
        for task in 0..<tasks {
            group.addTask {
                var count = 0
                var mismatches: [String] = []
                var next = task % inputs.count
                // Bounded: the deadline, and at most 10 million verifications per task.
                while Date() < deadline && count < 10_000_000 {
                    let outcome = await loadOutcome(inputs[next], sharedPolicy, cache)
                    if outcome != reference[next] {
                        mismatches.append("\(next): expected \(reference[next]), got \(outcome)")
                    }
                    count += 1
                    next = (next + 1) % inputs.count
                }
                return (count, mismatches)
            }
        }
        var total = 0
        var all: [String] = []
        for await (count, mismatches) in group {
            total += count
            all += mismatches
        }
        return (total, all)
    }
    let elapsed = Date().timeIntervalSince(start)
    print(String(format: "load: %d verifications in %.2f s: %.0f per second", count, elapsed, Double(count) / elapsed))
    print(String(format: "load: %d mismatches; peak RSS %.1f MB", mismatches.count, peakRSSMegabytes()))
    for mismatch in mismatches.prefix(20) { print("load: MISMATCH \(mismatch)") }
    return mismatches.isEmpty ? 0 : 1
}
