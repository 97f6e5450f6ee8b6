// EncapsulatedContentInfo (RFC 5652 §5.2): the signed content and its type.
//
// Accepts: BER (a streaming signer may wrap the payload in an indefinite constructed OCTET STRING
// holding one primitive OCTET STRING; `openssl cms -sign -stream` writes several primitive segments). Any
// eContentType is kept (receipts use id-data); the content is returned as segments of the input,
// never copied, so it can be hashed in place.
// Deliberately rejects: an absent eContent (a detached signature: there would be nothing to verify
// the signature over, and a receipt always carries its payload).

import PureDER

/// The signed content.
///
/// ```
/// EncapsulatedContentInfo ::= SEQUENCE {
///     eContentType ContentType,
///     eContent [0] EXPLICIT OCTET STRING OPTIONAL }
///
/// ContentType ::= OBJECT IDENTIFIER
/// ```
struct EncapsulatedContentInfo: Sendable {
    let contentType: OID
    /// The value of the eContent OCTET STRING (its content octets, in segments).
    let content: OctetStringSegments

    /// Reads an EncapsulatedContentInfo from a BER cursor.
    init(from cursor: inout DERCursor) throws(CMSError) {
        let start = cursor.offset
        var fields = try readDER { () throws(DERError) in
            try cursor.readEnvelopeElement(.sequence, "EncapsulatedContentInfo").content
        }
        contentType = try readDER { () throws(DERError) in try fields.readEnvelopeOID("eContentType") }
        let explicit = try readDER { () throws(DERError) in
            try fields.readOptionalEnvelopeElement(.contextConstructed(0), "eContent [0]")
        }
        guard let explicit else {
            // RFC 5652 §5.2: "The optional omission of the eContent within the
            // EncapsulatedContentInfo field makes it possible to construct "external signatures.""
            // A receipt carries its payload: an external signature is refused. (Something other
            // than `[0]` after the type is trailing data, reported as such.)
            try readDER { () throws(DERError) in try fields.expectEnd("EncapsulatedContentInfo") }
            throw CMSError(.detachedContent, at: start)
        }
        var eContent = explicit.content
        content = try readDER { () throws(DERError) -> OctetStringSegments in
            let value: OctetStringSegments
            if eContent.peekTag() == .constructedOctetString {
                // X.690 §8.7.3 (BER): the OCTET STRING may be constructed, its value the
                // concatenation of its segments.
                try DERCursor.requireMinimalLength(eContent.peekElement())
                value = try eContent.readOctetStringSegments(tag: .octetString, "eContent")
            } else {
                value = try eContent.readEnvelopePrimitive { (strict: inout DERCursor) throws(DERError) in
                    try strict.readOctetStringSegments(tag: .octetString, "eContent")
                }
            }
            try eContent.expectEnd("eContent [0]")
            try fields.expectEnd("EncapsulatedContentInfo")
            return value
        }
    }
}
