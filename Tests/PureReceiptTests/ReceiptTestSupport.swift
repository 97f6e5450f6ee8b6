// Test support for the receipt payload and query tests: a tiny DER encoder for synthetic
// payloads, builders for typical receipts, and access to the shared real-receipt corpus.
//
// The encoder writes definite minimal lengths and minimal INTEGERs; it never sorts SET
// elements, so tests control the order. It is test-only and deliberately trusts its input.

import Foundation
import PureDER
import PureReceipt
import PureReceiptTestSupport

/// Builds DER encodings for synthetic payloads.
enum DERBuilder {
    static func length(_ count: Int) -> [UInt8] { TestDER.length(count) }

    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { TestDER.tlv(tag, content) }

    /// Minimal two's-complement INTEGER.
    static func integer(_ value: Int64) -> [UInt8] {
        var octets: [UInt8] = []
        var rest = value
        repeat {
            octets.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        } while !(rest == 0 && octets[0] < 0x80) && !(rest == -1 && octets[0] >= 0x80)
        return tlv(0x02, octets)
    }

    /// Minimal non-negative INTEGER for values up to 2^64 − 1.
    static func unsigned(_ value: UInt64) -> [UInt8] {
        var octets: [UInt8] = []
        var rest = value
        repeat {
            octets.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        } while rest != 0
        if octets[0] >= 0x80 { octets.insert(0, at: 0) }
        return tlv(0x02, octets)
    }

    static func utf8(_ text: String) -> [UInt8] { tlv(0x0C, Array(text.utf8)) }
    static func ia5(_ text: String) -> [UInt8] { tlv(0x16, Array(text.utf8)) }
    static func octets(_ bytes: [UInt8]) -> [UInt8] { tlv(0x04, bytes) }
    static func sequence(_ parts: [[UInt8]]) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
    static func set(_ parts: [[UInt8]]) -> [UInt8] { tlv(0x31, parts.flatMap { $0 }) }

    /// A ReceiptAttribute whose value is `value` verbatim.
    static func attribute(_ type: Int64, version: Int64 = 1, _ value: [UInt8]) -> [UInt8] {
        sequence([integer(type), integer(version), octets(value)])
    }
}

/// Synthetic receipts: the five required attributes plus whatever a test adds, in the given order.
enum SyntheticReceipt {
    static let bundleID = "com.example.app"
    static let creation = "2024-03-01T12:00:00Z"
    static let opaque: [UInt8] = Array(0x10...0x1F)
    static let hash: [UInt8] = Array(0xA0...0xB3)

    /// The required attributes 2, 3, 4, 5, 12 in that order, leaving out the types in `except`.
    static func requiredAttributes(creation: String = creation, except: Set<Int64> = []) -> [[UInt8]] {
        let all: [(Int64, [UInt8])] = [
            (2, DERBuilder.attribute(2, DERBuilder.utf8(bundleID))),
            (3, DERBuilder.attribute(3, DERBuilder.utf8("42"))),
            (4, DERBuilder.attribute(4, version: 2, opaque)),
            (5, DERBuilder.attribute(5, hash)),
            (12, DERBuilder.attribute(12, DERBuilder.ia5(creation))),
        ]
        return all.filter { !except.contains($0.0) }.map(\.1)
    }

    static func payload(_ attributes: [[UInt8]]) -> [UInt8] { DERBuilder.set(attributes) }

    /// A payload of the required attributes (minus `except`), then `extra`.
    static func payload(adding extra: [[UInt8]], creation: String = creation, except: Set<Int64> = []) -> [UInt8] {
        payload(requiredAttributes(creation: creation, except: except) + extra)
    }

    /// A type-17 attribute with the usual in-app fields; nil fields are left out, "" writes an
    /// empty IA5String.
    static func inApp(
        product: String, transaction: String, original: String? = nil,
        purchase: String, expires: String? = nil, cancelled: String? = nil,
        type: Int64? = nil, extra: [[UInt8]] = []
    ) -> [UInt8] {
        var fields: [[UInt8]] = [
            DERBuilder.attribute(1701, DERBuilder.integer(1)),
            DERBuilder.attribute(1702, DERBuilder.utf8(product)),
            DERBuilder.attribute(1703, DERBuilder.utf8(transaction)),
            DERBuilder.attribute(1704, DERBuilder.ia5(purchase)),
        ]
        if let original { fields.append(DERBuilder.attribute(1705, DERBuilder.utf8(original))) }
        if let type { fields.append(DERBuilder.attribute(1707, DERBuilder.integer(type))) }
        if let expires { fields.append(DERBuilder.attribute(1708, DERBuilder.ia5(expires))) }
        if let cancelled { fields.append(DERBuilder.attribute(1712, DERBuilder.ia5(cancelled))) }
        return DERBuilder.attribute(17, DERBuilder.set(fields + extra))
    }

    /// Parses a synthetic payload, failing the test on error.
    static func parse(_ payload: [UInt8]) throws -> AppReceipt {
        try AppReceipt.parse(payload: payload)
    }
}

/// Parses a payload and returns the error it throws, or nil if it parsed.
func parseError(_ payload: [UInt8]) -> ReceiptError? {
    do {
        _ = try AppReceipt.parse(payload: payload)
        return nil
    } catch {
        return error
    }
}

/// An instant from RFC 3339 text, computed with Foundation (independently of the library's
/// date parser). Accepts `Z`, `±hh:mm` and `±hhmm` offsets.
func instant(_ text: String) -> Instant {
    var normalized = text
    if let sign = normalized.lastIndex(where: { $0 == "+" || $0 == "-" }),
        normalized.distance(from: sign, to: normalized.endIndex) == 5
    {
        normalized.insert(":", at: normalized.index(sign, offsetBy: 3))
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: normalized) else {
        preconditionFailure("test date \(text) does not parse")  // test input, not library input
    }
    return Instant(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()))
}

/// The shared real-receipt corpus (`../shared/corpus` next to the package), read in place.
enum Corpus {
    static let directory = PackageFiles.corpus("receipts")

    static var isAvailable: Bool { PackageFiles.exists(directory) }

    /// Every non-negative `.der` receipt in the corpus, sorted by name.
    static func receiptNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".der") && !$0.contains("NEGATIVE") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        try PackageFiles.bytes(directory.appendingPathComponent(name))
    }

    /// The payload (eContent) of a receipt file. Test-only extractor, PureDER in BER mode:
    /// ContentInfo { contentType, [0] SignedData { version, digestAlgorithms,
    /// EncapsulatedContentInfo { eContentType, [0] OCTET STRING (primitive or constructed) } } }.
    static func payload(_ name: String) throws -> [UInt8] {
        var top = try DERCursor(try bytes(name), rules: .ber)
        var contentInfo = try top.readSequence("ContentInfo")
        _ = try contentInfo.readElement(.objectIdentifier, "contentType")
        var explicit = try contentInfo.read(.contextConstructed(0), "content")
        var signedData = try explicit.readSequence("SignedData")
        _ = try signedData.readElement(.integer, "version")
        _ = try signedData.readElement(.set, "digestAlgorithms")
        var encap = try signedData.readSequence("EncapsulatedContentInfo")
        _ = try encap.readElement(.objectIdentifier, "eContentType")
        var eContent = try encap.read(.contextConstructed(0), "eContent")
        return try eContent.readOctetStringSegments("eContent").concatenated()
    }
}

/// Lowercase hex of bytes.
func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}
