// OBJECT IDENTIFIER (X.690 §8.19): compared by raw content octets (the dotted rendering for
// messages is ObjectIdentifierRendering.swift).
//
// Accepts: non-empty contents whose sub-identifiers are minimally encoded (no leading 0x80 octet),
// end on an octet with bit 8 clear, fit in 63 bits, and number at most `Limits.maxOIDComponents`.

/// An object identifier, held as its DER content octets (what equality and hashing use).
public struct OID: Sendable, Hashable {
    /// The DER content octets (base-128 sub-identifiers, without tag and length).
    public let contentBytes: [UInt8]

    /// An OID from its content octets, validated.
    public init(contentBytes: [UInt8], at offset: Int = 0) throws(DERError) {
        try OID.validate(contentBytes[...], at: offset)
        self.contentBytes = contentBytes
    }

    /// An OID from dotted components, for constants written in source (e.g. `OID(1, 2, 840, 113549)`).
    /// The first arc must be 0–2 and the second below 40 unless the first is 2.
    public init(_ components: UInt64...) {
        var out: [UInt8] = []
        if components.count >= 2 {
            out += OID.base128(components[0] &* 40 &+ components[1])  // constant input from source code
            for component in components.dropFirst(2) { out += OID.base128(component) }
        }
        contentBytes = out
    }

    private static func base128(_ value: UInt64) -> [UInt8] {
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        return groups.reversed()
    }

    /// X.690 §8.19.2: each sub-identifier "shall be encoded in the fewest possible octets", i.e. the
    /// leading octet shall not be 0x80; the last octet of each has bit 8 clear.
    static func validate(_ content: ArraySlice<UInt8>, at offset: Int) throws(DERError) {
        guard !content.isEmpty else { throw DERError(.invalidValue, at: offset, "OBJECT IDENTIFIER: empty") }
        var startOfSubidentifier = true
        var octetsInSubidentifier = 0
        var components = 1  // the first sub-identifier holds two arcs
        for byte in content {
            if startOfSubidentifier && byte == 0x80 {
                throw DERError(.invalidValue, at: offset, "OBJECT IDENTIFIER: non-minimal sub-identifier")
            }
            octetsInSubidentifier += 1
            guard octetsInSubidentifier <= 9 else {
                throw DERError(.invalidValue, at: offset, "OBJECT IDENTIFIER: sub-identifier too large")
            }
            startOfSubidentifier = byte & 0x80 == 0
            if startOfSubidentifier {
                octetsInSubidentifier = 0
                components += 1
                guard components <= Limits.maxOIDComponents else {
                    throw DERError(.tooMany, at: offset, "OBJECT IDENTIFIER components")
                }
            }
        }
        guard startOfSubidentifier else {
            throw DERError(.invalidValue, at: offset, "OBJECT IDENTIFIER: last sub-identifier unterminated")
        }
    }

    /// True when `bytes` equals this OID's content octets (no allocation).
    public func matches(_ bytes: ArraySlice<UInt8>) -> Bool { bytes.elementsEqual(contentBytes) }
}

extension DERCursor {
    /// Reads an OBJECT IDENTIFIER.
    public mutating func readOID(_ what: @autoclosure Context) throws(DERError) -> OID {
        let element = try readElement(.objectIdentifier, what())
        return try OID(contentBytes: Array(element.contentBytes), at: element.start)
    }
}
