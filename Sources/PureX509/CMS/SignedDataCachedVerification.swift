// SignedData verification with a verified-chain cache (ChainCache.swift): the same checks in the
// same order as `verify(anchors:policy:at:)` — the CMS signature over the content is verified on
// every call; only the certificate signatures of a chain verified before are not re-checked, and
// only chains that passed every check are remembered.

public import PureDER

extension SignedData {
    /// `verify(anchors:policy:at:)`, remembering verified chains in `cache` (single owner).
    public func verify(anchors: TrustAnchors, policy: ChainPolicy, at time: DERTime, cache: inout VerifiedChainCache)
        throws(CMSError) -> VerifiedSignedData
    {
        let leaf = try signerKey().certificate
        let known = cache.path(leaf: leaf, pool: certificates, anchors: anchors, policy: policy)
        var paths = try signerPaths(anchors: anchors, policy: policy, known: known)
        let signer = try verifySignerSignature().signer
        let chain = try SignedData.chain(&paths, at: time)
        if known == nil { cache.insert(path: chain, leaf: leaf, pool: certificates, anchors: anchors, policy: policy) }
        return verified(by: signer, chain: chain)
    }

    /// `verify(anchors:policy:at:)`, remembering verified chains in a cache shared between tasks.
    public func verify(anchors: TrustAnchors, policy: ChainPolicy, at time: DERTime, cache: ChainCache)
        async throws(CMSError) -> VerifiedSignedData
    {
        let leaf = try signerKey().certificate
        let known = await cache.path(leaf: leaf, pool: certificates, anchors: anchors, policy: policy)
        var paths = try signerPaths(anchors: anchors, policy: policy, known: known)
        let signer = try verifySignerSignature().signer
        let chain = try SignedData.chain(&paths, at: time)
        if known == nil {
            await cache.insert(path: chain, leaf: leaf, pool: certificates, anchors: anchors, policy: policy)
        }
        return verified(by: signer, chain: chain)
    }
}
