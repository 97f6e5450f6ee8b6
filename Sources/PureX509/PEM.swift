// PEM certificate files (RFC 7468 §2, §5): `-----BEGIN CERTIFICATE-----`, base64 (RFC 4648 §4),
// `-----END CERTIFICATE-----`.
//
// Accepts: any number of blocks with the label CERTIFICATE, with any text between blocks
// (RFC 7468 §2: "Data before the encapsulation boundaries are permitted"); blocks with other
// labels are skipped whole; inside a block, base64 with whitespace (space, tab, CR, LF) anywhere.
// Refused: RFC 1421 headers inside a block, characters outside the base64 alphabet, padding
// anywhere but at the end, non-zero pad bits (RFC 4648 §3.5 allows a decoder to reject them), a
// block without its end line, and input without any CERTIFICATE block. The base64 rules are PureDER
// `Base64.Options.wrapped`.
// Decoding errors are reported as `DERError.invalidValue` with the byte offset in the PEM text.

import PureDER

enum PEM {
    static let begin = Array("-----BEGIN ".utf8)
    static let dashes = Array("-----".utf8)

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
            if label.elementsEqual("CERTIFICATE".utf8) {
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

    /// The base64 (RFC 4648 §4) of `range` of `text`, white space skipped (PureDER `Base64`, `.wrapped`),
    /// refusals reported at their offset in `text`.
    static func decodeBase64(_ text: [UInt8], _ range: Range<Int>) throws(DERError) -> [UInt8] {
        do throws(Base64Error) {
            return try Base64.decode(text, in: range, .wrapped)
        } catch {
            switch error {
            case .invalidPadding(let at) where range.contains(at) && text[at] == 0x3D:
                throw DERError(.invalidValue, at: at, "PEM: misplaced padding")
            case .invalidCharacter(let at, _), .invalidPadding(let at):
                throw DERError(.invalidValue, at: at, "PEM: not a base64 character")
            case .invalidLength:
                throw DERError(.invalidValue, at: range.upperBound, "PEM: base64 length not a multiple of 4")
            case .nonZeroTrailingBits(let at):
                // Reported at the `=` ending the group: the last `=`, as only white space follows it.
                throw DERError(.invalidValue, at: text[range].lastIndex(of: 0x3D) ?? at, "PEM: non-zero pad bits")
            }
        }
    }
}
