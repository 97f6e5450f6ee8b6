// How the CMS envelope is read: BER only as far as receipts need it.
//
// Accepts, in the envelope (ContentInfo, `[0]`, SignedData, EncapsulatedContentInfo, eContent `[0]`
// and the eContent OCTET STRING): indefinite lengths on constructed elements (streaming signers
// such as `openssl cms -stream` use them) and the constructed OCTET STRING form. Every definite length
// must still be minimal and every primitive is read under DER rules: BER's other freedoms
// (non-minimal lengths, e.g. `81 0F` for 15) buy nothing and give an input more spellings.
// Everything else in a SignedData (digestAlgorithms, certificates, signerInfos) is re-read
// entirely under DER by its parser.
// Deliberately does not check: the length octets of the segments inside a constructed OCTET STRING
// (they are read by PureDER's BER segment reader; only their content octets are used).

import PureDER

extension DERCursor {
    /// Reads the next element (which must carry `tag`) under this cursor's BER rules, and requires a
    /// definite length to be minimally encoded.
    mutating func readEnvelopeElement(_ tag: DERTag, _ context: String) throws(DERError) -> DERElement {
        let element = try readElement(tag, context)
        try DERCursor.requireMinimalLength(element)
        return element
    }

    /// Like `readEnvelopeElement`, but only if the next element carries `tag`.
    mutating func readOptionalEnvelopeElement(_ tag: DERTag, _ context: String) throws(DERError) -> DERElement? {
        guard peekTag() == tag else { return nil }
        return try readEnvelopeElement(tag, context)
    }

    /// Reads a primitive with the DER readers (`read` gets a DER view positioned here), then moves
    /// this cursor past the same element.
    mutating func readEnvelopePrimitive<T>(_ read: (inout DERCursor) throws(DERError) -> T) throws(DERError) -> T {
        var strict = with(rules: .der)
        let value = try read(&strict)
        _ = try readElement()  // the element `read` just consumed, now under this cursor's rules
        return value
    }

    /// An OBJECT IDENTIFIER read under DER rules.
    mutating func readEnvelopeOID(_ context: String) throws(DERError) -> OID {
        try readEnvelopePrimitive { (strict: inout DERCursor) throws(DERError) in try strict.readOID(context) }
    }

    /// An INTEGER that fits in Int64, read under DER rules.
    mutating func readEnvelopeInt64(_ context: String) throws(DERError) -> Int64 {
        try readEnvelopePrimitive { (strict: inout DERCursor) throws(DERError) in try strict.readInt64(context) }
    }

    /// X.690 §10.1: "The definite form of length encoding shall be used, encoded in the minimum
    /// number of octets." We accept the indefinite form in the envelope, but a definite length
    /// there must be DER's: re-reading the header under DER rules checks exactly that (the
    /// content of a definite-length element is not examined by the header read).
    static func requireMinimalLength(_ element: DERElement) throws(DERError) {
        guard !element.isIndefinite, element.rules == .ber else { return }
        let header = try DERCursor(
            bytes: element.bytes, range: element.encodedRange, rules: .der,
            depth: element.depth)
        _ = try header.peekElement()
    }
}
