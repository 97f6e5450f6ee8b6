// DistinguishedName: an X.501 Name as RFC 5280 §4.1.2.4 profiles it, kept as its raw DER bytes.
//
// Accepts: the rdnSequence choice; each RelativeDistinguishedName a non-empty SET of
// AttributeTypeAndValue; each of those an OBJECT IDENTIFIER followed by exactly one element of any
// type; at most `Limits.maxNameComponents` RDNs and attributes in total, and at most
// `Limits.maxNameBytes` bytes of encoding.
// Comparison: byte equality of the whole Name TLV. RFC 5280 §7.1 describes a comparison after
// case folding and whitespace normalisation (RFC 4518); we do not implement it: certificate
// chaining here requires the issuer field of a certificate to be byte-identical to its issuer's
// subject field, which every CA in scope (the signing PKIs', OpenSSL's, the Debian roots') writes.
// Does not check: attribute value types or their character repertoires (values are only
// rendered, tolerantly, in NameRendering.swift), SET OF ordering inside a multi-valued RDN.
//
// Name ::= CHOICE { -- only one possibility for now --
//   rdnSequence  RDNSequence }
// RDNSequence ::= SEQUENCE OF RelativeDistinguishedName
// RelativeDistinguishedName ::= SET SIZE (1..MAX) OF AttributeTypeAndValue
// AttributeTypeAndValue ::= SEQUENCE {
//   type     AttributeType,
//   value    AttributeValue }

import PureCrypto
import PureDER

/// A distinguished name, held as the bytes of its DER encoding.
public struct DistinguishedName: Sendable, Hashable {
    /// The whole Name TLV. `==` and hashing use these bytes only.
    public let derEncoded: ArraySlice<UInt8>

    /// Reads and validates one Name at the cursor.
    static func read(from cursor: inout DERCursor, _ context: String) throws(DERError) -> DistinguishedName {
        let element = try cursor.readElement(.sequence, context)
        guard element.encodedBytes.count <= Limits.maxNameBytes else {
            throw DERError(.inputTooLarge, at: element.start, "\(context): name over Limits.maxNameBytes")
        }
        var rdns = element.content
        var components = 0
        while !rdns.isAtEnd {
            // RFC 5280 §4.1.2.4: RelativeDistinguishedName ::= SET SIZE (1..MAX) OF AttributeTypeAndValue
            let rdnStart = rdns.offset
            var attributes = try rdns.read(.set, "\(context): RelativeDistinguishedName")
            guard !attributes.isAtEnd else {
                throw DERError(.invalidValue, at: rdnStart, "\(context): empty RelativeDistinguishedName")
            }
            while !attributes.isAtEnd {
                components += 1
                guard components <= Limits.maxNameComponents else {
                    throw DERError(.tooMany, at: attributes.offset, "\(context): name components")
                }
                var pair = try attributes.readSequence("\(context): AttributeTypeAndValue")
                _ = try pair.readOID("\(context): AttributeType")
                _ = try pair.readElement()
                try pair.expectEnd("\(context): AttributeTypeAndValue")
            }
        }
        return DistinguishedName(derEncoded: element.encodedBytes)
    }

    /// Equal when the encodings are, byte for byte (the comparison the compiler vectorises).
    public static func == (lhs: DistinguishedName, rhs: DistinguishedName) -> Bool {
        constantTimeEqual(lhs.derEncoded, rhs.derEncoded)
    }

    /// Wraps already validated bytes.
    private init(derEncoded: ArraySlice<UInt8>) {
        self.derEncoded = derEncoded
    }
}
