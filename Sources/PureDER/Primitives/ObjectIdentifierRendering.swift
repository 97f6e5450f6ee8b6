// ObjectIdentifierRendering: an OBJECT IDENTIFIER as dotted decimal text, for messages and reports
// (presentation: object identifiers are compared by their content octets, never as text).

extension OID: CustomStringConvertible {
    /// Dotted-decimal rendering, e.g. "1.2.840.113549.1.1.1" (for messages; never compared).
    public var description: String {
        var parts: [String] = []
        var value: UInt64 = 0
        var first = true
        for byte in contentBytes {
            // validate() bounds each sub-identifier to 9 octets (63 bits), so this cannot overflow.
            value = (value << 7) | UInt64(byte & 0x7F)
            guard byte & 0x80 == 0 else { continue }
            if first {
                let arc0: UInt64 = value < 40 ? 0 : (value < 80 ? 1 : 2)
                parts.append(String(arc0))
                parts.append(String(value - arc0 * 40))
                first = false
            } else {
                parts.append(String(value))
            }
            value = 0
        }
        return parts.joined(separator: ".")
    }
}
