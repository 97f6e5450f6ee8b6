// ModelAttributeValues: the inner values of receipt attributes that only the decoded model reads
// (presentation: no check of verification reads them) — INTEGERs, flags, packed ASCII integers,
// IA5String text, and dates read again for rendering.
//
// Accepts: exactly one DER element of the required type filling the OCTET STRING.
// Does not check: whether a 0/1 flag holds a value other than 0 or 1 (any non-zero value reads as
// true, so a genuine receipt is never rejected for a flag it is free to extend).

import PureDER

/// An INTEGER attribute that may hold up to 8 ASCII characters (type 9 holds codes such as
/// `P234`, in-app type 1710 codes such as `MR5F`): the integer and a text rendering.
public struct ASCIIPackedInteger: Sendable, Hashable, CustomStringConvertible {
    /// The INTEGER value.
    public let value: Int64

    /// The attribute holding `value`.
    public init(value: Int64) { self.value = value }

    /// The big-endian bytes of a positive value as text when every one of them is printable ASCII
    /// (0x20 ... 0x7E), e.g. 0x50323334 → "P234"; otherwise the value in decimal ("0", "-5").
    public var text: String {
        guard value > 0 else { return String(value) }
        var scalars = String.UnicodeScalarView()
        var started = false
        for shift in stride(from: 56, through: 0, by: -8) {
            // shift ≤ 56 and value > 0: the shifted value is a non-negative byte after masking.
            let byte = UInt8(truncatingIfNeeded: value >> Int64(shift))
            if byte == 0 && !started { continue }
            started = true
            guard byte >= 0x20, byte <= 0x7E else { return String(value) }
            scalars.append(Unicode.Scalar(byte))
        }
        return String(scalars)
    }

    public var description: String { text }
}

extension AttributeDecoder {
    /// An IA5String value (X.680 §41.4, Table 8: IA5 is the 128 characters of ISO 646 / ASCII).
    func ia5String(_ attribute: AttributeSpan) throws(ReceiptError) -> String {
        let content = try element(attribute, .ia5String).contentBytes
        // X.680 §41.4, Table 8: IA5String holds ISO 646 (International Reference Version) characters, 0x00-0x7F.
        guard content.allSatisfy({ $0 < 0x80 }) else {
            throw invalid(attribute, "IA5String holds a byte above 0x7F")
        }
        return String(decoding: content, as: UTF8.self)
    }

    /// `date(_:)`, or with `validating` false (a value read again after `date` accepted it) the
    /// common form `YYYY-MM-DDTHH:MM:SSZ` read by position without checking its characters again,
    /// its UTC fields stored in `utc` (other bytes than those could not trap: each field is a few
    /// bytes, and `CivilDate` clamps); any other form is parsed whole and leaves `utc` unchanged.
    func date(_ attribute: AttributeSpan, validating: Bool, utc: inout CivilDateTime?) throws(ReceiptError) -> Instant?
    {
        guard !validating, let range = try? content(attribute, .ia5String, 0x16), range.count == 20,
            bytes[range.upperBound - 1] == 0x5A  // Z
        else { return try date(attribute) }
        let text = bytes.span.extracting(range)
        func number(_ at: Int, _ count: Int) -> Int64 {
            var value: Int64 = 0
            for i in at..<(at + count) { value = value * 10 + Int64(text[i]) - 0x30 }
            return value
        }
        let date = CivilDate(year: number(0, 4), month: number(5, 2), day: number(8, 2))
        let fields = CivilDateTime(date: date, hour: number(11, 2), minute: number(14, 2), second: number(17, 2))
        utc = fields  // as `CivilDateTime(instant)` gives them for a date `date` accepted
        let seconds = (date.daysSince1970 * 24 + fields.hour) * 3600 + fields.minute * 60 + fields.second
        return Instant(millisecondsSince1970: seconds * 1000)
    }

    /// An INTEGER value that fits in Int64.
    func int64(_ attribute: AttributeSpan) throws(ReceiptError) -> Int64 {
        if let value = commonInteger(attribute) { return value }
        var cursor = try positioned(attribute, .integer)
        let value = try mapDER(label(attribute), attributeType: attribute.type) { () throws(DERError) in
            try cursor.readInt64("INTEGER")
        }
        try expectEnd(cursor, attribute)
        return value
    }

    /// A non-negative INTEGER value that fits in UInt64 (identifiers of up to 8 bytes).
    func uint64(_ attribute: AttributeSpan) throws(ReceiptError) -> UInt64 {
        if let value = commonInteger(attribute), value >= 0 { return UInt64(value) }
        var cursor = try positioned(attribute, .integer)
        let value = try mapDER(label(attribute), attributeType: attribute.type) { () throws(DERError) in
            try cursor.readUInt64("INTEGER")
        }
        try expectEnd(cursor, attribute)
        return value
    }

    /// An INTEGER of one to eight octets filling `attribute`'s value, read straight from the
    /// bytes as `readInt64` reads it; nil for any other shape (then read with every check).
    private func commonInteger(_ attribute: AttributeSpan) -> Int64? {
        var position = attribute.value.lowerBound
        guard attribute.value.upperBound <= bytes.count else { return nil }
        let value = ReceiptAttribute.integer(bytes, &position, attribute.value.upperBound)
        return position == attribute.value.upperBound ? value : nil
    }

    /// An INTEGER 0/1 flag: any non-zero value is true.
    func flag(_ attribute: AttributeSpan) throws(ReceiptError) -> Bool {
        try int64(attribute) != 0
    }

    /// An INTEGER that may hold ASCII characters.
    func packedInteger(_ attribute: AttributeSpan) throws(ReceiptError) -> ASCIIPackedInteger {
        ASCIIPackedInteger(value: try int64(attribute))
    }

}
