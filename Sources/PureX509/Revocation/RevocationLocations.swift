// Where a certificate's status is published: authorityInfoAccess (RFC 5280 §4.2.2.1, the OCSP
// responder, id-ad-ocsp) and cRLDistributionPoints (RFC 5280 §4.2.1.13, URI fullNames).
//
// Accepts: the extensions' DER; each uniformResourceIdentifier GeneralName ([6] IA5String) of
// an id-ad-ocsp AccessDescription or of a DistributionPoint's fullName, starting `http://` or
// `https://`. Other methods and names (caIssuers, directoryName, nameRelativeToCRLIssuer, LDAP)
// are skipped. A malformed extension gives no location: what is fetched is verified anyway.
//
// AuthorityInfoAccessSyntax  ::= SEQUENCE SIZE (1..MAX) OF AccessDescription
// AccessDescription  ::=  SEQUENCE {
//         accessMethod          OBJECT IDENTIFIER,
//         accessLocation        GeneralName  }
//
// CRLDistributionPoints ::= SEQUENCE SIZE (1..MAX) OF DistributionPoint
// DistributionPoint ::= SEQUENCE {
//      distributionPoint       [0]     DistributionPointName OPTIONAL,
//      reasons                 [1]     ReasonFlags OPTIONAL,
//      cRLIssuer               [2]     GeneralNames OPTIONAL }
// DistributionPointName ::= CHOICE {
//      fullName                [0]     GeneralNames,
//      nameRelativeToCRLIssuer [1]     RelativeDistinguishedName }
import PureDER

extension Certificate {
    /// id-pe-authorityInfoAccess 1.3.6.1.5.5.7.1.1, id-ad-ocsp 1.3.6.1.5.5.7.48.1,
    /// id-ce-cRLDistributionPoints 2.5.29.31.
    static let authorityInfoAccess = OID(1, 3, 6, 1, 5, 5, 7, 1, 1)
    static let ocspAccess = OID(1, 3, 6, 1, 5, 5, 7, 48, 1)
    static let crlDistributionPoints = OID(2, 5, 29, 31)

    /// The OCSP responder URLs of authorityInfoAccess, in certificate order.
    public var ocspURLs: [String] {
        uris(Certificate.authorityInfoAccess) { (item: inout DERCursor) throws(DERError) -> DERCursor? in
            try item.readOID("AccessDescription.accessMethod") == Certificate.ocspAccess ? item : nil
        }
    }

    /// The CRL URLs of cRLDistributionPoints' fullNames, in certificate order.
    public var crlURLs: [String] {
        uris(Certificate.crlDistributionPoints) { (item: inout DERCursor) throws(DERError) -> DERCursor? in
            guard var name = try item.readOptional(.contextConstructed(0), "DistributionPoint.distributionPoint")
            else { return nil }
            return try name.readOptional(.contextConstructed(0), "DistributionPointName.fullName")
        }
    }

    /// The http(s) URIs among the GeneralNames `names` picks from each element of the extension's
    /// SEQUENCE OF; none when the extension is absent or malformed.
    private func uris(_ oid: OID, _ names: (inout DERCursor) throws(DERError) -> DERCursor?) -> [String] {
        guard let value = extensions[oid]?.value,
            var outer = try? DERCursor(bytes: bytes, range: value.startIndex..<value.endIndex, rules: .der),
            var list = try? outer.readSequence("\(oid)")
        else { return [] }
        var found: [String] = []
        while var item = try? list.readSequence("\(oid) item"), found.count < Limits.maxExtensions {
            guard var generalNames = try? names(&item) else { return found }
            while let uri = try? generalNames.readElement() {
                guard uri.tag == .contextPrimitive(6), let text = DERCursor.decodeString(number: 22, uri.contentBytes),
                    text.hasPrefix("http://") || text.hasPrefix("https://")
                else { continue }
                found.append(text)
            }
        }
        return found
    }
}
