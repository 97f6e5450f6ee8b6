// Round trip: random value trees (seeded, reproducible) are written by the test-only encoder and
// read back with PureDER's readers. Then each is rewritten with random BER deviations (non-minimal
// and indefinite lengths, constructed OCTET STRINGs): DER must reject it with the error of the first
// deviation, at its offset; BER must accept it with identical decoded values.

import PureDER
import Testing

/// Random trees of SEQUENCE / SET / tagged constructed elements over INTEGER, OCTET STRING, OID,
/// BOOLEAN, NULL, UTF8String and primitive elements with low and high tag numbers.
struct TreeGenerator {
    var rng: SplitMix64
    let maxDepth = 5

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func tree(depth: Int = 0) -> Tree {
        let choice = below(depth >= maxDepth ? 7 : 11)
        switch choice {
        case 0: return .integer(integer())
        case 1: return .octets(octets())
        case 2: return .oid(oidArcs())
        case 3: return .boolean(below(2) == 0)
        case 4: return .null
        case 5: return .utf8(utf8())
        case 6: return .opaque(DERTag(tagClass(), number: tagNumber(), constructed: false), bytes(below(40)))
        default:
            let tag: DERTag
            switch choice {
            case 7: tag = .sequence
            case 8: tag = .set
            case 9: tag = .contextConstructed(UInt32(below(31)))
            default: tag = DERTag(tagClass(), number: tagNumber(), constructed: true)
            }
            return .constructed(tag, (0..<below(6)).map { _ in tree(depth: depth + 1) })
        }
    }

    mutating func integer() -> Int64 {
        let boundaries: [Int64] = [
            0, 1, -1, 127, 128, -128, -129, 255, 256, -256, 32767, 32768, -32768, -32769,
            Int64(Int32.max), Int64(Int32.min), Int64.max, Int64.min, Int64.max - 1,
            Int64.min + 1,
        ]
        if below(3) == 0 { return boundaries[below(boundaries.count)] }
        return Int64(bitPattern: rng.next()) >> UInt64(below(64))
    }

    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }

    mutating func octets() -> [UInt8] {
        let sizes = [0, 1, 2, 127, 128, 129, 255, 256, 300]
        return bytes(below(2) == 0 ? sizes[below(sizes.count)] : below(64))
    }

    mutating func oidArcs() -> [UInt64] {
        let first = UInt64(below(3))
        let second = first == 2 ? UInt64(below(2000)) : UInt64(below(40))
        var arcs = [first, second]
        for _ in 0..<below(10) {
            switch below(4) {
            case 0: arcs.append(rng.next() >> 1)  // up to 63 bits, the reader's limit
            case 1: arcs.append(UInt64(below(128)))
            default: arcs.append(UInt64(below(1_000_000)))
            }
        }
        return arcs
    }

    mutating func utf8() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<below(20) {
            let value: UInt32
            switch below(4) {
            case 0: value = UInt32(below(0x80))
            case 1: value = UInt32(0x80 + below(0x780))
            case 2: value = UInt32(0x800 + below(0xD000))  // below the surrogates
            default: value = UInt32(0x10000 + below(0x100000))
            }
            scalars.append(Unicode.Scalar(value) ?? "?")
        }
        return String(scalars)
    }

    mutating func tagClass() -> TagClass { [.application, .contextSpecific, .private][below(3)] }

    mutating func tagNumber() -> UInt32 {
        switch below(4) {
        case 0: return UInt32(below(31))
        case 1: return UInt32(31 + below(97))
        case 2: return UInt32(128 + below(16_256))
        default: return UInt32(below(1 << 28))
        }
    }

    /// Random BER choices. Each variant draws its own rates (0, 1/8, 1/4 or 1/2) for non-minimal
    /// lengths, indefinite lengths (constructed only) and split OCTET STRINGs, so every kind of
    /// deviation is sometimes the only one and sometimes mixed with the others.
    mutating func berChoices() -> EncodingChoices {
        // The closures run after this returns, so they draw from their own generator.
        var generator = TreeGenerator(seed: rng.next())
        let rates = [0, 1, 2, 4]  // out of 8
        let padded = rates[below(4)]
        let indefinite = rates[below(4)]
        let split = rates[below(4)]
        return EncodingChoices(
            lengthForm: { length, constructed in
                if constructed && generator.below(8) < indefinite { return .indefinite }
                guard generator.below(8) < padded else { return .minimal }
                let needed = TestEncoder.octetsNeeded(length) + (length >= 128 ? 1 : 0)
                return .padded(needed + generator.below(5 - needed))
            },
            octetStringSegments: { value in
                guard generator.below(8) < split else { return nil }
                var pieces: [[UInt8]] = []
                var rest = value[...]
                while !rest.isEmpty || generator.below(3) == 0 {
                    let size = min(rest.count, generator.below(50))
                    pieces.append(Array(rest.prefix(size)))
                    rest = rest.dropFirst(size)
                }
                return pieces
            })
    }
}

/// Reads one value tree back with PureDER's typed readers (OCTET STRING in either form).
func decodeTree(_ cursor: inout DERCursor) throws(DERError) -> Tree {
    guard let tag = cursor.peekTag() else {
        _ = try cursor.readElement()  // throws the precise error (truncated or malformed identifier)
        throw DERError(.invalidValue, at: cursor.offset, "unreachable")
    }
    switch tag {
    case .integer: return .integer(try cursor.readInt64("INTEGER"))
    case .octetString, .constructedOctetString:
        return .octets(try cursor.readOctetStringSegments("OCTET STRING").concatenated())
    case .objectIdentifier:
        let oid = try cursor.readOID("OBJECT IDENTIFIER")
        return .oid(oid.description.split(separator: ".").compactMap { UInt64($0) })
    case .boolean: return .boolean(try cursor.readBoolean("BOOLEAN"))
    case .null:
        try cursor.readNull("NULL")
        return .null
    case .utf8String: return .utf8(try cursor.readString(.utf8String, "UTF8String"))
    default:
        let element = try cursor.readElement()
        guard tag.isConstructed else { return .opaque(tag, Array(element.contentBytes)) }
        var content = element.content
        var children: [Tree] = []
        while !content.isAtEnd { children.append(try decodeTree(&content)) }
        return .constructed(tag, children)
    }
}

/// Decodes exactly one tree from `bytes` under `rules`, requiring whole consumption.
func decodeSingleTree(_ bytes: [UInt8], rules: EncodingRules) throws(DERError) -> Tree {
    var cursor = try DERCursor(bytes, rules: rules)
    let tree = try decodeTree(&cursor)
    try cursor.expectEnd("outermost element")
    return tree
}

@Suite("Round trip through a test-only encoder")
struct RoundTripTests {
    static let seeds: [UInt64] = [1, 2, 3, 0xDEAD_BEEF, 0x5EED_0005, 0xC0FF_EE06]
    static let treesPerSeed = 100  // 6 × 100 = 600 random structures

    @Test("random DER trees decode to the generated values and re-encode byte for byte", arguments: seeds)
    func derRoundTrip(_ seed: UInt64) throws {
        var generator = TreeGenerator(seed: seed)
        var elements = 0
        for index in 0..<Self.treesPerSeed {
            let tree = generator.tree()
            let (bytes, deviations) = TestEncoder.encode(tree)
            #expect(deviations.isEmpty)
            let decoded = try decodeSingleTree(bytes, rules: .der)
            #expect(decoded == tree, "seed \(seed) tree \(index)")
            #expect(TestEncoder.encode(decoded).bytes == bytes, "seed \(seed) tree \(index)")
            // The generic walker and the BER reader see the same DER input the same way.
            #expect(try walk(bytes).count == tree.elementCount)
            #expect(try decodeSingleTree(bytes, rules: .ber) == tree)
            elements += tree.elementCount
        }
        #expect(elements > Self.treesPerSeed)
    }

    @Test(
        "random BER re-encodings: DER rejects at the first deviation, BER decodes identical values",
        arguments: seeds)
    func berVariants(_ seed: UInt64) throws {
        var generator = TreeGenerator(seed: seed ^ 0xBE5)
        var rejected = 0
        var firstKinds: [String: Int] = [:]
        var indefiniteElements = 0
        var berElements = 0
        for index in 0..<Self.treesPerSeed {
            let tree = generator.tree()
            var variant = TestEncoder.encode(tree, generator.berChoices())
            if variant.deviations.isEmpty {
                // Force at least one deviation: a padded length on the outermost element.
                let forced = EncodingChoices(lengthForm: { length, _ in
                    .padded(TestEncoder.octetsNeeded(length) + (length >= 128 ? 1 : 0))
                })
                variant = TestEncoder.encode(tree, forced)
            }
            let first = try #require(variant.deviations.min { $0.offset < $1.offset })
            let error = try #require(
                derError { _ = try decodeSingleTree(variant.bytes, rules: .der) },
                "seed \(seed) tree \(index) was accepted by DER")
            #expect(error.kind == first.kind, "seed \(seed) tree \(index)")
            #expect(error.offset == first.offset, "seed \(seed) tree \(index)")
            rejected += 1
            firstKinds[error.code + (error.kind == .wrongConstructedBit ? ".segments" : ""), default: 0] += 1
            indefiniteElements += variant.deviations.filter { $0.kind == .indefiniteLengthInDER }.count
            berElements += tree.elementCount
            #expect(try decodeSingleTree(variant.bytes, rules: .ber) == tree, "seed \(seed) tree \(index)")
            // The generic BER walker consumes every byte of every variant too.
            _ = try walk(variant.bytes, rules: .ber)
        }
        #expect(rejected == Self.treesPerSeed)
        // Every kind of deviation was the first one somewhere, so none of the checks is vacuous.
        #expect(firstKinds["der.nonMinimalLength", default: 0] > 0, "\(firstKinds)")
        #expect(firstKinds["der.indefiniteLengthInDER", default: 0] > 0, "\(firstKinds)")
        #expect(firstKinds["der.wrongConstructedBit.segments", default: 0] > 0, "\(firstKinds)")
        #expect(indefiniteElements > 20)
        #expect(berElements > 2 * Self.treesPerSeed)
    }

    @Test(
        "the test encoder itself writes known DER",
        arguments: [
            (Tree.integer(0), "02 01 00"), (.integer(-129), "02 02 FF 7F"),
            (.integer(Int64.min), "02 08 80 00 00 00 00 00 00 00"),
            (.oid([1, 2, 840, 113549]), "06 06 2A 86 48 86 F7 0D"), (.oid([2, 999, 3]), "06 03 88 37 03"),
            (.boolean(true), "01 01 FF"), (.null, "05 00"), (.utf8("é"), "0C 02 C3 A9"),
            (.opaque(.contextPrimitive(31), [0xAA]), "9F 1F 01 AA"),
            (.constructed(DERTag(.application, number: 1000, constructed: true), []), "7F 87 68 00"),
            (.constructed(.sequence, [.null, .integer(5)]), "30 05 05 00 02 01 05"),
        ])
    func encoderKnownAnswers(_ tree: Tree, _ encoding: String) {
        #expect(TestEncoder.encode(tree).bytes == hex(encoding))
    }
}
