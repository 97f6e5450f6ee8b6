// A minimal DER writer for building test inputs: definite lengths in their shortest form, and one
// TLV from a tag and its content. Shared by the suites that build receipts and CMS variants.

/// DER lengths and TLVs for test inputs.
public enum TestDER {
    /// The shortest definite length encoding of `count`.
    public static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// One element: `tag`, the length of `content`, `content`.
    public static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + length(content.count) + content }
}
