// ReceiptAttribute and the SET OF ReceiptAttribute that forms both the receipt payload and each
// in-app purchase record.
//
// Accepts: strict DER (definite minimal lengths, minimal INTEGERs, primitive OCTET STRING), the
// elements of the SET in any order, and each SET consumed whole.
// Does not check: SET OF sort order (X.690 §11.6) — Xcode receipts write their attributes in type
// order, not DER order, so requiring it would reject them; the `version` field's value (1 almost
// everywhere, 2 on attribute 4 in Apple receipts) — it is kept verbatim and never interpreted.

import PureDER

/// One attribute as it lies in the payload:
///
///     ReceiptAttribute ::= SEQUENCE {
///         type    INTEGER,
///         version INTEGER,
///         value   OCTET STRING }
///
/// Every attribute, known or not, is kept losslessly in file order (`AppReceipt.rawAttributes`,
/// `InAppPurchase.rawAttributes`).
public struct ReceiptAttribute: Sendable, Equatable {
    /// The attribute type (see `ReceiptAttributeType`).
    public let type: Int64
    /// The attribute version, verbatim.
    public let version: Int64
    /// The OCTET STRING content: for most types, a DER encoding of the inner value. A slice of the
    /// bytes the payload was read from, not copied: its indices are offsets in the payload when it
    /// was decoded alone (`AppReceipt.parse`), in the receipt when it was decoded where it lies
    /// (`ReceiptValidator`). `valueOffset` is always the payload offset.
    public let value: ArraySlice<UInt8>
    /// Offset of the ReceiptAttribute SEQUENCE in the payload.
    public let offset: Int
    /// Index of the payload's first byte in the array `value` is a slice of.
    var payloadStart = 0

    /// An attribute as read from the payload.
    public init(type: Int64, version: Int64, value: ArraySlice<UInt8>, offset: Int) {
        self.type = type
        self.version = version
        self.value = value
        self.offset = offset
    }

    /// The attribute at `span` of `bytes`.
    init(_ span: AttributeSpan, in bytes: [UInt8]) {
        self.init(type: span.type, version: span.version, value: bytes[span.value], offset: span.offset)
        payloadStart = span.payloadStart
    }

    /// Offset of the first value octet in the payload.
    public var valueOffset: Int { value.startIndex - payloadStart }

    /// Equal type, version, offset and value bytes; where the payload lay when it was read (the
    /// indices of `value`) does not count, so a receipt decoded in place equals its payload decoded alone.
    public static func == (a: ReceiptAttribute, b: ReceiptAttribute) -> Bool {
        a.type == b.type && a.version == b.version && a.offset == b.offset && a.value == b.value
    }
}

/// Where one ReceiptAttribute lies in the bytes it was read from: what `ReceiptAttribute.forEach`
/// hands over. It holds no reference to those bytes, so the walk does no reference counting per
/// attribute (a `ReceiptAttribute`'s `ArraySlice` retains them).
struct AttributeSpan {
    let type: Int64
    let version: Int64
    /// The OCTET STRING content's indices in the bytes.
    let value: Range<Int>
    /// Offset of the ReceiptAttribute SEQUENCE, counted from `payloadStart`.
    let offset: Int
    /// Index of the payload's first byte in the bytes.
    let payloadStart: Int
    /// Offset of the first value octet in the payload.
    var valueOffset: Int { value.lowerBound - payloadStart }
}

extension ReceiptAttribute {
    /// Reads `range` of `bytes` as exactly one DER `SET OF ReceiptAttribute` with at most `limit`
    /// elements, in file order. `what` names the SET in messages ("payload", "in-app purchase at
    /// byte 84"); it is built only when an error is reported.
    static func readSet(
        _ bytes: [UInt8], range: Range<Int>, payloadStart: Int = 0, limit: Int, limitName: String, what: () -> String
    ) throws(ReceiptError) -> [ReceiptAttribute] {
        var attributes: [ReceiptAttribute] = []
        try forEach(bytes, range: range, payloadStart: payloadStart, limit: limit, limitName: limitName, what: what) {
            attributes.append(ReceiptAttribute($0, in: bytes))
        }
        return attributes
    }

    /// `readSet` without collecting: every check, each attribute handed to `body` in file order.
    /// Attribute offsets are counted from `payloadStart` (error offsets are not: a caller that reads
    /// a payload in place reports errors from a copy).
    // Always inlined, so that each caller's `body` is inlined into the loop (no call through a
    // closure per attribute): about 4 % fewer instructions decoding the payload and rendering the
    // verifyReceipt JSON of receipts with many in-app records (Docs/PERFORMANCE.md).
    @inline(__always)
    static func forEach(
        _ bytes: [UInt8], range: Range<Int>, payloadStart: Int = 0, limit: Int, limitName: String,
        what: () -> String,
        _ body: (AttributeSpan) throws(ReceiptError) -> Void
    ) throws(ReceiptError) {
        var outer = try mapDER(what()) { () throws(DERError) in
            try DERCursor(bytes: bytes, range: range, rules: .der)
        }
        guard !outer.isAtEnd else {
            throw structure(range.lowerBound, "\(what()): expected SET OF ReceiptAttribute, found no bytes")
        }
        let set = try mapDER(what()) { () throws(DERError) in try outer.readElement() }
        guard set.tag == .set else {
            throw structure(
                set.start,
                "\(what()): expected SET OF ReceiptAttribute, found \(set.tag) at byte \(set.start)")
        }
        // Whole consumption: nothing may follow the SET.
        try mapDER(what()) { () throws(DERError) in try outer.expectEnd("after SET OF ReceiptAttribute") }
        // X.690 §11.6: in DER the components of a SET OF are in ascending order of their encodings.
        // Deliberately not checked: Xcode receipts write attributes in type order (see file header).
        var count = 0
        var position = set.content.offset
        let end = set.content.end
        while position < end {
            guard count < limit else {
                throw ReceiptError(
                    code: "limit.count", offset: position,
                    "\(what()): more than \(limit) attributes (\(limitName)) at byte \(position)")
            }
            count += 1
            if set.content.depth < Limits.maxNestingDepth,
                let (item, next) = readCommon(bytes, at: position, end: end, payloadStart: payloadStart)
            {
                position = next
                try body(item)
                continue
            }
            var cursor = try mapDER(what()) { () throws(DERError) in
                try DERCursor(bytes: bytes, range: position..<end, rules: .der, depth: set.content.depth)
            }
            let item = try readOne(&cursor, what: what)
            try body(
                AttributeSpan(
                    type: item.type, version: item.version, value: item.value.startIndex..<item.value.endIndex,
                    offset: item.offset - payloadStart, payloadStart: payloadStart))
            position = cursor.offset
        }
    }

    /// The common encoding of a ReceiptAttribute read straight from `bytes` (end ≤ bytes.count):
    /// identifier octets 30, 02, 02, 04 and minimal definite lengths of at most two octets. Any
    /// other encoding, valid or not, returns nil and is read by `readOne` with every check and
    /// error of PureDER; for these shapes this accepts exactly what `readOne` accepts.
    @inline(__always)
    private static func readCommon(_ bytes: [UInt8], at start: Int, end: Int, payloadStart: Int)
        -> (AttributeSpan, Int)?
    {
        var position = start
        guard let fieldsEnd = header(bytes, &position, end, tag: 0x30),
            let type = integer(bytes, &position, fieldsEnd), let version = integer(bytes, &position, fieldsEnd),
            header(bytes, &position, fieldsEnd, tag: 0x04) == fieldsEnd
        else { return nil }
        let item = AttributeSpan(
            type: type, version: version, value: position..<fieldsEnd, offset: start - payloadStart,
            payloadStart: payloadStart)
        return (item, fieldsEnd)
    }

    /// Identifier `tag` and a definite length that fits before `end`: moves `position` to the
    /// content and returns the content's end.
    @inline(__always)
    static func header(_ bytes: [UInt8], _ position: inout Int, _ end: Int, tag: UInt8) -> Int? {
        guard end - position >= 2, bytes[position] == tag else { return nil }
        var next = position + 2
        var length = Int(bytes[position + 1])
        if length >= 0x80 {
            // X.690 §10.1: "the length shall be encoded in the minimum number of octets".
            let octets = length - 0x80
            guard octets == 1 || octets == 2, end - next >= octets else { return nil }
            length = octets == 1 ? Int(bytes[next]) : Int(bytes[next]) << 8 | Int(bytes[next + 1])
            guard length >= (octets == 1 ? 0x80 : 0x100) else { return nil }
            next += octets
        }
        guard length <= end - next else { return nil }
        position = next
        return next + length
    }

    /// A primitive INTEGER of one to eight octets, minimal (X.690 §8.3.2), as `readInt64` reads it.
    @inline(__always)
    static func integer(_ bytes: [UInt8], _ position: inout Int, _ end: Int) -> Int64? {
        var start = position
        guard let contentEnd = header(bytes, &start, end, tag: 0x02), contentEnd > start, contentEnd - start <= 8
        else { return nil }
        let first = bytes[start]
        let second = contentEnd - start > 1 ? bytes[start + 1] : nil
        if let second, (first == 0x00 && second < 0x80) || (first == 0xFF && second >= 0x80) { return nil }
        var value: Int64 = first >= 0x80 ? -1 : 0
        for index in start..<contentEnd { value = (value << 8) | Int64(bytes[index]) }
        position = contentEnd
        return value
    }

    /// Reads one ReceiptAttribute SEQUENCE and moves past it.
    private static func readOne(_ cursor: inout DERCursor, what: () -> String) throws(ReceiptError) -> ReceiptAttribute
    {
        let start = cursor.offset
        func label() -> String { "\(what()): ReceiptAttribute at byte \(start)" }
        let element = try mapDER(label()) { () throws(DERError) in try cursor.readElement() }
        guard element.tag == .sequence else {
            throw structure(
                start, "\(what()): expected ReceiptAttribute SEQUENCE, found \(element.tag) at byte \(start)")
        }
        var fields = element.content
        try expectField(fields, .integer, "type", label)
        let type = try mapDER("\(label()) type") { () throws(DERError) in try fields.readInt64("type") }
        try expectField(fields, .integer, "version", label)
        let version = try mapDER("\(label()) version") { () throws(DERError) in try fields.readInt64("version") }
        try expectField(fields, .octetString, "value", label)
        let value = try mapDER("\(label()) value") { () throws(DERError) in try fields.readOctetString("value") }
        guard fields.isAtEnd else {
            throw structure(fields.offset, "\(label()): unexpected extra field at byte \(fields.offset)")
        }
        return ReceiptAttribute(type: type, version: version, value: value, offset: start)
    }

    /// Requires the next field of a ReceiptAttribute to be present and to carry `tag`.
    private static func expectField(
        _ fields: DERCursor, _ tag: DERTag, _ name: String, _ label: () -> String
    ) throws(ReceiptError) {
        guard !fields.isAtEnd else {
            throw structure(fields.offset, "\(label()): missing \(name) at byte \(fields.offset)")
        }
        guard let found = fields.peekTag() else {
            // Malformed identifier octets: let the reader report the precise DER error.
            var probe = fields
            _ = try mapDER("\(label()) \(name)") { () throws(DERError) in try probe.readElement() }
            throw structure(fields.offset, "\(label()): unreadable \(name) at byte \(fields.offset)")
        }
        guard found == tag else {
            throw structure(
                fields.offset,
                "\(label()): \(name) must be \(tag), found \(found) at byte \(fields.offset)")
        }
    }

    static func structure(_ offset: Int, _ message: String) -> ReceiptError {
        ReceiptError(code: ReceiptError.structure, offset: offset, message)
    }
}

/// Runs a PureDER read, turning its error into a `ReceiptError` that keeps the DER code and
/// prefixes the message with `context` (evaluated only on failure).
func mapDER<T>(
    _ context: @autoclosure () -> String, attributeType: Int64? = nil, _ body: () throws(DERError) -> T
) throws(ReceiptError) -> T {
    do {
        return try body()
    } catch {
        throw .der(error, context(), attributeType: attributeType)
    }
}
