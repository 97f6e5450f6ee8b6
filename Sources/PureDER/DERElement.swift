// DERElement: one decoded TLV — its tag and where its header, content and end lie in the input.

/// A tag-length-value element located in the input.
public struct DERElement: Sendable {
    /// The whole input the element lies in.
    public let bytes: [UInt8]
    /// The element's identifier: class, constructed bit and tag number.
    public let tag: DERTag
    /// Offset of the identifier octet.
    public let start: Int
    /// The content octets. For an indefinite length, excludes the end-of-contents octets.
    public let contentRange: Range<Int>
    /// One past the last octet of the element (after the end-of-contents octets if indefinite).
    public let end: Int
    /// True when the element used the BER indefinite-length form.
    public let isIndefinite: Bool
    /// Rules and depth of the cursor the element was read from.
    public let rules: EncodingRules
    /// Nesting depth of the cursor the element was read from (0 at the outermost level).
    public let depth: Int
    /// Indefinite-length nesting of the cursor the element was read from.
    public let indefiniteDepth: Int

    /// A cursor over the content, one level deeper, under the same rules.
    public var content: DERCursor {
        DERCursor(
            checked: bytes, offset: contentRange.lowerBound, end: contentRange.upperBound,
            rules: rules, depth: depth + 1, indefiniteDepth: indefiniteDepth + (isIndefinite ? 1 : 0))
    }
    /// The content octets, without copying.
    public var contentBytes: ArraySlice<UInt8> { bytes[contentRange] }
    /// The whole encoding (identifier, length, content, end-of-contents), without copying.
    public var encodedBytes: ArraySlice<UInt8> { bytes[start..<end] }
    /// The range of the whole encoding.
    public var encodedRange: Range<Int> { start..<end }
    /// Length of the header (identifier and length octets).
    public var headerLength: Int { contentRange.lowerBound - start }
}
