// CertificateList (RFC 5280 §5.1): a CRL, parsed in place, verified with its issuer's key and
// searched for one serial number without storing its entries.
//
// Accepts: strict DER of at most `Limits.maxCRLBytes`; version v2 or absent (v1); any number of
// revokedCertificates, each read in place; entry and CRL extensions whose critical ones this
// library processes (none: a delta CRL, an issuingDistributionPoint or an indirect CRL's
// certificateIssuer makes the CRL unusable, RFC 5280 §5.2 and §5.3).
// Memory: beyond the CRL's bytes (held by the caller), parsing and lookup keep a constant number
// of cursors and one entry's extensions at a time, whatever the entry count (measured by
// Vectors/revocation/measure-crl-memory.sh: 700 000 entries cost their bytes, nothing per entry).
// Time: two passes over the entries (parse validates every entry; lookup finds one).
// Does not check: delta CRLs, distribution point scopes, the CRL issuer's own revocation.
//
// CertificateList  ::=  SEQUENCE  {
//      tbsCertList          TBSCertList,
//      signatureAlgorithm   AlgorithmIdentifier,
//      signatureValue       BIT STRING  }
//
// TBSCertList  ::=  SEQUENCE  {
//      version                 Version OPTIONAL,
//                                   -- if present, MUST be v2
//      signature               AlgorithmIdentifier,
//      issuer                  Name,
//      thisUpdate              Time,
//      nextUpdate              Time OPTIONAL,
//      revokedCertificates     SEQUENCE OF SEQUENCE  {
//           userCertificate         CertificateSerialNumber,
//           revocationDate          Time,
//           crlEntryExtensions      Extensions OPTIONAL
//                                    -- if present, version MUST be v2
//                                }  OPTIONAL,
//      crlExtensions           [0]  EXPLICIT Extensions OPTIONAL
//                                    -- if present, version MUST be v2
//                                }
public import PureDER

/// A parsed CRL, not yet verified.
public struct CertificateRevocationList: Sendable {
    let bytes: [UInt8]
    /// The TBSCertList TLV: the signed bytes.
    let tbsRange: Range<Int>
    let issuer: DistinguishedName
    let thisUpdate: DERTime
    let nextUpdate: DERTime?
    /// The content of revokedCertificates (empty when absent).
    let entries: DERCursor
    let signatureAlgorithm: SignatureAlgorithm
    let signature: ArraySlice<UInt8>

    /// id-ce-cRLReasons, 2.5.29.21.
    static let reasonCode = OID(2, 5, 29, 21)

    /// Parses one CertificateList spanning all of `derEncoded`, and every entry of it.
    public init(derEncoded bytes: [UInt8]) throws(RevocationError) {
        guard bytes.count <= Limits.maxCRLBytes else { throw RevocationError(.tooLarge) }
        self.bytes = bytes
        var input = try revocation { () throws(DERError) in try DERCursor(bytes) }
        var outer = try revocation { () throws(DERError) in try input.readSequence("CertificateList") }
        try revocation { () throws(DERError) in try input.expectEnd("CertificateList: trailing bytes") }
        let tbs = try revocation { () throws(DERError) in try outer.readElement(.sequence, "TBSCertList") }
        tbsRange = tbs.encodedRange
        var fields = tbs.content
        let version = try revocation { () throws(DERError) -> Int64? in
            guard fields.peekTag() == .integer else { return nil }
            let start = fields.offset
            // RFC 5280 §5.1.2.1: "version ... if present, MUST be v2" (the INTEGER 1).
            guard try fields.readInt64("TBSCertList.version") == 1 else {
                throw DERError(.invalidValue, at: start, "TBSCertList.version: not v2")
            }
            return 1
        }
        let (inner, _) = try revocationX509 { () throws(X509Error) in
            try SignatureAlgorithm.read(from: &fields, "TBSCertList.signature")
        }
        (issuer, thisUpdate, nextUpdate, entries) = try revocation { () throws(DERError) in
            let issuer = try DistinguishedName.read(from: &fields, "TBSCertList.issuer")
            let thisUpdate = try fields.readTime("TBSCertList.thisUpdate")
            let tag = fields.peekTag()
            let nextUpdate =
                tag == .utcTime || tag == .generalizedTime ? try fields.readTime("TBSCertList.nextUpdate") : nil
            let entries = try fields.readOptional(.sequence, "TBSCertList.revokedCertificates")
            let none = try DERCursor(bytes: bytes, range: 0..<0, rules: .der)
            return (issuer, thisUpdate, nextUpdate, entries ?? none)
        }
        let extensions = try readExtensions(&fields, tag: 0, allowing: nil)
        try revocation { () throws(DERError) in try fields.expectEnd("TBSCertList") }
        // RFC 5280 §5.1.2.1: extensions require v2.
        guard extensions == nil || version != nil else {
            throw RevocationError(.encoding(DERError(.invalidValue, at: tbs.start, "TBSCertList: extensions in v1")))
        }
        let (outerAlgorithm, _) = try revocationX509 { () throws(X509Error) in
            try SignatureAlgorithm.read(from: &outer, "CertificateList.signatureAlgorithm")
        }
        // RFC 5280 §5.1.1.2: "This field MUST contain the same algorithm identifier as the signature
        // field in the sequence tbsCertList".
        guard outerAlgorithm == inner else { throw RevocationError(.certificate(X509Error(.algorithmMismatch))) }
        signatureAlgorithm = inner
        signature = try revocation { () throws(DERError) in
            let start = outer.offset
            let bits = try outer.readBitString("CertificateList.signatureValue")
            guard bits.unusedBits == 0 else { throw DERError(.invalidValue, at: start, "signatureValue: unused bits") }
            try outer.expectEnd("CertificateList")
            return bits.bytes
        }
        _ = try find(nil)
    }

    /// The status of `certificate` (issued by `issuer`, whose signature on it the caller has
    /// verified) at `now`, if this CRL proves one: revoked when listed, good otherwise.
    public func status(of certificate: Certificate, issuedBy issuer: Certificate, at now: DERTime)
        throws(RevocationError) -> RevocationStatus
    {
        // RFC 5280 §6.3.3 (b)/(f): the CRL issuer is the certificate's issuer, and "If a key usage
        // extension is present in the CRL issuer's certificate, verify that the cRLSign bit is set."
        guard self.issuer == certificate.issuer, issuer.subject == certificate.issuer,
            issuer.extensions.keyUsage?.contains(.cRLSign) ?? true
        else { throw RevocationError(.mismatch) }
        // RFC 5280 §6.3.3 (g): "Validate the signature on the complete CRL using the public key".
        guard issuer.publicKey.verifies(signature, over: bytes[tbsRange], signatureAlgorithm) else {
            throw RevocationError(.badSignature)
        }
        try checkTimes(thisUpdate: thisUpdate, nextUpdate: nextUpdate, at: now)
        guard let (time, reason) = try find(certificate.serialNumber) else {
            return RevocationStatus(value: .good, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
        }
        return RevocationStatus(
            value: .revoked(time: time, reason: reason), thisUpdate: thisUpdate, nextUpdate: nextUpdate)
    }

    /// One pass over revokedCertificates: the entry for `serial` (its date and reason code), or nil
    /// when none lists it. With nil, reads every entry and finds nothing: the validation pass.
    func find(_ serial: ArraySlice<UInt8>?) throws(RevocationError) -> (DERTime, Int64?)? {
        var list = entries
        while !list.isAtEnd {
            var entry = try revocation { () throws(DERError) in try list.readSequence("revokedCertificates entry") }
            let (number, date) = try revocation { () throws(DERError) in
                (try entry.readIntegerBytes("userCertificate"), try entry.readTime("revocationDate"))
            }
            // RFC 5280 §5.3: "If a CRL contains a critical CRL entry extension that the application
            // cannot process, then the application MUST NOT use that CRL".
            let extensions = try readExtensions(&entry, tag: nil, allowing: CertificateRevocationList.reasonCode)
            try revocation { () throws(DERError) in try entry.expectEnd("revokedCertificates entry") }
            guard let serial, number == serial else { continue }
            guard let value = extensions?[CertificateRevocationList.reasonCode]?.value else { return (date, nil) }
            // RFC 5280 §5.3.1: "CRLReason ::= ENUMERATED".
            let reason = try revocation { () throws(DERError) -> Int64 in
                var cursor = try DERCursor(bytes: bytes, range: value.startIndex..<value.endIndex, rules: .der)
                let code = try cursor.readInt64(tag: .enumerated, "CRLReason")
                try cursor.expectEnd("CRLReason")
                return code
            }
            return (date, reason)
        }
        return nil
    }
}
