// ReceiptValidator with a verified-chain cache (PureX509's ChainCache.swift), for servers that
// validate many receipts signed by the same certificates.
//
// Identical to `validate(_:policy:)` — same checks, same order, same errors — except that a chain
// verified earlier under the same anchors and policy, with byte-identical certificates, does not
// have its certificate signatures verified again. The receipt's own CMS signature, validity at the
// instant, markers, constraints and every policy check run on every call. Only the Apple-policy
// verification uses the cache (the Xcode opt-in is for development and is never cached).

public import PureX509

extension ReceiptValidator {
    /// `validate(_:policy:)` with a cache owned by the caller (one per worker thread or task).
    public static func validate(
        _ input: [UInt8], policy: ReceiptPolicy = ReceiptPolicy(), cache: inout VerifiedChainCache
    ) throws(ReceiptValidationError) -> VerifiedReceipt {
        let signedData = try envelope(input)
        _ = try trustFirst(
            signedData, policy,
            known: policy.checksTrustFirst ? cache.path(for: signedData, anchors: policy.anchors) : nil)
        let scanned = try scan(signedData)
        let time = validityTime(scanned, policy)
        let apple = Result { () throws(CMSError) in
            try scanned.signedData.verify(anchors: policy.anchors, policy: .apple, at: time, cache: &cache)
        }
        return try finish(scanned, policy: policy, apple: apple)
    }

    /// `validate(_:policy:)` with a cache shared between tasks.
    public static func validate(
        _ input: [UInt8], policy: ReceiptPolicy = ReceiptPolicy(), cache: ChainCache
    ) async throws(ReceiptValidationError) -> VerifiedReceipt {
        let signedData = try envelope(input)
        let known = policy.checksTrustFirst ? await cache.path(for: signedData, anchors: policy.anchors) : nil
        _ = try trustFirst(signedData, policy, known: known)
        let scanned = try scan(signedData)
        let time = validityTime(scanned, policy)
        let apple: Result<VerifiedSignedData, CMSError>
        do {
            apple = .success(
                try await scanned.signedData.verify(anchors: policy.anchors, policy: .apple, at: time, cache: cache))
        } catch {
            apple = .failure(error)
        }
        return try finish(scanned, policy: policy, apple: apple)
    }
}
