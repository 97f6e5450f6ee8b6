// SignatureAlgorithm: the AlgorithmIdentifier of a certificate signature (RFC 5280 §4.1.1.2).
//
// Accepts: sha1/sha224/sha256/sha384/sha512WithRSAEncryption (RFC 3279 §2.2.1, RFC 4055 §5) and
// ecdsa-with-SHA256/384/512 (RFC 5758 §3.2).
// Parameters, decided per algorithm family:
//   - sha224…sha512WithRSAEncryption: NULL, or absent. RFC 4055 §5: "When any of these four object
//     identifiers appears within an AlgorithmIdentifier, the parameters MUST be NULL.
//     Implementations MUST accept the parameters being absent as well as present."
//   - sha1WithRSAEncryption: NULL, or absent — RFC 3279 §2.2.1 says the parameters "SHALL be the
//     ASN.1 type NULL", but we read it like its RFC 4055 siblings (some old encoders omit it; the
//     signature itself is unaffected, and outer = inner is still compared byte for byte).
//   - ecdsa-with-SHA*: absent. RFC 5758 §3.2: "the encoding MUST omit the parameters field".
// Refused: MD2/MD5 and SHA-1 ECDSA, RSASSA-PSS, DSA, EdDSA and anything else, with the OID in the
// error (`unsupportedSignatureAlgorithm`).
//
// AlgorithmIdentifier  ::=  SEQUENCE  {
//      algorithm               OBJECT IDENTIFIER,
//      parameters              ANY DEFINED BY algorithm OPTIONAL  }

public import PureCrypto
import PureDER

/// A certificate signature algorithm this library understands.
public enum SignatureAlgorithm: Sendable, Hashable {
    /// RSASSA-PKCS1-v1_5 with the given hash (sha*WithRSAEncryption).
    case rsaPKCS1v15(HashAlgorithm)
    /// ECDSA with the given hash (ecdsa-with-SHA*), verified with a P-256 or P-384 issuer key.
    case ecdsa(HashAlgorithm)

    /// The hash the signature is computed over.
    public var hashAlgorithm: HashAlgorithm {
        switch self {
        case .rsaPKCS1v15(let hash), .ecdsa(let hash): return hash
        }
    }
}

/// Object identifiers of the signature algorithms above.
enum SignatureAlgorithmOID {
    // RFC 3279 §2.2.1: sha-1WithRSAEncryption ::= { iso(1) member-body(2) us(840) rsadsi(113549) pkcs(1) pkcs-1(1) 5 }
    static let sha1WithRSA = OID(1, 2, 840, 113_549, 1, 1, 5)
    // RFC 4055 §5: sha224WithRSAEncryption { pkcs-1 14 }, sha256 { pkcs-1 11 }, sha384 { pkcs-1 12 }, sha512 { pkcs-1 13 }
    static let sha224WithRSA = OID(1, 2, 840, 113_549, 1, 1, 14)
    static let sha256WithRSA = OID(1, 2, 840, 113_549, 1, 1, 11)
    static let sha384WithRSA = OID(1, 2, 840, 113_549, 1, 1, 12)
    static let sha512WithRSA = OID(1, 2, 840, 113_549, 1, 1, 13)
    // RFC 5758 §3.2: ecdsa-with-SHA256 { iso(1) member-body(2) us(840) ansi-X9-62(10045) signatures(4) ecdsa-with-SHA2(3) 2 }
    static let ecdsaWithSHA256 = OID(1, 2, 840, 10045, 4, 3, 2)
    static let ecdsaWithSHA384 = OID(1, 2, 840, 10045, 4, 3, 3)
    static let ecdsaWithSHA512 = OID(1, 2, 840, 10045, 4, 3, 4)
}

extension SignatureAlgorithm {
    /// Reads one AlgorithmIdentifier SEQUENCE at the cursor and returns the algorithm and the
    /// whole encoded element (for the outer = inner comparison).
    static func read(from cursor: inout DERCursor, _ context: String) throws(X509Error)
        -> (algorithm: SignatureAlgorithm, element: DERElement)
    {
        let element = try der { () throws(DERError) in try cursor.readElement(.sequence, context) }
        var content = element.content
        let oid = try der { () throws(DERError) in try content.readOID("\(context).algorithm") }
        let hasNullParameters = content.peekTag() == .null
        if hasNullParameters {
            try der { () throws(DERError) in try content.readNull("\(context).parameters") }
        }
        // Anything else after the OID (other parameters, trailing elements) is not ours to accept.
        guard content.isAtEnd else { throw X509Error(.unsupportedSignatureAlgorithm(oid)) }

        let algorithm: SignatureAlgorithm
        switch oid {
        case SignatureAlgorithmOID.sha1WithRSA: algorithm = .rsaPKCS1v15(.sha1)
        case SignatureAlgorithmOID.sha224WithRSA: algorithm = .rsaPKCS1v15(.sha224)
        case SignatureAlgorithmOID.sha256WithRSA: algorithm = .rsaPKCS1v15(.sha256)
        case SignatureAlgorithmOID.sha384WithRSA: algorithm = .rsaPKCS1v15(.sha384)
        case SignatureAlgorithmOID.sha512WithRSA: algorithm = .rsaPKCS1v15(.sha512)
        case SignatureAlgorithmOID.ecdsaWithSHA256: algorithm = .ecdsa(.sha256)
        case SignatureAlgorithmOID.ecdsaWithSHA384: algorithm = .ecdsa(.sha384)
        case SignatureAlgorithmOID.ecdsaWithSHA512: algorithm = .ecdsa(.sha512)
        default:
            throw X509Error(.unsupportedSignatureAlgorithm(oid))
        }
        if case .ecdsa = algorithm, hasNullParameters {
            // RFC 5758 §3.2: "When the ecdsa-with-SHA224, ecdsa-with-SHA256, ecdsa-with-SHA384, or
            // ecdsa-with-SHA512 algorithm identifier appears in the algorithm field as an
            // AlgorithmIdentifier, the encoding MUST omit the parameters field."
            throw X509Error(.unsupportedSignatureAlgorithm(oid))
        }
        return (algorithm, element)
    }
}
