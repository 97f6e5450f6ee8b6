// JWSBase64: the two strict base64 flavours JWS uses, RFC 4648 §5 base64url without padding for
// the three parts, and RFC 4648 §4 base64 with padding for `x5c` certificates.
//
// Accepts only the flavour's alphabet; no white space, no line breaks. Rejects (reported as the
// byte offset of the offending character) any other byte,
// padding in base64url, missing or misplaced padding in base64, a length no encoding produces,
// and non-zero unused bits in the last character (so each byte string has exactly one encoding).

/// Strict base64url and base64 decoding for JWS.
enum JWSBase64 {
    /// The alphabet value (0 ... 63) of `byte`, or nil.
    private static func value(_ byte: UInt8, url: Bool) -> UInt8? {
        switch byte {
        case 0x41...0x5A: return byte - 0x41  // A-Z
        case 0x61...0x7A: return byte - 71  // a-z: 97 - 71 = 26
        case 0x30...0x39: return byte + 4  // 0-9: 48 + 4 = 52
        case 0x2D where url, 0x2B where !url: return 62  // - (RFC 4648 §5) or + (§4)
        case 0x5F where url, 0x2F where !url: return 63  // _ (RFC 4648 §5) or / (§4)
        default: return nil
        }
    }

    /// Decodes `text`; a failure is `.base64` at `base` + the offset of the problem in `text`.
    static func decode(_ text: ArraySlice<UInt8>, url: Bool, base: Int, _ what: String) throws(JWSError) -> [UInt8] {
        var data = text
        if !url {
            // RFC 4648 §3.2: "Implementations MUST include appropriate pad characters at the end
            // of encoded data": the length is a multiple of four; at most two `=`, only at the end.
            guard text.count % 4 == 0 else { throw JWSError(.base64, at: base + text.count, what) }
            if data.last == 0x3D { data = data.dropLast() }
            if data.last == 0x3D { data = data.dropLast() }
        }
        // RFC 7515 §2: base64url "with all trailing '=' characters omitted": a length of 1 mod 4
        // is no encoding at all.
        guard data.count % 4 != 1 else { throw JWSError(.base64, at: base + data.count, what) }
        // Whole groups of four characters carry 24 bits (three bytes); a last group of two or three
        // characters carries one or two bytes and 4 or 2 unused bits. The output is sized once.
        let rest = data.count % 4
        var out = [UInt8](repeating: 0, count: data.count / 4 * 3 + max(rest - 1, 0))
        var written = 0  // 3 per whole group, ≤ out.count
        var index = data.startIndex
        var group: UInt32 = 0
        while index < data.endIndex {
            guard let v = value(data[index], url: url) else {
                throw JWSError(.base64, at: base + (index - data.startIndex), what)
            }
            group = group << 6 | UInt32(v)
            index += 1
            if (index - data.startIndex) % 4 == 0 {  // 24 bits: each shifted part is one byte
                out[written] = UInt8(truncatingIfNeeded: group >> 16)
                out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                out[written + 2] = UInt8(truncatingIfNeeded: group)
                (written, group) = (written + 3, 0)
            }
        }
        let unused = UInt32(2 * (4 - rest) % 8)  // 4 bits after two characters, 2 after three, else 0
        // RFC 4648 §3.5: decoders "MAY chose to reject an encoding if the pad bits have not been
        // set to zero"; we do, so every byte string has one accepted encoding.
        guard group & ((1 << unused) - 1) == 0 else { throw JWSError(.base64, at: base + max(data.count - 1, 0), what) }
        for k in 0..<max(rest - 1, 0) {  // the last group's bytes, most significant first
            out[written + k] = UInt8(truncatingIfNeeded: group >> (unused + UInt32(8 * (rest - 2 - k))))
        }
        return out
    }
}
