// PEM certificate files (RFC 7468 §2, §5): `-----BEGIN CERTIFICATE-----`, base64 (RFC 4648 §4),
// `-----END CERTIFICATE-----`.
//
// Accepts: any number of blocks with the label CERTIFICATE, with any text between blocks
// (RFC 7468 §2: "Data before the encapsulation boundaries are permitted"); blocks with other
// labels are skipped whole; inside a block, base64 with whitespace (space, tab, CR, LF) anywhere.
// Refused: RFC 1421 headers inside a block, characters outside the base64 alphabet, padding
// anywhere but at the end, non-zero pad bits (RFC 4648 §3.5 allows a decoder to reject them), a
// block without its end line, and input without any CERTIFICATE block.
// Decoding errors are reported as `DERError.invalidValue` with the byte offset in the PEM text.

import PureDER

enum PEM {
    static let begin = Array("-----BEGIN ".utf8)
    static let dashes = Array("-----".utf8)
    static let certificateLabel = Array("CERTIFICATE".utf8)

    /// The DER contents of every CERTIFICATE block, in order.
    static func certificateBlocks(_ text: [UInt8]) throws(DERError) -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        var position = 0
        while let beginAt = find(begin, in: text, from: position) {
            let labelStart = beginAt + begin.count
            guard let labelEnd = find(dashes, in: text, from: labelStart) else {
                throw DERError(.invalidValue, at: beginAt, "PEM: unterminated BEGIN line")
            }
            let label = Array(text[labelStart..<labelEnd])
            let bodyStart = labelEnd + dashes.count
            // RFC 7468 §2: the END line carries the same label as the BEGIN line.
            let endLine = Array("-----END ".utf8) + label + dashes
            guard let bodyEnd = find(endLine, in: text, from: bodyStart) else {
                throw DERError(.invalidValue, at: beginAt, "PEM: no END line for BEGIN")
            }
            if label == certificateLabel {
                blocks.append(try decodeBase64(text, bodyStart..<bodyEnd))
            }
            position = bodyEnd + endLine.count
        }
        guard !blocks.isEmpty else { throw DERError(.invalidValue, at: 0, "PEM: no CERTIFICATE block") }
        return blocks
    }

    /// The first index ≥ `start` where `needle` occurs in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, needle.count <= haystack.count else { return nil }
        let last = haystack.count - needle.count
        guard start <= last else { return nil }
        for index in start...last where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }

    /// RFC 4648 §4 base64 of `range` of `text`, whitespace ignored.
    static func decodeBase64(_ text: [UInt8], _ range: Range<Int>) throws(DERError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(range.count / 4 * 3)
        var group: UInt32 = 0
        var count = 0
        var padding = 0
        for index in range {
            let byte = text[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { continue }
            if byte == UInt8(ascii: "=") {
                // RFC 4648 §4: padding only completes the final quantum, one or two characters.
                guard count >= 2, padding < 2 else {
                    throw DERError(.invalidValue, at: index, "PEM: misplaced padding")
                }
                padding += 1
                group <<= 6
                count += 1
            } else {
                guard padding == 0, let value = sextet(byte) else {
                    throw DERError(.invalidValue, at: index, "PEM: not a base64 character")
                }
                group = group << 6 | UInt32(value)
                count += 1
            }
            if count == 4 {
                let triple = [
                    UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8),
                    UInt8(truncatingIfNeeded: group),
                ]  // group < 2^24: four 6-bit values
                let kept = 3 - padding
                // RFC 4648 §3.5: pad bits must be zero in a canonical encoding.
                if padding > 0, triple[kept...].contains(where: { $0 != 0 }) {
                    throw DERError(.invalidValue, at: index, "PEM: non-zero pad bits")
                }
                output += triple[..<kept]
                group = 0
                count = 0
                if padding > 0 { padding = 3 }  // nothing may follow a padded quantum
            }
        }
        guard count == 0 else {
            throw DERError(.invalidValue, at: range.upperBound, "PEM: base64 length not a multiple of 4")
        }
        return output
    }

    /// The 6-bit value of a base64 alphabet character (RFC 4648 Table 1).
    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
