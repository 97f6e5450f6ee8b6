// RevocationChecker: the async driver. It takes a result the offline verification already
// produced (its verified path: no second parse or signature check of the input), asks the store,
// fetches only what is missing through the caller's transport, verifies what comes back, stores
// it, and returns the result with a revocation report, or the verdict the report gives.
//
// Per certificate below the root: a fresh status from the store; else, unless fetching is off,
// OCSP (the first AIA responder URL, with a nonce when `sendsNonce`), then the CRL (the first
// distribution point) when OCSP gave no usable status. Certificates are checked one after the
// other; each fetch is bounded by the transport (time, size). Through a `RevocationCache`, callers
// that need one certificate's status at the same time share one fetch (single flight).
// swift-format-ignore
#if !hasFeature(Embedded)
public import PureDER
public import PureX509

/// How a verify call checks revocation. Every field says what its default means.
public struct RevocationOptions: Sendable {
    /// `off` (the default): no checking, no fetching, no store.
    public var setting: RevocationSetting
    /// True (the default): fetch what the store lacks through the transport. False: the store
    /// only (the CLI's `--offline`).
    public var fetches: Bool
    /// False (the default): OCSP requests carry no nonce, since responders that serve cached
    /// responses (Apple's) do not echo one. True: a random 16-byte nonce the response must echo.
    public var sendsNonce: Bool

    /// Options with the given setting; the other fields at their defaults.
    public init(setting: RevocationSetting = .off, fetches: Bool = true, sendsNonce: Bool = false) {
        self.setting = setting
        self.fetches = fetches
        self.sendsNonce = sendsNonce
    }
}

/// A verified result that holds its certificate path (signer first, anchor last).
public protocol RevocationCheckable: Sendable {
    /// The verified path.
    var chain: [Certificate] { get }
}

extension VerifiedReceipt: RevocationCheckable {}
extension VerifiedStoreKitData: RevocationCheckable {}
extension VerifiedLegacyReceipt: RevocationCheckable {}

/// A verified result and the revocation report that let it pass.
public struct RevocationChecked<Value: RevocationCheckable>: Sendable {
    /// The result of the offline verification.
    public let value: Value
    /// What revocation checking established for each certificate of its path.
    public let report: RevocationReport
}

/// The async revocation driver.
public enum RevocationChecker {
    /// Runs `verify` (any offline verify call of the three formats) once, then checks its path
    /// under `options` at `now`: `try await RevocationChecker.verify(options: o, at: now, cache: c,
    /// transport: t) { try ReceiptValidator.validate(bytes, policy: p) }`.
    ///
    /// - Throws: the offline verification's error; else `revocation.revoked` (not authentic) or,
    ///   under `require`, `revocation.undetermined` (verdict `undetermined`: retry later).
    public static func verify<Value: RevocationCheckable>(
        options: RevocationOptions, at now: Instant, cache: RevocationCache?, transport: (any RevocationTransport)?,
        _ verify: () throws(VerificationError) -> Value
    ) async throws(VerificationError) -> RevocationChecked<Value> {
        let value = try verify()
        let report = await check(value.chain, options: options, at: now, cache: cache, transport: transport)
        try report.verdict()
        return RevocationChecked(value: value, report: report)
    }

    /// The report for a verified `chain` (signer first, anchor last) under `options` at `now`,
    /// without a verdict (see `RevocationReport.verdict()`).
    public static func check(
        _ chain: [Certificate], options: RevocationOptions, at now: Instant, cache: RevocationCache?,
        transport: (any RevocationTransport)?
    ) async -> RevocationReport {
        guard options.setting != .off else { return RevocationReport(setting: .off, entries: []) }
        var entries: [RevocationReport.Entry] = []
        for subject in RevocationSubject.path(chain) {
            let outcome = await outcome(subject, options: options, at: now, cache: cache, transport: transport)
            entries.append(RevocationReport.Entry(certificate: subject.certificate, outcome: outcome))
        }
        return RevocationReport(setting: options.setting, entries: entries)
    }

    static func outcome(
        _ subject: RevocationSubject, options: RevocationOptions, at now: Instant, cache: RevocationCache?,
        transport: (any RevocationTransport)?
    ) async -> RevocationReport.Outcome {
        let fetch = { @Sendable in await fetched(subject, options: options, at: now, cache: cache, transport: transport) }
        guard let cache else { return await fetch() }
        return await cache.outcome(of: subject, at: now, fetch)
    }

    /// The outcome of fetching what the store lacks for `subject` (OCSP, then the CRL).
    static func fetched(
        _ subject: RevocationSubject, options: RevocationOptions, at now: Instant, cache: RevocationCache?,
        transport: (any RevocationTransport)?
    ) async -> RevocationReport.Outcome {
        guard options.fetches, let transport else { return .notChecked([RevocationAttempt(request: nil, failure: .offline)]) }
        var attempts: [RevocationAttempt] = []
        for request in subject.requests(nonce: options.sendsNonce ? nonce() : nil) {
            let result = await transport.fetch(request).mapError { RevocationAttempt.Failure.fetch($0) }
                .flatMap { bytes in subject.evaluate(bytes, for: request, at: now).map { (bytes, $0) } }
            switch result {
            case .success(let (bytes, status)):
                await cache?.insert(status, from: bytes, source: request.source, for: subject, at: now)
                return .checked(status, source: request.source, fromStore: false)
            case .failure(let failure):
                attempts.append(RevocationAttempt(request: request, failure: failure))
            }
        }
        return .notChecked(attempts)
    }

    /// 16 random bytes (RFC 8954 §2.1: at least 1, at most 32 octets).
    static func nonce() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}

/// A `RevocationStore` shared between tasks: one for a server's app receipts, StoreKit data and
/// legacy receipts, and for batch verification. Concurrent misses for one certificate make one
/// fetch (single flight): the callers that miss while it runs wait for its outcome; a failed
/// fetch is kept by nobody, so the next miss after it fetches again.
public actor RevocationCache {
    private var store: RevocationStore
    /// The fetch running for each certificate (store key), until it ends.
    private var flights: [[UInt8]: Task<RevocationReport.Outcome, Never>] = [:]

    /// An empty shared store with the given bounds (see `RevocationStore.init`).
    public init(
        capacity: Int = Limits.maxRevocationStoreEntries, byteCapacity: Int = Limits.maxRevocationStoreBytes
    ) {
        store = RevocationStore(capacity: capacity, byteCapacity: byteCapacity)
    }

    /// Number of statuses held.
    public var count: Int { store.count }

    /// The fresh status stored for `subject` at `now`.
    public func status(of subject: RevocationSubject, at now: Instant)
        -> (status: RevocationStatus, source: RevocationSource)?
    {
        store.status(of: subject, at: now)
    }

    /// The stored status of `subject`, else the outcome of `fetch`, run once for every caller that
    /// misses while it runs (they get it as a status reused, not fetched by them).
    func outcome(
        of subject: RevocationSubject, at now: Instant, _ fetch: @escaping @Sendable () async -> RevocationReport.Outcome
    ) async -> RevocationReport.Outcome {
        if let (status, source) = store.status(of: subject, at: now) {
            return .checked(status, source: source, fromStore: true)
        }
        let key = RevocationStore.key(subject)
        if let flight = flights[key] {
            let outcome = await flight.value
            guard case .checked(let status, let source, _) = outcome else { return outcome }
            return .checked(status, source: source, fromStore: true)
        }
        let flight = Task { await fetch() }
        flights[key] = flight
        let outcome = await flight.value
        flights[key] = nil
        return outcome
    }

    /// `RevocationStore.insert`.
    @discardableResult
    public func insert(
        _ status: RevocationStatus, from response: [UInt8], source: RevocationSource, for subject: RevocationSubject,
        at now: Instant
    ) -> Bool {
        store.insert(status, from: response, source: source, for: subject, at: now)
    }

    /// Every record held, to persist.
    public func exportRecords() -> [RevocationRecord] { store.exportRecords() }

    /// `RevocationStore.importRecords`: every record verified again at `now`.
    public func importRecords(_ records: [RevocationRecord], at now: Instant) -> Int {
        store.importRecords(records, at: now)
    }

    /// Forgets every status.
    public func removeAll() { store.removeAll() }
}
#endif
