// SignedData verification with a verified-chain cache (ChainCache.swift): the same checks in the
// same order as `verify(anchors:policy:at:)` — the CMS signature over the content is verified on
// every call; only the certificate signatures of a chain verified before are not re-checked.

public import PureDER

extension SignedData {
    /// `verify(anchors:policy:at:)`, remembering verified chains in `cache` (single owner).
    public func verify(anchors: TrustAnchors, policy: ChainPolicy, at time: DERTime, cache: inout VerifiedChainCache)
        throws(CMSError) -> VerifiedSignedData
    {
        let (certificate, signer) = try verifySignerSignature()
        let chain: [Certificate]
        do {
            chain = try verifyChain(
                leaf: certificate, pool: certificates, anchors: anchors, policy: policy, at: time, cache: &cache)
        } catch {
            throw CMSError(error, at: nil)
        }
        return verified(by: signer, chain: chain)
    }

    /// `verify(anchors:policy:at:)`, remembering verified chains in a cache shared between tasks.
    public func verify(anchors: TrustAnchors, policy: ChainPolicy, at time: DERTime, cache: ChainCache)
        async throws(CMSError) -> VerifiedSignedData
    {
        let (certificate, signer) = try verifySignerSignature()
        let chain: [Certificate]
        do {
            chain = try await verifyChain(
                leaf: certificate, pool: certificates, anchors: anchors, policy: policy, at: time, cache: cache)
        } catch {
            throw CMSError(error, at: nil)
        }
        return verified(by: signer, chain: chain)
    }
}
