// dump: an annotated ASN.1 tree of a receipt — offsets, header and content lengths, tags, decoded
// primitive values, and receipt attribute names where a SEQUENCE { type, version, value } appears.
// Reads BER (Xcode receipts use indefinite lengths) and descends into OCTET STRINGs whose content
// is itself DER (the receipt payload and the attribute values).

import Foundation
import PureDER
import PureReceipt

enum DumpCommand {
    static func run(_ arguments: [String]) -> Int32 {
        DecodingCommand.run(
            arguments, command: "dump",
            signedData: { input, signed, json in
                json ? DumpJSON.signedData(signed) : SignedDataReport.dump(input, signed)
            },
            legacy: { input, json in json ? DumpJSON.legacy(input) : LegacyCommand.dump(input) },
            appReceipt: { bytes, _, _, json in
                if json { return DumpJSON.appReceipt(bytes) }
                var dumper = Dumper()
                // Columns: offset (6, right-aligned), header length (3), content length (6, right-aligned).
                print("offset  hdr   len  structure")
                do throws(DERError) {
                    let cursor = try DERCursor(bytes, rules: .ber)
                    try dumper.dump(cursor, indent: 0, attributeContext: nil)
                } catch {
                    print(dumper.output, terminator: "")
                    notWellFormed(VerificationError(.malformed, code: error.code, message: "\(error)"), json: false)
                }
                print(dumper.output, terminator: "")
                return ExitCode.genuine
            })
    }
}

struct Dumper {
    var output = ""
    /// For dump --json: the document being written (DumpJSON.swift), instead of `output`.
    var json: JSONWriter?

    /// Known OIDs, for annotations.
    static let oidNames: [String: String] = [
        "1.2.840.113549.1.7.1": "id-data", "1.2.840.113549.1.7.2": "id-signedData",
        "1.2.840.113549.1.1.1": "rsaEncryption", "1.2.840.113549.1.1.5": "sha1WithRSAEncryption",
        "1.2.840.113549.1.1.11": "sha256WithRSAEncryption", "1.2.840.113549.1.1.12": "sha384WithRSAEncryption",
        "1.2.840.113549.1.1.13": "sha512WithRSAEncryption", "1.3.14.3.2.26": "sha1",
        "2.16.840.1.101.3.4.2.1": "sha256", "2.16.840.1.101.3.4.2.2": "sha384", "2.16.840.1.101.3.4.2.3": "sha512",
        "1.2.840.113549.1.9.3": "contentType", "1.2.840.113549.1.9.4": "messageDigest",
        "1.2.840.113549.1.9.5": "signingTime", "1.2.840.113549.1.9.1": "emailAddress",
        "1.2.840.113549.1.1.10": "RSASSA-PSS", "1.2.840.10045.2.1": "ecPublicKey",
        "1.2.840.10045.4.3.2": "ecdsa-with-SHA256", "1.2.840.10045.4.3.3": "ecdsa-with-SHA384",
        "1.3.6.1.5.5.7.1.1": "authorityInfoAccess", "2.5.4.3": "commonName", "2.5.4.6": "countryName",
        "2.5.4.10": "organizationName", "2.5.4.11": "organizationalUnitName", "2.5.29.19": "basicConstraints",
        "2.5.29.15": "keyUsage", "2.5.29.14": "subjectKeyIdentifier", "2.5.29.35": "authorityKeyIdentifier",
        "2.5.29.32": "certificatePolicies", "2.5.29.31": "cRLDistributionPoints", "2.5.29.37": "extKeyUsage",
        "1.2.840.113635.100.6.11.1": "Apple receipt-signing leaf marker",
        "1.2.840.113635.100.6.2.1": "Apple WWDR intermediate marker",
    ]

    /// Attribute context: nil outside the payload, or whether we are inside an in-app purchase set.
    mutating func dump(_ cursor: DERCursor, indent: Int, attributeContext: String?) throws(DERError) {
        var cursor = cursor
        while !cursor.isAtEnd {
            let element = try cursor.readElement()
            var note = ""
            var attribute: (type: Int64, name: String)?
            if element.tag == .sequence, let type = Dumper.receiptAttributeType(element) {
                let name = InspectCommand.attributeName(type, inApp: type >= 1700)
                note = "  ReceiptAttribute type \(type): \(name)"
                attribute = (type, name)
            }
            if json != nil {
                jsonElement(element, depth: indent, attribute: attribute, value: primitiveNote(element))
            } else {
                let length = element.isIndefinite ? "inf" : String(element.contentRange.count)
                line(
                    element.start, header: element.headerLength, length: length, indent: indent,
                    element.tag.description + note + primitiveNote(element))
            }
            if element.tag.isConstructed {
                try dump(element.content, indent: indent + 1, attributeContext: attributeContext)
                // The end-of-contents octets of an indefinite length.
                if element.isIndefinite, json != nil {
                    jsonPiece(offset: element.end - 2, header: 2, length: 0, depth: indent, tag: "end-of-contents")
                } else if element.isIndefinite {
                    line(element.end - 2, header: 2, length: "0", indent: indent, "end-of-contents")
                }
            } else if element.tag == .octetString, !element.contentRange.isEmpty,
                let inner = Dumper.nestedDER(element)
            {
                // eContent and attribute values hold DER; raw attributes (4–7) are shown as bytes.
                try dump(inner, indent: indent + 1, attributeContext: attributeContext)
            }
        }
    }

    /// `SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }` → type, else nil.
    static func receiptAttributeType(_ element: DERElement) -> Int64? {
        var content = element.content
        guard let type = try? content.readInt64("type"), (try? content.readInt64("version")) != nil,
            (try? content.readOctetString("value")) != nil, content.isAtEnd,
            (0...32).contains(type) || (1701...1799).contains(type)
        else { return nil }
        return type
    }

    /// A cursor over the OCTET STRING's content when that content is exactly one DER SET, SEQUENCE
    /// or string element (so opaque values are not misread), else nil.
    static func nestedDER(_ element: DERElement) -> DERCursor? {
        guard
            let cursor = try? DERCursor(
                bytes: element.bytes, range: element.contentRange, rules: .der,
                depth: element.depth + 1)
        else { return nil }
        var probe = cursor
        guard let inner = try? probe.readElement(), probe.isAtEnd else { return nil }
        let isStructured = inner.tag == .set || inner.tag == .sequence
        let isValue = [DERTag.utf8String, .ia5String, .integer].contains(inner.tag)
        guard isStructured || isValue, (try? cursor.walk { _ in }) != nil else { return nil }
        return cursor
    }

    func primitiveNote(_ element: DERElement) -> String {
        guard !element.tag.isConstructed else { return "" }
        guard var cursor = DERCursorFactory.single(element) else { return "" }
        switch element.tag {
        case .integer:
            if let value = try? cursor.readInt64("INTEGER") { return " \(value)" }
            return " (\(element.contentRange.count) bytes)"
        case .objectIdentifier:
            guard let oid = try? cursor.readOID("OID") else { return "" }
            let text = oid.description
            return " \(text)" + (Dumper.oidNames[text].map { " (\($0))" } ?? "")
        case .utf8String, .ia5String, .printableString, .t61String, .bmpString:
            guard let string = try? cursor.readString("string") else { return "" }
            return " \"\(String(string.value.prefix(80)).displayEscaped)\""
        case .utcTime, .generalizedTime:
            guard let time = try? cursor.readTime("time") else { return "" }
            return " \(time)"
        case .boolean:
            return element.contentBytes.first.map { $0 == 0 ? " FALSE" : " TRUE" } ?? ""
        case .octetString, .bitString:
            let shown = TextReport.hex(element.contentBytes.prefix(16))
            return " " + shown + (element.contentRange.count > 16 ? "…" : "")
        default:
            return ""
        }
    }

    /// One line: offset, header length (at most 6: one digit), content length ("inf": indefinite),
    /// then `text` indented.
    mutating func line(_ offset: Int, header: Int, length: String, indent: Int, _ text: String) {
        output +=
            TextReport.padLeft(String(offset), 6) + "  " + TextReport.pad(String(header), 3)
            + TextReport.padLeft(length, 6) + indentText(indent) + text + "\n"
        flushIfLarge()
    }

    /// Streams: the dump of a large receipt is written in pieces of about 64 KiB, never held whole.
    mutating func flushIfLarge() {
        guard output.utf8.count >= 1 << 16 else { return }
        print(output, terminator: "")
        output = ""
    }

    func indentText(_ indent: Int) -> String { "  " + String(repeating: "  ", count: indent) }
}

/// A cursor positioned at one element, for re-reading it with the typed decoders.
enum DERCursorFactory {
    static func single(_ element: DERElement) -> DERCursor? {
        try? DERCursor(
            bytes: element.bytes, range: element.start..<element.end, rules: element.rules,
            depth: element.depth)
    }
}
