// SignerIdentifier (RFC 5652 §5.3): which certificate holds the signer's public key.
//
// Accepts: strict DER. issuerAndSerialNumber (the issuer Name kept as its raw TLV, the serial as its
// INTEGER content octets, minimal) or `[0]` subjectKeyIdentifier (raw octets).
// Matching a certificate compares raw bytes: the issuer Name TLV with the certificate's issuer TLV
// (byte equality, as the chain code does; no RFC 5280 §7.1 name normalisation), the serial content
// octets with the certificate's, the key identifier with the certificate's subjectKeyIdentifier
// extension. Deliberately does not parse the Name (it is only compared).

import PureDER

/// How a SignerInfo names its certificate.
///
/// ```
/// SignerIdentifier ::= CHOICE {
///     issuerAndSerialNumber IssuerAndSerialNumber,
///     subjectKeyIdentifier [0] SubjectKeyIdentifier }
///
/// IssuerAndSerialNumber ::= SEQUENCE {
///     issuer Name,
///     serialNumber CertificateSerialNumber }
///
/// CertificateSerialNumber ::= INTEGER
///
/// SubjectKeyIdentifier ::= OCTET STRING
/// ```
public enum SignerIdentifier: Sendable {
    /// The certificate's issuer Name (whole DER TLV) and serial number (INTEGER content octets).
    case issuerAndSerialNumber(issuer: ArraySlice<UInt8>, serialNumber: ArraySlice<UInt8>)
    /// The certificate's subjectKeyIdentifier extension value (the key identifier octets).
    case subjectKeyIdentifier(ArraySlice<UInt8>)

    /// Reads a SignerIdentifier from a DER cursor.
    init(from cursor: inout DERCursor) throws(DERError) {
        if let keyIdentifier = try cursor.readOptionalElement(.contextPrimitive(0), "SignerIdentifier [0]") {
            self = .subjectKeyIdentifier(keyIdentifier.contentBytes)
            return
        }
        var fields = try cursor.readSequence("IssuerAndSerialNumber")
        // Name ::= CHOICE { rdnSequence RDNSequence } — a SEQUENCE; kept raw for byte comparison.
        let issuer = try fields.readElement(.sequence, "IssuerAndSerialNumber.issuer")
        let serial = try fields.readIntegerBytes("IssuerAndSerialNumber.serialNumber")
        try fields.expectEnd("IssuerAndSerialNumber")
        self = .issuerAndSerialNumber(issuer: issuer.encodedBytes, serialNumber: serial)
    }

    /// True when this identifier names `certificate`.
    func identifies(_ certificate: Certificate) -> Bool {
        switch self {
        case .issuerAndSerialNumber(let issuer, let serialNumber):
            return certificate.issuer.derEncoded.elementsEqual(issuer)
                && certificate.serialNumber.elementsEqual(serialNumber)
        case .subjectKeyIdentifier(let keyIdentifier):
            guard let certificateKeyIdentifier = certificate.extensions.subjectKeyIdentifier else { return false }
            return certificateKeyIdentifier.elementsEqual(keyIdentifier)
        }
    }
}
