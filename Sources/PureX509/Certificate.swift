// Certificate (RFC 5280 §4.1): an X.509 certificate, parsed in place from its DER bytes.
//
// Accepts: exactly one DER Certificate spanning the given bytes (trailing bytes are an error);
// the TBSCertificate subset of TBSCertificate.swift; signatureAlgorithm byte-identical to
// TBSCertificate.signature; a signatureValue BIT STRING of whole octets.
// Keeps: the input array (shared, not copied) and the ranges of the whole certificate and of the
// TBSCertificate, whose bytes are hashed as they are for signature checks — never re-encoded.
// Does not check here: signatures, validity at a time, extension semantics or chains (see
// CertificateSignature.swift and ChainVerification.swift).
//
// Certificate  ::=  SEQUENCE  {
//      tbsCertificate       TBSCertificate,
//      signatureAlgorithm   AlgorithmIdentifier,
//      signatureValue       BIT STRING  }

import PureCrypto
public import PureDER

/// A parsed X.509 certificate.
public struct Certificate: Sendable, Equatable {
    /// The input the certificate lies in (a whole receipt, or just the certificate).
    let bytes: [UInt8]
    /// The range of the whole Certificate TLV in `bytes`.
    let range: Range<Int>
    /// The range of the whole TBSCertificate TLV in `bytes`.
    let tbsRange: Range<Int>

    /// The version as people write it: 1 or 3 (v2 is refused).
    public let version: Int
    /// The serialNumber INTEGER's content octets (two's complement, as encoded).
    public let serialNumber: ArraySlice<UInt8>
    /// The algorithm the issuer signed the certificate with.
    public let signatureAlgorithm: SignatureAlgorithm
    /// The issuer's name, as encoded (compared as bytes when chaining).
    public let issuer: DistinguishedName
    /// The subject's name, as encoded.
    public let subject: DistinguishedName
    /// Start of the validity period.
    public let notBefore: DERTime
    /// End of the validity period.
    public let notAfter: DERTime
    /// The certified public key.
    public private(set) var publicKey: PublicKey
    /// The range of the SubjectPublicKeyInfo TLV in `bytes`.
    let publicKeyInfoRange: Range<Int>
    /// The extensions, in input order.
    public let extensions: Extensions
    /// The signatureValue octets.
    public let signature: ArraySlice<UInt8>

    /// The whole Certificate encoding.
    public var derEncoded: ArraySlice<UInt8> { bytes[range] }
    /// The whole TBSCertificate encoding: the bytes the issuer signed.
    public var tbsCertificate: ArraySlice<UInt8> { bytes[tbsRange] }

    /// Parses `derEncoded`, which must hold exactly one certificate.
    public init(derEncoded: [UInt8]) throws(X509Error) {
        try self.init(in: derEncoded, range: 0..<derEncoded.count)
    }

    /// Parses the certificate that spans exactly `range` of `bytes` (e.g. inside a receipt),
    /// without copying.
    package init(in bytes: [UInt8], range: Range<Int>) throws(X509Error) {
        var input = try der { () throws(DERError) in try DERCursor(bytes: bytes, range: range, rules: .der) }
        let element = try der { () throws(DERError) in try input.readElement(.sequence, "Certificate") }
        try der { () throws(DERError) in try input.expectEnd("Certificate: trailing bytes") }
        var fields = element.content

        let tbsElement = try der { () throws(DERError) in try fields.readElement(.sequence, "TBSCertificate") }
        let tbs = try TBSCertificate.read(content: tbsElement.content)
        let (algorithm, algorithmElement) = try SignatureAlgorithm.read(from: &fields, "Certificate.signatureAlgorithm")
        // RFC 5280 §4.1.1.2: "This field MUST contain the same algorithm identifier as the signature
        // field in the sequence tbsCertificate (Section 4.1.2.3)." Compared as encoded bytes.
        guard algorithmElement.encodedBytes == tbs.signatureAlgorithmEncoding, algorithm == tbs.signature else {
            throw X509Error(.algorithmMismatch, certificate: tbs.subject)
        }
        let signatureStart = fields.offset
        let signatureBits = try der { () throws(DERError) in try fields.readBitString("Certificate.signatureValue") }
        // RFC 3279 §2.2.1 / RFC 5480 §2.2.3 (via RFC 5758): the RSA signature octets and the DER
        // ECDSA-Sig-Value are placed in the BIT STRING as whole octets.
        guard signatureBits.unusedBits == 0 else {
            throw X509Error(DERError(.invalidValue, at: signatureStart, "Certificate.signatureValue: unused bits"))
        }
        try der { () throws(DERError) in try fields.expectEnd("Certificate") }

        self.bytes = bytes
        self.range = element.encodedRange
        self.tbsRange = tbsElement.encodedRange
        self.version = tbs.version
        self.serialNumber = tbs.serialNumber
        self.signatureAlgorithm = tbs.signature
        self.issuer = tbs.issuer
        self.subject = tbs.subject
        self.notBefore = tbs.validity.notBefore
        self.notAfter = tbs.validity.notAfter
        self.publicKey = tbs.publicKey
        self.publicKeyInfoRange = tbs.publicKeyInfoRange
        self.extensions = tbs.extensions
        self.signature = signatureBits.bytes
    }

    /// SHA-256 of the whole DER encoding (the usual certificate fingerprint).
    public func sha256Fingerprint() -> [UInt8] {
        SHA256.hash(derEncoded)
    }

    /// RFC 5280 §4.1.2.5: "The validity period for a certificate is the period of time from
    /// notBefore through notAfter, inclusive."
    public func isValid(at time: DERTime) -> Bool {
        notBefore <= time && time <= notAfter
    }

    /// True when subject and issuer are the same name (RFC 5280 §3.3 "self-issued").
    public var isSelfIssued: Bool { subject == issuer }

    /// This certificate, its EC key with the table that quarters a verification's doublings
    /// (`ECPublicKey.withPrecomputedMultiples()`), for one that verifies many signatures: a
    /// certificate the chain cache holds and meets again. Nil when there is nothing to add (an RSA
    /// key, or a table already there).
    func withPrecomputedKey() -> Certificate? {
        guard case .ec(let key) = publicKey, !key.hasPrecomputedMultiples else { return nil }
        var copy = self
        copy.publicKey = .ec(key.withPrecomputedMultiples())
        return copy
    }

    /// True when both certificates have the same encoding.
    package func isSameCertificate(as other: Certificate) -> Bool {
        constantTimeEqual(derEncoded, other.derEncoded)  // public bytes; the fastest comparison here
    }

    /// Certificates are equal when their encodings are, byte for byte.
    public static func == (lhs: Certificate, rhs: Certificate) -> Bool { lhs.isSameCertificate(as: rhs) }
}
