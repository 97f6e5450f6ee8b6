// A tiny test-only DER/BER encoder, written from X.690 independently of PureDER's reader, used to
// round-trip random structures. It can also write the BER deviations DER forbids (non-minimal and
// indefinite lengths, constructed OCTET STRINGs) and reports where each one starts, so a test can
// predict exactly which error a DER reader must raise first.

import PureDER

/// A value tree: what the encoder writes and what the round-trip decoder must give back.
indirect enum Tree: Equatable, Sendable {
    case constructed(DERTag, [Tree])
    case integer(Int64)
    case octets([UInt8])
    /// Arcs of an OBJECT IDENTIFIER (at least two).
    case oid([UInt64])
    case boolean(Bool)
    case null
    case utf8(String)
    /// A primitive element of a non-universal class, content uninterpreted.
    case opaque(DERTag, [UInt8])

    var elementCount: Int {
        if case .constructed(_, let children) = self { return children.reduce(1) { $0 + $1.elementCount } }
        return 1
    }
}

/// How one element's length is written.
enum LengthForm: Equatable {
    case minimal
    /// Long form with this many length octets (1…4), chosen so it is not the minimal encoding.
    case padded(Int)
    /// BER indefinite form (constructed elements only).
    case indefinite
}

/// A place where a BER encoding departs from DER, and the error a DER reader must raise there.
struct Deviation: Equatable {
    let offset: Int
    let kind: DERError.Kind
}

/// Chooses the encoding of each element; the default writes DER.
struct EncodingChoices {
    /// Length form for an element whose content is `length` octets.
    var lengthForm: (_ length: Int, _ constructed: Bool) -> LengthForm = { _, _ in .minimal }
    /// Split points for an OCTET STRING value, or nil to write it primitive.
    var octetStringSegments: (_ value: [UInt8]) -> [[UInt8]]? = { _ in nil }
}

enum TestEncoder {
    /// Identifier octets, X.690 §8.1.2.
    static func identifier(_ tag: DERTag) -> [UInt8] {
        let leading = tag.tagClass.rawValue << 6 | (tag.isConstructed ? 0x20 : 0)
        if tag.number < 31 { return [leading | UInt8(tag.number)] }
        return [leading | 0x1F] + base128(UInt64(tag.number))
    }

    /// Base-128 big-endian with continuation bits (tag numbers and OID sub-identifiers).
    static func base128(_ value: UInt64) -> [UInt8] {
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return groups
    }

    /// Number of octets in the minimal long-form length of `length`.
    static func octetsNeeded(_ length: Int) -> Int {
        var count = 0
        var rest = length
        while rest > 0 {
            count += 1
            rest >>= 8
        }
        return max(count, 1)
    }

    /// Length octets in the given form (nil length means indefinite).
    static func lengthOctets(_ length: Int, _ form: LengthForm) -> [UInt8] {
        switch form {
        case .minimal:
            return derLength(length)
        case .padded(let count):
            var octets: [UInt8] = []
            for index in (0..<count).reversed() { octets.append(UInt8(truncatingIfNeeded: length >> (8 * index))) }
            return [0x80 | UInt8(count)] + octets
        case .indefinite:
            return [0x80]
        }
    }

    /// Minimal two's-complement content octets of an INTEGER.
    static func integerContent(_ value: Int64) -> [UInt8] {
        var out = (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
        while out.count > 1, (out[0] == 0x00 && out[1] < 0x80) || (out[0] == 0xFF && out[1] >= 0x80) {
            out.removeFirst()
        }
        return out
    }

    /// OBJECT IDENTIFIER content octets: X.690 §8.19.4, first two arcs combined as 40·a + b.
    static func oidContent(_ arcs: [UInt64]) -> [UInt8] {
        base128(arcs[0] * 40 + arcs[1]) + arcs.dropFirst(2).flatMap { base128($0) }
    }

    /// Encodes `tree`, returning the bytes and every deviation from DER with its absolute offset.
    static func encode(_ tree: Tree, _ choices: EncodingChoices = EncodingChoices())
        -> (bytes: [UInt8], deviations: [Deviation])
    {
        switch tree {
        case .constructed(let tag, let children):
            var content: [UInt8] = []
            var inner: [Deviation] = []
            for child in children {
                let (bytes, deviations) = encode(child, choices)
                inner += deviations.map { Deviation(offset: $0.offset + content.count, kind: $0.kind) }
                content += bytes
            }
            return element(identifier(tag), content, inner, constructed: true, choices)
        case .integer(let value):
            return element([0x02], integerContent(value), [], constructed: false, choices)
        case .octets(let value):
            if let pieces = choices.octetStringSegments(value) {
                // X.690 §8.7.3: a constructed OCTET STRING whose segments are OCTET STRINGs.
                var content: [UInt8] = []
                var inner: [Deviation] = []
                for piece in pieces {
                    let (bytes, deviations) = element([0x04], piece, [], constructed: false, choices)
                    inner += deviations.map { Deviation(offset: $0.offset + content.count, kind: $0.kind) }
                    content += bytes
                }
                let (bytes, deviations) = element([0x24], content, inner, constructed: true, choices)
                return (bytes, [Deviation(offset: 0, kind: .wrongConstructedBit)] + deviations)
            }
            return element([0x04], value, [], constructed: false, choices)
        case .oid(let arcs):
            return element([0x06], oidContent(arcs), [], constructed: false, choices)
        case .boolean(let value):
            return element([0x01], [value ? 0xFF : 0x00], [], constructed: false, choices)
        case .null:
            return element([0x05], [], [], constructed: false, choices)
        case .utf8(let text):
            return element([0x0C], Array(text.utf8), [], constructed: false, choices)
        case .opaque(let tag, let content):
            return element(identifier(tag), content, [], constructed: false, choices)
        }
    }

    private static func element(
        _ identifier: [UInt8], _ content: [UInt8], _ inner: [Deviation], constructed: Bool, _ choices: EncodingChoices
    ) -> (bytes: [UInt8], deviations: [Deviation]) {
        let form = choices.lengthForm(content.count, constructed)
        let length = lengthOctets(content.count, form)
        var deviations: [Deviation] = []
        switch form {
        case .minimal: break
        case .padded: deviations.append(Deviation(offset: identifier.count, kind: .nonMinimalLength))
        case .indefinite: deviations.append(Deviation(offset: identifier.count, kind: .indefiniteLengthInDER))
        }
        let header = identifier.count + length.count
        deviations += inner.map { Deviation(offset: $0.offset + header, kind: $0.kind) }
        let trailer: [UInt8] = form == .indefinite ? [0x00, 0x00] : []
        return (identifier + length + content + trailer, deviations)
    }
}
