// OCSPResponse and BasicOCSPResponse (RFC 6960 §4.2.1), parsed in place from their DER bytes.
//
// Accepts: strict DER of at most `Limits.maxOCSPResponseBytes`; responseStatus successful with
// id-pkix-ocsp-basic; ResponseData v1 (version absent, as DER requires of the default); a
// responderID byName or byKey; at most `Limits.maxOCSPSingleResponses` SingleResponses and
// `Limits.maxOCSPCertificates` certificates; GeneralizedTime times; extensions whose only critical
// ones are understood (none in single responses; the nonce in the response's).
// Keeps: the ResponseData bytes as received, hashed as they are for the signature.
// Does not check here: signatures, the responder's authority, times or the certificate asked
// about (OCSPVerification.swift).
//
// OCSPResponse ::= SEQUENCE {
//    responseStatus         OCSPResponseStatus,
//    responseBytes          [0] EXPLICIT ResponseBytes OPTIONAL }
//
// ResponseBytes ::=       SEQUENCE {
//     responseType   OBJECT IDENTIFIER,
//     response       OCTET STRING }
//
// BasicOCSPResponse       ::= SEQUENCE {
//    tbsResponseData      ResponseData,
//    signatureAlgorithm   AlgorithmIdentifier,
//    signature            BIT STRING,
//    certs            [0] EXPLICIT SEQUENCE OF Certificate OPTIONAL }
//
// ResponseData ::= SEQUENCE {
//    version              [0] EXPLICIT Version DEFAULT v1,
//    responderID              ResponderID,
//    producedAt               GeneralizedTime,
//    responses                SEQUENCE OF SingleResponse,
//    responseExtensions   [1] EXPLICIT Extensions OPTIONAL }
//
// ResponderID ::= CHOICE {
//    byName               [1] Name,
//    byKey                [2] KeyHash }
//
// SingleResponse ::= SEQUENCE {
//    certID                       CertID,
//    certStatus                   CertStatus,
//    thisUpdate                   GeneralizedTime,
//    nextUpdate         [0]       EXPLICIT GeneralizedTime OPTIONAL,
//    singleExtensions   [1]       EXPLICIT Extensions OPTIONAL }
//
// CertStatus ::= CHOICE {
//     good        [0]     IMPLICIT NULL,
//     revoked     [1]     IMPLICIT RevokedInfo,
//     unknown     [2]     IMPLICIT UnknownInfo }
//
// RevokedInfo ::= SEQUENCE {
//     revocationTime              GeneralizedTime,
//     revocationReason    [0]     EXPLICIT CRLReason OPTIONAL }
import PureDER

/// A successful basic OCSP response, parsed but not yet verified.
public struct OCSPResponse: Sendable {
    /// One SingleResponse.
    struct Single {
        let certID: CertID
        let value: RevocationStatus.Value
        let thisUpdate: DERTime
        let nextUpdate: DERTime?
    }
    let bytes: [UInt8]
    /// The ResponseData TLV: the signed bytes.
    let responseDataRange: Range<Int>
    /// byName: the Name TLV; byKey: the SHA-1 key hash. Exactly one is set.
    let responderName: ArraySlice<UInt8>?
    let responderKeyHash: ArraySlice<UInt8>?
    let responses: [Single]
    /// The nonce extension's extnValue, if present.
    let nonceValue: ArraySlice<UInt8>?
    let signatureAlgorithm: SignatureAlgorithm
    let signature: ArraySlice<UInt8>
    let certificates: [Certificate]

    /// id-pkix-ocsp-basic, 1.3.6.1.5.5.7.48.1.1.
    static let basic = OID(1, 3, 6, 1, 5, 5, 7, 48, 1, 1)

    /// Parses one OCSPResponse spanning all of `derEncoded`.
    public init(derEncoded bytes: [UInt8]) throws(RevocationError) {
        guard bytes.count <= Limits.maxOCSPResponseBytes else { throw RevocationError(.tooLarge) }
        self.bytes = bytes
        var input = try revocation { () throws(DERError) in try DERCursor(bytes) }
        var outer = try revocation { () throws(DERError) in try input.readSequence("OCSPResponse") }
        try revocation { () throws(DERError) in try input.expectEnd("OCSPResponse: trailing bytes") }
        let status = try revocation { () throws(DERError) in
            try outer.readInt64(tag: .enumerated, "OCSPResponse.responseStatus")
        }
        // RFC 6960 §4.2.1: "The response MUST include a responseStatus"; only successful (0) has
        // responseBytes to check; every other status says the responder gave no answer.
        guard status == 0 else { throw RevocationError(.responseStatus(status)) }
        let (type, basic) = try revocation { () throws(DERError) in
            var explicit = try outer.read(.contextConstructed(0), "OCSPResponse.responseBytes")
            var responseBytes = try explicit.readSequence("ResponseBytes")
            let type = try responseBytes.readOID("ResponseBytes.responseType")
            let element = try responseBytes.readElement(.octetString, "ResponseBytes.response")
            try responseBytes.expectEnd("ResponseBytes")
            try explicit.expectEnd("OCSPResponse.responseBytes")
            try outer.expectEnd("OCSPResponse")
            return (type, element.content)
        }
        // RFC 6960 §4.2.1: "OCSP responders SHALL be capable of producing responses of the
        // id-pkix-ocsp-basic response type"; no other type is read.
        guard type == OCSPResponse.basic else { throw RevocationError(.unsupported(type)) }
        var content = basic
        var fields = try revocation { () throws(DERError) in try content.readSequence("BasicOCSPResponse") }
        try revocation { () throws(DERError) in try content.expectEnd("OCSPResponse.response: trailing bytes") }
        let dataElement = try revocation { () throws(DERError) in try fields.readElement(.sequence, "ResponseData") }
        responseDataRange = dataElement.encodedRange
        var data = dataElement.content
        (responderName, responderKeyHash) = try revocation { () throws(DERError) in
            if let name = try data.readOptional(.contextConstructed(1), "ResponderID.byName") {
                var name = name
                let element = try name.readElement(.sequence, "ResponderID.byName")
                try name.expectEnd("ResponderID.byName")
                return (element.encodedBytes, nil)
            }
            var byKey = try data.read(.contextConstructed(2), "ResponderID (byName [1] or byKey [2])")
            let hash = try byKey.readOctetString("ResponderID.byKey")
            try byKey.expectEnd("ResponderID.byKey")
            return (nil, hash)
        }
        _ = try revocation { () throws(DERError) in try generalizedTime(&data, "ResponseData.producedAt") }
        var list = try revocation { () throws(DERError) in try data.readSequence("ResponseData.responses") }
        var responses: [Single] = []
        while !list.isAtEnd {
            guard responses.count < Limits.maxOCSPSingleResponses else {
                throw RevocationError(.encoding(DERError(.tooMany, at: list.offset, "Limits.maxOCSPSingleResponses")))
            }
            responses.append(try OCSPResponse.readSingle(&list))
        }
        self.responses = responses
        let extensions = try readExtensions(&data, tag: 1, allowing: OCSPRequest.nonceOID)
        nonceValue = extensions?[OCSPRequest.nonceOID]?.value
        try revocation { () throws(DERError) in try data.expectEnd("ResponseData") }
        (signatureAlgorithm, _) = try revocationX509 { () throws(X509Error) in
            try SignatureAlgorithm.read(from: &fields, "BasicOCSPResponse.signatureAlgorithm")
        }
        signature = try revocation { () throws(DERError) in
            let start = fields.offset
            let bits = try fields.readBitString("BasicOCSPResponse.signature")
            guard bits.unusedBits == 0 else { throw DERError(.invalidValue, at: start, "signature: unused bits") }
            return bits.bytes
        }
        var certificates: [Certificate] = []
        if let explicit = try revocation({ () throws(DERError) in
            try fields.readOptional(.contextConstructed(0), "BasicOCSPResponse.certs")
        }) {
            var explicit = explicit
            var sequence = try revocation { () throws(DERError) in try explicit.readSequence("certs") }
            try revocation { () throws(DERError) in try explicit.expectEnd("BasicOCSPResponse.certs") }
            while !sequence.isAtEnd {
                guard certificates.count < Limits.maxOCSPCertificates else {
                    throw RevocationError(
                        .encoding(DERError(.tooMany, at: sequence.offset, "Limits.maxOCSPCertificates")))
                }
                let element = try revocation { () throws(DERError) in try sequence.readElement(.sequence, "certs") }
                certificates.append(
                    try revocationX509 { () throws(X509Error) in try Certificate(in: bytes, range: element.encodedRange)
                    })
            }
        }
        self.certificates = certificates
        try revocation { () throws(DERError) in try fields.expectEnd("BasicOCSPResponse") }
    }

    /// Reads one SingleResponse.
    static func readSingle(_ list: inout DERCursor) throws(RevocationError) -> Single {
        var fields = try revocation { () throws(DERError) in try list.readSequence("SingleResponse") }
        let certID = try CertID.read(from: &fields)
        let (value, thisUpdate, nextUpdate) = try revocation {
            () throws(DERError) -> (RevocationStatus.Value, DERTime, DERTime?) in
            let value: RevocationStatus.Value
            let start = fields.offset
            if try fields.readOptionalElement(.contextPrimitive(0), "CertStatus.good") != nil {
                // IMPLICIT NULL: no content octets.
                guard fields.offset - start == 2 else { throw DERError(.invalidValue, at: start, "CertStatus.good") }
                value = .good
            } else if var revoked = try fields.readOptional(.contextConstructed(1), "CertStatus.revoked") {
                let time = try generalizedTime(&revoked, "RevokedInfo.revocationTime")
                var reason: Int64?
                if var explicit = try revoked.readOptional(.contextConstructed(0), "RevokedInfo.revocationReason") {
                    reason = try explicit.readInt64(tag: .enumerated, "CRLReason")
                    try explicit.expectEnd("RevokedInfo.revocationReason")
                }
                try revoked.expectEnd("RevokedInfo")
                value = .revoked(time: time, reason: reason)
            } else {
                let element = try fields.readElement(.contextPrimitive(2), "CertStatus (good, revoked or unknown)")
                // UnknownInfo ::= NULL, implicitly tagged: no content octets.
                guard element.contentRange.isEmpty else {
                    throw DERError(.invalidValue, at: start, "CertStatus.unknown")
                }
                value = .unknown
            }
            let thisUpdate = try generalizedTime(&fields, "SingleResponse.thisUpdate")
            var nextUpdate: DERTime?
            if var explicit = try fields.readOptional(.contextConstructed(0), "SingleResponse.nextUpdate") {
                nextUpdate = try generalizedTime(&explicit, "SingleResponse.nextUpdate")
                try explicit.expectEnd("SingleResponse.nextUpdate")
            }
            return (value, thisUpdate, nextUpdate)
        }
        _ = try readExtensions(&fields, tag: 1, allowing: nil)
        try revocation { () throws(DERError) in try fields.expectEnd("SingleResponse") }
        return Single(certID: certID, value: value, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
    }
}

/// Reads an optional `[tag] EXPLICIT Extensions`; a critical extension other than `allowed` makes
/// the whole response or list unusable.
func readExtensions(_ cursor: inout DERCursor, tag: UInt32?, allowing allowed: OID?) throws(RevocationError)
    -> Extensions?
{
    let extensions: Extensions
    if let tag {
        guard
            var explicit = try revocation({ () throws(DERError) in
                try cursor.readOptional(.contextConstructed(tag), "[\(tag)] Extensions")
            })
        else { return nil }
        extensions = try revocationX509 { () throws(X509Error) in try Extensions.read(from: &explicit) }
        try revocation { () throws(DERError) in try explicit.expectEnd("[\(tag)] Extensions") }
    } else {
        guard cursor.peekTag() == .sequence else { return nil }
        extensions = try revocationX509 { () throws(X509Error) in try Extensions.read(from: &cursor) }
    }
    // RFC 5280 §5.2: "If a CRL contains a critical extension that the application cannot process,
    // then the application MUST NOT use that CRL to determine the status of certificates."
    if let critical = extensions.all.first(where: { $0.critical && $0.oid != allowed }) {
        throw RevocationError(.criticalExtension(critical.oid))
    }
    return extensions
}

/// A GeneralizedTime (RFC 6960 §4.2.2.1: times are GeneralizedTime, profiled as in RFC 5280).
func generalizedTime(_ cursor: inout DERCursor, _ what: String) throws(DERError) -> DERTime {
    guard cursor.peekTag() == .generalizedTime else {
        throw DERError(.invalidValue, at: cursor.offset, "\(what): not a GeneralizedTime")
    }
    return try cursor.readTime(what)
}
