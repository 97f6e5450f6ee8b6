// Verification under concurrency: many tasks verify the vector receipts (genuine, forged and
// malformed) through one shared ChainCache, and every verdict equals the single-threaded,
// uncached verdict for the same bytes. The larger, timed run is `purereceipt-bench load`.

import Foundation
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

@Suite("verdicts under concurrency")
struct ConcurrencyTests {
    static func outcome(_ run: () throws(VerificationError) -> VerifiedReceipt) -> String {
        do {
            let verified = try run()
            return
                "genuine \(verified.receipt.receiptCreationDate) \(verified.receipt.inAppPurchases.count) \(verified.chain.count)"
        } catch {
            return "\(error.verdict) \(error.code) \(error.offset.map(String.init) ?? "-")"
        }
    }

    @Test("4 tasks sharing one ChainCache give every 16th vector receipt its single-threaded verdict")
    func sharedCacheVerdicts() async throws {
        try await Self.sharedCacheVerdicts(every: 16)
    }

    @Test("4 tasks sharing one ChainCache give every vector receipt its single-threaded verdict", .fullTests)
    func fullSharedCacheVerdicts() async throws {
        try await Self.sharedCacheVerdicts(every: 1)
    }

    /// Every `stride`-th vector receipt in name order (malformed, forged and genuine ones alike).
    static func sharedCacheVerdicts(every stride: Int) async throws {
        let names = FullTests.sample(
            try FileManager.default.contentsOfDirectory(atPath: VectorSuite.directory.path)
                .filter { $0.hasSuffix(".der") }.sorted(),
            every: stride)
        let inputs = try names.map { Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent($0))) }
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.anchors = TrustAnchors(certificates: [try VectorSuite.certificate("pki/root.der")])
        let shared = policy
        let reference = inputs.map { input in
            Self.outcome { () throws(VerificationError) in try ReceiptValidator.validate(input, policy: shared) }
        }
        // The table holds all three kinds, or the comparison proves little.
        #expect(reference.contains { $0.hasPrefix("genuine") })
        #expect(reference.contains { $0.hasPrefix("malformed") })
        #expect(reference.contains { $0.hasPrefix("not-authentic") })
        let cache = ChainCache()
        let mismatches = await withTaskGroup(of: [String].self) { group in
            for task in 0..<4 {
                group.addTask {
                    var found: [String] = []
                    for round in 0..<1 {
                        for step in 0..<inputs.count {
                            let index = (step + task * 7 + round) % inputs.count
                            let got: String
                            do throws(VerificationError) {
                                let verified = try await cache.withCache { (cache) throws(VerificationError) in
                                    try ReceiptValidator.validate(inputs[index], policy: shared, cache: &cache)
                                }
                                got = Self.outcome { () throws(VerificationError) in verified }
                            } catch {
                                got = Self.outcome { () throws(VerificationError) in throw error }
                            }
                            if got != reference[index] { found.append("\(names[index]): \(got) ≠ \(reference[index])") }
                        }
                    }
                    return found
                }
            }
            var all: [String] = []
            for await found in group { all += found }
            return all
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
