// SignerInfo (RFC 5652 §5.3): one signer's identifier, algorithms, signed attributes and signature.
//
// Accepts: strict DER (the caller re-reads the signerInfos SET under DER). version 1 with
// issuerAndSerialNumber or version 3 with subjectKeyIdentifier; digestAlgorithm from the allow-list
// (CMSAlgorithms.swift); signatureAlgorithm rsaEncryption or the shaNWithRSAEncryption that names
// the same digest; signature OCTET STRING (primitive, any length — the RSA layer checks |s| = k).
// Skipped: unsignedAttrs `[1]` (not covered by the signature; a receipt verifier has no use for
// countersignatures).
// Not checked here: that digestAlgorithm is listed in SignedData.digestAlgorithms (SignedData.swift
// does that, it holds the list).

public import PureCrypto
import PureDER

/// One signer of a SignedData.
///
/// ```
/// SignerInfo ::= SEQUENCE {
///     version CMSVersion,
///     sid SignerIdentifier,
///     digestAlgorithm DigestAlgorithmIdentifier,
///     signedAttrs [0] IMPLICIT SignedAttributes OPTIONAL,
///     signatureAlgorithm SignatureAlgorithmIdentifier,
///     signature SignatureValue,
///     unsignedAttrs [1] IMPLICIT UnsignedAttributes OPTIONAL }
///
/// CMSVersion ::= INTEGER { v0(0), v1(1), v2(2), v3(3), v4(4), v5(5) }
///
/// SignatureValue ::= OCTET STRING
/// ```
public struct SignerInfo: Sendable {
    /// `CMSVersion`: 1 for issuerAndSerialNumber, 3 for subjectKeyIdentifier.
    public let version: Int
    /// How the signer's certificate is named.
    public let signerIdentifier: SignerIdentifier
    /// The digest algorithm over the content (or the signed attributes).
    public let digestAlgorithm: HashAlgorithm
    /// The signed attributes, if the signer used them (RFC 5652 §5.3: OPTIONAL).
    public let signedAttributes: SignedAttributes?
    /// The signature algorithm.
    public let signatureAlgorithm: CMSSignatureAlgorithm
    /// The signature octets, in place in the input.
    public let signature: ArraySlice<UInt8>
    /// Offset of the SignerInfo SEQUENCE, for error messages.
    public let offset: Int
    /// Offset of the digestAlgorithm field, for error messages.
    let digestAlgorithmOffset: Int

    /// Reads a SignerInfo from a DER cursor.
    init(from cursor: inout DERCursor) throws(CMSError) {
        offset = cursor.offset
        var fields = try readDER { () throws(DERError) in try cursor.readSequence("SignerInfo") }
        let versionStart = fields.offset
        let version = try readDER { () throws(DERError) in try fields.readInt64("SignerInfo.version") }
        signerIdentifier = try readDER { () throws(DERError) in try SignerIdentifier(from: &fields) }
        // RFC 5652 §5.3: "If the SignerIdentifier is the CHOICE issuerAndSerialNumber, then the
        // version MUST be 1. If the SignerIdentifier is subjectKeyIdentifier, then the version
        // MUST be 3."
        switch (version, signerIdentifier) {
        case (1, .issuerAndSerialNumber), (3, .subjectKeyIdentifier):
            self.version = Int(version)
        default:
            throw CMSError(
                .structure("SignerInfo version \(version) does not match its SignerIdentifier choice"),
                at: versionStart)
        }
        digestAlgorithmOffset = fields.offset
        digestAlgorithm = try fields.readDigestAlgorithm("SignerInfo.digestAlgorithm")
        let attributes = try readDER { () throws(DERError) in
            try fields.readOptionalElement(.contextConstructed(0), "signedAttrs [0]")
        }
        if let attributes {
            signedAttributes = try SignedAttributes(element: attributes)
        } else {
            signedAttributes = nil
        }
        let signatureAlgorithmStart = fields.offset
        signatureAlgorithm = try fields.readSignatureAlgorithm("SignerInfo.signatureAlgorithm")
        // The shaNWithRSAEncryption form names a digest of its own: it must be the digestAlgorithm
        // (a signature computed over one digest and labelled with another is not this signer's).
        if case .rsaWithDigest(let named) = signatureAlgorithm, named != digestAlgorithm {
            throw CMSError(.algorithmMismatch, at: signatureAlgorithmStart)
        }
        signature = try readDER { () throws(DERError) -> ArraySlice<UInt8> in
            let value = try fields.readOctetString("SignerInfo.signature")
            // unsignedAttrs are outside the signature and unused here: skipped, but still one element.
            _ = try fields.readOptionalElement(.contextConstructed(1), "unsignedAttrs [1]")
            try fields.expectEnd("SignerInfo")
            return value
        }
    }
}
