// Base64: the one decoder for RFC 4648 §4 "base64" and §5 "base64url", the flavour chosen by
// `Base64.Options`; and the encoder of padded standard base64.
//
// Options, each a caller's whole rule set:
//   `.wrapped`      standard alphabet, padding required, white space (space, tab, CR, LF) skipped
//                   anywhere: receipts sent as text, legacy receipt values, PEM bodies.
//   `.unwrapped`    standard alphabet, padding required, no white space: JWS `x5c` (RFC 7515 §4.1.6).
//   `.urlUnpadded`  base64url, padding forbidden, no white space: the JWS parts (RFC 7515 §2).
// Accepts: groups of four alphabet characters; the last group may have two or three, followed by
// `==` or `=` (padding required or optional) or by nothing (padding forbidden or optional); no
// characters, or only white space where allowed, decode to no bytes.
// Rejects, with the byte offset in the input: any other byte (the other alphabet's `+ /` or `- _`,
// non-ASCII, white space where not allowed, `=` where padding is forbidden); a count of characters
// no encoding of the flavour has (reported first when white space is not allowed: the length is
// known before reading); `=` anywhere but the last one or two positions of the last group, and,
// with white space allowed, anything but white space after it (without, `=` must end the input);
// non-zero bits in the unused low bits of the last character (RFC 4648 §3.5: a decoder MAY reject
// them; we do, so each byte string has exactly one accepted encoding modulo white space).
// Bounded: the output is allocated once, at most 3/4 of the input length, before decoding.

/// Why base64 text was rejected. Offsets are byte offsets into the input (its UTF-8 for a String).
public enum Base64Error: Error, Sendable, Equatable {
    /// A byte outside the alphabet, `=` and white space (or one of the last two where not allowed).
    case invalidCharacter(offset: Int, byte: UInt8)
    /// The number of characters (given; white space not counted) is not one an encoding has.
    case invalidLength(Int)
    /// `=` where it may not appear, or data after padding, at this offset.
    case invalidPadding(offset: Int)
    /// The character at this offset carries bits beyond the end of the data.
    case nonZeroTrailingBits(offset: Int)

    /// The offset of the offending character; nil for a wrong length (the end of the input is at fault).
    package var offset: Int? {
        switch self {
        case .invalidCharacter(let offset, _), .invalidPadding(let offset), .nonZeroTrailingBits(let offset):
            return offset
        case .invalidLength:
            return nil
        }
    }
}

/// Base64 (RFC 4648 §4, §5) encoding and strict decoding.
public struct Base64: Sendable {
    /// Which base64 a caller accepts; see the file header for the named sets.
    package struct Options: Sendable {
        /// RFC 4648 §4 Table 1 (`+ /`) or §5 Table 2 (`- _`) for the values 62 and 63.
        package enum Alphabet: Sendable { case standard, url }
        /// Whether the last group carries `=` padding.
        package enum Padding: Sendable { case required, forbidden, optional }
        package var alphabet: Alphabet
        package var padding: Padding
        /// Space, tab, CR and LF skipped anywhere (line-wrapped text), or refused as characters.
        package var whitespace: Bool

        package init(alphabet: Alphabet, padding: Padding, whitespace: Bool) {
            (self.alphabet, self.padding, self.whitespace) = (alphabet, padding, whitespace)
        }

        package static let wrapped = Options(alphabet: .standard, padding: .required, whitespace: true)
        package static let unwrapped = Options(alphabet: .standard, padding: .required, whitespace: false)
        package static let urlUnpadded = Options(alphabet: .url, padding: .forbidden, whitespace: false)
    }

    /// Decodes base64 text (`.wrapped`: see the file header).
    public static func decode(_ text: String) throws(Base64Error) -> [UInt8] {
        try decode(Array(text.utf8))  // one contiguous copy of the UTF-8, then index arithmetic
    }

    /// Decodes base64 given as ASCII bytes (`.wrapped`: see the file header).
    public static func decode(_ bytes: [UInt8]) throws(Base64Error) -> [UInt8] {
        try decode(bytes, in: 0..<bytes.count, .wrapped)
    }

    /// Decodes base64 (`.wrapped`) given as ASCII bytes into the same array, with no second buffer:
    /// on success `bytes` holds the decoded bytes; on error it is unchanged (checked, then decoded).
    public static func decode(inPlace bytes: inout [UInt8]) throws(Base64Error) {
        let all = 0..<bytes.count
        _ = try decode(&bytes, from: nil, all, .wrapped, writes: false)
        let written = try decode(&bytes, from: nil, all, .wrapped, writes: true)
        bytes.removeLast(bytes.count - written)
    }

    /// Decodes `range` of `input` as `options` base64; error offsets are indices into `input`.
    package static func decode(_ input: [UInt8], in range: Range<Int>, _ options: Options) throws(Base64Error)
        -> [UInt8]
    {
        // Four characters produce three bytes, a last two or three (padded or not) one or two: at
        // most ⌊3 × count / 4⌋ bytes, allocated once, here.
        var out = [UInt8](repeating: 0, count: range.count / 4 * 3 + range.count % 4 * 3 / 4)
        let written = try decode(&out, from: input, range, options, writes: true)
        out.removeLast(out.count - written)
        return out
    }

    /// The alphabet character for a 6-bit value (callers pass 0 ... 63).
    static func symbol(_ v: UInt8, _ alphabet: Options.Alphabet) -> UInt8 {
        // RFC 4648 §4, Table 1: 0–25 'A'–'Z', 26–51 'a'–'z', 52–61 '0'–'9', 62 '+', 63 '/'.
        // RFC 4648 §5, Table 2: the same, but 62 '-' and 63 '_'.
        // Every branch stays within UInt8: v ≤ 63, so v + 71 ≤ 134 and v - 4 ≥ 48.
        switch v {
        case 0...25: return v + 0x41
        case 26...51: return v + 71
        case 52...61: return v - 4
        case 62: return alphabet == .standard ? 0x2B : 0x2D
        default: return alphabet == .standard ? 0x2F : 0x5F
        }
    }

    /// Class of each input byte: 0 ... 63 an alphabet value, `skip` white space, `pad` '=',
    /// `bad` anything else. Built from `symbol`, so the two directions cannot disagree.
    private static let skip: UInt8 = 0x40
    private static let pad: UInt8 = 0x41
    private static let bad: UInt8 = 0xFF
    private static func decodeTable(_ alphabet: Options.Alphabet) -> [UInt8] {
        var table = [UInt8](repeating: bad, count: 256)
        for v in UInt8(0)...63 { table[Int(symbol(v, alphabet))] = v }
        for w: UInt8 in [0x20, 0x09, 0x0D, 0x0A] { table[Int(w)] = skip }  // space, tab, CR, LF
        table[0x3D] = pad  // =
        return table
    }
    private static let standardTable = decodeTable(.standard)
    private static let urlTable = decodeTable(.url)

    /// Decodes `range` of the text `source` into `buffer` (⌊3 × range.count / 4⌋ bytes or more),
    /// or, when `source` is nil, the text in `buffer` (range the whole of it) into itself: each group
    /// is read before it is written, and the write position stays below the read position. Without
    /// `writes`, only checks. Returns the decoded length. A fast path takes four alphabet characters
    /// at once; everything else (white space, padding, errors) goes one character at a time.
    private static func decode(
        _ buffer: inout [UInt8], from source: [UInt8]?, _ range: Range<Int>, _ options: Options, writes: Bool
    ) throws(Base64Error) -> Int {
        let table = options.alphabet == .standard ? standardTable : urlTable  // 256 entries: any UInt8 indexes it
        let input = source ?? []
        let end = range.upperBound
        @inline(__always) func at(_ i: Int) -> UInt8 { source == nil ? buffer[i] : input[i] }
        // RFC 4648 §3.2: "Implementations MUST include appropriate pad characters at the end of
        // encoded data" unless the referring specification says otherwise (RFC 7515 §2: base64url
        // "with all trailing '=' characters omitted"); either way one leftover character is no
        // encoding. Without white space every byte is a character: checked before any is read.
        let required = options.padding == .required
        guard options.whitespace || (required ? range.count % 4 == 0 : range.count % 4 != 1) else {
            throw .invalidLength(range.count)
        }
        var written = 0  // invariant: written ≤ ⌊3 × significant / 4⌋ ≤ ⌊3 × range.count / 4⌋
        /// Appends the low 8 × `n` bits of `bits` (n ≤ 3, bits < 2^24) as `n` bytes, high first.
        @inline(__always) func emit(_ bits: UInt32, _ n: Int) {
            for i in 0..<n where writes { buffer[written + i] = UInt8(truncatingIfNeeded: bits >> (8 * (n - 1 - i))) }
            written += n
        }
        var group: UInt32 = 0  // up to 24 bits
        var inGroup = 0  // alphabet characters of the current group seen, 0 ... 3
        var significant = 0  // non-white-space characters seen
        var padding = 0  // `=` seen, 0 ... 2
        var lastDataOffset = range.lowerBound  // offset of the last alphabet character (for trailing-bit errors)
        var offset = range.lowerBound
        // Text in its own array: whole groups of four alphabet characters decoded in one tight loop,
        // up to the first group holding anything else, which the loop below then reads.
        if writes, let input = source {
            while end - offset >= 4 {
                let (a, b) = (table[Int(input[offset])], table[Int(input[offset + 1])])
                let (c, d) = (table[Int(input[offset + 2])], table[Int(input[offset + 3])])
                guard a | b | c | d < 64 else { break }
                buffer[written] = a << 2 | b >> 4  // UInt8 shifts drop the bits above 8
                buffer[written + 1] = b << 4 | c >> 2
                buffer[written + 2] = c << 6 | d
                (written, offset) = (written + 3, offset + 4)
            }
            // Every character read was an alphabet character, the last at offset - 1.
            (significant, lastDataOffset) = (offset - range.lowerBound, max(range.lowerBound, offset - 1))
        }
        while offset < end {
            // Fast path: a whole group of four alphabet characters.
            if inGroup == 0, padding == 0, end - offset >= 4 {
                let a = table[Int(at(offset))]
                let b = table[Int(at(offset + 1))]
                let c = table[Int(at(offset + 2))]
                let d = table[Int(at(offset + 3))]
                if a | b | c | d < 64 {
                    emit(UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d), 3)
                    significant += 4
                    lastDataOffset = offset + 3
                    offset += 4
                    continue
                }
            }
            let byte = at(offset)
            let v = table[Int(byte)]
            if v == skip, options.whitespace {
                offset += 1
                continue
            }
            if v == pad, options.padding != .forbidden {
                // RFC 4648 §4: a final 8-bit quantum gives "two characters followed by two "="
                // padding characters", a 16-bit one "three characters followed by one "="": so
                // `=` may only fill positions 3 and 4 ("xx==") or position 4 ("xxx=") of a group.
                // Without white space, padding ends the input: `=` only as one of its last two
                // bytes, with only `=` after it.
                guard inGroup + padding >= 2, padding < 2, inGroup + padding <= 3,
                    options.whitespace || (end - offset <= 2 && at(end - 1) == 0x3D)
                else { throw .invalidPadding(offset: offset) }
                padding += 1
                significant += 1
                offset += 1
                continue
            }
            // RFC 4648 §3.3: "Implementations MUST reject the encoded data if it contains characters
            // outside the base alphabet" (white space, where allowed above, is the one exception).
            guard v < 64 else { throw .invalidCharacter(offset: offset, byte: byte) }
            // RFC 4648 §3.3: a pad "present before the end of the encoded data" MAY be ignored by
            // lenient specifications; we do not: after padding only white space may follow.
            guard padding == 0 else { throw .invalidPadding(offset: offset) }
            group = group << 6 | UInt32(v)
            inGroup += 1
            significant += 1
            lastDataOffset = offset
            offset += 1
            if inGroup == 4 {
                emit(group, 3)
                group = 0
                inGroup = 0
            }
        }
        // RFC 4648 §3.2 (as above): padded, the total is whole groups of four; unpadded, the last
        // group has two or three characters, never one.
        guard padding > 0 || required ? (inGroup + padding) % 4 == 0 : inGroup != 1 else {
            throw .invalidLength(significant)
        }
        // The last group's one or two bytes fit: see the invariant on `written`.
        switch inGroup {
        case 2:  // "xx==" or "xx": 12 bits, one byte; the low 4 bits are pad bits
            // RFC 4648 §3.5: "Decoders MAY chose to reject an encoding if the pad bits have not
            // been set to zero." We do (one accepted encoding per byte string).
            guard group & 0x0F == 0 else { throw .nonZeroTrailingBits(offset: lastDataOffset) }
            emit(group >> 4, 1)  // 12 bits >> 4 = 8 bits
        case 3:  // "xxx=" or "xxx": 18 bits, two bytes; the low 2 bits are pad bits
            // RFC 4648 §3.5: as above.
            guard group & 0x03 == 0 else { throw .nonZeroTrailingBits(offset: lastDataOffset) }
            emit(group >> 2, 2)  // 18 bits >> 2 = 16 bits
        default:
            break
        }
        return written
    }
}
