// AttributeValue: the inner values of receipt attributes — the DER element inside each
// attribute's OCTET STRING — decoded to Swift types.
//
// Accepts: exactly one DER element of the type the attribute requires (UTF8String, IA5String,
// INTEGER), filling the OCTET STRING to its last byte; IA5String dates in the receipt dialect
// (see ReceiptDate.swift), the empty string meaning "absent".
// Does not check: the contents of raw attributes (4, 5, 6, 7), which are opaque bytes; whether a
// 0/1 flag holds a value other than 0 or 1 (any non-zero value reads as true, so a genuine receipt
// is never rejected for a flag it is free to extend).

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

/// Decodes the inner values of the attributes of one SET (the payload, or one in-app record).
struct AttributeDecoder {
    /// The whole payload; attribute values are ranges of it.
    let bytes: [UInt8]
    /// Offset of the enclosing in-app purchase (attribute 17), nil at the top level.
    let inAppOffset: Int?

    /// "attribute 2 (bundle id)" or "in-app purchase at byte 812, attribute 1702 (product id)".
    func label(_ attribute: AttributeSpan) -> String {
        guard let inAppOffset else {
            return "attribute \(attribute.type) (\(ReceiptAttributeType.name(ofTopLevel: attribute.type)))"
        }
        return "in-app purchase at byte \(inAppOffset), attribute \(attribute.type) "
            + "(\(ReceiptAttributeType.name(ofInApp: attribute.type)))"
    }

    /// A cursor over `attribute`'s value, positioned on its first element, whose tag must be `expected`.
    private func positioned(_ attribute: AttributeSpan, _ expected: DERTag) throws(ReceiptError) -> DERCursor {
        let range = attribute.value
        let cursor = try mapDER(label(attribute), attributeType: attribute.type) { () throws(DERError) in
            try DERCursor(bytes: bytes, range: range, rules: .der)
        }
        guard !cursor.isAtEnd else {
            throw ReceiptError(
                code: ReceiptError.attributeType, offset: range.lowerBound,
                attributeType: attribute.type,
                "\(label(attribute)): expected \(expected), found an empty value at byte \(range.lowerBound)")
        }
        guard let found = cursor.peekTag() else {
            // Malformed identifier octets: let the reader report the precise DER error.
            var probe = cursor
            _ = try mapDER(label(attribute), attributeType: attribute.type) { () throws(DERError) in
                try probe.readElement()
            }
            throw ReceiptError(
                code: ReceiptError.attributeType, offset: range.lowerBound, attributeType: attribute.type,
                "\(label(attribute)): unreadable tag at byte \(range.lowerBound)")
        }
        guard found == expected else {
            throw ReceiptError(
                code: ReceiptError.attributeType, offset: range.lowerBound, attributeType: attribute.type,
                "\(label(attribute)): expected \(expected), found \(found) at byte \(range.lowerBound)")
        }
        return cursor
    }

    /// Whole consumption: the OCTET STRING holds exactly one element.
    private func expectEnd(_ cursor: DERCursor, _ attribute: AttributeSpan) throws(ReceiptError) {
        try mapDER(label(attribute), attributeType: attribute.type) { () throws(DERError) in
            try cursor.expectEnd("after the value")
        }
    }

    /// Where in `bytes` the content of the one element of `attribute`'s value lies (a range, not
    /// a slice: no reference count traffic). The common shape (identifier octet `tag`, a short
    /// definite length filling the value) is read straight from the bytes; any other shape is read
    /// with every check and error of PureDER.
    private func content(_ attribute: AttributeSpan, _ expected: DERTag, _ tag: UInt8) throws(ReceiptError)
        -> Range<Int>
    {
        var position = attribute.value.lowerBound
        let end = attribute.value.upperBound
        if end <= bytes.count, ReceiptAttribute.header(bytes, &position, end, tag: tag) == end {
            return position..<end
        }
        return try element(attribute, expected).contentRange
    }

    /// The one element inside `attribute`'s value, which must carry `expected` and fill the value.
    func element(_ attribute: AttributeSpan, _ expected: DERTag) throws(ReceiptError) -> DERElement {
        var cursor = try positioned(attribute, expected)
        let element = try mapDER(label(attribute), attributeType: attribute.type) { () throws(DERError) in
            try cursor.readElement()
        }
        try expectEnd(cursor, attribute)
        return element
    }

    /// A UTF8String value (X.680 §41: strict UTF-8, RFC 3629).
    func utf8String(_ attribute: AttributeSpan) throws(ReceiptError) -> String {
        String(decoding: bytes[try utf8Content(attribute)], as: UTF8.self)
    }

    /// Where the content octets of a UTF8String value lie, checked to be strict UTF-8 (RFC 3629).
    func utf8Content(_ attribute: AttributeSpan, validating: Bool = true) throws(ReceiptError) -> Range<Int> {
        let range = try content(attribute, .utf8String, 0x0C)
        let content = bytes[range]
        // RFC 3629 §3: "the octet values C0, C1, F5 to FF never appear"; octets 00-7F each encode one
        // character, so all-ASCII content is well-formed UTF-8 (fast path); anything else is checked.
        // `validating` false: a value read again after it was checked (the tag and length still are).
        guard !validating || content.allSatisfy({ $0 < 0x80 }) || DERCursor.decodeUTF8(content) != nil else {
            throw invalid(attribute, "UTF8String is not valid UTF-8")
        }
        return range
    }

    /// An IA5String value (X.680 §41.4, Table 8: IA5 is the 128 characters of ISO 646 / ASCII).
    func ia5String(_ attribute: AttributeSpan) throws(ReceiptError) -> String {
        let content = try element(attribute, .ia5String).contentBytes
        // X.680 §41.4, Table 8: IA5String holds ISO 646 (International Reference Version) characters, 0x00-0x7F.
        guard content.allSatisfy({ $0 < 0x80 }) else {
            throw invalid(attribute, "IA5String holds a byte above 0x7F")
        }
        return String(decoding: content, as: UTF8.self)
    }

    /// An IA5String date; nil for the empty string ("absent").
    func date(_ attribute: AttributeSpan) throws(ReceiptError) -> Instant? {
        var fields: CivilDateTime?
        return try date(attribute, validating: true, utc: &fields)
    }

    /// `date(_:)`, or with `validating` false (a value read again after `date` accepted it) the
    /// common form `YYYY-MM-DDTHH:MM:SSZ` read by position without checking its characters again,
    /// its UTC fields stored in `utc` (other bytes than those could not trap: each field is a few
    /// bytes, and `CivilDate` clamps); any other form is parsed whole and leaves `utc` unchanged.
    func date(_ attribute: AttributeSpan, validating: Bool, utc: inout CivilDateTime?) throws(ReceiptError) -> Instant?
    {
        let range = try content(attribute, .ia5String, 0x16)
        if !validating && range.count == 20 && bytes[range.upperBound - 1] == 0x5A {  // Z
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
        let content = bytes[range]
        do {
            // The parser accepts ASCII only, so a date it reads passed the IA5 check below; that
            // check runs only on failure, to report a byte above 0x7F as an IA5String error.
            return try parseReceiptDate(bytes: content)
        } catch {
            guard content.allSatisfy({ $0 < 0x80 }) else {
                throw invalid(attribute, "IA5String holds a byte above 0x7F")
            }
            let reason: String
            switch error {
            case .invalidFormat(let text): reason = "\"\(text.displayEscaped)\" is not a date"
            case .outOfRange(let text): reason = "\"\(text.displayEscaped)\" has a field out of range"
            }
            throw ReceiptError(
                code: ReceiptError.date, offset: attribute.valueOffset, attributeType: attribute.type,
                "\(label(attribute)): \(reason) at byte \(attribute.valueOffset)")
        }
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

    /// An invalid value of the right type; the offset is the value's first octet.
    private func invalid(_ attribute: AttributeSpan, _ reason: String) -> ReceiptError {
        let offset = attribute.valueOffset
        return ReceiptError(
            code: DERError(.invalidValue, at: offset, reason).code, offset: offset,
            attributeType: attribute.type, "\(label(attribute)): \(reason) at byte \(offset)")
    }
}
