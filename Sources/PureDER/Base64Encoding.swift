// Base64Encoding: bytes to standard base64 text (RFC 4648 §4), for output only — the Encodable
// models, the CLI's reports (presentation: verification only decodes, in Base64.swift).

extension Base64 {
    /// RFC 4648 §4, Table 1, as an array indexed by 6-bit value.
    static let encodeTable: [UInt8] = (UInt8(0)...63).map { symbol($0, .standard) }

    /// Encodes `bytes` as padded standard base64 without line breaks.
    public static func encode(_ bytes: [UInt8]) -> String {
        let table = encodeTable  // 64 entries; every index below is masked to 0 ... 63
        // ceil(count / 3) * 4 characters. count / 3 * 4 cannot overflow: an array's byte count
        // is bounded by the address space (< 2^48), far below Int.max * 3/4.
        let groups = bytes.count / 3
        let tail = bytes.count % 3
        var out = [UInt8](repeating: 0x3D, count: groups * 4 + (tail == 0 ? 0 : 4))  // '=' prefilled
        var i = 0
        var o = 0
        for _ in 0..<groups {
            let b0 = bytes[i]
            let b1 = bytes[i + 1]
            let b2 = bytes[i + 2]
            out[o] = table[Int(b0 >> 2)]
            out[o + 1] = table[Int((b0 & 0x03) << 4 | b1 >> 4)]
            out[o + 2] = table[Int((b1 & 0x0F) << 2 | b2 >> 6)]
            out[o + 3] = table[Int(b2 & 0x3F)]
            i += 3
            o += 4
        }
        if tail > 0 {
            let b0 = bytes[i]
            let b1 = tail == 2 ? bytes[i + 1] : 0
            out[o] = table[Int(b0 >> 2)]
            out[o + 1] = table[Int((b0 & 0x03) << 4 | b1 >> 4)]
            if tail == 2 { out[o + 2] = table[Int((b1 & 0x0F) << 2)] }
            // the remaining one or two positions keep their '=' (RFC 4648 §4 padding)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
