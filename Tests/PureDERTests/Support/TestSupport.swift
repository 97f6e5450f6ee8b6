// Shared helpers for the PureDER tests: hex input, capturing typed errors, and the generic
// recursive walker that descends every constructed element and requires whole consumption.

import PureDER
import PureReceiptTestSupport
import Testing

/// Bytes from a hex string; spaces and newlines are ignored ("30 03 02 01 05").
func hex(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var high: UInt8?
    for scalar in text.unicodeScalars {
        let nibble: UInt8
        switch scalar {
        case "0"..."9": nibble = UInt8(scalar.value - 48)
        case "a"..."f": nibble = UInt8(scalar.value - 87)
        case "A"..."F": nibble = UInt8(scalar.value - 55)
        default: continue
        }
        if let pending = high {
            out.append(pending << 4 | nibble)
            high = nil
        } else {
            high = nibble
        }
    }
    precondition(high == nil, "odd number of hex digits in test input: \(text)")
    return out
}

/// Runs `body` and returns the `DERError` it threw, or nil when it succeeded (any other error is
/// recorded as a test failure: PureDER throws only `DERError`).
func derError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> DERError? {
    do {
        try body()
        return nil
    } catch let error as DERError {
        return error
    } catch {
        Issue.record("expected a DERError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The shape of a decoded input as seen by the generic walker: tags and primitive contents only.
indirect enum WalkedNode: Equatable, Sendable {
    case primitive(DERTag, [UInt8])
    case constructed(DERTag, [WalkedNode])

    /// Number of elements in the tree.
    var count: Int {
        switch self {
        case .primitive: return 1
        case .constructed(_, let children): return children.reduce(1) { $0 + $1.count }
        }
    }
}

/// Generic walker: reads exactly one element from `bytes`, descends into every constructed element
/// (definite or indefinite) and requires each content to be consumed completely, then requires that
/// nothing follows the outermost element. Recursion depth is bounded by PureDER's nesting limit.
func walk(_ bytes: [UInt8], rules: EncodingRules = .der) throws(DERError) -> WalkedNode {
    var cursor = try DERCursor(bytes, rules: rules)
    let element = try cursor.readElement()
    let node = try walkElement(element)
    try cursor.expectEnd("outermost element")
    return node
}

func walkElement(_ element: DERElement) throws(DERError) -> WalkedNode {
    guard element.tag.isConstructed else { return .primitive(element.tag, Array(element.contentBytes)) }
    var content = element.content
    var children: [WalkedNode] = []
    while !content.isAtEnd {
        children.append(try walkElement(content.readElement()))
    }
    try content.expectEnd("constructed content")
    return .constructed(element.tag, children)
}

// MARK: - Building encodings by hand

/// Minimal DER length octets for `length`.
func derLength(_ length: Int) -> [UInt8] { TestDER.length(length) }

/// A definite-length TLV with identifier octets `tag` and the concatenation of `parts` as content.
func tlv(_ tag: UInt8, _ parts: [UInt8]...) -> [UInt8] {
    let content = parts.flatMap { $0 }
    return [tag] + derLength(content.count) + content
}

/// A BER indefinite-length TLV: identifier, 0x80, content, end-of-contents.
func indefinite(_ tag: UInt8, _ parts: [UInt8]...) -> [UInt8] {
    [tag, 0x80] + parts.flatMap { $0 } + [0x00, 0x00]
}

/// `levels` nested definite-length SEQUENCEs, innermost empty (so the innermost starts at `count - 2`).
func nestedDefiniteSequences(levels: Int) -> [UInt8] {
    var bytes: [UInt8] = [0x30, 0x00]
    for _ in 1..<levels { bytes = tlv(0x30, bytes) }
    return bytes
}

/// `levels` nested indefinite-length SEQUENCEs, innermost empty.
func nestedIndefiniteSequences(levels: Int) -> [UInt8] {
    Array(repeating: [0x30, 0x80], count: levels).flatMap { $0 }
        + Array(repeating: [0x00, 0x00], count: levels).flatMap { $0 }
}

// MARK: - Seeded PRNG

/// SplitMix64: a tiny deterministic generator so every random test is reproducible from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
