// SignedData (RFC 5652 §5.1): parsed, not verified (see SignedDataVerification.swift).
//
// Accepts: the envelope (ContentInfo, `[0]`, SignedData, EncapsulatedContentInfo, eContent `[0]`,
// the eContent OCTET STRING) in BER as streaming signers such as `openssl cms -stream` write it, with the limits of
// EnvelopeReading.swift; digestAlgorithms, certificates and signerInfos strictly DER (each element
// re-read under DER). version 1 or 3; digestAlgorithms a SET from the allow-list (empty only when
// there are no SignerInfos); certificates in any order; `crls [1]` skipped;
// 0…`Limits.maxSignerInfos` SignerInfos, each naming a digestAlgorithm listed in digestAlgorithms.
// Whole consumption at every level, nothing after the ContentInfo.
// version must be the one §5.1's rules compute (1, or 3 with a v3 SignerInfo or non-data content).
// Deliberately does not check: that there is exactly one SignerInfo (verification needs it, and
// checks it in `verify`); revocation lists (not processed: receipts carry none).

public import PureCrypto
public import PureDER

/// A parsed CMS SignedData. Nothing has been verified: call `verify(anchors:policy:at:)`.
///
/// ```
/// SignedData ::= SEQUENCE {
///     version CMSVersion,
///     digestAlgorithms DigestAlgorithmIdentifiers,
///     encapContentInfo EncapsulatedContentInfo,
///     certificates [0] IMPLICIT CertificateSet OPTIONAL,
///     crls [1] IMPLICIT RevocationInfoChoices OPTIONAL,
///     signerInfos SignerInfos }
///
/// DigestAlgorithmIdentifiers ::= SET OF DigestAlgorithmIdentifier
///
/// SignerInfos ::= SET OF SignerInfo
/// ```
public struct SignedData: Sendable {
    /// `CMSVersion` of the SignedData.
    public let version: Int
    /// The digest algorithms the SignedData lists.
    public let digestAlgorithms: [HashAlgorithm]
    /// eContentType (what a caller's `CMSRules.contentType` is compared with).
    public let contentType: OID
    /// The eContent value, as segments of the input (one segment unless BER-constructed).
    public let content: OctetStringSegments
    /// The certificates, in the order they appear (often chain order, which is not SET OF order).
    public let certificates: [Certificate]
    /// The signers, in input order (verification needs exactly one).
    public let signerInfos: [SignerInfo]

    /// The eContent value as one array (copies the bytes).
    public var contentBytes: [UInt8] { content.concatenated() }

    /// Most entries read from digestAlgorithms. The allow-list has four algorithms; repeats are
    /// tolerated up to this bound.
    static let maxDigestAlgorithms = 8

    /// Parses a ContentInfo holding a SignedData that spans all of `bytes`.
    public static func parse(_ bytes: [UInt8]) throws(CMSError) -> SignedData {
        try parse(bytes, cache: VerifiedChainCache(capacity: 0))
    }

    /// `parse(_:)`, taking each certificate byte-identical to one of a path `cache` remembers from
    /// there, parsed when it was remembered (the same value: parsing depends on the bytes alone).
    public static func parse(_ bytes: [UInt8], cache: VerifiedChainCache) throws(CMSError) -> SignedData {
        let element = try ContentInfo.signedDataElement(in: bytes)
        return try SignedData(element: element, known: cache)
    }

    private init(element: DERElement, known: VerifiedChainCache) throws(CMSError) {
        var fields = element.content  // BER, like the envelope around it (EnvelopeReading.swift)
        let versionStart = fields.offset
        let version = try readDER { () throws(DERError) in try fields.readEnvelopeInt64("SignedData.version") }
        // RFC 5652 §5.1: version is 1, 3, 4 or 5 depending on content; 4 and 5 need attribute
        // certificates or "other" certificate/CRL formats, which we reject. So 1 or 3 (which one
        // is checked below, once the content type and the SignerInfos are known).
        guard version == 1 || version == 3 else {
            throw CMSError(.structure("SignedData version \(version), expected 1 or 3"), at: versionStart)
        }
        self.version = Int(version)
        digestAlgorithms = try SignedData.readDigestAlgorithms(&fields)
        let encapsulated = try EncapsulatedContentInfo(from: &fields)
        contentType = encapsulated.contentType
        content = encapsulated.content
        let certificateSet = try readDER { () throws(DERError) in
            try fields.readOptionalElement(.contextConstructed(0), "certificates [0]")
        }
        if let certificateSet {
            certificates = try CertificateSet.parse(certificateSet, known: known)
        } else {
            certificates = []
        }
        // crls [1] IMPLICIT RevocationInfoChoices: not processed (revocation is not checked).
        _ = try readDER { () throws(DERError) in
            try fields.readOptionalEnvelopeElement(.contextConstructed(1), "crls [1]")
        }
        signerInfos = try SignedData.readSignerInfos(&fields)
        try readDER { () throws(DERError) in try fields.expectEnd("SignedData") }

        // RFC 5652 §5.1: "IF ... (any SignerInfo structures are version 3) OR (encapContentInfo
        // eContentType is other than id-data) THEN version MUST be 3 ELSE version MUST be 1" (the
        // branches for attribute certificates and "other" formats cannot occur: they are rejected).
        // The field is not signed; requiring the computed value leaves one spelling per message.
        let needsVersion3 = contentType != CMSObjectIdentifier.data || signerInfos.contains { $0.version == 3 }
        let requiredVersion: Int64 = needsVersion3 ? 3 : 1
        guard version == requiredVersion else {
            throw CMSError(
                .structure("SignedData version \(version), RFC 5652 §5.1 requires \(requiredVersion)"),
                at: versionStart)
        }
        // RFC 5652 §5.1: "There MAY be any number of elements in the collection, including zero."
        // Zero fits a SignedData without signers (a certificate bundle; `verify` then reports the
        // signer count). With signers, an empty list cannot name their algorithms: structure error.
        if digestAlgorithms.isEmpty, let first = signerInfos.first {
            throw CMSError(.structure("digestAlgorithms is empty but there are SignerInfos"), at: first.offset)
        }
        for signerInfo in signerInfos where !digestAlgorithms.contains(signerInfo.digestAlgorithm) {
            // RFC 5652 §5.1: digestAlgorithms "is a collection of message digest algorithm
            // identifiers ... Each element identifies the message digest algorithm ... used by one
            // or more signer." We require the signer's own algorithm in it, so both agree.
            throw CMSError(.algorithmMismatch, at: signerInfo.digestAlgorithmOffset)
        }
    }

    /// DigestAlgorithmIdentifiers, re-read under DER.
    private static func readDigestAlgorithms(_ fields: inout DERCursor) throws(CMSError) -> [HashAlgorithm] {
        var set = try readStrict(&fields, .set, "digestAlgorithms")
        var algorithms: [HashAlgorithm] = []
        while !set.isAtEnd {
            guard algorithms.count < maxDigestAlgorithms else {
                throw CMSError(DERError(.tooMany, at: set.offset, "digestAlgorithms"))
            }
            algorithms.append(try set.readDigestAlgorithm("DigestAlgorithmIdentifier"))
        }
        return algorithms
    }

    /// SignerInfos, re-read under DER.
    private static func readSignerInfos(_ fields: inout DERCursor) throws(CMSError) -> [SignerInfo] {
        var set = try readStrict(&fields, .set, "signerInfos")
        var signerInfos: [SignerInfo] = []
        while !set.isAtEnd {
            guard signerInfos.count < Limits.maxSignerInfos else {
                throw CMSError(DERError(.tooMany, at: set.offset, "signerInfos"))
            }
            signerInfos.append(try SignerInfo(from: &set))
        }
        return signerInfos
    }

    /// Reads the next element from the BER cursor, then re-reads it under DER and returns a cursor
    /// over its content: everything inside is strict DER.
    private static func readStrict(_ fields: inout DERCursor, _ tag: DERTag, _ context: String) throws(CMSError)
        -> DERCursor
    {
        try readDER { () throws(DERError) -> DERCursor in
            let element = try fields.readElement(tag, context)
            var strict = try DERCursor(
                bytes: element.bytes, range: element.encodedRange, rules: .der,
                depth: element.depth)
            let content = try strict.read(tag, context)
            try strict.expectEnd(context)
            return content
        }
    }
}
