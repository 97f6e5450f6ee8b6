// BatchVerifier: results come back in input order, paired with their ids, whatever the number of
// jobs; a forged and a malformed input mid-stream get their own results and the run goes on; every
// verification shares one chain cache (each distinct chain verified once with one job, at most
// once per job with several).

import Foundation
import PureReceipt
import PureX509
import Testing

@Suite("BatchVerifier: order, ids, one shared cache")
struct BatchVerifierTests {
    static func file(_ path: String) throws -> [UInt8] {
        let root = JWSVectors.folder.deletingLastPathComponent()
        return [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
    }

    static func verifier(jobs: Int) throws -> BatchVerifier {
        let jwsRoot = try JWSVectors.certificate("root.der")
        let receiptRoot = try TrustAnchors.parse(pemOrDER: try file("pki/root.der"))
        return BatchVerifier(
            receiptPolicy: ReceiptPolicy(
                bundleIdentifier: "com.example.pureapp", anchors: TrustAnchors(certificates: receiptRoot)),
            signedDataPolicy: SignedDataPolicy(
                bundleId: "com.example.vectors", environment: .sandbox,
                signer: .apple(TrustAnchors(certificates: [jwsRoot]))),
            legacyPolicy: LegacyReceiptPolicy(bundleIdentifier: .anyApp), jobs: jobs)
    }

    /// Inputs of every StoreKit kind and an app receipt, with a forged and a malformed one among
    /// them, `rounds` times over; the expected code of each (nil: genuine).
    static func inputs(rounds: Int) throws -> [(BatchInput, String?)] {
        let items: [(String, [UInt8], SignedDataKind?, String?)] = [
            ("transaction", try file("jws/transaction-valid.jws"), nil, nil),
            ("notification", try file("jws/notification-valid.jws"), nil, nil),
            ("forged", try file("jws/payload-modified.jws"), .transaction, "jws.signatureInvalid"),
            ("renewal", try file("jws/renewal-valid.jws"), .renewal, nil),
            ("malformed", Array("not a receipt!".utf8), nil, "input.notASN1"),
            ("receipt", try file("receipts/valid-der-sha256.der"), nil, nil),
            ("app-transaction", try file("jws/apptransaction-valid.jws"), nil, nil),
        ]
        var inputs: [(BatchInput, String?)] = []
        for round in 0..<rounds {
            for (name, bytes, kind, code) in items {
                inputs.append((BatchInput(id: "\(round)-\(name)", bytes: bytes, kind: kind), code))
            }
        }
        return inputs
    }

    /// (id, code or "genuine") of every result, in the order handed out.
    static func run(_ verifier: BatchVerifier, _ inputs: [BatchInput]) async -> [(String, String)] {
        var results: [(String, String)] = []
        await verifier.verify(inputs) { result in
            switch result.result {
            case .success: results.append((result.id, "genuine"))
            case .failure(let error): results.append((result.id, error.code))
            }
        }
        return results
    }

    @Test("Results in input order, with their ids and verdicts; a forged and a malformed input do not stop the run")
    func orderAndVerdicts() async throws {
        let inputs = try Self.inputs(rounds: 6)
        let results = await Self.run(try Self.verifier(jobs: 4), inputs.map(\.0))
        #expect(results.map(\.0) == inputs.map(\.0.id))
        #expect(results.map(\.1) == inputs.map { $0.1 ?? "genuine" })
    }

    @Test("Many jobs give exactly what one job gives")
    func manyJobsEqualOne() async throws {
        let inputs = try Self.inputs(rounds: 8).map(\.0)
        let one = await Self.run(try Self.verifier(jobs: 1), inputs)
        for jobs in [2, 8] {
            var verifier = try Self.verifier(jobs: jobs)
            verifier.window = jobs  // the smallest window: the most reordering
            let many = await Self.run(verifier, inputs)
            #expect(many.map(\.0) == one.map(\.0))
            #expect(many.map(\.1) == one.map(\.1))
        }
    }

    @Test("One cache for every job: each distinct chain verified once (one job), at most once per job (several)")
    func sharedCache() async throws {
        let inputs = try Self.inputs(rounds: 10).map(\.0)
        let one = try Self.verifier(jobs: 1)
        _ = await Self.run(one, inputs)
        // Two chains: the JWS test chain and the app receipt test chain.
        #expect(await one.cache.count == 2)
        #expect(await one.cache.misses == 2)
        #expect(await one.cache.hits > 50)
        let four = try Self.verifier(jobs: 4)
        _ = await Self.run(four, inputs)
        #expect(await four.cache.count == 2)
        #expect(await four.cache.misses <= 2 * 4)
    }

    @Test("Inputs are pulled as the window allows: never more than `window` ahead of the results")
    func boundedWindow() async throws {
        var verifier = try Self.verifier(jobs: 2)
        verifier.window = 3
        let inputs = try Self.inputs(rounds: 3).map(\.0)
        let pulled = Counter()
        let sequence = inputs.lazy.map { input in
            pulled.value += 1
            return input
        }
        var handed = 0
        var most = 0
        await verifier.verify(sequence) { _ in
            handed += 1
            most = max(most, pulled.value - handed)
        }
        #expect(handed == inputs.count)
        #expect(most <= 3)
    }
}

/// A counter the sequence bumps from the verifier's driving task only.
private final class Counter: @unchecked Sendable {
    var value = 0
}
