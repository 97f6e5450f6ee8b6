// Revocation checking with fresh statuses already in the store, each case paired with the warm
// verification it extends (compare.py `BASE=CANDIDATE`, our bench on both sides). The statuses come
// from `ocsp-<certificate>.der` in the fixtures folder (`Vectors/tools/bench.sh revocation`: each
// certificate below a fixture root answered `good` by its issuer through `openssl ocsp -index`,
// valid for ten years from when it was made), imported at setup with `importRecords`, which verifies
// each response again (so a fixture that does not verify fails setup, not the timed loop).
//
// `jws_verify_transaction_warm_revocation`: `jws_verify_transaction_warm`, then
//   `RevocationChecker.verify` under `require` with a `RevocationCache` holding the leaf's and the
//   intermediate's statuses, and no transport: a status missing from the store would make the
//   verdict `undetermined`, which fails setup; nothing can be fetched. The async driver runs in a
//   detached task the calling thread waits for (as the CLI runs it), so the time includes that
//   hand-off. callgrind counts only the calling thread: its count is that of `…_revocation_store`.
// `jws_verify_transaction_warm_async`: the warm verification alone through the same hand-off (a
//   detached task per operation), the baseline that isolates what the driver and the actor add.
// `…_revocation_store`: the same work through the synchronous core, as a caller without async does
//   it: `RevocationStore.status(of:at:)` for each certificate of `RevocationSubject.path(chain)`,
//   the report and its verdict under `require`.
// `cms_verify_receipt8k_sha256_payload_warm_revocation`, `…_revocation_store` and `…_async`: the same after
//   `cms_verify_receipt8k_sha256_payload_warm` (`ReceiptValidator.validate`, the RSA chain).

import Foundation
import PureReceipt
import PureX509

/// The instant of the bench (the fixtures' certificate validity is checked at the current time).
private let revocationNow = Instant(millisecondsSince1970: benchNow.secondsSince1970 * 1000)

/// A store holding a fresh status for each (certificate, issuer) fixture pair, or a setup failure.
private func filledStore(_ fixtures: Fixtures, _ pairs: [(String, String)]) throws -> RevocationStore {
    let records = try pairs.map { certificate, issuer in
        RevocationRecord(
            source: .ocsp, response: try fixtures.bytes("ocsp-\(certificate).der"),
            certificate: try fixtures.bytes("\(certificate).der"), issuer: try fixtures.bytes("\(issuer).der"))
    }
    var store = RevocationStore()
    guard store.importRecords(records, at: revocationNow) == records.count else {
        throw Fixtures.Missing(path: "ocsp-*.der that verify (run Vectors/tools/bench.sh revocation)")
    }
    return store
}

/// The driver's work for a fresh store, synchronously: a lookup per certificate below the root, the
/// report, its verdict under `require`.
private func checkStored(_ chain: [Certificate], _ store: inout RevocationStore) throws(VerificationError)
    -> RevocationReport
{
    var entries: [RevocationReport.Entry] = []
    for subject in RevocationSubject.path(chain) {
        let outcome: RevocationReport.Outcome
        if let (status, source) = store.status(of: subject, at: revocationNow) {
            outcome = .checked(status, source: source, fromStore: true)
        } else {
            outcome = .notChecked([RevocationAttempt(request: nil, failure: .offline)])
        }
        entries.append(RevocationReport.Entry(certificate: subject.certificate, outcome: outcome))
    }
    let report = RevocationReport(setting: .require, entries: entries)
    try report.verdict()
    return report
}

/// Fails setup unless every certificate below the root was answered from the store.
private func requireStored(_ report: RevocationReport) throws {
    let stored = report.entries.allSatisfy {
        if case .checked(let status, _, fromStore: true) = $0.outcome { return status.value == .good }
        return false
    }
    guard stored, !report.entries.isEmpty else { throw Fixtures.Missing(path: "fresh statuses in the store") }
}

/// Mutable state shared with the detached task of one operation; the calling thread waits for it.
private final class AsyncRun<State>: @unchecked Sendable {
    var state: State
    var count: Int?
    let done = DispatchSemaphore(value: 0)
    init(_ state: State) { self.state = state }

    /// Runs `work` on the concurrency pool and returns what it returned (nil when it threw).
    func run(_ work: @escaping @Sendable (AsyncRun<State>) async throws -> Int) -> Int? {
        count = nil
        Task.detached {
            self.count = try? await work(self)
            self.done.signal()
        }
        done.wait()
        return count
    }
}

private let requireOptions = RevocationOptions(setting: .require)

private func jwsRevocationSetup(_ fixtures: Fixtures) throws -> (
    jws: [UInt8], policy: SignedDataPolicy, cache: VerifiedChainCache, store: RevocationStore
) {
    var jws = try fixtures.bytes("transaction.jws")
    while let last = jws.last, last == 0x0A || last == 0x0D || last == 0x20 { jws.removeLast() }
    let anchors = TrustAnchors(certificates: [try Certificate(derEncoded: fixtures.bytes("ec-root.der"))])
    let policy = SignedDataPolicy(
        bundleId: "com.example.bench", environment: .sandbox, signer: .apple(anchors),
        validityInstant: revocationNow)
    var cache = VerifiedChainCache()
    _ = try SignedDataVerifier.verifyTransaction(jws, policy: policy, cache: &cache)
    return (jws, policy, cache, try filledStore(fixtures, [("ec-leaf", "ec-inter"), ("ec-inter", "ec-root")]))
}

private func receiptRevocationSetup(_ fixtures: Fixtures) throws -> (
    receipt: [UInt8], policy: ReceiptPolicy, cache: VerifiedChainCache, store: RevocationStore
) {
    let receipt = try fixtures.bytes("receipt-8k-sha256.der")
    let policy = try fixturePolicy(fixtures, receipt: receipt)
    var cache = VerifiedChainCache()
    _ = try ReceiptValidator.validate(receipt, policy: policy, cache: &cache)
    return (receipt, policy, cache, try filledStore(fixtures, [("leaf", "inter"), ("inter", "root")]))
}

/// A `RevocationCache` holding what `store` holds.
private func sharedCache(_ store: RevocationStore) -> AsyncRun<RevocationCache> {
    let run = AsyncRun(RevocationCache())
    let records = store.exportRecords()
    _ = run.run { run in await run.state.importRecords(records, at: revocationNow) }
    return run
}

/// One warm verification (`verify`, through the chain cache) run as the command runs the async
/// driver: in a detached task the calling thread waits for; with `shared`, inside
/// `RevocationChecker.verify` under `require` from that store, without a transport (nil: the
/// verification alone, the baseline of the hand-off). Fails setup when the first run fails.
private func handOff<Value: RevocationCheckable>(
    _ cache: VerifiedChainCache, shared: AsyncRun<RevocationCache>?, count: @escaping @Sendable (Value) -> Int,
    _ verify: @escaping @Sendable (inout VerifiedChainCache) throws(VerificationError) -> Value
) throws -> () -> Void {
    let chains = AsyncRun(cache)
    let operation: @Sendable (AsyncRun<VerifiedChainCache>) async throws -> Int = { chains in
        guard let shared else { return count(try verify(&chains.state)) }
        let checked = try await RevocationChecker.verify(
            options: requireOptions, at: revocationNow, cache: shared.state, transport: nil
        ) { () throws(VerificationError) in try verify(&chains.state) }
        try requireStored(checked.report)
        return count(checked.value)
    }
    guard chains.run(operation) != nil else {
        throw Fixtures.Missing(path: shared == nil ? "a fixture that verifies" : "a fresh status for each certificate")
    }
    return { benchSink &+= UInt64(chains.run(operation) ?? 0) }
}

/// One warm verification, then `RevocationStore.status` for each certificate of its path (the
/// synchronous core, `checkStored`), in the calling thread.
private func throughStore<Value: RevocationCheckable>(
    _ cache: VerifiedChainCache, _ store: RevocationStore, count: @escaping (Value) -> Int,
    _ verify: @escaping (inout VerifiedChainCache) throws(VerificationError) -> Value
) throws -> () -> Void {
    var (cache, store) = (cache, store)
    try requireStored(try checkStored(verify(&cache).chain, &store))
    return {
        guard let verified = try? verify(&cache), (try? checkStored(verified.chain, &store)) != nil else { return }
        benchSink &+= UInt64(count(verified))
    }
}

private let quantity: @Sendable (VerifiedStoreKitData<JWSTransactionDecodedPayload>) -> Int = {
    Int($0.payload.quantity ?? 0)
}
private let purchases: @Sendable (VerifiedReceipt) -> Int = { $0.receipt.inAppPurchases.count }

let revocationCases: [BenchCase] = [
    BenchCase(name: "jws_verify_transaction_warm_revocation", bytes: 0) { fixtures in
        let f = try jwsRevocationSetup(fixtures)
        return try handOff(f.cache, shared: sharedCache(f.store), count: quantity) { cache throws(VerificationError) in
            try SignedDataVerifier.verifyTransaction(f.jws, policy: f.policy, cache: &cache)
        }
    },
    BenchCase(name: "jws_verify_transaction_warm_async", bytes: 0) { fixtures in
        let f = try jwsRevocationSetup(fixtures)
        return try handOff(f.cache, shared: nil, count: quantity) { cache throws(VerificationError) in
            try SignedDataVerifier.verifyTransaction(f.jws, policy: f.policy, cache: &cache)
        }
    },
    BenchCase(name: "jws_verify_transaction_warm_revocation_store", bytes: 0) { fixtures in
        let f = try jwsRevocationSetup(fixtures)
        return try throughStore(f.cache, f.store, count: quantity) { cache throws(VerificationError) in
            try SignedDataVerifier.verifyTransaction(f.jws, policy: f.policy, cache: &cache)
        }
    },
    BenchCase(name: "cms_verify_receipt8k_sha256_payload_warm_revocation", bytes: 0) { fixtures in
        let f = try receiptRevocationSetup(fixtures)
        return try handOff(f.cache, shared: sharedCache(f.store), count: purchases) { cache throws(VerificationError) in
            try ReceiptValidator.validate(f.receipt, policy: f.policy, cache: &cache)
        }
    },
    BenchCase(name: "cms_verify_receipt8k_sha256_payload_warm_async", bytes: 0) { fixtures in
        let f = try receiptRevocationSetup(fixtures)
        return try handOff(f.cache, shared: nil, count: purchases) { cache throws(VerificationError) in
            try ReceiptValidator.validate(f.receipt, policy: f.policy, cache: &cache)
        }
    },
    BenchCase(name: "cms_verify_receipt8k_sha256_payload_warm_revocation_store", bytes: 0) { fixtures in
        let f = try receiptRevocationSetup(fixtures)
        return try throughStore(f.cache, f.store, count: purchases) { cache throws(VerificationError) in
            try ReceiptValidator.validate(f.receipt, policy: f.policy, cache: &cache)
        }
    },
]
