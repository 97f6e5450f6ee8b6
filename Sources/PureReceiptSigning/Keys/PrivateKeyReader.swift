// Reading a P-256 private key: the App Store Connect `.p8` file (PKCS #8 PrivateKeyInfo in PEM,
// RFC 5958 §2 and RFC 5208), SEC 1 `EC PRIVATE KEY` (RFC 5915 §3) in PEM or DER, and raw
// 32-byte scalars.
//
//   PrivateKeyInfo ::= SEQUENCE {                       -- RFC 5958 OneAsymmetricKey, v1 or v2
//       version Version, privateKeyAlgorithm AlgorithmIdentifier,
//       privateKey OCTET STRING, attributes [0] IMPLICIT Attributes OPTIONAL,
//       ..., publicKey [1] IMPLICIT BIT STRING OPTIONAL }
//   ECPrivateKey ::= SEQUENCE {
//       version INTEGER { ecPrivkeyVer1(1) }, privateKey OCTET STRING,
//       parameters [0] ECParameters {{ NamedCurve }} OPTIONAL, publicKey [1] BIT STRING OPTIONAL }
//
// Accepts: those structures in DER, the algorithm id-ecPublicKey with the named curve prime256v1
// (RFC 5480 §2.1.1), a privateKey of exactly 32 octets (RFC 5915 §3: ⌈log2(n)/8⌉), an optional
// public key, which must then be d·G. PEM: the first PRIVATE KEY or EC PRIVATE KEY block (EC
// PARAMETERS blocks before it are skipped), RFC 7468 §2 base64 with whitespace.
// Refuses, each with its own error: encrypted keys, other algorithms, other curves, d = 0 or ≥ n.
// Errors name the field, never an offset or a byte of the key. Decoding is variable time in the
// key's bytes (base64 table lookups, DER lengths): a key is read once, at startup, not per
// signature; only signing is constant time.

import PureDER

extension SigningKey {
    /// A key from a file's bytes: PEM (PKCS #8 or SEC 1), DER (PKCS #8 or SEC 1), or a raw
    /// 32-byte scalar.
    public init(fileContents bytes: [UInt8]) throws(SigningKeyError) {
        if bytes.count == 32 {
            try self.init(rawScalar: bytes)
        } else if bytes.first == 0x30 {
            try self.init(der: bytes)
        } else {
            try self.init(pem: bytes)
        }
    }

    /// A key from PEM text (`PRIVATE KEY` or `EC PRIVATE KEY`).
    public init(pem text: [UInt8]) throws(SigningKeyError) {
        let block = try PEMKeyBlock.first(in: text)
        switch block.label {
        case "PRIVATE KEY": try self.init(pkcs8: block.der)
        case "EC PRIVATE KEY": try self.init(sec1: block.der, curveFromOuter: false)
        default: throw .unrecognizedFormat
        }
    }

    /// A key from DER: PKCS #8 PrivateKeyInfo, or SEC 1 ECPrivateKey.
    public init(der bytes: [UInt8]) throws(SigningKeyError) {
        // PKCS #8 has an AlgorithmIdentifier SEQUENCE where SEC 1 has the privateKey OCTET STRING.
        var outer = try read("PrivateKeyInfo or ECPrivateKey") { () throws(DERError) in
            try DERCursor.single(bytes, "key").content
        }
        _ = try read("version") { () throws(DERError) in try outer.readIntegerBytes("version") }
        if outer.peekTag() == .sequence {
            try self.init(pkcs8: bytes)
        } else {
            try self.init(sec1: bytes, curveFromOuter: false)
        }
    }

    /// RFC 5958 §2 OneAsymmetricKey: v1 (PKCS #8 PrivateKeyInfo) or v2 (with a public key).
    init(pkcs8 bytes: [UInt8]) throws(SigningKeyError) {
        var info = try read("PrivateKeyInfo") { () throws(DERError) in
            try DERCursor.single(bytes, "PrivateKeyInfo").content
        }
        let version = try read("version") { () throws(DERError) in try info.readIntegerBytes("version") }
        // RFC 5958 §2: "Version ::= INTEGER { v1(0), v2(1) }".
        guard version.count == 1, let v = version.first, v <= 1 else { throw .malformed(field: "version") }
        var algorithm = try read("privateKeyAlgorithm") { () throws(DERError) in
            try info.readSequence("privateKeyAlgorithm")
        }
        let oid = try read("algorithm") { () throws(DERError) in try algorithm.readOID("algorithm") }
        // RFC 5480 §2.1.1: id-ecPublicKey with ECParameters { namedCurve }.
        guard oid == Self.idECPublicKey else { throw .unsupportedAlgorithm }
        let curve = try read("parameters") { () throws(DERError) in try algorithm.readOID("namedCurve") }
        guard curve == Self.prime256v1 else { throw .unsupportedCurve }
        guard algorithm.isAtEnd else { throw .malformed(field: "privateKeyAlgorithm") }
        let privateKey = try read("privateKey") { () throws(DERError) in try info.readOctetString("privateKey") }
        _ = try read("attributes") { () throws(DERError) in try info.readOptional(.contextConstructed(0), "a") }
        _ = try read("publicKey") { () throws(DERError) in try info.readOptional(.contextPrimitive(1), "p") }
        guard info.isAtEnd else { throw .malformed(field: "PrivateKeyInfo (trailing fields)") }
        try self.init(sec1: Array(privateKey), curveFromOuter: true)
    }

    /// RFC 5915 §3 ECPrivateKey; inside PKCS #8 the curve is the outer algorithm's, and a
    /// parameters field, when present, must name the same curve.
    init(sec1 bytes: [UInt8], curveFromOuter: Bool) throws(SigningKeyError) {
        var key = try read("ECPrivateKey") { () throws(DERError) in
            try DERCursor.single(bytes, "ECPrivateKey").content
        }
        let version = try read("version") { () throws(DERError) in try key.readIntegerBytes("version") }
        // RFC 5915 §3: "version specifies the syntax version number ... It SHALL be set to ecPrivkeyVer1" (1).
        guard version.elementsEqual([1]) else { throw .malformed(field: "ECPrivateKey version") }
        let scalar = try read("privateKey") { () throws(DERError) in try key.readOctetString("privateKey") }
        let parameters = try read("parameters") { () throws(DERError) in
            try key.readOptional(.contextConstructed(0), "p")
        }
        if var parameters {
            let curve = try read("namedCurve") { () throws(DERError) in try parameters.readOID("namedCurve") }
            guard curve == Self.prime256v1 else { throw .unsupportedCurve }
            guard parameters.isAtEnd else { throw .malformed(field: "parameters") }
        } else if !curveFromOuter {
            // A bare SEC 1 key must name its curve: RFC 5915 §3 "parameters ... MUST always be present" there.
            throw .malformed(field: "parameters (no named curve)")
        }
        var stored: ArraySlice<UInt8>? = nil
        let publicKeyField = try read("publicKey") { () throws(DERError) in
            try key.readOptional(.contextConstructed(1), "q")
        }
        if var publicKey = publicKeyField {
            let bits = try read("publicKey") { () throws(DERError) in try publicKey.readBitString("publicKey") }
            guard bits.unusedBits == 0, publicKey.isAtEnd else { throw .malformed(field: "publicKey") }
            stored = bits.bytes
        }
        guard key.isAtEnd else { throw .malformed(field: "ECPrivateKey (trailing fields)") }
        // RFC 5915 §3: privateKey "is ceiling(log2(n)/8) octets" long: 32 for P-256.
        guard scalar.count == 32 else { throw .malformed(field: "privateKey (not 32 octets)") }
        try self.init(scalarBytes: Array(scalar), storedPublicKey: stored)
    }

    /// 1.2.840.10045.2.1 (RFC 5480 §2.1.1).
    static let idECPublicKey = OID(1, 2, 840, 10045, 2, 1)
    /// 1.2.840.10045.3.1.7, secp256r1 (RFC 5480 §2.1.1.1).
    static let prime256v1 = OID(1, 2, 840, 10045, 3, 1, 7)
}

/// Runs one DER read and turns its error into `.malformed(field:)`: DER errors carry offsets and
/// excerpts of the input, which for a key is secret.
func read<T>(_ field: StaticString, _ body: () throws(DERError) -> T) throws(SigningKeyError) -> T {
    do {
        return try body()
    } catch {
        throw .malformed(field: field)
    }
}
