// RSA public keys from DER: SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) carrying rsaEncryption,
// and the bare PKCS #1 RSAPublicKey (RFC 8017 A.1.1).
//
// Accepts: strict DER only; algorithm rsaEncryption (1.2.840.113549.1.1.1) with parameters
// present and NULL; a BIT STRING with 0 unused bits whose content is exactly one
// RSAPublicKey; positive, minimally encoded INTEGERs; whole consumption at every level.
// Deliberately does not accept: id-RSASSA-PSS keys, absent parameters, BER, or keys that
// `RSAPublicKey`'s value checks refuse (size, parity, exponent range).
//
// SubjectPublicKeyInfo  ::=  SEQUENCE  {
//      algorithm            AlgorithmIdentifier,
//      subjectPublicKey     BIT STRING  }
//
// AlgorithmIdentifier  ::=  SEQUENCE  {
//      algorithm               OBJECT IDENTIFIER,
//      parameters              ANY DEFINED BY algorithm OPTIONAL  }
//
// RSAPublicKey ::= SEQUENCE {
//     modulus           INTEGER,  -- n
//     publicExponent    INTEGER   -- e
// }

package import PureDER

extension RSAPublicKey {
    /// rsaEncryption, { pkcs-1 1 } = 1.2.840.113549.1.1.1 (also the CMS signature algorithm and the
    /// X.509 key algorithm: one definition).
    // RFC 3279 §2.3.1: rsaEncryption OBJECT IDENTIFIER ::= { pkcs-1 1 }
    package static let rsaEncryption = OID(1, 2, 840, 113_549, 1, 1, 1)

    /// A key from a DER SubjectPublicKeyInfo that must span all of `bytes`.
    public init(subjectPublicKeyInfoDER bytes: [UInt8]) throws(RSAError) {
        var cursor = try mapDER { () throws(DERError) in try DERCursor(bytes) }
        try self.init(subjectPublicKeyInfo: &cursor)
        try mapDER { () throws(DERError) in try cursor.expectEnd("SubjectPublicKeyInfo: trailing bytes") }
    }

    /// A key from a DER PKCS #1 RSAPublicKey that must span all of `bytes`.
    public init(pkcs1DER bytes: [UInt8]) throws(RSAError) {
        var cursor = try mapDER { () throws(DERError) in try DERCursor(bytes) }
        try self.init(rsaPublicKey: &cursor)
        try mapDER { () throws(DERError) in try cursor.expectEnd("RSAPublicKey: trailing bytes") }
    }

    /// Reads one SubjectPublicKeyInfo SEQUENCE at the cursor (for the X.509 layer).
    package init(subjectPublicKeyInfo cursor: inout DERCursor) throws(RSAError) {
        guard cursor.rules == .der else {
            throw .malformedKey(DERError(.invalidValue, at: cursor.offset, "SubjectPublicKeyInfo: DER required"))
        }
        var spki = try mapDER { () throws(DERError) in try cursor.readSequence("SubjectPublicKeyInfo") }
        var algorithm = try mapDER { () throws(DERError) in
            try spki.readSequence("SubjectPublicKeyInfo.algorithm")
        }
        let oidOffset = algorithm.offset
        let oid = try mapDER { () throws(DERError) in try algorithm.readOID("AlgorithmIdentifier.algorithm") }
        guard oid == RSAPublicKey.rsaEncryption else { throw .keyAlgorithmNotRSA(at: oidOffset) }
        // RFC 8017 A.1: "The parameters field associated with this OID in a value of type
        // AlgorithmIdentifier shall have a value of type NULL."
        let parametersOffset = algorithm.offset
        guard algorithm.peekTag() == .null else { throw .keyParametersNotNull(at: parametersOffset) }
        try mapDER { () throws(DERError) in
            try algorithm.readNull("AlgorithmIdentifier.parameters")
            try algorithm.expectEnd("AlgorithmIdentifier")
        }
        let bitStringOffset = spki.offset
        let bitString = try mapDER { () throws(DERError) in
            try spki.readBitString("SubjectPublicKeyInfo.subjectPublicKey")
        }
        try mapDER { () throws(DERError) in try spki.expectEnd("SubjectPublicKeyInfo") }
        try self.init(subjectPublicKey: bitString, in: cursor.bytes, at: bitStringOffset, depth: spki.depth)
    }

    /// The RSAPublicKey inside a subjectPublicKey BIT STRING read from `bytes` (for the X.509
    /// layer when it has already dispatched on the algorithm). `offset` is the BIT STRING's.
    /// `precompute: false` defers R² mod n to verification (a certificate key verifies at most
    /// once per parse; see `MontgomeryModulus.init(modulus:precomputeR2:)`).
    package init(
        subjectPublicKey bitString: BitString, in bytes: [UInt8], at offset: Int, depth: Int, precompute: Bool = true
    ) throws(RSAError) {
        // RFC 3279 §2.3.1: the RSA public key is the DER RSAPublicKey placed in the BIT STRING;
        // a whole number of octets, so the unused-bits count must be 0.
        guard bitString.unusedBits == 0 else { throw .keyBitStringUnusedBits(at: offset) }
        let range = bitString.bytes.startIndex..<bitString.bytes.endIndex
        var inner = try mapDER { () throws(DERError) in
            try DERCursor(bytes: bytes, range: range, rules: .der, depth: depth)
        }
        try self.init(rsaPublicKey: &inner, precompute: precompute)
        try mapDER { () throws(DERError) in try inner.expectEnd("subjectPublicKey: trailing bytes") }
    }

    /// Reads one RSAPublicKey SEQUENCE at the cursor.
    package init(rsaPublicKey cursor: inout DERCursor, precompute: Bool = true) throws(RSAError) {
        guard cursor.rules == .der else {
            throw .malformedKey(DERError(.invalidValue, at: cursor.offset, "RSAPublicKey: DER required"))
        }
        var sequence = try mapDER { () throws(DERError) in try cursor.readSequence("RSAPublicKey") }
        let modulusOffset = sequence.offset
        // X.690 §8.3.2 minimality is checked by readIntegerBytes; positivity is ours.
        let n = try mapDER { () throws(DERError) in try sequence.readIntegerBytes("RSAPublicKey.modulus") }
        let exponentOffset = sequence.offset
        let e = try mapDER { () throws(DERError) in try sequence.readIntegerBytes("RSAPublicKey.publicExponent") }
        try mapDER { () throws(DERError) in try sequence.expectEnd("RSAPublicKey") }
        // A DER INTEGER is two's complement: a first octet ≥ 0x80 means negative.
        guard let nFirst = n.first, nFirst < 0x80 else { throw .keyIntegerNotPositive(.modulus, at: modulusOffset) }
        guard let eFirst = e.first, eFirst < 0x80 else {
            throw .keyIntegerNotPositive(.publicExponent, at: exponentOffset)
        }
        try self.init(
            modulus: n, modulusOffset: modulusOffset, exponent: e, exponentOffset: exponentOffset,
            precompute: precompute)
    }
}

/// Runs a PureDER read and reports its failure as a malformed key.
private func mapDER<T>(_ body: () throws(DERError) -> T) throws(RSAError) -> T {
    do {
        return try body()
    } catch {
        throw .malformedKey(error)
    }
}
