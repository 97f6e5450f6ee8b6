// DistinguishedName: an X.501 Name as RFC 5280 §4.1.2.4 profiles it, kept as its raw DER bytes.
//
// Accepts: the rdnSequence choice; each RelativeDistinguishedName a non-empty SET of
// AttributeTypeAndValue; each of those an OBJECT IDENTIFIER followed by exactly one element of any
// type; at most `Limits.maxNameComponents` RDNs and attributes in total, and at most
// `Limits.maxNameBytes` bytes of encoding.
// Comparison: byte equality of the whole Name TLV. RFC 5280 §7.1 describes a comparison after
// case folding and whitespace normalisation (RFC 4518); we do not implement it: certificate
// chaining here requires the issuer field of a certificate to be byte-identical to its issuer's
// subject field, which every CA in scope (Apple's, OpenSSL's, the Debian roots') writes.
// Does not check: attribute value types or their character repertoires (values are only
// rendered, tolerantly: unknown types dotted, undecodable values as `#hex`), SET OF ordering
// inside a multi-valued RDN.
//
// Name ::= CHOICE { -- only one possibility for now --
//   rdnSequence  RDNSequence }
// RDNSequence ::= SEQUENCE OF RelativeDistinguishedName
// RelativeDistinguishedName ::= SET SIZE (1..MAX) OF AttributeTypeAndValue
// AttributeTypeAndValue ::= SEQUENCE {
//   type     AttributeType,
//   value    AttributeValue }

import PureDER

/// A distinguished name, held as the bytes of its DER encoding.
public struct DistinguishedName: Sendable, Hashable, CustomStringConvertible {
    /// The whole Name TLV. `==` and hashing use these bytes only.
    public let derEncoded: ArraySlice<UInt8>

    /// Reads and validates one Name at the cursor.
    static func read(from cursor: inout DERCursor, _ context: String) throws(DERError) -> DistinguishedName {
        let element = try cursor.readElement(.sequence, context)
        guard element.encodedBytes.count <= Limits.maxNameBytes else {
            throw DERError(.inputTooLarge, at: element.start, "\(context): name over Limits.maxNameBytes")
        }
        var rdns = element.content
        var components = 0
        while !rdns.isAtEnd {
            // RFC 5280 §4.1.2.4: RelativeDistinguishedName ::= SET SIZE (1..MAX) OF AttributeTypeAndValue
            let rdnStart = rdns.offset
            var attributes = try rdns.read(.set, "\(context): RelativeDistinguishedName")
            guard !attributes.isAtEnd else {
                throw DERError(.invalidValue, at: rdnStart, "\(context): empty RelativeDistinguishedName")
            }
            while !attributes.isAtEnd {
                components += 1
                guard components <= Limits.maxNameComponents else {
                    throw DERError(.tooMany, at: attributes.offset, "\(context): name components")
                }
                var pair = try attributes.readSequence("\(context): AttributeTypeAndValue")
                _ = try pair.readOID("\(context): AttributeType")
                _ = try pair.readElement()
                try pair.expectEnd("\(context): AttributeTypeAndValue")
            }
        }
        return DistinguishedName(derEncoded: element.encodedBytes)
    }

    /// Wraps already validated bytes.
    private init(derEncoded: ArraySlice<UInt8>) {
        self.derEncoded = derEncoded
    }

    /// Most characters of a rendered name; a longer rendering is cut and ends in "…". Names are
    /// attacker-sized (a certificate may carry a megabyte of name): messages carry a bounded part.
    public static let maxRendered = 256

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
        switch type {
        case OID(2, 5, 4, 3): return "CN"
        case OID(2, 5, 4, 5): return "serialNumber"
        case OID(2, 5, 4, 6): return "C"
        case OID(2, 5, 4, 7): return "L"
        case OID(2, 5, 4, 8): return "ST"
        case OID(2, 5, 4, 9): return "STREET"
        case OID(2, 5, 4, 10): return "O"
        case OID(2, 5, 4, 11): return "OU"
        case OID(1, 2, 840, 113_549, 1, 9, 1): return "emailAddress"
        case OID(0, 9, 2342, 19_200_300, 100, 1, 25): return "DC"
        case OID(0, 9, 2342, 19_200_300, 100, 1, 1): return "UID"
        default: return type.description
        }
    }

    /// A string value decoded for its type (RFC 4514 §2.4 escaping of the special characters), or
    /// `#` and the hex of the element when it is not a valid character string; at most about
    /// `limit` characters of either.
    private static func renderValue(_ value: DERElement, limit: Int) -> String {
        guard value.tag.tagClass == .universal, !value.tag.isConstructed,
            let text = DERCursor.decodeString(number: value.tag.number, value.contentBytes)
        else { return "#" + hex(value.encodedBytes.prefix(limit / 2)) }
        var escaped = ""
        for character in text.prefix(limit) {
            if ",+\"\\<>;=".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

extension String {
    /// This text cut to `limit` characters, ending in "…" when it was longer.
    func truncated(to limit: Int) -> String {
        count <= limit ? self : String(prefix(limit)) + "…"
    }
}

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
