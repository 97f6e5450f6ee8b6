// Extensions (RFC 5280 §4.1.2.9, §4.2): the extension list of a version 3 certificate.
//
// Accepts: a non-empty SEQUENCE of at most `Limits.maxExtensions` Extension, each an OID, an
// optional BOOLEAN `critical` (DER: omitted when FALSE) and an OCTET STRING; no OID twice.
// Decoded: basicConstraints, keyUsage, extendedKeyUsage, subjectKeyIdentifier,
// authorityKeyIdentifier (keyIdentifier), certificatePolicies (policy OIDs). Every extension,
// decoded or not, is kept raw with its criticality in `all`, in certificate order.
// Does not decide: what an unknown critical extension means — the chain verifier refuses it
// (RFC 5280 §4.2); parsing keeps it so the certificate can still be displayed.
//
// Extensions  ::=  SEQUENCE SIZE (1..MAX) OF Extension
//
// Extension  ::=  SEQUENCE  {
//      extnID      OBJECT IDENTIFIER,
//      critical    BOOLEAN DEFAULT FALSE,
//      extnValue   OCTET STRING
//                  -- contains the DER encoding of an ASN.1 value
//                  -- corresponding to the extension type identified
//                  -- by extnID
//      }

public import PureDER

/// One extension, as found in the certificate.
public struct Extension: Sendable {
    /// The extension's `extnID`.
    public let oid: OID
    /// The `critical` flag (DEFAULT FALSE when absent).
    public let critical: Bool
    /// The content of extnValue: the DER encoding of the extension's own value.
    public let value: ArraySlice<UInt8>
}

/// Object identifiers of the extensions this library decodes (RFC 5280 §4.2.1).
public enum ExtensionOID {
    // RFC 5280 §4.2.1.2: id-ce-subjectKeyIdentifier OBJECT IDENTIFIER ::=  { id-ce 14 }
    /// subjectKeyIdentifier, 2.5.29.14.
    public static let subjectKeyIdentifier = OID(2, 5, 29, 14)
    // RFC 5280 §4.2.1.3: id-ce-keyUsage OBJECT IDENTIFIER ::=  { id-ce 15 }
    /// keyUsage, 2.5.29.15.
    public static let keyUsage = OID(2, 5, 29, 15)
    // RFC 5280 §4.2.1.9: id-ce-basicConstraints OBJECT IDENTIFIER ::=  { id-ce 19 }
    /// basicConstraints, 2.5.29.19.
    public static let basicConstraints = OID(2, 5, 29, 19)
    // RFC 5280 §4.2.1.4: id-ce-certificatePolicies OBJECT IDENTIFIER ::=  { id-ce 32 }
    /// certificatePolicies, 2.5.29.32.
    public static let certificatePolicies = OID(2, 5, 29, 32)
    // RFC 5280 §4.2.1.1: id-ce-authorityKeyIdentifier OBJECT IDENTIFIER ::=  { id-ce 35 }
    /// authorityKeyIdentifier, 2.5.29.35.
    public static let authorityKeyIdentifier = OID(2, 5, 29, 35)
    // RFC 5280 §4.2.1.12: id-ce-extKeyUsage OBJECT IDENTIFIER ::= { id-ce 37 }
    /// extKeyUsage, 2.5.29.37.
    public static let extendedKeyUsage = OID(2, 5, 29, 37)

    /// The extensions whose meaning this library knows (decoded above). A critical extension
    /// outside this list makes chain verification fail.
    static let understood: [OID] = [
        subjectKeyIdentifier, keyUsage, basicConstraints, certificatePolicies, authorityKeyIdentifier,
        extendedKeyUsage,
    ]
}

/// The extensions of a certificate: all of them raw, the common ones decoded.
public struct Extensions: Sendable {
    /// Every extension, in certificate order.
    public let all: [Extension]
    /// The decoded basicConstraints extension, if present.
    public let basicConstraints: BasicConstraints?
    /// The decoded keyUsage extension, if present.
    public let keyUsage: KeyUsage?
    /// The KeyPurposeId OIDs of extendedKeyUsage, if present.
    public let extendedKeyUsage: [OID]?
    /// The KeyIdentifier of subjectKeyIdentifier, if present.
    public let subjectKeyIdentifier: ArraySlice<UInt8>?
    /// The keyIdentifier field of authorityKeyIdentifier, if present.
    public let authorityKeyIdentifier: ArraySlice<UInt8>?
    /// The policy OIDs of certificatePolicies, if present.
    public let certificatePolicies: [OID]?

    /// No extensions (v1 certificates, or v3 without the field).
    static let none = Extensions(
        all: [], basicConstraints: nil, keyUsage: nil, extendedKeyUsage: nil, subjectKeyIdentifier: nil,
        authorityKeyIdentifier: nil, certificatePolicies: nil)

    /// True when an extension with this OID is present (critical or not).
    public func contains(_ oid: OID) -> Bool {
        all.contains { $0.oid == oid }
    }

    /// The extension with this OID, if present.
    public subscript(_ oid: OID) -> Extension? {
        all.first { $0.oid == oid }
    }

    /// Reads the Extensions SEQUENCE (the content of the `[3]` field) at the cursor.
    static func read(from cursor: inout DERCursor) throws(X509Error) -> Extensions {
        let start = cursor.offset
        var list = try der { () throws(DERError) in try cursor.readSequence("Extensions") }
        // RFC 5280 §4.1: "Extensions  ::=  SEQUENCE SIZE (1..MAX) OF Extension"
        guard !list.isAtEnd else { throw X509Error(DERError(.invalidValue, at: start, "Extensions: empty")) }
        var all: [Extension] = []
        while !list.isAtEnd {
            guard all.count < Limits.maxExtensions else {
                throw X509Error(DERError(.tooMany, at: list.offset, "Extensions: more than \(Limits.maxExtensions)"))
            }
            let item = try der { () throws(DERError) -> Extension in
                var fields = try list.readSequence("Extension")
                let oid = try fields.readOID("Extension.extnID")
                // X.690 §11.5: a DEFAULT FALSE BOOLEAN is omitted when FALSE (checked by the reader).
                let critical = try fields.readOptionalBooleanDefaultFalse("Extension.critical")
                let value = try fields.readOctetString("Extension.extnValue")
                try fields.expectEnd("Extension")
                return Extension(oid: oid, critical: critical, value: value)
            }
            // RFC 5280 §4.2: "A certificate MUST NOT include more than one instance of a particular extension."
            guard !all.contains(where: { $0.oid == item.oid }) else {
                throw X509Error(.duplicateExtension(item.oid))
            }
            all.append(item)
        }
        let bytes = cursor.bytes
        let depth = list.depth
        func decode<T>(_ oid: OID, _ body: (inout DERCursor) throws(DERError) -> T) throws(X509Error) -> T? {
            guard let found = all.first(where: { $0.oid == oid }) else { return nil }
            do {
                let range = found.value.startIndex..<found.value.endIndex
                var value = try DERCursor(bytes: bytes, range: range, rules: .der, depth: depth)
                let decoded = try body(&value)
                try value.expectEnd("\(oid): trailing bytes")
                return decoded
            } catch {
                throw X509Error(.badExtension(oid))
            }
        }
        return Extensions(
            all: all,
            basicConstraints: try decode(ExtensionOID.basicConstraints, BasicConstraints.read),
            keyUsage: try decode(ExtensionOID.keyUsage, KeyUsage.read),
            extendedKeyUsage: try decode(ExtensionOID.extendedKeyUsage, readExtendedKeyUsage),
            subjectKeyIdentifier: try decode(ExtensionOID.subjectKeyIdentifier, readSubjectKeyIdentifier),
            authorityKeyIdentifier: try decode(ExtensionOID.authorityKeyIdentifier, readAuthorityKeyIdentifier) ?? nil,
            certificatePolicies: try decode(ExtensionOID.certificatePolicies, readCertificatePolicies))
    }
}
