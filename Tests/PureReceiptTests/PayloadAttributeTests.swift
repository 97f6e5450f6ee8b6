// Payload attributes: typed values of every known attribute, duplicates of each singular type,
// wrong inner types, trailing bytes inside values, invalid dates and other inner-value errors.

import PureDER
import PureReceipt
import Testing

/// The inner ASN.1 type a known attribute requires.
enum InnerKind: Sendable {
    case utf8, ia5, date, integer, raw

    /// A valid value of this kind.
    var valid: [UInt8] {
        switch self {
        case .utf8: return DERBuilder.utf8("v")
        case .ia5: return DERBuilder.ia5("4+")
        case .date: return DERBuilder.ia5("2024-01-01T00:00:00Z")
        case .integer: return DERBuilder.integer(1)
        case .raw: return [1, 2, 3]
        }
    }

    /// A value of another type, and how it is named in the error message.
    var wrong: (bytes: [UInt8], expected: String, found: String) {
        switch self {
        case .utf8: return (DERBuilder.integer(7), "UTF8String", "INTEGER")
        case .ia5, .date: return (DERBuilder.utf8("2024-01-01T00:00:00Z"), "IA5String", "UTF8String")
        case .integer: return (DERBuilder.octets([1]), "INTEGER", "OCTET STRING")
        case .raw: return ([], "", "")
        }
    }
}

/// A known attribute: its type, whether it sits at the top level or in an in-app record, its kind.
struct KnownAttribute: Sendable, CustomTestStringConvertible {
    let type: Int64
    let kind: InnerKind
    var inApp: Bool { type >= 1700 }
    var testDescription: String { "\(type)" }
}

private let topLevelSpec: [(Int64, InnerKind)] = [
    (0, .utf8), (1, .integer), (2, .utf8), (3, .utf8), (4, .raw), (5, .raw), (6, .raw), (7, .raw), (8, .date),
    (9, .integer), (10, .ia5), (11, .integer), (12, .date), (13, .integer), (14, .integer), (15, .integer),
    (16, .integer), (18, .date), (19, .utf8), (20, .utf8), (21, .date), (22, .date), (23, .utf8), (25, .integer),
    (32, .date),
]
let topLevelKnown: [KnownAttribute] = topLevelSpec.map { KnownAttribute(type: $0.0, kind: $0.1) }

private let inAppSpec: [(Int64, InnerKind)] = [
    (1701, .integer), (1702, .utf8), (1703, .utf8), (1704, .date), (1705, .utf8), (1706, .date), (1707, .integer),
    (1708, .date), (1709, .utf8), (1710, .integer), (1711, .integer), (1712, .date), (1713, .integer),
    (1714, .utf8), (1715, .utf8), (1716, .utf8), (1717, .utf8), (1718, .utf8), (1719, .integer), (1720, .integer),
    (1721, .utf8), (1722, .integer),
]
let inAppKnown: [KnownAttribute] = inAppSpec.map { KnownAttribute(type: $0.0, kind: $0.1) }

/// A payload holding `attributes` of `known`'s level: top-level ones replace a required attribute
/// of the same type; in-app ones go into one record (replacing a required in-app field).
private func payload(for known: KnownAttribute, _ attributes: [[UInt8]]) -> [UInt8] {
    guard known.inApp else { return SyntheticReceipt.payload(adding: attributes, except: [known.type]) }
    let core: [(Int64, [UInt8])] = [
        (1702, DERBuilder.attribute(1702, DERBuilder.utf8("p"))),
        (1703, DERBuilder.attribute(1703, DERBuilder.utf8("1"))),
        (1704, DERBuilder.attribute(1704, DERBuilder.ia5("2024-01-01T00:00:00Z"))),
    ]
    let fields = core.filter { $0.0 != known.type }.map(\.1) + attributes
    return SyntheticReceipt.payload(adding: [DERBuilder.attribute(17, DERBuilder.set(fields))])
}

@Suite("Payload attributes")
struct PayloadAttributeTests {
    @Test("every known attribute with a valid value parses", arguments: topLevelKnown + inAppKnown)
    func validValueParses(_ known: KnownAttribute) throws {
        let receipt = try SyntheticReceipt.parse(
            payload(for: known, [DERBuilder.attribute(known.type, known.kind.valid)]))
        let raw = known.inApp ? receipt.inAppPurchases.first?.rawAttributes : receipt.rawAttributes
        #expect(raw?.contains { $0.type == known.type && Array($0.value) == known.kind.valid } == true)
    }

    // Apple receipt rule (singular-attributes): every known attribute but 17, top level and in-app.
    @Test("a singular attribute appearing twice is rejected", arguments: topLevelKnown + inAppKnown)
    func duplicateRejected(_ known: KnownAttribute) throws {
        let first = DERBuilder.attribute(known.type, known.kind.valid)
        let bytes = payload(for: known, [first, first])
        let error = try #require(parseError(bytes))
        #expect(error.code == "payload.duplicateAttribute")
        #expect(error.attributeType == known.type)
        #expect(error.message.contains("attribute \(known.type) ("))
        #expect(error.message.contains("more than once (again at byte \(error.offset))"))
        #expect(bytes[error.offset] == 0x30)
    }

    @Test(
        "a value of the wrong inner type is rejected, naming the attribute",
        arguments: (topLevelKnown + inAppKnown).filter { $0.kind != .raw })
    func wrongInnerType(_ known: KnownAttribute) throws {
        let wrong = known.kind.wrong
        let bytes = payload(for: known, [DERBuilder.attribute(known.type, wrong.bytes)])
        let error = try #require(parseError(bytes))
        #expect(error.code == "payload.attributeType")
        #expect(error.attributeType == known.type)
        let name =
            known.inApp
            ? ReceiptAttributeType.name(ofInApp: known.type)
            : ReceiptAttributeType.name(ofTopLevel: known.type)
        #expect(
            error.message.contains(
                "attribute \(known.type) (\(name)): expected \(wrong.expected), found \(wrong.found) at byte \(error.offset)"
            ),
            "message: \(error.message)")
        if known.inApp { #expect(error.message.hasPrefix("in-app purchase at byte ")) }
    }

    @Test(
        "trailing bytes after the inner value are rejected",
        arguments: (topLevelKnown + inAppKnown).filter { $0.kind != .raw })
    func trailingBytesInsideValue(_ known: KnownAttribute) throws {
        let bytes = payload(for: known, [DERBuilder.attribute(known.type, known.kind.valid + [0x05, 0x00])])
        let error = try #require(parseError(bytes))
        #expect(error.code == "der.trailingBytes")
        #expect(error.attributeType == known.type)
        #expect(error.message.contains("attribute \(known.type) ("))
    }

    @Test(
        "an empty value where an inner element is required is rejected",
        arguments: (topLevelKnown + inAppKnown).filter { $0.kind != .raw })
    func emptyValue(_ known: KnownAttribute) throws {
        let error = try #require(parseError(payload(for: known, [DERBuilder.attribute(known.type, [])])))
        #expect(error.code == "payload.attributeType")
        #expect(error.message.contains("found an empty value"))
    }

    @Test(
        "an invalid date is rejected, naming the attribute",
        arguments: (topLevelKnown + inAppKnown).filter { $0.kind == .date },
        [
            "2024-13-01T00:00:00Z", "2024-02-30T00:00:00Z", "2024-01-01 00:00:00Z", "yesterday", "2024-01-01T24:00:00Z",
            "2024-01-01T00:00:00",
        ])
    func badDate(_ known: KnownAttribute, _ text: String) throws {
        let error = try #require(
            parseError(payload(for: known, [DERBuilder.attribute(known.type, DERBuilder.ia5(text))])))
        #expect(error.code == "payload.date")
        #expect(error.attributeType == known.type)
        #expect(error.message.contains("attribute \(known.type) (") && error.message.contains(text))
    }

    @Test(
        "an empty date means absent, except where a date is required",
        arguments: (topLevelKnown + inAppKnown).filter { $0.kind == .date })
    func emptyDate(_ known: KnownAttribute) throws {
        let bytes = payload(for: known, [DERBuilder.attribute(known.type, DERBuilder.ia5(""))])
        if known.type == 12 || known.type == 1704 {
            let error = try #require(parseError(bytes))
            #expect(error.code == "payload.date")
            #expect(error.message.contains("required"))
        } else {
            #expect(parseError(bytes) == nil)
        }
    }

    @Test(
        "inner encoding errors keep their DER code and name the attribute",
        arguments: [
            ("invalid UTF-8", Int64(2), DERBuilder.tlv(0x0C, [0xC3, 0x28]), "der.invalidValue"),
            ("IA5String above 0x7F", 10, DERBuilder.tlv(0x16, [0x34, 0xAB]), "der.invalidValue"),
            (
                "IA5String date above 0x7F", 12, DERBuilder.tlv(0x16, Array("2024-01-01T00:00:00Z".utf8) + [0xFF]),
                "der.invalidValue"
            ),
            ("non-minimal INTEGER", 1, DERBuilder.tlv(0x02, [0x00, 0x01]), "der.invalidValue"),
            ("negative id", 15, DERBuilder.integer(-1), "der.invalidValue"),
            (
                "id above 2^64 - 1", 15, DERBuilder.tlv(0x02, [0x01] + [UInt8](repeating: 0, count: 8)),
                "der.invalidValue"
            ),
            ("INTEGER above Int64", 13, DERBuilder.unsigned(UInt64(Int64.max) + 1), "der.invalidValue"),
            ("value length past its end", 3, [0x0C, 0x05, 0x41], "der.lengthPastEnd"),
            ("constructed UTF8String", 2, DERBuilder.tlv(0x2C, DERBuilder.utf8("a")), "payload.attributeType"),
        ] as [(String, Int64, [UInt8], String)])
    func innerEncodingErrors(_ name: String, _ type: Int64, _ value: [UInt8], _ code: String) throws {
        let bytes = SyntheticReceipt.payload(adding: [DERBuilder.attribute(type, value)], except: [type])
        let error = try #require(parseError(bytes), "\(name)")
        #expect(error.code == code, "\(name): \(error.message)")
        #expect(error.attributeType == type, "\(name)")
        #expect(error.message.contains("attribute \(type) ("), "\(name)")
    }
}
