// Certificate signature verification (RFC 5280 §6.1.3 (a)(1)): the issuer's public key verifies
// the signature over the TBSCertificate bytes exactly as they were received.
//
// Accepts: sha1/sha224/sha256/sha384/sha512WithRSAEncryption signatures made with an RSA issuer
// key (RSASSA-PKCS1-v1_5, RFC 8017 §8.2.2), and ecdsa-with-SHA256/384/512 signatures made with a
// P-256 or P-384 issuer key (FIPS 186-5 §6.4.2; the DER Ecdsa-Sig-Value of RFC 3279 §2.2.3), both
// implemented in PureCrypto. Any hash may go with either curve: FIPS 186-5 §6.4.1 truncates a
// longer digest (ecdsa-with-SHA512 under P-256 is rare but well defined, so it is kept).
// Reports: an algorithm that does not fit the issuer's key type (RSA signature, EC key or the
// reverse) as `badSignature`.
// Does not check: issuer/subject name chaining, validity or CA status (ChainVerification.swift).

import PureCrypto

extension Certificate {
    /// Verifies this certificate's signature with `issuer`'s public key.
    ///
    /// - Throws: `badSignature` when the signature does not verify (no detail);
    public func verifySignature(issuedBy issuer: Certificate) throws(X509Error) {
        // RFC 5280 §4.1.1.3: "The signatureValue field contains a digital signature computed upon
        // the ASN.1 DER encoded tbsCertificate." The received bytes are hashed as they are.
        guard issuer.publicKey.verifies(signature, over: tbsCertificate, signatureAlgorithm) else {
            throw X509Error(.badSignature, certificate: subject)
        }
    }
}

extension PublicKey {
    /// True when `signature`, made with `algorithm`, verifies with this key over `message` (the
    /// signed bytes exactly as received: a TBSCertificate, an OCSP ResponseData, a TBSCertList).
    /// An algorithm that does not fit the key's type is false.
    package func verifies(
        _ signature: ArraySlice<UInt8>, over message: ArraySlice<UInt8>, _ algorithm: SignatureAlgorithm
    )
        -> Bool
    {
        switch (algorithm, self) {
        case (.rsaPKCS1v15(let hash), .rsa(let key)):
            do {
                try key.verifyPKCS1v15(signature: signature, digest: hash.hash(message), algorithm: hash)
                return true
            } catch {
                return false
            }
        case (.ecdsa(let hash), .ec(let key)):
            // RFC 5758 §3.2: "the signature value is DER encoded ... as an ECDSA-Sig-Value" over the
            // received bytes, hashed with the named SHA-2.
            return key.isValidSignatureVarTime(der: signature, digest: hash.hash(message))
        case (.ecdsa, .rsa), (.rsaPKCS1v15, .ec):
            // The key cannot have produced a signature of this algorithm.
            return false
        }
    }
}
