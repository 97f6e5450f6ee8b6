// OCSPRequest (RFC 6960 §4.1.1): the request for one certificate's status, in DER.
//
// Writes: one Request whose CertID uses SHA-1 (RFC 5019 §2.1.1: what responders expect), no requestorName,
// no signature; a nonce extension (RFC 8954) only when the caller gives one.
//
// OCSPRequest     ::=     SEQUENCE {
//     tbsRequest                  TBSRequest,
//     optionalSignature   [0]     EXPLICIT Signature OPTIONAL }
//
// TBSRequest      ::=     SEQUENCE {
//     version             [0]     EXPLICIT Version DEFAULT v1,
//     requestorName       [1]     EXPLICIT GeneralName OPTIONAL,
//     requestList                 SEQUENCE OF Request,
//     requestExtensions   [2]     EXPLICIT Extensions OPTIONAL }
//
// Request         ::=     SEQUENCE {
//     reqCert                     CertID,
//     singleRequestExtensions     [0] EXPLICIT Extensions OPTIONAL }
import PureCrypto
import PureDER

/// A DER OCSPRequest for one certificate, and the nonce it carries.
public struct OCSPRequest: Sendable {
    /// The request's DER bytes, to POST as `application/ocsp-request` (RFC 6960 A.1).
    public let derEncoded: [UInt8]
    /// The nonce sent (nil: none); a response must echo it to be used.
    public let nonce: [UInt8]?

    /// id-pkix-ocsp-nonce, 1.3.6.1.5.5.7.48.1.2.
    static let nonceOID = OID(1, 3, 6, 1, 5, 5, 7, 48, 1, 2)

    /// The request for `certificate`'s status from its issuer's responder; `nonce` (1 to 32 bytes,
    /// RFC 8954 §2.1, longer ones cut to 32) asks the responder to echo it.
    public init(for certificate: Certificate, issuedBy issuer: Certificate, nonce: [UInt8]? = nil) {
        let certID = CertID(certificate, issuer: issuer, hash: .sha1).derEncoded
        var tbsRequest = DERWriter.tlv(0x30, DERWriter.tlv(0x30, certID))
        let nonce = nonce.map { Array($0.prefix(32)) }.flatMap { $0.isEmpty ? nil : $0 }
        if let nonce {
            tbsRequest += DERWriter.tlv(0xA2, DERWriter.tlv(0x30, OCSPRequest.nonceExtension(nonce)))
        }
        derEncoded = DERWriter.tlv(0x30, DERWriter.tlv(0x30, tbsRequest))
        self.nonce = nonce
    }

    /// The nonce Extension: extnValue holds the DER OCTET STRING of the nonce (RFC 8954 §2.1).
    static func nonceExtension(_ nonce: [UInt8]) -> [UInt8] {
        DERWriter.tlv(
            0x30, DERWriter.tlv(0x06, nonceOID.contentBytes) + DERWriter.tlv(0x04, DERWriter.tlv(0x04, nonce)))
    }
}
