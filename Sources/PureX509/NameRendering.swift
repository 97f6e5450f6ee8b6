// NameRendering: a distinguished name, and the kind of a certified key, as text for messages and
// reports (presentation: names are compared as DER bytes in DistinguishedName.swift and keys as
// values, never as this text). RFC 4514-style, most specific RDN first, bounded: unknown attribute
// types dotted, undecodable values as `#hex`.

import PureCrypto
import PureDER

extension DistinguishedName: CustomStringConvertible {
    /// Most characters of a rendered name; a longer rendering is cut and ends in "…". Names are
    /// attacker-sized (a certificate may carry a megabyte of name): messages carry a bounded part.
    public static let maxRendered = maxDisplayedCharacters

    /// RFC 4514-style rendering, most specific RDN first: "CN=…, OU=…, O=…, C=…", at most
    /// `maxRendered` characters, with control and bidi characters then escaped (`displayEscaped`).
    /// For messages only; never compared. Rendered on each call: keep the name, not the text.
    public var description: String {
        let limit = DistinguishedName.maxRendered
        guard let rdns = try? DistinguishedName.renderedRDNs(Array(derEncoded), limit: limit) else {
            return ("#" + hex(derEncoded.prefix(limit / 2))).truncated(to: limit)
        }
        return rdns.reversed().joined(separator: ", ").truncated(to: limit).displayEscaped
    }

    /// The RDNs in encoding order, each rendered as `type=value` joined by "+", each value at most
    /// `limit` characters.
    private static func renderedRDNs(_ bytes: [UInt8], limit: Int) throws(DERError) -> [String] {
        var outer = try DERCursor(bytes)
        var rdns = try outer.readSequence("Name")
        var rendered: [String] = []
        while !rdns.isAtEnd {
            var attributes = try rdns.read(.set, "RDN")
            var parts: [String] = []
            while !attributes.isAtEnd {
                var pair = try attributes.readSequence("AttributeTypeAndValue")
                let type = try pair.readOID("AttributeType")
                let value = try pair.readElement()
                parts.append("\(shortName(type))=\(renderValue(value, limit: limit))")
            }
            rendered.append(parts.joined(separator: "+"))
        }
        return rendered
    }

    /// RFC 4514 §3 short names for common attribute types; others dotted.
    private static func shortName(_ type: OID) -> String {
        shortNames.first { $0.type == type }?.name ?? type.description
    }

    /// The attribute types with a short name, built once (an `OID` per comparison cost the most).
    private static let shortNames: [(type: OID, name: String)] = [
        (OID(2, 5, 4, 3), "CN"), (OID(2, 5, 4, 5), "serialNumber"), (OID(2, 5, 4, 6), "C"), (OID(2, 5, 4, 7), "L"),
        (OID(2, 5, 4, 8), "ST"), (OID(2, 5, 4, 9), "STREET"), (OID(2, 5, 4, 10), "O"), (OID(2, 5, 4, 11), "OU"),
        (OID(1, 2, 840, 113_549, 1, 9, 1), "emailAddress"), (OID(0, 9, 2342, 19_200_300, 100, 1, 25), "DC"),
        (OID(0, 9, 2342, 19_200_300, 100, 1, 1), "UID"),
    ]

    /// A string value decoded for its type (RFC 4514 §2.4 escaping of the special characters), or
    /// `#` and the hex of the element when it is not a valid character string; at most about
    /// `limit` characters of either.
    private static func renderValue(_ value: DERElement, limit: Int) -> String {
        guard value.tag.tagClass == .universal, !value.tag.isConstructed,
            let text = DERCursor.decodeString(number: value.tag.number, value.contentBytes)
        else { return "#" + hex(value.encodedBytes.prefix(limit / 2)) }
        // ASCII within the limit (the usual value): the same escaping, done on bytes (the special
        // characters are ASCII, and ASCII joins no grapheme a special character belongs to).
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count * 2)
            for byte in text.utf8 {
                if specialBytes.contains(byte) { bytes.append(0x5C) }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var escaped = ""
        for character in text.prefix(limit) {
            if ",+\"\\<>;=".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

/// The characters RFC 4514 §2.4 escapes with a backslash, as bytes.
private let specialBytes: [UInt8] = Array(",+\"\\<>;=".utf8)

/// Lower-case hex of `bytes`, for messages.
func hex(_ bytes: ArraySlice<UInt8>) -> String {
    let digits: [Character] = Array("0123456789abcdef")
    var text = ""
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return text
}

extension PublicKey {
    /// A short description for messages, e.g. "RSA-2048" or "EC P-256".
    public var description: String {
        switch self {
        case .rsa(let key): return "RSA-\(key.modulusBitCount)"
        case .ec(let key): return "EC \(key.curve.name)"
        }
    }
}
