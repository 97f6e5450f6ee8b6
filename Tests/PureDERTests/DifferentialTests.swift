// Differential tests: PureDER against the independent reference decoders in Support/Reference.swift,
// on mutated fixtures and random inputs (seeded, reproducible). Each side answers "accepted, with
// this value" or "rejected"; any disagreement is printed with its input.

import PureDER
import Testing

/// Random mutations of a valid encoding: byte changes biased towards octets that matter to TLV
/// parsing, insertions, deletions, truncations and duplicated slices.
struct Mutator {
    var rng: SplitMix64
    static let interesting: [UInt8] = [
        0x00, 0x01, 0x02, 0x04, 0x1F, 0x20, 0x24, 0x30, 0x7F, 0x80, 0x81, 0x82, 0x84,
        0x85, 0xA0, 0xBF, 0xFF,
    ]

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func octet() -> UInt8 {
        below(2) == 0 ? Self.interesting[below(Self.interesting.count)] : UInt8(truncatingIfNeeded: rng.next())
    }

    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0...below(3) {
            guard !bytes.isEmpty else { return [octet()] }
            let at = below(bytes.count)
            switch below(7) {
            case 0: bytes[at] = octet()
            case 1: bytes[at] ^= 1 << UInt8(below(8))
            case 2: bytes.insert(octet(), at: at)
            case 3: bytes.remove(at: at)
            case 4: bytes.removeLast(below(min(bytes.count, 8)) + 1)
            case 5:
                let end = min(bytes.count, at + 1 + below(16))
                bytes.insert(contentsOf: bytes[at..<end], at: below(bytes.count))
            default: bytes.insert(contentsOf: below(2) == 0 ? [0x30, 0x80] : [0x00, 0x00], at: at)
            }
        }
        return bytes
    }
}

@Suite("Differential: PureDER against independent reference decoders")
struct DifferentialTests {
    /// Valid inputs to mutate: the sweep fixtures and random trees in DER and BER forms.
    static func bases(seed: UInt64) -> [[UInt8]] {
        var generator = TreeGenerator(seed: seed)
        var bases = [
            SweepFixtures.certificate, SweepFixtures.xcodeReceipt, SweepFixtures.mixedBER,
            SweepFixtures.payload,
        ]
        for _ in 0..<60 {
            let tree = generator.tree()
            bases.append(TestEncoder.encode(tree).bytes)
            bases.append(TestEncoder.encode(tree, generator.berChoices()).bytes)
        }
        return bases
    }

    @Test(
        "TLV structure: mutated inputs are accepted or rejected exactly as the reference decides",
        arguments: [UInt64(11), 12, 13, 14])
    func structure(_ seed: UInt64) throws {
        let bases = Self.bases(seed: seed)
        var mutator = Mutator(rng: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var accepted = 0
        var rejected = 0
        for _ in 0..<1_500 {
            let bytes = mutator.mutate(bases[mutator.below(bases.count)])
            for rules in [EncodingRules.der, .ber] {
                let expected = Reference.walk(bytes, rules: rules)
                var actual: WalkedNode?
                let error = derError { actual = try walk(bytes, rules: rules) }
                if expected != actual {
                    let reference = expected == nil ? "rejects" : "accepts"
                    let pureDER = error.map { "\($0)" } ?? "accepts"
                    let prefix = bytes.prefix(48).map { String($0, radix: 16) }
                    disagreements.append(
                        "\(rules), \(bytes.count) bytes: reference \(reference), PureDER \(pureDER); \(prefix)")
                }
                if actual == nil { rejected += 1 } else { accepted += 1 }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(accepted > 100, "mutations should sometimes stay valid")
        #expect(rejected > 100)
    }

    @Test("INTEGER: Int64, UInt64 and raw readers agree with a sign-magnitude reference", arguments: [UInt64(21), 22])
    func integers(_ seed: UInt64) throws {
        var mutator = Mutator(rng: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var coverage = (int64: 0, uint64: 0, rejected: 0)
        for _ in 0..<20_000 {
            let count = mutator.below(11)
            var content: [UInt8] = (0..<count).map { _ in UInt8(truncatingIfNeeded: mutator.rng.next()) }
            if count > 0 && mutator.below(2) == 0 { content[0] = [0x00, 0xFF, 0x80, 0x7F, 0x01][mutator.below(5)] }
            if count > 1 && mutator.below(3) == 0 { content[1] = [0x00, 0xFF, 0x80, 0x7F][mutator.below(4)] }
            let bytes = tlv(0x02, content)
            var cursor = try DERCursor(bytes)
            let int64 = try? cursor.readInt64("value")
            cursor = try DERCursor(bytes)
            let uint64 = try? cursor.readUInt64("value")
            cursor = try DERCursor(bytes)
            let raw = try? cursor.readIntegerBytes("value")
            if int64 != Reference.int64(content) {
                disagreements.append("Int64 \(content): \(String(describing: int64))")
            }
            if uint64 != Reference.uint64(content) {
                disagreements.append("UInt64 \(content): \(String(describing: uint64))")
            }
            if (raw != nil) != (Reference.integer(content) != nil) { disagreements.append("bytes \(content)") }
            if int64 != nil { coverage.int64 += 1 }
            if uint64 != nil { coverage.uint64 += 1 }
            if raw == nil { coverage.rejected += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(coverage.int64 > 1000 && coverage.uint64 > 1000 && coverage.rejected > 1000)
    }

    @Test("OBJECT IDENTIFIER: validity and dotted text agree with the reference", arguments: [UInt64(31), 32])
    func oids(_ seed: UInt64) throws {
        var mutator = Mutator(rng: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var valid = 0
        for _ in 0..<10_000 {
            var content: [UInt8] = []
            // Sub-identifiers of 1…11 octets, sometimes with a leading 0x80 or no terminator.
            for _ in 0..<(mutator.below(4) == 0 ? 60 + mutator.below(8) : mutator.below(8)) {
                let octets = mutator.below(12) == 0 ? 9 + mutator.below(3) : 1 + mutator.below(3)
                for index in 0..<octets {
                    var octet = UInt8(truncatingIfNeeded: mutator.rng.next()) | 0x80
                    if index == 0 && mutator.below(20) == 0 { octet = 0x80 }
                    if index == octets - 1 && mutator.below(30) != 0 { octet &= 0x7F }
                    content.append(octet)
                }
            }
            let bytes = tlv(0x06, content)
            var cursor = try DERCursor(bytes)
            let actual = (try? cursor.readOID("value"))?.description
            let expected = Reference.oid(content)
            if actual != expected {
                disagreements.append("\(content): \(String(describing: actual)) vs \(String(describing: expected))")
            }
            if actual != nil { valid += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(valid > 1000)
    }

    @Test("UTCTime and GeneralizedTime agree with a day-counting reference", arguments: [UInt64(41), 42])
    func times(_ seed: UInt64) throws {
        var mutator = Mutator(rng: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var valid = 0
        for _ in 0..<10_000 {
            let generalized = mutator.below(2) == 0
            func digits(_ value: Int, _ width: Int) -> String {
                var text = String(value)
                while text.count < width { text = "0" + text }
                return text
            }
            let year = generalized ? 1 + mutator.below(9999) : mutator.below(100)
            var text =
                digits(year, generalized ? 4 : 2) + digits(mutator.below(14), 2) + digits(mutator.below(33), 2)
                + digits(mutator.below(25), 2) + digits(mutator.below(61), 2) + digits(mutator.below(61), 2) + "Z"
            var bytes = Array(text.utf8)
            if mutator.below(10) == 0 { bytes[mutator.below(bytes.count)] = mutator.octet() }
            if mutator.below(20) == 0 { bytes.removeLast() }
            text = String(decoding: bytes, as: UTF8.self)
            var cursor = try DERCursor(generalized ? generalizedTime(text) : utcTime(text))
            let actual = (try? cursor.readTime("value"))?.secondsSince1970
            let expected = Reference.time(bytes, generalized: generalized)
            if actual != expected {
                disagreements.append("\(text): \(String(describing: actual)) vs \(String(describing: expected))")
            }
            if actual != nil { valid += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(valid > 1000)
    }

    @Test(
        "UTF-8: decodeUTF8 accepts exactly the well-formed sequences and keeps their bytes",
        arguments: [UInt64(51), 52])
    func utf8(_ seed: UInt64) throws {
        var mutator = Mutator(rng: SplitMix64(seed: seed))
        let leads: [UInt8] = [
            0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0,
            0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF,
        ]
        let trails: [UInt8] = [0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        var disagreements: [String] = []
        var valid = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<mutator.below(6) {
                bytes.append(leads[mutator.below(leads.count)])
                for _ in 0..<mutator.below(4) { bytes.append(trails[mutator.below(trails.count)]) }
            }
            let decoded = DERCursor.decodeUTF8(bytes[...])
            let expected = Reference.isWellFormedUTF8(bytes)
            if (decoded != nil) != expected || (decoded.map { Array($0.utf8) != bytes } ?? false) {
                disagreements.append("\(bytes.map { String($0, radix: 16) })")
            }
            if expected { valid += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.prefix(3))")
        #expect(valid > 1000)
    }
}
