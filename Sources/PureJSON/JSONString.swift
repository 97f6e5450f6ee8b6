// JSONString: RFC 8259 §7 strings, with the UTF-8 of RFC 3629 validated byte by byte.
//
// Accepts: unescaped scalars U+0020 and above (except `"` and `\`) as well-formed UTF-8, and the
// escapes `\" \\ \/ \b \f \n \r \t \uXXXX` (hex digits in either case), a `\u` high surrogate only
// when a `\u` low surrogate follows it at once.
// Rejects, with the byte offset: control characters, other escapes, lone or reversed surrogate
// escapes, and ill-formed UTF-8 (overlong forms, encoded surrogates, scalars above U+10FFFF,
// truncated or stray continuation bytes), and strings longer than `JSONLimits.maxStringBytes`.

extension Parser {
    /// Reads a string starting at its opening quote; returns its scalars.
    mutating func string() throws(JSONError) -> String {
        let start = position
        position += 1
        var out: [UInt8] = []
        while true {
            // RFC 8259 §9: "An implementation may set limits on the length [...] of strings."
            guard position - start <= JSONLimits.maxStringBytes else { throw JSONError(.stringTooLong, at: start) }
            let b = try current()
            switch b {
            case 0x22:  // "
                position += 1
                return String(decoding: out, as: UTF8.self)  // validated below: nothing is replaced
            case 0x5C:  // \
                try escape(into: &out)
            case 0x00...0x1F:
                // RFC 8259 §7: "All Unicode characters may be placed within the quotation marks,
                // except for the characters that MUST be escaped: quotation mark, reverse solidus,
                // and the control characters (U+0000 through U+001F)."
                throw JSONError(.controlCharacter, at: position)
            case 0x20...0x7F:
                // A run of plain characters is copied at once (the loop's limit check still applies).
                let run = position
                position += 1
                while position < bytes.count, position - start <= JSONLimits.maxStringBytes {
                    let c = bytes[position]
                    guard c >= 0x20, c < 0x80, c != 0x22, c != 0x5C else { break }
                    position += 1
                }
                out.append(contentsOf: bytes[run..<position])
            default:
                let length = try utf8Sequence()
                out.append(contentsOf: bytes[position..<(position + length)])
                position += length
            }
        }
    }

    /// The length of the well-formed UTF-8 sequence at the cursor (a lead byte ≥ 0x80), or
    /// `.invalidUTF8` at the cursor.
    func utf8Sequence() throws(JSONError) -> Int {
        // RFC 8259 §8.1: "JSON text exchanged between systems that are not part of a closed
        // ecosystem MUST be encoded using UTF-8." RFC 3629 §4, the well-formed sequences:
        // C2-DF 80-BF | E0 A0-BF 80-BF | E1-EC 80-BF 80-BF | ED 80-9F 80-BF | EE-EF 80-BF 80-BF |
        // F0 90-BF 80-BF 80-BF | F1-F3 80-BF 80-BF 80-BF | F4 80-8F 80-BF 80-BF
        let lead = bytes[position]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, secondLow) = (3, 0xA0)  // no overlong 3-byte forms
        case 0xED: (length, secondHigh) = (3, 0x9F)  // no encoded surrogates D800-DFFF
        case 0xE1...0xEF: length = 3
        case 0xF0: (length, secondLow) = (4, 0x90)  // no overlong 4-byte forms
        case 0xF4: (length, secondHigh) = (4, 0x8F)  // nothing above U+10FFFF
        case 0xF1...0xF3: length = 4
        default: throw JSONError(.invalidUTF8, at: position)  // continuation, C0, C1, F5-FF
        }
        guard bytes.count - position >= length else { throw JSONError(.invalidUTF8, at: position) }
        let second = bytes[position + 1]
        guard second >= secondLow, second <= secondHigh else { throw JSONError(.invalidUTF8, at: position) }
        for k in 2..<length where bytes[position + k] & 0xC0 != 0x80 {
            throw JSONError(.invalidUTF8, at: position)
        }
        return length
    }

    /// Reads one escape at the cursor (a backslash) and appends its scalar's UTF-8.
    mutating func escape(into out: inout [UInt8]) throws(JSONError) {
        let start = position
        guard bytes.count - position >= 2 else { throw JSONError(.truncated, at: bytes.count) }
        let b = bytes[position + 1]
        position += 2
        switch b {
        case 0x22, 0x5C, 0x2F: out.append(b)  // " \ /
        case 0x62: out.append(0x08)  // b
        case 0x66: out.append(0x0C)  // f
        case 0x6E: out.append(0x0A)  // n
        case 0x72: out.append(0x0D)  // r
        case 0x74: out.append(0x09)  // t
        case 0x75:  // u
            var scalar = try hex4(start)
            if scalar >= 0xDC00, scalar <= 0xDFFF { throw JSONError(.loneSurrogate, at: start) }
            if scalar >= 0xD800, scalar <= 0xDBFF {
                // RFC 8259 §7: "To escape an extended character that is not in the Basic
                // Multilingual Plane, the character is represented as a 12-character sequence,
                // encoding the UTF-16 surrogate pair." A high surrogate needs its low one at once.
                guard bytes.count - position >= 2, bytes[position] == 0x5C, bytes[position + 1] == 0x75 else {
                    throw JSONError(.loneSurrogate, at: start)
                }
                position += 2
                let low = try hex4(start)
                guard low >= 0xDC00, low <= 0xDFFF else { throw JSONError(.loneSurrogate, at: start) }
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)  // ≤ 0x10FFFF
            }
            appendUTF8(scalar, to: &out)
        default:
            // RFC 8259 §7: only the escapes of the `escape` production are defined.
            throw JSONError(.invalidEscape, at: start)
        }
    }

    /// Four hex digits at the cursor, as a value 0 ... 0xFFFF.
    mutating func hex4(_ start: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = try current()
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x41...0x46: digit = b - 0x37
            case 0x61...0x66: digit = b - 0x57
            default: throw JSONError(.invalidEscape, at: start)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Appends the UTF-8 of a scalar value (< 0x110000, not a surrogate).
    func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        // Each UInt8(…) below is of a value masked or shifted to below 256, so none can trap.
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6))
            out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | (v >> 18 & 0x07)))
            out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        }
    }
}
