// JWS verification with a verified-chain cache (ChainCache.swift): the same checks in the same
// order as `verify(signer:at:)` (JWSVerification.swift). The ES256 signature over the JWS Signing
// Input is verified on every call, and so is every chain check (markers, CA constraints, keyUsage,
// validity at `time`, x5c order and root); only the certificate signatures of a path verified
// before, for exactly these x5c bytes, anchors and policy, are not verified again, and only a path
// that passed every check is remembered. A hit never changes a verdict: see the soundness argument
// in ChainCache.swift's header.

public import PureDER

extension CompactJWS {
    /// `verify(signer:at:)`, remembering verified chains in `cache` (single owner).
    public func verify(signer: JWSSignerPolicy, at time: DERTime, cache: inout VerifiedChainCache)
        throws(JWSError) -> [Certificate]
    {
        var paths = try signerPaths(signer: signer, cache: &cache)
        try verifySignature()
        return try chain(&paths, signer: signer, at: time, cache: &cache)
    }

    /// Steps 1 and 2 of JWSVerification.swift's header: the signer kind, the x5c shape and a path
    /// of certificate signatures from x5c[0] to an anchor (a path `cache` remembered, when it holds
    /// one for exactly these certificates), with nothing of the payload read and no instant yet.
    package func signerPaths(signer: JWSSignerPolicy, cache: inout VerifiedChainCache) throws(JWSError)
        -> SignerPaths
    {
        switch signer {
        case .apple(let anchors):
            if isXcodeSigned { throw JWSError(.xcodeNotAllowed, at: 0, keyID ?? "self-signed x5c") }
            // Apple JWS rule (x5c-three): x5c is exactly [leaf, intermediate, root].
            guard certificates.count == 3 else {
                throw JWSError(.chainShape, at: 0, "\(certificates.count) certificates")
            }
            let pool = Array(certificates[1...])
            let known = cache.path(leaf: certificates[0], pool: pool, anchors: anchors, policy: .apple)
            // Apple JWS rule (leaf-marker): the leaf carries 1.2.840.113635.100.6.11.1 and Apple JWS
            // rule (intermediate-marker): its issuer carries 1.2.840.113635.100.6.2.1; the receipt
            // chain policy enforces both, the path shape, CA constraints and validity at the instant.
            return try chain { () throws(X509Error) in
                try SignerPaths(leaf: certificates[0], pool: pool, anchors: anchors, policy: .apple, known: known)
            }
        case .xcode(let pinned):
            // Apple JWS rule (xcode-opt-in): Xcode-signed data carries one self-signed certificate,
            // accepted only when byte-identical to the one the caller opted in with (nothing cached).
            guard certificates.count == 1, let leaf = certificates.first else {
                throw JWSError(.chainShape, at: 0, "\(certificates.count) certificates")
            }
            return try chain { () throws(X509Error) in
                try SignerPaths(
                    leaf: leaf, pool: [], anchors: TrustAnchors(certificates: []), policy: .xcode(pinned))
            }
        }
    }

    /// Step 3 of JWSVerification.swift's header: the first path of `paths` passing every check at
    /// `time` (read from the payload once the signature over it verified), x5c order and root.
    package func chain(
        _ paths: inout SignerPaths, signer: JWSSignerPolicy, at time: DERTime, cache: inout VerifiedChainCache
    ) throws(JWSError) -> [Certificate] {
        let path = try chain { () throws(X509Error) in try paths.path(at: time) }
        guard case .apple(let anchors) = signer else { return path }
        // Apple JWS rule (x5c-order): the path's intermediate is x5c[1] (x5c has three certificates:
        // `signerPaths` checked it; checked again so that no index here can trap).
        guard path.count == 3, certificates.count == 3, path[1].isSameCertificate(as: certificates[1]) else {
            throw JWSError(.chainShape, at: 0, "x5c[1] is not the leaf's issuer")
        }
        // Apple JWS rule (x5c-root): x5c[2] is never trusted for itself: it is the anchor,
        // byte-identical, or carrying the anchor's subject and public key.
        let root = certificates[2]
        let anchor = path[2]
        guard
            root.isSameCertificate(as: anchor)
                || (root.subject == anchor.subject && root.publicKey.sameKey(as: anchor.publicKey))
        else {
            throw JWSError(.chainShape, at: 0, "x5c[2] is not the trust anchor")
        }
        if !paths.isRemembered {
            cache.insert(path: path, leaf: path[0], pool: Array(certificates[1...]), anchors: anchors, policy: .apple)
        }
        return path
    }
}
