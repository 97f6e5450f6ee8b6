// SignedData verification under the caller's rules (RFC 5652 §5.4, §5.6; CMSRules.swift).
//
// Order of checks (authenticate first): exactly one SignerInfo; the eContentType the rules
// require; the signer's certificate found by SignerIdentifier among the SignedData's certificates;
// the signer key RSA of at least the rules' size; a path of certificate signatures from it to an
// anchor (no instant yet); signed attributes (if any) checked against the content; the signature;
// then every check of the path at the instant. An untrusted signer is refused before the content
// is hashed, as OpenSSL's CMS_verify does (it verifies the signer's certificate before the content
// digest). Trust comes only from the caller: the anchors and the rules are arguments, never read
// from the input. The signature and the digest are computed over the input bytes in place
// (segments of the eContent, or the signed attributes re-tagged per §5.4 — the only re-encoding).
// Verifies one signer: RFC 5652 §5.1 allows any number of SignerInfos, and which of several must
// verify is a profile's choice that no caller here makes, so there must be exactly one.
// Does not check: revocation (no CRL/OCSP), signing time, countersignatures.

public import PureCrypto
public import PureDER

/// A SignedData whose signature and chain verified.
public struct VerifiedSignedData: Sendable {
    /// The eContent value, copied out of the input on each access.
    public var content: [UInt8] { contentSegments.concatenated() }
    /// The eContent value as segments of the input, without copying. (Not copied eagerly: the
    /// receipt validator decodes the payload from its own copy, and a second one cost 1× the
    /// receipt size in peak memory, see Docs/PERFORMANCE.md.)
    public let contentSegments: OctetStringSegments
    /// eContentType.
    public let contentType: OID
    /// The verified chain, signer first, trust anchor last.
    public let chain: [Certificate]
    /// The digest algorithm of the signer that verified.
    public let digestAlgorithm: HashAlgorithm
    /// The signature algorithm of the signer that verified.
    public let signatureAlgorithm: CMSSignatureAlgorithm
    /// True when the signature covered signed attributes rather than the content directly.
    public let hadSignedAttributes: Bool
}

extension SignedData {
    /// Verifies the single signer's chain and signature: the signer's own checks and a path of
    /// certificate signatures to `anchors` under `rules`, then the signature over the content,
    /// then every check of the path with certificate validity evaluated at `time` (for a signed
    /// record: the instant its authenticated content states).
    public func verify(anchors: TrustAnchors, rules: CMSRules, at time: DERTime) throws(CMSError)
        -> VerifiedSignedData
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verify(anchors: anchors, rules: rules, at: time, cache: &none)
    }

    /// `verify(anchors:rules:at:)`, remembering verified chains in `cache` (ChainCache.swift): the
    /// signature over the content and every check of the path run on every call; only the
    /// certificate signatures of a path verified before for these certificates are not verified again.
    public func verify(anchors: TrustAnchors, rules: CMSRules, at time: DERTime, cache: inout VerifiedChainCache)
        throws(CMSError) -> VerifiedSignedData
    {
        var paths = try signerPaths(of: signerCertificate(rules), anchors: anchors, rules: rules.path, cache: &cache)
        let signer = try verifySignerSignature(paths)
        let chain = try SignedData.chain(&paths, at: time, cache: &cache)
        return verified(by: signer, chain: chain)
    }

    /// The first step of verification (ChainVerification.swift's `SignerPaths`), after the checks
    /// of the signer alone (`signerCertificate`): a path of certificate signatures from `leaf`, the
    /// signer's certificate, to `anchors` (a path `cache` remembers is not verified again), with
    /// nothing of the content read.
    package func signerPaths(
        of leaf: Certificate, anchors: TrustAnchors, rules: PathRules, cache: inout VerifiedChainCache
    ) throws(CMSError) -> SignerPaths {
        do {
            return try SignerPaths(leaf: leaf, pool: certificates, anchors: anchors, rules: rules, cache: &cache)
        } catch {
            throw CMSError(error, at: nil)
        }
    }

    /// The last step: the first path of `paths` passing every check at `time`.
    package static func chain(_ paths: inout SignerPaths, at time: DERTime, cache: inout VerifiedChainCache)
        throws(CMSError) -> [Certificate]
    {
        do { return try paths.path(at: time, cache: &cache) } catch { throw CMSError(error, at: nil) }
    }

    /// Signed attributes and the signature over the content, with the key of `paths` (the first
    /// step's, whose signer checks it ran). Returns the SignerInfo.
    package func verifySignerSignature(_ paths: SignerPaths) throws(CMSError) -> SignerInfo {
        let certificate = paths.leaf
        // The first step checked one SignerInfo and an RSA signer key; checked again so that nothing
        // here depends on the order of calls.
        guard signerInfos.count == 1, let signer = signerInfos.first, case .rsa(let key) = paths.signerKey else {
            throw CMSError(X509Error(.signerNotFound), at: nil)
        }
        let digest = try signedDigest(of: signer)
        do {
            // RFC 5652 §5.6: "The recipient MUST NOT rely on any message digest values computed by
            // the originator." The digest was computed here; RSASSA-PKCS1-v1_5 checks the signature.
            try key.verifyPKCS1v15(signature: signer.signature, digest: digest, algorithm: signer.digestAlgorithm)
        } catch {
            // One opaque failure, whatever the RSA layer found.
            throw CMSError(X509Error(.badSignature, certificate: certificate.subject), at: signer.offset)
        }
        return signer
    }

    /// The signer's certificate, after the checks of the signer before its signature: signer
    /// count, the content type `rules` require, the certificate found by the SignerIdentifier and
    /// its RSA key of at least `rules.minimumSignerRSABits`.
    package func signerCertificate(_ rules: CMSRules) throws(CMSError) -> Certificate {
        // One signer verified (the file header): exactly one SignerInfo.
        guard signerInfos.count == 1, let signer = signerInfos.first else {
            throw CMSError(.signerCount(signerInfos.count), at: signerInfos.dropFirst().first?.offset)
        }
        // RFC 5652 §5.2: eContentType "is an object identifier. The object identifier uniquely
        // specifies the content type": content of another type than the rules' is not theirs,
        // whatever it parses as.
        if let expected = rules.contentType, contentType != expected {
            throw CMSError(.contentType(contentType), at: nil)
        }
        // RFC 5652 §5.3: sid "specifies the signer's certificate (and thereby the signer's public key)".
        guard let certificate = certificates.first(where: { signer.signerIdentifier.identifies($0) }) else {
            throw CMSError(X509Error(.signerNotFound), at: signer.offset)
        }
        // The subject is rendered only on failure (rendering a name costs more than the checks).
        guard case .rsa(let key) = certificate.publicKey else {
            throw CMSError(
                X509Error(
                    .unsupportedPublicKey("signer key is not RSA"),
                    certificate: certificate.subject), at: signer.offset)
        }
        guard key.modulusBitCount >= rules.minimumSignerRSABits else {
            throw CMSError(X509Error(.keyTooSmall, certificate: certificate.subject), at: signer.offset)
        }
        return certificate
    }

    /// The result for a verified signature and chain.
    package func verified(by signer: SignerInfo, chain: [Certificate]) -> VerifiedSignedData {
        VerifiedSignedData(
            contentSegments: content, contentType: contentType, chain: chain, digestAlgorithm: signer.digestAlgorithm,
            signatureAlgorithm: signer.signatureAlgorithm, hadSignedAttributes: signer.signedAttributes != nil)
    }

    /// The digest the signature must cover: of the content, or of the re-tagged signed attributes
    /// after checking them against the content.
    func signedDigest(of signer: SignerInfo) throws(CMSError) -> [UInt8] {
        // RFC 5652 §5.4: "Only the octets comprising the value of the eContent OCTET STRING are input
        // to the message digest algorithm, not the tag or the length octets." Hashed segment by
        // segment, without concatenating a constructed (BER) value.
        let contentDigest = signer.digestAlgorithm.hash(segments: content.slices)
        guard let attributes = signer.signedAttributes else {
            // RFC 5652 §5.4: "When the field is absent, the result is just the message digest of the
            // content as described above."
            return contentDigest
        }
        // RFC 5652 §11.1: "The content-type attribute value MUST match the SignedData
        // encapContentInfo eContentType value."
        guard attributes.contentType == contentType else {
            throw CMSError(.contentTypeMismatch, at: attributes.contentTypeOffset)
        }
        // RFC 5652 §5.3: the message-digest attribute has "as its value the message digest of the
        // content". Compared in constant time (the digest is public, but the habit costs nothing).
        guard constantTimeEqual(attributes.messageDigest, contentDigest[...]) else {
            throw CMSError(.messageDigestMismatch, at: attributes.messageDigestOffset)
        }
        // RFC 5652 §5.4: "When the field is present, however, the result is the message digest of
        // the complete DER encoding of the SignedAttrs value contained in the signedAttrs field."
        return signer.digestAlgorithm.hash(attributes.setOfEncodingForSignature())
    }
}
