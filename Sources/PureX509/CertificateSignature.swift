// Certificate signature verification (RFC 5280 §6.1.3 (a)(1)): the issuer's public key verifies
// the signature over the TBSCertificate bytes exactly as they were received.
//
// Accepts: sha1/sha224/sha256/sha384/sha512WithRSAEncryption signatures made with an RSA issuer
// key (RSASSA-PKCS1-v1_5, RFC 8017 §8.2.2, implemented in PureCrypto).
// Reports: ECDSA signatures and EC issuer keys as `unsupportedPublicKey` with the curve named
// (EC verification is not implemented yet); an algorithm that does not fit the issuer's key type
// (RSA signature, EC key or the reverse) as `badSignature`.
// Does not check: issuer/subject name chaining, validity or CA status (ChainVerification.swift).

extension Certificate {
    /// Verifies this certificate's signature with `issuer`'s public key.
    ///
    /// - Throws: `badSignature` when the signature does not verify (no detail);
    ///   `unsupportedPublicKey` for ECDSA.
    public func verifySignature(issuedBy issuer: Certificate) throws(X509Error) {
        switch (signatureAlgorithm, issuer.publicKey) {
        case (.rsaPKCS1v15(let hash), .rsa(let key)):
            // RFC 5280 §4.1.1.3: "The signatureValue field contains a digital signature computed upon
            // the ASN.1 DER encoded tbsCertificate." The received bytes are hashed as they are.
            let digest = hash.hash(tbsCertificate)
            do {
                try key.verifyPKCS1v15(signature: signature, digest: digest, algorithm: hash)
            } catch {
                throw X509Error(.badSignature, certificate: subject.description)
            }
        case (.ecdsa, .ec(let curve, _)):
            throw X509Error(
                .unsupportedPublicKey("EC \(curve): verification not yet supported"), certificate: subject.description)
        case (.ecdsa, .rsa), (.rsaPKCS1v15, .ec):
            // The issuer's key cannot have produced a signature of this algorithm.
            throw X509Error(.badSignature, certificate: subject.description)
        }
    }
}
