// TBSCertificate (RFC 5280 §4.1.2): the signed part of a certificate.
//
// Accepts: strict DER; version v1 (field absent) or v3 (`[0] EXPLICIT 2`); serial numbers of 1 to
// 20 octets, including zero and negative values (RFC 5280 §4.1.2.2 asks relying parties to
// "gracefully handle" such certificates); issuerUniqueID / subjectUniqueID in v3, validated as
// BIT STRINGs and otherwise ignored; extensions in v3 only.
// Refused on purpose: v2 (`unsupportedVersion`). No certificate in scope (the signing PKIs of the
// records verified, their test certificates, the Debian root store) is v2; v2 exists only to carry
// unique identifiers, which RFC 5280 §4.1.2.8 says CAs "MUST NOT generate". An explicitly encoded
// v1 (`[0] 0`) is a DER violation (X.690 §11.5: DEFAULT values are not encoded).
//
// TBSCertificate  ::=  SEQUENCE  {
//      version         [0]  EXPLICIT Version DEFAULT v1,
//      serialNumber         CertificateSerialNumber,
//      signature            AlgorithmIdentifier,
//      issuer               Name,
//      validity             Validity,
//      subject              Name,
//      subjectPublicKeyInfo SubjectPublicKeyInfo,
//      issuerUniqueID  [1]  IMPLICIT UniqueIdentifier OPTIONAL,
//                           -- If present, version MUST be v2 or v3
//      subjectUniqueID [2]  IMPLICIT UniqueIdentifier OPTIONAL,
//                           -- If present, version MUST be v2 or v3
//      extensions      [3]  EXPLICIT Extensions OPTIONAL
//                           -- If present, version MUST be v3
//      }
//
// Version  ::=  INTEGER  {  v1(0), v2(1), v3(2)  }
//
// CertificateSerialNumber  ::=  INTEGER

import PureDER

/// The fields of a TBSCertificate, parsed in place.
struct TBSCertificate: Sendable {
    /// 1 or 3 (the encoded Version plus one).
    let version: Int
    let serialNumber: ArraySlice<UInt8>
    let signature: SignatureAlgorithm
    /// The whole TBSCertificate.signature AlgorithmIdentifier TLV (compared with the outer one).
    let signatureAlgorithmEncoding: ArraySlice<UInt8>
    let issuer: DistinguishedName
    let validity: Validity
    let subject: DistinguishedName
    let publicKey: PublicKey
    /// The whole SubjectPublicKeyInfo TLV (its key bits are hashed by OCSP, RFC 6960 §4.1.1).
    let publicKeyInfoRange: Range<Int>
    let extensions: Extensions

    /// Reads the fields from the content of the TBSCertificate SEQUENCE; consumes all of it.
    static func read(content: DERCursor) throws(X509Error) -> TBSCertificate {
        var fields = content
        let version = try readVersion(&fields)

        let serialStart = fields.offset
        let serialNumber = try der { () throws(DERError) in try fields.readIntegerBytes("TBSCertificate.serialNumber") }
        // RFC 5280 §4.1.2.2: "Certificate users MUST be able to handle serialNumber values up to 20 octets."
        // Conforming CAs "MUST NOT use serialNumber values longer than 20 octets": longer ones are refused.
        guard serialNumber.count <= 20 else {
            throw X509Error(
                DERError(.invalidValue, at: serialStart, "TBSCertificate.serialNumber: more than 20 octets"))
        }

        let (signature, signatureElement) = try SignatureAlgorithm.read(from: &fields, "TBSCertificate.signature")
        let issuer = try der { () throws(DERError) in try DistinguishedName.read(from: &fields, "TBSCertificate.issuer")
        }
        let validity = try der { () throws(DERError) in try Validity.read(from: &fields) }
        let subject = try der { () throws(DERError) in
            try DistinguishedName.read(from: &fields, "TBSCertificate.subject")
        }
        let publicKeyInfoStart = fields.offset
        let publicKey = try PublicKey.read(from: &fields)

        // RFC 5280 §4.1.2.8: "These fields MUST only appear if the version is 2 or 3". Read and ignored.
        for (number, name) in [(UInt32(1), "issuerUniqueID"), (2, "subjectUniqueID")]
        where fields.peekTag() == .contextPrimitive(number) {
            let start = fields.offset
            guard version == 3 else {
                throw X509Error(DERError(.invalidValue, at: start, "TBSCertificate.\(name): only allowed in v2/v3"))
            }
            _ = try der { () throws(DERError) in
                try fields.readBitString(tag: .contextPrimitive(number), "TBSCertificate.\(name)")
            }
        }

        var extensions = Extensions.none
        if fields.peekTag() == .contextConstructed(3) {
            let start = fields.offset
            // RFC 5280 §4.1.2.9: "This field MUST only appear if the version is 3".
            guard version == 3 else {
                throw X509Error(DERError(.invalidValue, at: start, "TBSCertificate.extensions: only allowed in v3"))
            }
            var explicit = try der { () throws(DERError) in
                try fields.read(.contextConstructed(3), "TBSCertificate.extensions")
            }
            extensions = try Extensions.read(from: &explicit)
            try der { () throws(DERError) in try explicit.expectEnd("TBSCertificate.extensions [3]") }
        }
        try der { () throws(DERError) in try fields.expectEnd("TBSCertificate") }

        return TBSCertificate(
            version: version, serialNumber: serialNumber, signature: signature,
            signatureAlgorithmEncoding: signatureElement.encodedBytes, issuer: issuer, validity: validity,
            subject: subject, publicKey: publicKey, publicKeyInfoRange: publicKeyInfoStart..<fields.offset,
            extensions: extensions)
    }

    /// `version [0] EXPLICIT Version DEFAULT v1`: returns 1 or 3.
    private static func readVersion(_ fields: inout DERCursor) throws(X509Error) -> Int {
        guard fields.peekTag() == .contextConstructed(0) else { return 1 }
        let start = fields.offset
        let value = try der { () throws(DERError) -> Int64 in
            var explicit = try fields.read(.contextConstructed(0), "TBSCertificate.version")
            let value = try explicit.readInt64("TBSCertificate.version")
            try explicit.expectEnd("TBSCertificate.version [0]")
            return value
        }
        switch value {
        case 2:
            return 3
        case 0:
            // X.690 §11.5: "The encoding of a set value or sequence value shall not include an encoding
            // for any component value which is equal to its default value."
            throw X509Error(DERError(.invalidValue, at: start, "TBSCertificate.version: DEFAULT v1 encoded"))
        default:
            // RFC 5280 §4.1.2.1 defines v1, v2 and v3; v2 is refused here (see the file header).
            throw X509Error(.unsupportedVersion)
        }
    }
}
