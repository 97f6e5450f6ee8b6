// JWS verification with a verified-chain cache (ChainCache.swift): the same checks in the same
// order as `verify(signer:at:)` (JWSVerification.swift). The ES256 signature over the JWS Signing
// Input is verified on every call, and so is every chain check (markers, CA constraints, keyUsage,
// validity at `time`, x5c order and root); only the certificate signatures of a path verified
// before, for exactly these x5c bytes, anchors and policy, are not verified again. A hit never
// changes a verdict: see the soundness argument in ChainCache.swift's header.

public import PureDER

extension CompactJWS {
    /// `verify(signer:at:)`, remembering verified chains in `cache` (single owner).
    public func verify(signer: JWSSignerPolicy, at time: DERTime, cache: inout VerifiedChainCache)
        throws(JWSError) -> [Certificate]
    {
        if case .apple = signer, isXcodeSigned {
            throw JWSError(.xcodeNotAllowed, at: 0, keyID ?? "self-signed x5c")
        }
        try verifySignature()
        return try verifyChain(signer: signer, at: time, cache: &cache)
    }

    /// The chain checks of `verify(signer:at:)` alone (JWSVerification.swift's header, step 3),
    /// through `cache`: for a caller that has just verified the signature (`verifySignature()`) and
    /// read the validity instant from the payload.
    public func verifyChain(signer: JWSSignerPolicy, at time: DERTime, cache: inout VerifiedChainCache)
        throws(JWSError) -> [Certificate]
    {
        switch signer {
        case .apple(let anchors):
            // Apple JWS rule (x5c-three): x5c is exactly [leaf, intermediate, root].
            guard certificates.count == 3 else {
                throw JWSError(.chainShape, at: 0, "\(certificates.count) certificates")
            }
            let intermediate = certificates[1]
            let root = certificates[2]
            // Apple JWS rule (leaf-marker): the leaf carries 1.2.840.113635.100.6.11.1 and Apple JWS
            // rule (intermediate-marker): its issuer carries 1.2.840.113635.100.6.2.1; the receipt
            // chain policy enforces both, the path shape, CA constraints and validity at `time`.
            let path = try chain { () throws(X509Error) in
                try PureX509.verifyChain(
                    leaf: certificates[0], pool: [intermediate, root], anchors: anchors, policy: .apple, at: time,
                    cache: &cache)
            }
            // Apple JWS rule (x5c-order): the path's intermediate is x5c[1].
            guard path.count == 3, path[1].isSameCertificate(as: intermediate) else {
                throw JWSError(.chainShape, at: 0, "x5c[1] is not the leaf's issuer")
            }
            // Apple JWS rule (x5c-root): x5c[2] is never trusted for itself: it is the anchor,
            // byte-identical, or carrying the anchor's subject and public key.
            let anchor = path[2]
            guard
                root.isSameCertificate(as: anchor)
                    || (root.subject == anchor.subject && root.publicKey.sameKey(as: anchor.publicKey))
            else {
                throw JWSError(.chainShape, at: 0, "x5c[2] is not the trust anchor")
            }
            return path
        case .xcode(let pinned):
            // Apple JWS rule (xcode-opt-in): Xcode-signed data carries one self-signed certificate,
            // accepted only when byte-identical to the one the caller opted in with (nothing cached).
            guard certificates.count == 1, let leaf = certificates.first else {
                throw JWSError(.chainShape, at: 0, "\(certificates.count) certificates")
            }
            return try chain { () throws(X509Error) in
                try PureX509.verifyChain(
                    leaf: leaf, pool: [], anchors: TrustAnchors(certificates: []), policy: .xcode(pinned), at: time)
            }
        }
    }
}
