// The object identifiers CMS receipts use, and the two AlgorithmIdentifier productions of a
// SignerInfo: DigestAlgorithmIdentifier and SignatureAlgorithmIdentifier (RFC 5652 §10.1).
//
// Accepts (allow-list): digests SHA-1, SHA-256, SHA-384, SHA-512 with parameters absent or NULL;
// signature algorithms rsaEncryption and sha{1,256,384,512}WithRSAEncryption with parameters
// NULL or absent. Strict DER (callers hand a DER cursor).
// Deliberately rejects: SHA-224 and MD5 (no receipt signer uses them; one less way in), RSASSA-PSS,
// ECDSA and DSA (no receipt signer uses them). Rejection is `CMSError.Kind.unsupportedAlgorithm`.
//
// AlgorithmIdentifier ::= SEQUENCE {
//     algorithm OBJECT IDENTIFIER,
//     parameters ANY DEFINED BY algorithm OPTIONAL }
// DigestAlgorithmIdentifier ::= AlgorithmIdentifier
// SignatureAlgorithmIdentifier ::= AlgorithmIdentifier

public import PureCrypto
package import PureDER

/// Object identifiers of RFC 5652, RFC 3370, RFC 5754 and RFC 8017 used by the CMS layer.
package enum CMSObjectIdentifier {
    /// RFC 5652 §5.1: id-signedData { iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs7(7) 2 }
    static let signedData = OID(1, 2, 840, 113549, 1, 7, 2)
    /// RFC 5652 §4: id-data { … pkcs7(7) 1 }, arbitrary octet strings.
    package static let data = OID(1, 2, 840, 113549, 1, 7, 1)
    /// RFC 5652 §11.1: id-contentType { … pkcs9(9) 3 }
    static let contentType = OID(1, 2, 840, 113549, 1, 9, 3)
    /// RFC 5652 §11.2: id-messageDigest { … pkcs9(9) 4 }
    static let messageDigest = OID(1, 2, 840, 113549, 1, 9, 4)

    static let sha1 = OID(1, 3, 14, 3, 2, 26)
    static let sha256 = OID(2, 16, 840, 1, 101, 3, 4, 2, 1)
    static let sha384 = OID(2, 16, 840, 1, 101, 3, 4, 2, 2)
    static let sha512 = OID(2, 16, 840, 1, 101, 3, 4, 2, 3)
    // The signature algorithms' OIDs are the certificates' (`RSAPublicKey.rsaEncryption`,
    // `SignatureAlgorithmOID`): one definition of each.
}

/// The signature algorithm a SignerInfo names. Both forms mean RSASSA-PKCS1-v1_5; the digest is
/// always the SignerInfo's digestAlgorithm.
public enum CMSSignatureAlgorithm: Sendable, Hashable {
    /// Bare rsaEncryption (RFC 3370 §3.2 allows it for a signature): the digest comes from
    /// digestAlgorithm alone.
    case rsaEncryption
    /// shaNWithRSAEncryption: names its digest, which must equal digestAlgorithm.
    case rsaWithDigest(HashAlgorithm)
}

extension DERCursor {
    /// Reads an AlgorithmIdentifier: its OID, and checks the parameters are absent or NULL.
    /// Returns the OID and the offset of the SEQUENCE (for messages).
    mutating func readAlgorithmIdentifierNullOrAbsent(_ context: String) throws(DERError) -> (OID, Int) {
        let start = offset
        var algorithm = try readSequence(context)
        let oid = try algorithm.readOID("\(context).algorithm")
        if !algorithm.isAtEnd {
            try algorithm.readNull("\(context).parameters")
        }
        try algorithm.expectEnd(context)
        return (oid, start)
    }

    /// DigestAlgorithmIdentifier from the allow-list.
    mutating func readDigestAlgorithm(_ context: String) throws(CMSError) -> HashAlgorithm {
        let (oid, start) = try readDER { () throws(DERError) in try self.readAlgorithmIdentifierNullOrAbsent(context) }
        // RFC 3370 §2.1 (SHA-1) and RFC 5754 §2 (SHA-2): implementations "MUST accept ...
        // AlgorithmIdentifiers with absent parameters" and "MUST accept ... with NULL parameters".
        switch oid {
        case CMSObjectIdentifier.sha1: return .sha1
        case CMSObjectIdentifier.sha256: return .sha256
        case CMSObjectIdentifier.sha384: return .sha384
        case CMSObjectIdentifier.sha512: return .sha512
        default: throw CMSError(.unsupportedAlgorithm(oid), at: start)
        }
    }

    /// SignatureAlgorithmIdentifier from the allow-list.
    mutating func readSignatureAlgorithm(_ context: String) throws(CMSError) -> CMSSignatureAlgorithm {
        let (oid, start) = try readDER { () throws(DERError) in try self.readAlgorithmIdentifierNullOrAbsent(context) }
        // RFC 3370 §3.2: rsaEncryption parameters "MUST contain NULL"; RFC 5754 §3.2 for the
        // shaNWithRSAEncryption OIDs: "the parameters MUST be NULL. Implementations MUST accept
        // the parameters being absent as well as present." We accept both forms for all five:
        // the field is not signed and either form names the same algorithm.
        switch oid {
        case RSAPublicKey.rsaEncryption: return .rsaEncryption
        case SignatureAlgorithmOID.sha1WithRSA: return .rsaWithDigest(.sha1)
        case SignatureAlgorithmOID.sha256WithRSA: return .rsaWithDigest(.sha256)
        case SignatureAlgorithmOID.sha384WithRSA: return .rsaWithDigest(.sha384)
        case SignatureAlgorithmOID.sha512WithRSA: return .rsaWithDigest(.sha512)
        default: throw CMSError(.unsupportedAlgorithm(oid), at: start)
        }
    }
}
