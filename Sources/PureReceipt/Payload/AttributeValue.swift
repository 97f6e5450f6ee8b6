// AttributeValue: the inner values of receipt attributes — the DER element inside each
// attribute's OCTET STRING — decoded to Swift types.
//
// Accepts: exactly one DER element of the type the attribute requires (UTF8String, IA5String),
// filling the OCTET STRING to its last byte; IA5String dates in the receipt dialect (see
// ReceiptDate.swift), the empty string meaning "absent". These are the values verification reads
// (PayloadScan.swift); the ones only the model reads (INTEGERs, IA5 text, dates read again) are in
// ModelAttributeValues.swift.
// Does not check: the contents of raw attributes (4, 5, 6, 7), which are opaque bytes; whether a
// 0/1 flag holds a value other than 0 or 1 (any non-zero value reads as true, so a genuine receipt
// is never rejected for a flag it is free to extend).

import PureDER

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
    func positioned(_ attribute: AttributeSpan, _ expected: DERTag) throws(ReceiptError) -> DERCursor {
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
    func expectEnd(_ cursor: DERCursor, _ attribute: AttributeSpan) throws(ReceiptError) {
        try mapDER(label(attribute), attributeType: attribute.type) { () throws(DERError) in
            try cursor.expectEnd("after the value")
        }
    }

    /// Where in `bytes` the content of the one element of `attribute`'s value lies (a range, not
    /// a slice: no reference count traffic). The common shape (identifier octet `tag`, a short
    /// definite length filling the value) is read straight from the bytes; any other shape is read
    /// with every check and error of PureDER.
    func content(_ attribute: AttributeSpan, _ expected: DERTag, _ tag: UInt8) throws(ReceiptError)
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

    /// An IA5String date; nil for the empty string ("absent").
    func date(_ attribute: AttributeSpan) throws(ReceiptError) -> Instant? {
        let range = try content(attribute, .ia5String, 0x16)
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

    /// An invalid value of the right type; the offset is the value's first octet.
    func invalid(_ attribute: AttributeSpan, _ reason: String) -> ReceiptError {
        let offset = attribute.valueOffset
        return ReceiptError(
            code: DERError(.invalidValue, at: offset, reason).code, offset: offset,
            attributeType: attribute.type, "\(label(attribute)): \(reason) at byte \(offset)")
    }
}
