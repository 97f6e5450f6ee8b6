// OCTET STRING (X.690 §8.7). DER: primitive only (X.690 §10.2). BER: also the constructed form,
// whose segments (themselves OCTET STRINGs, possibly constructed) are concatenated.
//
// The BER reader reports each primitive segment's content range, so a caller can hash the value
// segment by segment without concatenating.

/// The value of an OCTET STRING as one or more byte ranges of the input, in order.
public struct OctetStringSegments: Sendable {
    /// The whole input the segments lie in.
    public let bytes: [UInt8]
    /// Content ranges of the primitive segments, in order (one range for the primitive form).
    public let segments: [Range<Int>]
    /// True when the value was encoded in the constructed (BER) form.
    public let wasConstructed: Bool

    /// Total length of the value.
    public var count: Int { segments.reduce(0) { $0 + $1.count } }
    /// The segments as slices of the input (no copy).
    public var slices: [ArraySlice<UInt8>] { segments.map { bytes[$0] } }
    /// The value as one contiguous array (copies when constructed).
    public func concatenated() -> [UInt8] {
        if segments.count == 1, let only = segments.first { return Array(bytes[only]) }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for range in segments { out += bytes[range] }
        return out
    }
}

extension DERCursor {
    /// Reads a primitive OCTET STRING (DER) and returns its content.
    public mutating func readOctetString(tag: DERTag = .octetString, _ what: @autoclosure Context)
        throws(DERError) -> ArraySlice<UInt8>
    {
        let element = try readElement(tag, what())
        return element.contentBytes
    }

    /// Reads an OCTET STRING in either form. The constructed form is accepted only under BER rules.
    /// `tag` is the primitive form of the expected tag (e.g. `.octetString`).
    public mutating func readOctetStringSegments(tag: DERTag = .octetString, _ what: @autoclosure Context)
        throws(DERError) -> OctetStringSegments
    {
        guard let next = peekTag(), next.tagClass == tag.tagClass, next.number == tag.number else {
            _ = try readElement(tag, what())  // throws the precise error
            throw DERError(.invalidValue, at: offset, what())  // unreachable: the tag did not match
        }
        if !next.isConstructed {
            let element = try readElement(tag, what())
            return OctetStringSegments(bytes: bytes, segments: [element.contentRange], wasConstructed: false)
        }
        // X.690 §10.2: DER requires the primitive form for string types.
        guard rules == .ber else {
            throw DERError(.wrongConstructedBit, at: offset, "\(what()): constructed in DER")
        }
        let element = try readElement(tag.withConstructed(true), what())
        var segments: [Range<Int>] = []
        var count = 0
        try DERCursor.collectSegments(element.content, into: &segments, count: &count, what())
        return OctetStringSegments(bytes: bytes, segments: segments, wasConstructed: true)
    }

    /// X.690 §8.7.3.2: the contents of a constructed OCTET STRING are a series of OCTET STRING
    /// encodings (each primitive or constructed). Depth is bounded by the cursor depth limit.
    /// `count` counts every segment element read so far, constructed and empty ones included.
    private static func collectSegments(
        _ content: DERCursor, into segments: inout [Range<Int>], count: inout Int, _ what: @autoclosure Context
    ) throws(DERError) {
        var cursor = content
        while !cursor.isAtEnd {
            // Limits.maxOctetStringSegments: every segment counts, or empty constructed segments
            // (24 80 00 00, 24 00) would cost work without ever reaching the limit.
            guard count < Limits.maxOctetStringSegments else {
                throw DERError(.tooMany, at: cursor.offset, "\(what()): OCTET STRING segments")
            }
            count += 1
            let element = try cursor.readElement()
            guard element.tag.tagClass == .universal, element.tag.number == 4 else {
                throw DERError(.unexpectedTag(expected: .octetString, found: element.tag), at: element.start, what())
            }
            if element.tag.isConstructed {
                try collectSegments(element.content, into: &segments, count: &count, what())
            } else {
                segments.append(element.contentRange)
            }
        }
    }
}
