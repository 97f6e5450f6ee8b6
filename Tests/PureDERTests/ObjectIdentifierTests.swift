// OBJECT IDENTIFIER (Primitives/ObjectIdentifier.swift): X.690 §8.19 content rules, the component
// limit, dotted rendering, and source constants equal to parsed values.

import PureDER
import Testing

/// An OID encoding with `subidentifiers` one-octet sub-identifiers (so `subidentifiers + 1` arcs).
func oidWithSubidentifiers(_ subidentifiers: Int) -> [UInt8] {
    tlv(0x06, [0x2A] + Array(repeating: 0x01, count: subidentifiers - 1))
}

let rejectedOIDs: [RejectedPrimitive] = [
    // X.690 §8.19.2: at least one sub-identifier.
    RejectedPrimitive("OID empty", .oid, hex("06 00"), .invalidValue),
    RejectedPrimitive("BER: OID empty", .oid, hex("06 00"), .ber, .invalidValue),
    // X.690 §8.19.2: fewest octets, so a sub-identifier never starts with 0x80.
    RejectedPrimitive("OID first sub-identifier starts with 0x80", .oid, hex("06 02 80 01"), .invalidValue),
    RejectedPrimitive("OID later sub-identifier starts with 0x80", .oid, hex("06 04 2A 80 86 48"), .invalidValue),
    RejectedPrimitive("OID sub-identifier 0x80 0x00", .oid, hex("06 03 2A 80 00"), .invalidValue),
    RejectedPrimitive(
        "OID last sub-identifier is a lone 0x80", .oid, hex("06 02 2A 80"),
        .invalidValue),
    // The last octet of every sub-identifier has bit 8 clear.
    RejectedPrimitive("OID last sub-identifier unterminated", .oid, hex("06 02 2A 86"), .invalidValue),
    RejectedPrimitive("OID single octet unterminated", .oid, hex("06 01 81"), .invalidValue),
    // Sub-identifiers are limited to 63 bits (9 octets of 7 bits).
    RejectedPrimitive(
        "OID sub-identifier of 64 bits (10 octets)", .oid,
        hex("06 0B 2A 81 80 80 80 80 80 80 80 80 00"), .invalidValue),
    RejectedPrimitive(
        "OID sub-identifier of 70 bits", .oid, hex("06 0B 2A FF FF FF FF FF FF FF FF FF 7F"),
        .invalidValue),
    // Limits.maxOIDComponents arcs at most.
    RejectedPrimitive("OID with 65 arcs", .oid, oidWithSubidentifiers(64), .tooMany),
    RejectedPrimitive("OID with 200 arcs", .oid, oidWithSubidentifiers(199), .tooMany),
    RejectedPrimitive(
        "OID constructed", .oid, hex("26 03 06 01 2A"),
        .unexpectedTag(
            expected: .objectIdentifier,
            found: DERTag(.universal, number: 6, constructed: true))),
    RejectedPrimitive(
        "OID with wrong tag", .oid, hex("04 01 2A"),
        .unexpectedTag(expected: .objectIdentifier, found: .octetString)),
]

@Suite("OBJECT IDENTIFIER")
struct ObjectIdentifierTests {
    @Test("rejects", arguments: rejectedOIDs)
    func rejects(_ rejected: RejectedPrimitive) throws {
        let error = try #require(derError { try rejected.reader.run(rejected.bytes, rules: rejected.rules) })
        #expect(error.kind == rejected.kind)
        #expect(error.offset == rejected.offset)
    }

    @Test(
        "dotted rendering",
        arguments: [
            ("06 09 2A 86 48 86 F7 0D 01 01 0B", "1.2.840.113549.1.1.11"),
            ("06 03 88 37 03", "2.999.3"),
            ("06 01 00", "0.0"),
            ("06 01 27", "0.39"),
            ("06 01 28", "1.0"),
            ("06 01 4F", "1.39"),
            ("06 01 50", "2.0"),
            ("06 05 2B 0E 03 02 1A", "1.3.14.3.2.26"),
            ("06 0A 2A 86 48 86 F7 63 64 06 0B 01", "1.2.840.113635.100.6.11.1"),
            ("06 09 60 86 48 01 65 03 04 02 01", "2.16.840.1.101.3.4.2.1"),
            ("06 0A 2A FF FF FF FF FF FF FF FF 7F", "1.2.9223372036854775807"),
        ])
    func dotted(_ encoding: String, _ text: String) throws {
        var cursor = try DERCursor(hex(encoding))
        let oid = try cursor.readOID("algorithm")
        #expect(oid.description == text)
        #expect(cursor.isAtEnd)
    }

    @Test(
        "constants written in source equal parsed OIDs",
        arguments: [
            (OID(1, 2, 840, 113549, 1, 1, 11), "06 09 2A 86 48 86 F7 0D 01 01 0B"),
            (OID(1, 2, 840, 113549, 1, 1, 1), "06 09 2A 86 48 86 F7 0D 01 01 01"),
            (OID(2, 999, 3), "06 03 88 37 03"),
            (OID(0, 0), "06 01 00"),
            (OID(1, 3, 14, 3, 2, 26), "06 05 2B 0E 03 02 1A"),
            (OID(1, 2, 840, 113635, 100, 6, 11, 1), "06 0A 2A 86 48 86 F7 63 64 06 0B 01"),
            (OID(1, 2, 840, 113635, 100, 6, 2, 1), "06 0A 2A 86 48 86 F7 63 64 06 02 01"),
            (OID(2, 16, 840, 1, 101, 3, 4, 2, 1), "06 09 60 86 48 01 65 03 04 02 01"),
            (OID(1, 2, 9_223_372_036_854_775_807), "06 0A 2A FF FF FF FF FF FF FF FF 7F"),
        ])
    func constants(_ constant: OID, _ encoding: String) throws {
        var cursor = try DERCursor(hex(encoding))
        let parsed = try cursor.readOID("algorithm")
        #expect(parsed == constant)
        #expect(parsed.hashValue == constant.hashValue)
        #expect(constant.contentBytes == Array(hex(encoding).dropFirst(2)))
        #expect(constant.matches(hex(encoding)[2...]))
        #expect(!constant.matches(hex(encoding)[3...]))
    }

    @Test(
        "different OIDs differ",
        arguments: [
            (OID(1, 2, 840, 113549, 1, 1, 11), OID(1, 2, 840, 113549, 1, 1, 1)),
            (OID(1, 2, 3), OID(1, 2, 3, 0)),
            (OID(2, 999), OID(2, 998)),
        ])
    func inequality(_ left: OID, _ right: OID) {
        #expect(left != right)
        #expect(!left.matches(right.contentBytes[...]))
    }

    @Test("64 arcs (Limits.maxOIDComponents) are accepted")
    func componentLimit() throws {
        var cursor = try DERCursor(oidWithSubidentifiers(Limits.maxOIDComponents - 1))
        let oid = try cursor.readOID("long")
        #expect(oid.description.split(separator: ".").count == Limits.maxOIDComponents)
    }

    @Test("OID(contentBytes:) validates, reporting the offset it is given")
    func contentInitialiser() throws {
        let oid = try OID(contentBytes: [0x2A, 0x03])
        #expect(oid.description == "1.2.3")
        let error = try #require(derError { _ = try OID(contentBytes: [0x2A, 0x83], at: 17) })
        #expect(error.kind == .invalidValue)
        #expect(error.offset == 17)
    }

    @Test("OID errors point at the OID element inside its structure")
    func offsetInsideStructure() throws {
        var cursor = try DERCursor(hex("30 06 06 01 2A 06 01 80"))
        var sequence = try cursor.readSequence("AlgorithmIdentifier")
        _ = try sequence.readOID("first")
        let error = try #require(derError { _ = try sequence.readOID("second") })
        #expect(error.offset == 5)
    }
}
