// DERCursor: one read position over the input bytes, held once as `[UInt8]`.
//
// Accepts: any byte range of an input no larger than `Limits.maxInputBytes`.
// Reads return narrower cursors or byte ranges; nothing is copied. Invariant, checked at every
// construction and preserved by every method: 0 ≤ offset ≤ end ≤ bytes.count. Position fields have
// module-internal setters for two writers only: the element reader, and `scan` (Walk.swift), which
// narrows one cursor level by level instead of creating a cursor per level.

/// Which encoding rules a cursor enforces.
public enum EncodingRules: Sendable {
    /// X.690 §10: definite, minimal lengths only.
    case der
    /// X.690 §8: also indefinite lengths (constructed only) and non-minimal definite lengths.
    /// Used only where a caller asks for it (the CMS envelope).
    case ber
}

/// A read position inside `bytes`, bounded by `end`.
public struct DERCursor: Sendable {
    /// What a reader is reading, for its error message (e.g. "TBSCertificate: serialNumber"). Every
    /// reader takes it as an autoclosure, so the text is built only when an error is thrown.
    public typealias Context = () -> String

    /// The whole input. Offsets everywhere are absolute indices into it.
    public let bytes: [UInt8]
    /// Next byte to read. Invariant: `0 ≤ offset ≤ end ≤ bytes.count`.
    public internal(set) var offset: Int
    /// One past the last byte this cursor may read.
    public internal(set) var end: Int
    /// The rules elements read through this cursor must follow.
    public let rules: EncodingRules
    /// How many constructed elements enclose this cursor (0 for the whole input).
    public internal(set) var depth: Int
    /// How many indefinite-length elements enclose this cursor. Bounded by
    /// `Limits.maxIndefiniteNesting`, which bounds the rescanning BER costs (see TLVReader).
    public internal(set) var indefiniteDepth: Int

    /// A cursor over a whole input.
    public init(_ bytes: [UInt8], rules: EncodingRules = .der) throws(DERError) {
        guard bytes.count <= Limits.maxInputBytes else {
            throw DERError(.inputTooLarge, at: 0, "input")
        }
        self.bytes = bytes
        self.offset = 0
        self.end = bytes.count
        self.rules = rules
        self.depth = 0
        self.indefiniteDepth = 0
    }

    /// A cursor over `range` of `bytes`; fails (never traps) when the range is not inside `bytes`.
    package init(bytes: [UInt8], range: Range<Int>, rules: EncodingRules, depth: Int = 0) throws(DERError) {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw DERError(.lengthPastEnd, at: max(0, range.lowerBound), "byte range")
        }
        self.bytes = bytes
        self.offset = range.lowerBound
        self.end = range.upperBound
        self.rules = rules
        self.depth = depth
        self.indefiniteDepth = 0
    }

    /// Internal constructor for ranges already proven to satisfy the invariant.
    init(checked bytes: [UInt8], offset: Int, end: Int, rules: EncodingRules, depth: Int, indefiniteDepth: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = end
        self.rules = rules
        self.depth = depth
        self.indefiniteDepth = indefiniteDepth
    }

    /// True when every byte of this cursor has been consumed.
    public var isAtEnd: Bool { offset >= end }
    /// Bytes left to read.
    public var remaining: Int { end - offset }
    /// The bytes left to read, without copying.
    public var remainingBytes: ArraySlice<UInt8> { bytes[offset..<end] }

    /// The same bytes read under other rules (e.g. DER inside a BER envelope).
    public func with(rules: EncodingRules) -> DERCursor {
        DERCursor(
            checked: bytes, offset: offset, end: end, rules: rules, depth: depth, indefiniteDepth: indefiniteDepth)
    }

    /// Whole consumption: fails unless every byte was read.
    public func expectEnd(_ what: @autoclosure Context) throws(DERError) {
        guard offset >= end else { throw DERError(.trailingBytes, at: offset, what()) }
    }

    /// Moves past `element`, which must have been read from this cursor's current position.
    mutating func advance(to newOffset: Int) {
        // Callers pass `element.end`, which `readElement` proved to be ≤ `end`.
        offset = min(max(newOffset, offset), end)
    }

    /// The next byte without consuming it, or nil at the end.
    public func peekByte() -> UInt8? { offset < end ? bytes[offset] : nil }

}
