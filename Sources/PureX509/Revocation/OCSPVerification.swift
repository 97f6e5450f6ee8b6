// OCSP response verification (RFC 6960 §3.2): what must hold before a response's status is used.
//
// Checks, in order: the signer (the issuing CA itself, or a delegated responder the CA issued and
// signed, with id-kp-OCSPSigning, valid now) matched by the responderID, byName or byKey; the
// signature over ResponseData as received; a SingleResponse whose CertID names the certificate
// asked about (hash algorithm, issuer name hash, issuer key hash, serial); the nonce, when one was
// sent; thisUpdate ≤ now + `Limits.revocationClockSkewSeconds` and now ≤ nextUpdate.
// Does not check: a delegated responder's keyUsage and critical extensions (its issuer, signature,
// purpose and validity are checked) or its own revocation status (RFC 6960 §4.2.2.2.1 leaves that
// to the CA; delegated responder certificates carry id-pkix-ocsp-nocheck); producedAt (thisUpdate and
// nextUpdate bound the status); trusted responders outside the certificate's own CA.
import PureCrypto
public import PureDER

extension OCSPResponse {
    /// id-kp-OCSPSigning, 1.3.6.1.5.5.7.3.9.
    static let ocspSigning = OID(1, 3, 6, 1, 5, 5, 7, 3, 9)

    /// The status of `certificate` (issued by `issuer`, whose signature on it the caller has
    /// verified) at `now`, if this response proves one; `nonce` is the one the request sent.
    public func status(of certificate: Certificate, issuedBy issuer: Certificate, at now: DERTime, nonce: [UInt8]?)
        throws(RevocationError) -> RevocationStatus
    {
        let signer = try signerKey(issuer: issuer, at: now)
        // RFC 6960 §3.2: "The signature on the response is valid" — over ResponseData as received.
        guard signer.verifies(signature, over: bytes[responseDataRange], signatureAlgorithm) else {
            throw RevocationError(.badSignature)
        }
        // RFC 6960 §3.2: "The certificate identified in a received response corresponds to the
        // certificate that was identified in the corresponding request".
        guard
            let single = responses.first(where: {
                $0.certID == CertID(certificate, issuer: issuer, hash: $0.certID.hash)
            })
        else { throw RevocationError(.mismatch) }
        // RFC 8954 §2.1: the responder "MUST include an identical nonce" in the response.
        if let nonce, nonceValue.map(Array.init) != DERWriter.tlv(0x04, nonce) {
            throw RevocationError(.nonceMismatch)
        }
        try checkTimes(thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate, at: now)
        return RevocationStatus(value: single.value, thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate)
    }

    /// The key that must have signed: the issuing CA's, or an authorized delegated responder's.
    func signerKey(issuer: Certificate, at now: DERTime) throws(RevocationError) -> PublicKey {
        func named(_ candidate: Certificate) -> Bool {
            if let responderName { return candidate.subject.derEncoded == responderName }
            return responderKeyHash.map { SHA1.hash(candidate.publicKeyBits) == Array($0) } ?? false
        }
        // RFC 6960 §4.2.2.2: the key "MUST belong to ... the CA who issued the certificate in question".
        if named(issuer) { return issuer.publicKey }
        guard let responder = certificates.first(where: named) else { throw RevocationError(.responderNotFound) }
        // RFC 6960 §4.2.2.2: "This certificate MUST be issued directly by the CA that is identified in
        // the request", designated "by the inclusion of id-kp-OCSPSigning in an extended key usage
        // certificate extension"; "the responder's certificate" is checked like any other (validity).
        guard responder.issuer == issuer.subject, (try? responder.verifySignature(issuedBy: issuer)) != nil,
            responder.extensions.extendedKeyUsage?.contains(OCSPResponse.ocspSigning) == true,
            responder.isValid(at: now)
        else { throw RevocationError(.responderNotAuthorized) }
        return responder.publicKey
    }
}

/// RFC 6960 §4.2.2.1 and RFC 5280 §6.3.3 (a): the status is current at `now`.
func checkTimes(thisUpdate: DERTime, nextUpdate: DERTime?, at now: DERTime) throws(RevocationError) {
    // RFC 6960 §4.2.2.1: "Responses whose thisUpdate time is later than the local system time SHOULD
    // be considered unreliable" — beyond the tolerated clock skew.
    let skew = Limits.revocationClockSkewSeconds
    let latest = DERTime(secondsSince1970: min(now.secondsSince1970, Int64.max - skew) + skew)
    guard thisUpdate <= latest else { throw RevocationError(.notYetValid(thisUpdate)) }
    // RFC 6960 §4.2.2.1: "Responses whose nextUpdate value is earlier than the local system time
    // value SHOULD be considered unreliable."
    if let nextUpdate, nextUpdate < now { throw RevocationError(.stale(nextUpdate)) }
}
