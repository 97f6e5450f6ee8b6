// BatchVerifier: many inputs verified on every core, one shared chain cache, results handed back
// in input order.
//
// What it adds to the single-input verifiers is order and sharing, nothing else: each input goes
// through the same verify call as on its own (`verify(_:cache:)`: the library's format detection,
// then ReceiptValidator, LegacyReceiptValidator or SignedDataVerifier under the caller's policy),
// and each result is handed out paired with the input it came from, by position.
// Bounds: inputs are pulled from the caller's sequence only while fewer than `jobs` are being
// verified and fewer than `window` results are waiting to be handed out, so memory holds at most
// `window` inputs and results whatever the sequence's length.
// Cache: `ChainCache.withCache` lends each verification a copy and keeps what it learned
// (ChainCache.swift); two inputs with the same new chain verified at the same time may both verify
// it (at most `jobs` times per chain), never more once one has finished.
// Not here: reading inputs (the caller's sequence), presenting results (the caller's `body`).

#if !hasFeature(Embedded)
    public import PureX509

    /// Verifies inputs in parallel with one chain cache; results come back in input order.
    public struct BatchVerifier: Sendable {
        /// The policy for app receipts.
        public var receiptPolicy: ReceiptPolicy
        /// The policy for StoreKit 2 signed data.
        public var signedDataPolicy: SignedDataPolicy
        /// The policy for legacy transaction receipts.
        public var legacyPolicy: LegacyReceiptPolicy
        /// Inputs verified at the same time (at least 1).
        public var jobs: Int
        /// Inputs read but not yet handed out, at most (at least `jobs`).
        public var window: Int
        /// The chain cache every verification shares.
        public let cache: ChainCache

        /// A verifier with these policies, `jobs` verifications at a time (default 1) and a new cache.
        public init(
            receiptPolicy: ReceiptPolicy, signedDataPolicy: SignedDataPolicy, legacyPolicy: LegacyReceiptPolicy,
            jobs: Int = 1, cache: ChainCache = ChainCache()
        ) {
            self.receiptPolicy = receiptPolicy
            self.signedDataPolicy = signedDataPolicy
            self.legacyPolicy = legacyPolicy
            self.jobs = jobs
            self.window = 4 * max(jobs, 4)
            self.cache = cache
        }

        /// Verifies every input of `inputs` (pulled as needed) and hands each result to `body`, in
        /// input order.
        public func verify(
            _ inputs: some Sequence<BatchInput>, _ body: (BatchResult) async -> Void
        ) async {
            let verifier = self
            await map(inputs, { input, cache in verifier.verify(input, cache: &cache) }, body)
        }

        /// One input, as `verify(_:_:)` verifies it: the format detected (InputFormat.swift), then
        /// the verifier of that format under its policy, through `cache`.
        public func verify(_ input: BatchInput, cache: inout VerifiedChainCache) -> BatchResult {
            let result = Result { () throws(VerificationError) -> BatchOutcome in
                switch InputFormat.detect(input.bytes) {
                case .appReceipt:
                    return .appReceipt(try ReceiptValidator.validate(input.bytes, policy: receiptPolicy, cache: &cache))
                case .legacyReceipt:
                    return .legacyReceipt(
                        try LegacyReceiptValidator.validate(input.bytes, policy: legacyPolicy, cache: &cache))
                case .signedData(let jws, let body):
                    // Parsed and authenticated once; the kind from the field it came in or the
                    // verified payload (a `{"signedPayload"}` body: a notification or a realtime request).
                    return try SignedDataVerifier.verify(
                        jws, kind: input.kind, fromRequestBody: body, policy: signedDataPolicy, cache: &cache)
                }
            }
            return BatchResult(id: input.id, result: result)
        }

        /// `transform` applied to every element of `inputs`, `jobs` at a time through the shared
        /// cache, then `finish` (when given) to its output on the same worker, outside the cache (an
        /// async step such as revocation checking); each output handed to `body` in input order.
        /// The engine of `verify(_:_:)`, for a caller with its own verification step (the
        /// command-line tool's).
        public func map<Inputs: Sequence, Output: Sendable>(
            _ inputs: Inputs, _ transform: @escaping @Sendable (Inputs.Element, inout VerifiedChainCache) -> Output,
            then finish: (@Sendable (Output) async -> Output)? = nil, _ body: (Output) async -> Void
        ) async where Inputs.Element: Sendable {
            let jobs = max(1, self.jobs)
            let window = max(jobs, window)
            let cache = self.cache
            await withTaskGroup(of: (Int, Output).self) { group in
                var iterator = inputs.makeIterator()
                var read = 0  // inputs read: the next one's position
                var handed = 0  // outputs handed out: the next one's position
                var running = 0
                var waiting: [Int: Output] = [:]  // finished, not yet handed out: at most `window`
                var exhausted = false
                while true {
                    while !exhausted, running < jobs, read - handed < window {
                        guard let input = iterator.next() else {
                            exhausted = true
                            break
                        }
                        let position = read
                        read += 1
                        running += 1
                        group.addTask {
                            let output = await cache.withCache { transform(input, &$0) }
                            return (position, await finish?(output) ?? output)
                        }
                    }
                    // Nothing running: every input read was handed out (the window had room), and
                    // none is left.
                    guard running > 0, let (position, output) = await group.next() else { return }
                    running -= 1
                    waiting[position] = output
                    while let output = waiting.removeValue(forKey: handed) {
                        handed += 1
                        await body(output)
                    }
                }
            }
        }
    }
#endif
