// CertID (RFC 6960 §4.1.1): how an OCSP request and response name a certificate — hashes of its
// issuer's name and key, and its serial number — and the status a response or CRL gives it.
//
// Accepts: hashAlgorithm SHA-1 (what RFC 5019 §2.1.1 responders expect in requests) or SHA-256, with NULL
// or absent parameters. Matched field by field against the certificate asked about and its
// issuer: the issuer name hash over the certificate's issuer Name as encoded, the key hash over
// the issuer's subjectPublicKey bits, the serial as encoded.
//
// CertID          ::=     SEQUENCE {
//     hashAlgorithm       AlgorithmIdentifier,
//     issuerNameHash      OCTET STRING, -- Hash of issuer's DN
//     issuerKeyHash       OCTET STRING, -- Hash of issuer's public key
//     serialNumber        CertificateSerialNumber }
import PureCrypto
public import PureDER

/// A certificate's status, as a verified OCSP response or CRL states it.
public struct RevocationStatus: Sendable, Equatable {
    /// The status proper.
    public enum Value: Sendable, Equatable {
        /// Not revoked (RFC 6960 §2.2: "at a minimum ... the certificate is not revoked").
        case good
        /// Revoked at `time`, with the CRLReason code (RFC 5280 §5.3.1) when one was given.
        case revoked(time: DERTime, reason: Int64?)
        /// The responder does not know the certificate (OCSP only).
        case unknown
    }
    /// The status proper.
    public let value: Value
    /// When the status was known to be correct.
    public let thisUpdate: DERTime
    /// When newer information will be available; nil when the source gave none, and then the
    /// status is good for the one check it was fetched for and is never stored.
    public let nextUpdate: DERTime?
}

/// The CertID of a certificate, computed with one of the hashes OCSP allows.
struct CertID: Equatable {
    let hash: HashAlgorithm
    let issuerNameHash: [UInt8]
    let issuerKeyHash: [UInt8]
    let serialNumber: ArraySlice<UInt8>

    static let sha1 = OID(1, 3, 14, 3, 2, 26)
    static let sha256 = OID(2, 16, 840, 1, 101, 3, 4, 2, 1)

    /// The CertID of `certificate`, issued by `issuer`, under `hash`.
    init(_ certificate: Certificate, issuer: Certificate, hash: HashAlgorithm) {
        self.init(
            hash: hash, issuerNameHash: hash.hash(certificate.issuer.derEncoded),
            issuerKeyHash: hash.hash(issuer.publicKeyBits), serialNumber: certificate.serialNumber)
    }

    init(hash: HashAlgorithm, issuerNameHash: [UInt8], issuerKeyHash: [UInt8], serialNumber: ArraySlice<UInt8>) {
        self.hash = hash
        self.issuerNameHash = issuerNameHash
        self.issuerKeyHash = issuerKeyHash
        self.serialNumber = serialNumber
    }

    /// Reads a CertID at the cursor.
    static func read(from cursor: inout DERCursor) throws(RevocationError) -> CertID {
        let (oid, nameHash, keyHash, serial) = try revocation { () throws(DERError) in
            var fields = try cursor.readSequence("CertID")
            var algorithm = try fields.readSequence("CertID.hashAlgorithm")
            let oid = try algorithm.readOID("CertID.hashAlgorithm.algorithm")
            if algorithm.peekTag() == .null { try algorithm.readNull("CertID.hashAlgorithm.parameters") }
            try algorithm.expectEnd("CertID.hashAlgorithm")
            let nameHash = try fields.readOctetString("CertID.issuerNameHash")
            let keyHash = try fields.readOctetString("CertID.issuerKeyHash")
            let serial = try fields.readIntegerBytes("CertID.serialNumber")
            try fields.expectEnd("CertID")
            return (oid, nameHash, keyHash, serial)
        }
        let hash: HashAlgorithm
        switch oid {
        case sha1: hash = .sha1
        case sha256: hash = .sha256
        default: throw RevocationError(.unsupported(oid))
        }
        return CertID(hash: hash, issuerNameHash: Array(nameHash), issuerKeyHash: Array(keyHash), serialNumber: serial)
    }

    /// The DER encoding, as a request carries it (parameters NULL, as OpenSSL writes them).
    var derEncoded: [UInt8] {
        let oid = hash == .sha1 ? CertID.sha1 : CertID.sha256
        let algorithm = DERWriter.tlv(0x30, DERWriter.tlv(0x06, oid.contentBytes) + [0x05, 0x00])
        return DERWriter.tlv(
            0x30,
            algorithm + DERWriter.tlv(0x04, issuerNameHash) + DERWriter.tlv(0x04, issuerKeyHash)
                + DERWriter.tlv(0x02, Array(serialNumber)))
    }
}

/// The few DER encodings a request needs.
enum DERWriter {
    /// One TLV with a single-octet tag and a definite, minimal length (X.690 §10.1).
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        var remaining = content.count
        while remaining > 0 {
            length.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        }
        // The short form for lengths up to 127, else 0x80 | count then the octets (X.690, 8.1.3).
        let header = content.count < 0x80 ? [UInt8(content.count)] : [0x80 | UInt8(length.count)] + length
        return [tag] + header + content
    }
}

extension Certificate {
    /// The subjectPublicKey BIT STRING's value without its unused-bits octet: what OCSP's key hashes
    /// cover (RFC 6960 §4.1.1, "excluding the tag and length"; read as OpenSSL and responders do).
    /// Empty only if the range does not hold a SubjectPublicKeyInfo, which parsing has ruled out.
    package var publicKeyBits: ArraySlice<UInt8> {
        guard var outer = try? DERCursor(bytes: bytes, range: publicKeyInfoRange, rules: .der),
            var spki = try? outer.readSequence("SubjectPublicKeyInfo"),
            (try? spki.readSequence("SubjectPublicKeyInfo.algorithm")) != nil,
            let bits = try? spki.readBitString("SubjectPublicKeyInfo.subjectPublicKey")
        else { return [] }
        return bits.bytes
    }
}
