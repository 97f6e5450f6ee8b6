// UTF8: strict UTF-8 (RFC 3629), the one character-string check a verdict depends on (receipt
// UTF8String attributes: bundle identifier, version). Other string types are decoded only for
// display (Strings.swift).

extension DERCursor {
    /// Strict UTF-8 (RFC 3629): returns nil on any ill-formed sequence.
    public static func decodeUTF8(_ content: ArraySlice<UInt8>) -> String? {
        // ASCII (every byte below 0x80) is well-formed UTF-8, one scalar a byte: copied as it is.
        if content.allSatisfy({ $0 < 0x80 }) { return String(decoding: content, as: UTF8.self) }
        var iterator = content.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }
}
