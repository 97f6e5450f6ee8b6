// SignedAttributes (RFC 5652 §5.3, §11.1, §11.2): the attributes a signer signs instead of the
// content itself, and the one re-encoding CMS verification requires (§5.4).
//
// Accepts: strict DER, 1…`Limits.maxSignedAttributes` attributes, exactly one contentType
// attribute with exactly one OBJECT IDENTIFIER value and exactly one messageDigest attribute with
// exactly one OCTET STRING value. Other attributes (signingTime, smimeCapabilities, …) are walked
// (each value must be one well-formed element) but not interpreted.
// Deliberately does not check: SET OF ordering of the attributes (X.690 §11.6). The signature
// covers the bytes exactly as they appear, so their order cannot change what was signed; signers
// that do not sort would otherwise be refused for nothing. The values of contentType and
// messageDigest are compared with the SignedData at verification, not here.

public import PureDER

/// The signed attributes of a SignerInfo, as located in the input.
///
/// ```
/// SignedAttributes ::= SET SIZE (1..MAX) OF Attribute
///
/// Attribute ::= SEQUENCE {
///     attrType OBJECT IDENTIFIER,
///     attrValues SET OF AttributeValue }
///
/// AttributeValue ::= ANY
///
/// ContentType ::= OBJECT IDENTIFIER
///
/// MessageDigest ::= OCTET STRING
/// ```
public struct SignedAttributes: Sendable {
    /// The whole input the attributes lie in.
    let bytes: [UInt8]
    /// The `[0] IMPLICIT` element as encoded in the SignerInfo (identifier, length, content).
    let encodedRange: Range<Int>
    /// The value of the contentType attribute.
    public let contentType: OID
    /// The value of the messageDigest attribute (the OCTET STRING content octets).
    public let messageDigest: ArraySlice<UInt8>
    /// Number of attributes.
    public let count: Int
    /// Offsets of the two attributes, for error messages.
    let contentTypeOffset: Int
    let messageDigestOffset: Int

    /// Parses the `[0] IMPLICIT SignedAttributes` element of a SignerInfo, read under DER.
    init(element: DERElement) throws(CMSError) {
        var attributes = element.content
        var count = 0
        var contentType: (OID, Int)?
        var messageDigest: (ArraySlice<UInt8>, Int)?
        while !attributes.isAtEnd {
            let attributeStart = attributes.offset
            guard count < Limits.maxSignedAttributes else {
                throw CMSError(DERError(.tooMany, at: attributeStart, "signed attributes"))
            }
            count += 1
            let (type, values) = try readDER { () throws(DERError) -> (OID, DERCursor) in
                var attribute = try attributes.readSequence("Attribute")
                let type = try attribute.readOID("Attribute.attrType")
                let values = try attribute.read(.set, "Attribute.attrValues")
                try attribute.expectEnd("Attribute")
                return (type, values)
            }
            switch type {
            case CMSObjectIdentifier.contentType:
                // RFC 5652 §11.1: "The SignedAttributes ... MUST NOT include multiple instances of the
                // content-type attribute."
                guard contentType == nil else {
                    throw CMSError(.signedAttributes("more than one contentType attribute"), at: attributeStart)
                }
                let value = try SignedAttributes.singleValue(values, attributeStart, "contentType") {
                    (cursor: inout DERCursor) throws(DERError) in try cursor.readOID("contentType value")
                }
                contentType = (value, attributeStart)
            case CMSObjectIdentifier.messageDigest:
                // RFC 5652 §11.2: "The SignedAttributes ... MUST NOT include multiple instances of the
                // message-digest attribute."
                guard messageDigest == nil else {
                    throw CMSError(.signedAttributes("more than one messageDigest attribute"), at: attributeStart)
                }
                let value = try SignedAttributes.singleValue(values, attributeStart, "messageDigest") {
                    (cursor: inout DERCursor) throws(DERError) in
                    try cursor.readOctetString("messageDigest value")
                }
                messageDigest = (value, attributeStart)
            default:
                // Not interpreted; each value must still be one whole element (whole consumption).
                var other = values
                while !other.isAtEnd { _ = try readDER { () throws(DERError) in try other.readElement() } }
            }
        }
        // RFC 5652 §5.3: "If the field is present, it MUST contain, at a minimum, the following two
        // attributes: A content-type attribute ... A message-digest attribute".
        guard let contentType else {
            throw CMSError(.signedAttributes("no contentType attribute"), at: element.start)
        }
        guard let messageDigest else {
            throw CMSError(.signedAttributes("no messageDigest attribute"), at: element.start)
        }
        self.bytes = element.bytes
        self.encodedRange = element.encodedRange
        self.contentType = contentType.0
        self.contentTypeOffset = contentType.1
        self.messageDigest = messageDigest.0
        self.messageDigestOffset = messageDigest.1
        self.count = count
    }

    /// Reads the one value of an attribute's attrValues SET.
    private static func singleValue<T>(
        _ values: DERCursor, _ attributeStart: Int, _ name: String,
        _ read: (inout DERCursor) throws(DERError) -> T
    ) throws(CMSError) -> T {
        var cursor = values
        // RFC 5652 §11.1 / §11.2: the attribute "MUST have a single attribute value, even though the
        // syntax is defined as a SET OF AttributeValue. There MUST NOT be zero or multiple instances
        // of AttributeValue present."
        guard !cursor.isAtEnd else {
            throw CMSError(.signedAttributes("\(name) attribute has no value"), at: attributeStart)
        }
        let value = try readDER { () throws(DERError) in try read(&cursor) }
        guard cursor.isAtEnd else {
            throw CMSError(.signedAttributes("\(name) attribute has more than one value"), at: attributeStart)
        }
        return value
    }

    /// The octets the signature covers: the attributes re-encoded with the SET OF tag.
    ///
    /// RFC 5652 §5.4: "A separate encoding of the signedAttrs field is performed for message digest
    /// calculation. The IMPLICIT [0] tag in the signedAttrs is not used for the DER encoding, rather
    /// an EXPLICIT SET OF tag is used. That is, the DER encoding of the EXPLICIT SET OF tag, rather
    /// than of the IMPLICIT [0] tag, MUST be included in the message digest calculation along with
    /// the length and content octets of the SignedAttributes value."
    ///
    /// This is the one place the verifier re-encodes anything: it copies the raw attribute bytes as
    /// they appear in the input and replaces only the identifier octet `A0` ([0] constructed) with
    /// `31` (SET, constructed). The length and content octets are the signer's own. The element was
    /// read under DER, so its identifier is exactly the one octet `A0` (checked by the tag match).
    func setOfEncodingForSignature() -> [UInt8] {
        var encoding = Array(bytes[encodedRange])
        // encodedRange is a non-empty element range inside `bytes` (it starts with the tag octet).
        if !encoding.isEmpty { encoding[0] = 0x31 }
        return encoding
    }
}
