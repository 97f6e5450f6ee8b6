// ReceiptValidator with a verified-chain cache (PureX509's ChainCache.swift), for servers that
// validate many receipts signed by the same certificates.
//
// Identical to `validate(_:policy:)` — same checks, same order, same errors — except that a chain
// verified earlier under the same anchors and policy, with byte-identical certificates, does not
// have its certificate signatures verified again. The receipt's own CMS signature, validity at the
// instant, markers, constraints and every policy check run on every call. Only the Apple-policy
// chain uses the cache (the Xcode opt-in is for development and is never cached), and only a
// chain that passed every check at its instant is remembered.

public import PureX509

extension ReceiptValidator {
    /// `validate(_:policy:)` with a cache owned by the caller (one per worker thread or task).
    public static func validate(
        _ input: [UInt8], policy: ReceiptPolicy = ReceiptPolicy(), cache: inout VerifiedChainCache
    ) throws(ReceiptValidationError) -> VerifiedReceipt {
        let signedData = try envelope(input)
        let known = cache.path(for: signedData, anchors: policy.anchors)
        var signer = try trustedSigner(signedData, policy, known: known)
        let authenticated = try authenticate(signedData, &signer, policy)
        if known == nil, !authenticated.viaXcode {
            cache.insert(path: authenticated.signedData.chain, for: signedData, anchors: policy.anchors)
        }
        return try finish(authenticated, policy: policy)
    }

    /// `validate(_:policy:)` with a cache shared between tasks.
    public static func validate(
        _ input: [UInt8], policy: ReceiptPolicy = ReceiptPolicy(), cache: ChainCache
    ) async throws(ReceiptValidationError) -> VerifiedReceipt {
        let signedData = try envelope(input)
        let known = await cache.path(for: signedData, anchors: policy.anchors)
        var signer = try trustedSigner(signedData, policy, known: known)
        let authenticated = try authenticate(signedData, &signer, policy)
        if known == nil, !authenticated.viaXcode {
            await cache.insert(path: authenticated.signedData.chain, for: signedData, anchors: policy.anchors)
        }
        return try finish(authenticated, policy: policy)
    }
}
