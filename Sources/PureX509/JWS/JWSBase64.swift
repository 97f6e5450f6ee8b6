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
        var out: [UInt8] = []
        out.reserveCapacity(data.count / 4 * 3 + 2)
        var group: UInt32 = 0
        var bits = 0
        for (index, byte) in data.enumerated() {
            guard let v = value(byte, url: url) else { throw JWSError(.base64, at: base + index, what) }
            group = group << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))  // the top 8 of ≤ 14 bits
                group &= (1 << UInt32(bits)) - 1
            }
        }
        // RFC 4648 §3.5: decoders "MAY chose to reject an encoding if the pad bits have not been
        // set to zero"; we do, so every byte string has one accepted encoding.
        guard group == 0 else { throw JWSError(.base64, at: base + max(data.count - 1, 0), what) }
        return out
    }
}
