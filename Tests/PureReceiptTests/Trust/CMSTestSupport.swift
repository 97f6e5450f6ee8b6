// Shared helpers of the CMS suites: where the corpus and the vectors are, a date reader for test
// tables, a tiny DER writer/splitter to build variants of real structures, and the receipt
// creation date read out of a payload (the payload parser lives in a later layer; tests of the
// CMS layer need only attribute 12).

import Foundation
import PureDER
import PureReceiptTestSupport

@testable import PureX509

enum CMSFixtures {
    /// The real-receipt corpus next to the package (`../shared/corpus`); never copied into the project.
    static let receipts = PackageFiles.corpus("receipts")
    static let certs = PackageFiles.corpus("certs")
    /// The project's own synthetic receipts.
    static let vectorReceipts = PackageFiles.vector("receipts")
    static let vectorPKI = PackageFiles.vector("pki")

    static var corpusAvailable: Bool { PackageFiles.exists(receipts) }
    static var vectorsAvailable: Bool {
        PackageFiles.exists(vectorReceipts.appendingPathComponent("expectations.json"))
    }

    static func read(_ url: URL) throws -> [UInt8] { try PackageFiles.bytes(url) }
    static func receipt(_ name: String) throws -> [UInt8] { try read(receipts.appendingPathComponent(name)) }
    static func vector(_ name: String) throws -> [UInt8] { try read(vectorReceipts.appendingPathComponent(name)) }

    /// `YYYY-MM-DDTHH:MM:SS` with optional `.fff`, then `Z`, `±hhmm` or `±hh:mm`, as a DERTime (UTC).
    static func time(_ text: String) -> DERTime? {
        let scalars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= scalars.count else { return nil }
            var value: Int64 = 0
            for byte in scalars[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            CivilDate(year: year, month: month, day: day).isValid, hour < 24,
            minute < 60, second < 60
        else { return nil }
        var index = 19
        if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
            index += 1
            while index < scalars.count, scalars[index] >= 0x30, scalars[index] <= 0x39 { index += 1 }
        }
        var offsetSeconds: Int64 = 0
        if index < scalars.count, scalars[index] != UInt8(ascii: "Z") {
            let sign: Int64 = scalars[index] == UInt8(ascii: "-") ? -1 : 1
            let rest = String(decoding: scalars[(index + 1)...], as: UTF8.self).replacingOccurrences(of: ":", with: "")
            guard rest.count == 4, let hh = Int64(rest.prefix(2)), let mm = Int64(rest.suffix(2)) else { return nil }
            offsetSeconds = sign * (hh * 3600 + mm * 60)
        }
        let days = CivilDate(year: year, month: month, day: day).daysSince1970
        return DERTime(secondsSince1970: days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds)
    }
}

/// A minimal DER writer and splitter for building test variants (definite lengths only).
enum DERBuild {
    static func length(_ count: Int) -> [UInt8] { TestDER.length(count) }
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { TestDER.tlv(tag, content) }
    static func sequence(_ parts: [UInt8]...) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
    static func set(_ parts: [UInt8]...) -> [UInt8] { tlv(0x31, parts.flatMap { $0 }) }
    static func integer(_ value: UInt8) -> [UInt8] { tlv(0x02, [value]) }
    static func oid(_ oid: OID) -> [UInt8] { tlv(0x06, oid.contentBytes) }
    static func octetString(_ bytes: [UInt8]) -> [UInt8] { tlv(0x04, bytes) }
    static let null: [UInt8] = [0x05, 0x00]
    static func algorithm(_ oid: OID, null withNull: Bool = true) -> [UInt8] {
        withNull ? sequence(self.oid(oid), null) : sequence(self.oid(oid))
    }

    /// The content octets of the definite-length element that is all of `bytes`.
    static func content(_ bytes: [UInt8]) -> [UInt8] {
        guard let element = try? DERCursor.single(bytes, rules: .der, "test element") else { return [] }
        return Array(element.contentBytes)
    }

    /// The encodings of the elements inside the definite-length element that is all of `bytes`.
    static func children(_ bytes: [UInt8]) -> [[UInt8]] {
        guard let element = try? DERCursor.single(bytes, rules: .der, "test element") else { return [] }
        var cursor = element.content
        var parts: [[UInt8]] = []
        while !cursor.isAtEnd, let child = try? cursor.readElement() { parts.append(Array(child.encodedBytes)) }
        return parts
    }
}

/// Attribute 12 (receipt creation date) of a receipt payload: SET OF SEQUENCE { type INTEGER,
/// version INTEGER, value OCTET STRING holding an IA5String }.
func receiptCreationDate(payload: [UInt8]) -> String? {
    for attribute in DERBuild.children(payload) {
        let fields = DERBuild.children(attribute)
        guard fields.count == 3, fields[0] == [0x02, 0x01, 0x0C] else { continue }
        let value = DERBuild.content(fields[2])
        return String(decoding: DERBuild.content(value), as: UTF8.self)
    }
    return nil
}

/// Runs `body` and returns the CMSError it throws, or nil if it succeeded.
func cmsError<T>(_ body: () throws(CMSError) -> T) -> CMSError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
