// SubjectPublicKeyInfo (RFC 5280 §4.1.2.7): the certified public key.
//
// Accepts:
//   - rsaEncryption (RFC 3279 §2.3.1) with NULL parameters; the key itself is decoded and checked
//     by PureCrypto's RSAPublicKey (1024…8192-bit odd modulus, odd 3 ≤ e < n).
//   - id-ecPublicKey (RFC 5480 §2.1.1) with namedCurve secp256r1 (P-256) or secp384r1 (P-384) and
//     an uncompressed point, validated by PureCrypto's ECPublicKey (SEC 1 §2.3.4: length, X and
//     Y < p, on the curve, not the identity); an invalid point is `badPublicKey` naming its offset.
// Refused: any other key algorithm or curve, implicitCurve and specifiedCurve parameters
// (`unsupportedPublicKey`); compressed points (`badPublicKey`, unsupported point format).
//
// SubjectPublicKeyInfo  ::=  SEQUENCE  {
//      algorithm            AlgorithmIdentifier,
//      subjectPublicKey     BIT STRING  }

public import PureCrypto
import PureDER

/// A certified public key.
public enum PublicKey: Sendable {
    /// An RSA key, ready for PKCS #1 v1.5 verification.
    case rsa(RSAPublicKey)
    /// An EC key (P-256 or P-384), validated, ready for ECDSA verification.
    case ec(ECPublicKey)
}

/// Object identifiers of key algorithms and curves.
enum PublicKeyOID {
    // rsaEncryption is `RSAPublicKey.rsaEncryption` (PureCrypto).
    // RFC 5480 §2.1.1: id-ecPublicKey OBJECT IDENTIFIER ::= { iso(1) member-body(2) us(840) ansi-X9-62(10045) keyType(2) 1 }
    static let ecPublicKey = OID(1, 2, 840, 10045, 2, 1)
    // RFC 5480 §2.1.1.1: secp256r1 { ... curves(3) prime(1) 7 }, secp384r1 { iso(1) identified-organization(3) certicom(132) curve(0) 34 }
    static let secp256r1 = OID(1, 2, 840, 10045, 3, 1, 7)
    static let secp384r1 = OID(1, 3, 132, 0, 34)
}

extension PublicKey {
    /// Reads one SubjectPublicKeyInfo SEQUENCE at the cursor.
    static func read(from cursor: inout DERCursor) throws(X509Error) -> PublicKey {
        var spki = try der { () throws(DERError) in try cursor.readSequence("SubjectPublicKeyInfo") }
        var algorithm = try der { () throws(DERError) in try spki.readSequence("SubjectPublicKeyInfo.algorithm") }
        let oid = try der { () throws(DERError) in try algorithm.readOID("SubjectPublicKeyInfo.algorithm.algorithm") }
        let bitStringOffset = spki.offset
        let bitString = try der { () throws(DERError) in
            try spki.readBitString("SubjectPublicKeyInfo.subjectPublicKey")
        }
        try der { () throws(DERError) in try spki.expectEnd("SubjectPublicKeyInfo") }

        switch oid {
        case RSAPublicKey.rsaEncryption:
            // RFC 3279 §2.3.1: "The parameters field MUST have ASN.1 type NULL for this algorithm identifier."
            guard algorithm.peekTag() == .null else {
                throw X509Error(.badPublicKey("rsaEncryption parameters not NULL"))
            }
            try der { () throws(DERError) in
                try algorithm.readNull("rsaEncryption parameters")
                try algorithm.expectEnd("SubjectPublicKeyInfo.algorithm")
            }
            do {
                // A certificate's key verifies at most one signature per parse: R² mod n is
                // computed then, not here (x509_parse_leaf, cached chains: PERFORMANCE.md).
                let key = try RSAPublicKey(
                    subjectPublicKey: bitString, in: cursor.bytes, at: bitStringOffset, depth: spki.depth,
                    precompute: false)
                return .rsa(key)
            } catch {
                throw X509Error(.badPublicKey("RSA: \(error)"))
            }
        case PublicKeyOID.ecPublicKey:
            // RFC 5480 §2.1.1: "namedCurve ... implicitCurve and specifiedCurve MUST NOT be used in PKIX."
            guard algorithm.peekTag() == .objectIdentifier else {
                throw X509Error(.unsupportedPublicKey("EC key with implicit or explicit curve parameters"))
            }
            let curveOID = try der { () throws(DERError) in try algorithm.readOID("ECParameters.namedCurve") }
            try der { () throws(DERError) in try algorithm.expectEnd("SubjectPublicKeyInfo.algorithm") }
            let curve: ECCurve
            switch curveOID {
            case PublicKeyOID.secp256r1: curve = .p256
            case PublicKeyOID.secp384r1: curve = .p384
            default: throw X509Error(.unsupportedPublicKey("EC curve \(curveOID)"))
            }
            // RFC 5480 §2.2: "The first octet of the OCTET STRING indicates whether the key is compressed
            // or uncompressed. The uncompressed form is indicated by 0x04". The point fills whole octets.
            let point = bitString.bytes
            guard bitString.unusedBits == 0 else {
                throw X509Error(.badPublicKey("EC \(curve.name) point at offset \(point.startIndex): unused bits"))
            }
            do {
                return .ec(try ECPublicKey(curve: curve, sec1Point: point))
            } catch {
                throw X509Error(.badPublicKey("EC \(curve.name) point at offset \(point.startIndex): \(error)"))
            }
        default:
            throw X509Error(.unsupportedPublicKey("key algorithm \(oid)"))
        }
    }
}
