// OpenStepPlist: the subset of the NeXTSTEP/OpenStep ("old-style ASCII") property list that legacy
// transaction receipts use, for the outer receipt and for its purchase-info alike.
//
// Accepts: white space (space, tab, LF, CR) around tokens; `{`, then zero or more
// `"key" = "value";` pairs, then `}`, then only white space. Quoted strings hold any byte ≥ 0x20
// plus tab, LF and CR (real receipts break lines inside values), and the escapes of the old-style
// grammar: `\a \b \f \n \r \t \v \" \\`, octal `\N`, `\NN`, `\NNN` (≤ 0o177: NeXTSTEP-encoded
// bytes above ASCII are refused), and `\U` with 1–4 hex digits (a UTF-16 unit; a surrogate pair
// must be two `\U` escapes in a row). The unescaped string must be UTF-8.
// Refuses, with the byte offset: unquoted strings, arrays, data `<…>`, nested dictionaries,
// comments (real receipts have none), a missing `;`, duplicate keys (compared as bytes), any
// other escape, and the limits of `Limits` (input size, pair count, string length).

import PureDER

/// One key/value pair of a legacy plist dictionary, unescaped.
public struct LegacyPlistEntry: Sendable {
    public let key: String
    public let value: String
    /// Byte offset of the key's opening quote.
    public let offset: Int
}

/// A forward-only reader over `bytes`. Invariant: 0 ≤ offset ≤ bytes.count.
struct OpenStepPlistParser {
    let bytes: [UInt8]
    let part: String
    var offset = 0

    /// Parses a whole input as one dictionary of quoted strings, in file order.
    static func dictionary(_ bytes: [UInt8], part: String) throws(LegacyReceiptError) -> [LegacyPlistEntry] {
        guard bytes.count <= Limits.maxLegacyReceiptBytes else { throw .init(.inputTooLarge, at: 0, in: part) }
        var parser = OpenStepPlistParser(bytes: bytes, part: part)
        try parser.expect(0x7B, "'{'")
        var entries: [LegacyPlistEntry] = []
        var keys = Set<[UInt8]>()
        while try parser.nextByte() != 0x7D {  // }
            let start = parser.offset
            // Limits: pairs per dictionary.
            guard entries.count < Limits.maxLegacyPlistKeys else { throw .init(.tooManyKeys, at: start, in: part) }
            let key = try parser.quoted()
            try parser.expect(0x3D, "'='")
            let value = try parser.quoted()
            try parser.expect(0x3B, "';'")
            // Apple legacy rule (unique-keys): a key appears once; a second one could hide a value.
            guard keys.insert(Array(key.utf8)).inserted else { throw .init(.duplicateKey(key), at: start, in: part) }
            entries.append(LegacyPlistEntry(key: key, value: value, offset: start))
        }
        parser.offset += 1
        parser.skipWhiteSpace()
        guard parser.offset == bytes.count else { throw .init(.syntax("end of input"), at: parser.offset, in: part) }
        return entries
    }

    /// Space, tab, LF, CR: the white space accepted between tokens.
    static func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    mutating func skipWhiteSpace() {
        while offset < bytes.count, Self.isWhiteSpace(bytes[offset]) { offset += 1 }
    }

    /// The next non-white-space byte, not consumed.
    mutating func nextByte() throws(LegacyReceiptError) -> UInt8 {
        skipWhiteSpace()
        guard offset < bytes.count else { throw .init(.syntax("'}'"), at: offset, in: part) }
        return bytes[offset]
    }

    mutating func expect(_ byte: UInt8, _ name: String) throws(LegacyReceiptError) {
        guard try nextByte() == byte else { throw .init(.syntax(name), at: offset, in: part) }
        offset += 1
    }

    /// A quoted string, unescaped; the cursor is on its opening quote (after white space).
    mutating func quoted() throws(LegacyReceiptError) -> String {
        guard try nextByte() == 0x22 else { throw .init(.syntax("a quoted string"), at: offset, in: part) }
        let start = offset
        offset += 1
        var out: [UInt8] = []
        var pendingHighSurrogate: UInt16?
        while offset < bytes.count {
            // Limits: string length, counted in input bytes.
            guard offset - start <= Limits.maxLegacyStringBytes else {
                throw .init(.stringTooLong, at: start, in: part)
            }
            let byte = bytes[offset]
            let escapeStart = offset
            offset += 1
            if byte == 0x22 {
                guard pendingHighSurrogate == nil else { throw .init(.badEscape, at: escapeStart, in: part) }
                let text = String(decoding: out, as: UTF8.self)
                // Valid UTF-8 exactly when decoding replaced nothing (ASCII always is: the usual case).
                guard out.allSatisfy({ $0 < 0x80 }) || text.utf8.elementsEqual(out) else {
                    throw .init(.notUTF8, at: start, in: part)
                }
                return text
            }
            guard byte == 0x5C else {
                guard pendingHighSurrogate == nil, byte >= 0x20 || Self.isWhiteSpace(byte) else {
                    throw .init(
                        pendingHighSurrogate == nil ? .syntax("a string byte") : .badEscape, at: escapeStart, in: part)
                }
                out.append(byte)
                continue
            }
            let unit = try escape(at: escapeStart)
            if let high = pendingHighSurrogate {
                // UTF-16: a high surrogate (D800–DBFF) is followed by a low one (DC00–DFFF).
                guard (0xDC00...0xDFFF).contains(unit) else { throw .init(.badEscape, at: escapeStart, in: part) }
                let scalar = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                guard let combined = Unicode.Scalar(scalar) else { throw .init(.badEscape, at: escapeStart, in: part) }
                UTF8.encode(combined) { out.append($0) }
                pendingHighSurrogate = nil
            } else if (0xD800...0xDBFF).contains(unit) {
                pendingHighSurrogate = unit
            } else if let scalar = Unicode.Scalar(unit) {
                UTF8.encode(scalar) { out.append($0) }
            } else {
                throw .init(.badEscape, at: escapeStart, in: part)  // a lone low surrogate
            }
        }
        throw .init(.unterminatedString, at: start, in: part)
    }

    /// One escape after its backslash, as a UTF-16 code unit.
    mutating func escape(at start: Int) throws(LegacyReceiptError) -> UInt16 {
        guard offset < bytes.count else { throw .init(.unterminatedString, at: start, in: part) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        // Apple legacy rule (plist-escapes): the C escapes of the old-style plist grammar.
        case 0x61: return 0x07  // \a
        case 0x62: return 0x08  // \b
        case 0x66: return 0x0C  // \f
        case 0x6E: return 0x0A  // \n
        case 0x72: return 0x0D  // \r
        case 0x74: return 0x09  // \t
        case 0x76: return 0x0B  // \v
        case 0x22, 0x5C: return UInt16(byte)  // \" and \\
        case 0x30...0x37:
            // Apple legacy rule (plist-octal): one to three octal digits; above 0o177 the byte is
            // NeXTSTEP-encoded, which no receipt uses: refused.
            var value = UInt16(byte - 0x30)
            for _ in 0..<2 {
                guard offset < bytes.count, (0x30...0x37).contains(bytes[offset]) else { break }
                value = value * 8 + UInt16(bytes[offset] - 0x30)
                offset += 1
            }
            guard value <= 0x7F else { throw .init(.badEscape, at: start, in: part) }
            return value
        case 0x55:
            // Apple legacy rule (plist-unicode): `\U` and one to four hex digits, a UTF-16 unit.
            var value: UInt16 = 0
            var count = 0
            while count < 4, offset < bytes.count, let digit = hexValue(bytes[offset]) {
                value = value << 4 | digit
                offset += 1
                count += 1
            }
            guard count > 0 else { throw .init(.badEscape, at: start, in: part) }
            return value
        default:
            throw .init(.badEscape, at: start, in: part)
        }
    }

    func hexValue(_ c: UInt8) -> UInt16? {
        switch c {
        case 0x30...0x39: return UInt16(c - 0x30)
        case 0x41...0x46: return UInt16(c - 0x37)
        case 0x61...0x66: return UInt16(c - 0x57)
        default: return nil
        }
    }
}
