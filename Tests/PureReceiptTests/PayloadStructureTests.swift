// Payload structure: the SET OF ReceiptAttribute and each ReceiptAttribute SEQUENCE, at the top
// level and inside in-app purchase records. Named negative cases, then what must be accepted.

import PureDER
import PureReceipt
import Testing

/// A malformed payload, the code it must fail with and a fragment its message must contain.
struct MalformedPayload: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let code: String
    let message: String
    var testDescription: String { name }
}

private let required = SyntheticReceipt.requiredAttributes()
private let good = DERBuilder.attribute(99, DERBuilder.utf8("x"))

private func withAttribute(_ attribute: [UInt8]) -> [UInt8] { SyntheticReceipt.payload(required + [attribute]) }
private func withInApp(_ value: [UInt8]) -> [UInt8] { withAttribute(DERBuilder.attribute(17, value)) }
private let inAppCore: [[UInt8]] = [
    DERBuilder.attribute(1702, DERBuilder.utf8("p")),
    DERBuilder.attribute(1703, DERBuilder.utf8("1")),
    DERBuilder.attribute(1704, DERBuilder.ia5("2024-01-01T00:00:00Z")),
]

let malformedPayloads: [MalformedPayload] = [
    .init(name: "empty input", bytes: [], code: "payload.structure", message: "found no bytes"),
    .init(
        name: "payload is a SEQUENCE, not a SET", bytes: DERBuilder.sequence(required),
        code: "payload.structure", message: "expected SET OF ReceiptAttribute, found SEQUENCE at byte 0"),
    .init(
        name: "payload is an INTEGER", bytes: DERBuilder.integer(5), code: "payload.structure",
        message: "found INTEGER"),
    .init(
        name: "trailing bytes after the payload SET", bytes: SyntheticReceipt.payload(required) + [0x00],
        code: "der.trailingBytes", message: "payload"),
    .init(
        name: "indefinite length (BER) payload", bytes: [0x31, 0x80] + required.flatMap { $0 } + [0, 0],
        code: "der.indefiniteLengthInDER", message: "payload"),
    .init(
        name: "non-minimal length", bytes: [0x31, 0x81, 0x03] + DERBuilder.integer(1),
        code: "der.nonMinimalLength", message: "payload"),
    // X.690 §10.1: the ReceiptAttribute fields read straight from the bytes fall back to PureDER for
    // any other shape, so these still fail with PureDER's code.
    .init(
        name: "in-app ReceiptAttribute with a non-minimal one-octet long length",
        bytes: withInApp(
            DERBuilder.set(
                inAppCore + [
                    [0x30, 0x81, 0x09] + DERBuilder.integer(1799) + DERBuilder.integer(1) + DERBuilder.octets([])
                ])),
        code: "der.nonMinimalLength", message: "in-app purchase"),
    .init(
        name: "in-app value with a non-minimal two-octet length",
        bytes: withInApp(
            DERBuilder.set([DERBuilder.attribute(1702, [0x0C, 0x82, 0x00, 0x01, 0x70])] + inAppCore.dropFirst())),
        code: "der.nonMinimalLength", message: "attribute 1702"),
    .init(
        name: "in-app attribute type INTEGER with a redundant leading zero",
        bytes: withInApp(
            DERBuilder.set(
                inAppCore + [
                    DERBuilder.sequence([[0x02, 0x03, 0x00, 0x06, 0xBF], DERBuilder.integer(1), DERBuilder.octets([])])
                ])),
        code: "der.invalidValue", message: "in-app purchase"),
    .init(
        name: "in-app record: a structural error after a malformed value is the one reported",
        bytes: withInApp(
            DERBuilder.set(
                [DERBuilder.attribute(1704, DERBuilder.ia5("not a date"))] + inAppCore.dropLast() + [
                    DERBuilder.integer(0)
                ])),
        code: "payload.structure", message: "expected ReceiptAttribute SEQUENCE"),
    .init(
        name: "SET length past the end", bytes: [0x31, 0x10, 0x30, 0x00], code: "der.lengthPastEnd",
        message: "payload"),
    .init(
        name: "attribute is a SET, not a SEQUENCE", bytes: withAttribute(DERBuilder.set([DERBuilder.integer(99)])),
        code: "payload.structure", message: "expected ReceiptAttribute SEQUENCE, found SET"),
    .init(
        name: "attribute is an INTEGER", bytes: withAttribute(DERBuilder.integer(7)),
        code: "payload.structure", message: "expected ReceiptAttribute SEQUENCE, found INTEGER"),
    .init(
        name: "attribute SEQUENCE is empty", bytes: withAttribute(DERBuilder.sequence([])),
        code: "payload.structure", message: "missing type"),
    .init(
        name: "attribute without version and value",
        bytes: withAttribute(DERBuilder.sequence([DERBuilder.integer(99)])),
        code: "payload.structure", message: "missing version"),
    .init(
        name: "attribute without value",
        bytes: withAttribute(DERBuilder.sequence([DERBuilder.integer(99), DERBuilder.integer(1)])),
        code: "payload.structure", message: "missing value"),
    .init(
        name: "extra field in ReceiptAttribute",
        bytes: withAttribute(
            DERBuilder.sequence([
                DERBuilder.integer(99), DERBuilder.integer(1),
                DERBuilder.octets([]), DERBuilder.integer(0),
            ])),
        code: "payload.structure", message: "unexpected extra field"),
    .init(
        name: "type is an OCTET STRING",
        bytes: withAttribute(
            DERBuilder.sequence([DERBuilder.octets([2]), DERBuilder.integer(1), DERBuilder.octets([])])),
        code: "payload.structure", message: "type must be INTEGER, found OCTET STRING"),
    .init(
        name: "version is a UTF8String",
        bytes: withAttribute(
            DERBuilder.sequence([DERBuilder.integer(99), DERBuilder.utf8("1"), DERBuilder.octets([])])),
        code: "payload.structure", message: "version must be INTEGER, found UTF8String"),
    .init(
        name: "value is a UTF8String, not an OCTET STRING",
        bytes: withAttribute(
            DERBuilder.sequence([DERBuilder.integer(99), DERBuilder.integer(1), DERBuilder.utf8("x")])),
        code: "payload.structure", message: "value must be OCTET STRING, found UTF8String"),
    .init(
        name: "value is a constructed OCTET STRING",
        bytes: withAttribute(
            DERBuilder.sequence([
                DERBuilder.integer(99), DERBuilder.integer(1),
                DERBuilder.tlv(0x24, DERBuilder.octets([1])),
            ])),
        code: "payload.structure", message: "value must be OCTET STRING, found OCTET STRING constructed"),
    .init(
        name: "type INTEGER not minimal",
        bytes: withAttribute(
            DERBuilder.sequence([
                DERBuilder.tlv(0x02, [0x00, 0x02]), DERBuilder.integer(1),
                DERBuilder.octets([]),
            ])),
        code: "der.invalidValue", message: "type"),
    .init(
        name: "type INTEGER empty",
        bytes: withAttribute(
            DERBuilder.sequence([DERBuilder.tlv(0x02, []), DERBuilder.integer(1), DERBuilder.octets([])])),
        code: "der.invalidValue", message: "type"),
    .init(
        name: "type INTEGER wider than 64 bits",
        bytes: withAttribute(
            DERBuilder.sequence([
                DERBuilder.tlv(0x02, [0x01] + [UInt8](repeating: 0, count: 8)),
                DERBuilder.integer(1), DERBuilder.octets([]),
            ])),
        code: "der.invalidValue", message: "too large"),
    // The SET claims 5 content bytes; inside, a SEQUENCE claims 16.
    .init(
        name: "ReceiptAttribute length past the end of the SET", bytes: [0x31, 0x05, 0x30, 0x10, 0x02, 0x01, 0x02],
        code: "der.lengthPastEnd", message: "ReceiptAttribute at byte 2"),
    .init(
        // Apple receipt rule (required-attributes): 2, 3, 4, 5 and 12, one case each.
        name: "missing bundle id (2)", bytes: SyntheticReceipt.payload(adding: [], except: [2]),
        code: "payload.structure", message: "missing attribute 2 (bundle id)"),
    .init(
        name: "missing app version (3)", bytes: SyntheticReceipt.payload(adding: [], except: [3]),
        code: "payload.structure", message: "missing attribute 3 (app version)"),
    .init(
        name: "missing opaque value (4)", bytes: SyntheticReceipt.payload(adding: [], except: [4]),
        code: "payload.structure", message: "missing attribute 4 (opaque value)"),
    .init(
        name: "missing SHA-1 hash (5)", bytes: SyntheticReceipt.payload(adding: [], except: [5]),
        code: "payload.structure", message: "missing attribute 5 (SHA-1 hash)"),
    .init(
        name: "missing creation date (12)", bytes: SyntheticReceipt.payload(adding: [], except: [12]),
        code: "payload.structure", message: "missing attribute 12 (creation date)"),
    .init(name: "empty payload SET", bytes: [0x31, 0x00], code: "payload.structure", message: "missing attribute 2"),
    .init(
        name: "in-app value is a SEQUENCE, not a SET", bytes: withInApp(DERBuilder.sequence(inAppCore)),
        code: "payload.structure", message: "in-app purchase at byte"),
    .init(name: "in-app value is empty", bytes: withInApp([]), code: "payload.structure", message: "found no bytes"),
    .init(
        name: "in-app value has bytes after its SET", bytes: withInApp(DERBuilder.set(inAppCore) + [0x05, 0x00]),
        code: "der.trailingBytes", message: "in-app purchase at byte"),
    .init(
        name: "in-app attribute is not a SEQUENCE",
        bytes: withInApp(DERBuilder.set(inAppCore + [DERBuilder.utf8("x")])),
        code: "payload.structure", message: "expected ReceiptAttribute SEQUENCE, found UTF8String"),
    .init(
        name: "in-app attribute with an extra field",
        bytes: withInApp(
            DERBuilder.set(
                inAppCore + [
                    DERBuilder.sequence([
                        DERBuilder.integer(1799), DERBuilder.integer(1),
                        DERBuilder.octets([]), DERBuilder.octets([]),
                    ])
                ])),
        code: "payload.structure", message: "unexpected extra field"),
    .init(
        name: "in-app without product id (1702)", bytes: withInApp(DERBuilder.set([inAppCore[1], inAppCore[2]])),
        code: "payload.structure", message: "missing attribute 1702 (product id)"),
    .init(
        name: "in-app without transaction id (1703)", bytes: withInApp(DERBuilder.set([inAppCore[0], inAppCore[2]])),
        code: "payload.structure", message: "missing attribute 1703 (transaction id)"),
    .init(
        name: "in-app without purchase date (1704)", bytes: withInApp(DERBuilder.set([inAppCore[0], inAppCore[1]])),
        code: "payload.structure", message: "missing attribute 1704 (purchase date)"),
]

@Suite("Payload structure")
struct PayloadStructureTests {
    @Test("malformed payloads are rejected with a named code", arguments: malformedPayloads)
    func rejects(_ bad: MalformedPayload) throws {
        let error = try #require(parseError(bad.bytes))
        #expect(error.code == bad.code)
        #expect(error.message.contains(bad.message), "message: \(error.message)")
        #expect(error.offset >= 0 && error.offset <= bad.bytes.count)
    }

    // X.690 §11.6: SET OF order is deliberately not required of the payload (Xcode receipts are unsorted).
    @Test("attributes in any order (Xcode receipts are not DER-sorted)")
    func anyOrder() throws {
        let attributes =
            required + [
                SyntheticReceipt.inApp(product: "p", transaction: "1", purchase: "2024-01-01T00:00:00Z"),
                DERBuilder.attribute(0, DERBuilder.utf8("Xcode")),
            ]
        let forward = try SyntheticReceipt.parse(SyntheticReceipt.payload(attributes))
        let backward = try SyntheticReceipt.parse(SyntheticReceipt.payload(attributes.reversed()))
        #expect(forward.bundleId == backward.bundleId)
        #expect(forward.environment == .xcode && backward.environment == .xcode)
        #expect(forward.rawAttributes.map(\.type) == [2, 3, 4, 5, 12, 17, 0])
        #expect(backward.rawAttributes.map(\.type) == [0, 17, 12, 5, 4, 3, 2])
    }

    @Test("unknown types are kept raw, repeats included, in file order")
    func unknownTypesKept() throws {
        let unknown: [[UInt8]] = [
            DERBuilder.attribute(99, DERBuilder.utf8("a")),
            DERBuilder.attribute(24, [0xFF]),  // not valid DER inside: unknown values are never read
            DERBuilder.attribute(99, version: 7, DERBuilder.integer(3)),
            DERBuilder.attribute(-5, []),
            DERBuilder.attribute(Int64.max, [1, 2]),
        ]
        let payload = SyntheticReceipt.payload(adding: unknown)
        let receipt = try SyntheticReceipt.parse(payload)
        let kept = receipt.rawAttributes.filter { ![2, 3, 4, 5, 12].contains($0.type) }
        #expect(kept.map(\.type) == [99, 24, 99, -5, Int64.max])
        #expect(kept.map(\.version) == [1, 1, 7, 1, 1])
        #expect(kept.map { Array($0.value) } == [DERBuilder.utf8("a"), [0xFF], DERBuilder.integer(3), [], [1, 2]])
        // Offsets point at each SEQUENCE; value indices are payload offsets.
        for attribute in receipt.rawAttributes {
            #expect(payload[attribute.offset] == 0x30)
            #expect(Array(payload[attribute.value.startIndex..<attribute.value.endIndex]) == Array(attribute.value))
        }
    }

    @Test("unknown in-app types are kept raw, repeats included")
    func unknownInAppTypesKept() throws {
        let extra = [DERBuilder.attribute(1799, [1]), DERBuilder.attribute(1799, [2]), DERBuilder.attribute(1723, [])]
        let receipt = try SyntheticReceipt.parse(
            SyntheticReceipt.payload(adding: [
                SyntheticReceipt.inApp(product: "p", transaction: "1", purchase: "2024-01-01T00:00:00Z", extra: extra)
            ]))
        let purchase = try #require(receipt.inAppPurchases.first)
        #expect(purchase.rawAttributes.map(\.type) == [1701, 1702, 1703, 1704, 1799, 1799, 1723])
    }

    // X.690 §10.1: one- and two-octet long lengths, read straight from the bytes, decode as short ones do.
    @Test("in-app identifiers with long-form lengths decode, lazily and in full")
    func longFormLengths() throws {
        let records = [1, 127, 128, 255, 256, 300].map {
            SyntheticReceipt.inApp(
                product: String(repeating: "p", count: $0), transaction: String(repeating: "7", count: $0),
                purchase: "2024-01-01T00:00:00Z", extra: [DERBuilder.attribute(1714, DERBuilder.utf8("x\($0)"))])
        }
        let receipt = try SyntheticReceipt.parse(SyntheticReceipt.payload(adding: records))
        #expect(receipt.inAppPurchases.map(\.productId.count) == [1, 127, 128, 255, 256, 300])
        #expect(receipt.inAppPurchases.map(\.transactionId.count) == [1, 127, 128, 255, 256, 300])
        #expect(receipt.inAppPurchases.map(\.attribute1714) == ["x1", "x127", "x128", "x255", "x256", "x300"])
        #expect(
            receipt.inAppPurchases.allSatisfy { $0.originalTransactionId == nil && $0.attribute1715 == nil })
    }

    @Test("type 17 repeats; in-app records keep file order")
    func inAppRepeats() throws {
        let records = (0..<5).map {
            SyntheticReceipt.inApp(product: "p\($0)", transaction: "\($0)", purchase: "2024-01-01T00:00:0\($0)Z")
        }
        let receipt = try SyntheticReceipt.parse(SyntheticReceipt.payload(adding: records))
        #expect(receipt.inAppPurchases.map(\.productId) == ["p0", "p1", "p2", "p3", "p4"])
        #expect(receipt.inAppPurchases.map(\.offset) == receipt.rawAttributes.filter { $0.type == 17 }.map(\.offset))
    }

    @Test("an in-app record at Limits.maxInAppAttributes is accepted, one more is rejected")
    func inAppLimit() throws {
        let filler = (0..<(Limits.maxInAppAttributes - 3)).map { _ in DERBuilder.attribute(1799, []) }
        let atLimit = withInApp(DERBuilder.set(inAppCore + filler))
        #expect(
            try SyntheticReceipt.parse(atLimit).inAppPurchases.first?.rawAttributes.count == Limits.maxInAppAttributes)
        let overLimit = withInApp(DERBuilder.set(inAppCore + filler + [DERBuilder.attribute(1799, [])]))
        let error = try #require(parseError(overLimit))
        #expect(error.code == "limit.count")
        #expect(error.message.contains("Limits.maxInAppAttributes"))
    }
}
