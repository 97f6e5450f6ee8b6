// Character strings (X.680 §41, X.690 §8.23): UTF8String, PrintableString, IA5String,
// TeletexString (T61String), BMPString and UniversalString, each validated for its repertoire.
//
// Accepts: primitive encodings only (DER §10.2). TeletexString is decoded as ISO 8859-1, the
// common practical reading (the full T.61 repertoire is not implemented).
// Presentation: these decoders only render — certificate names (compared as raw bytes, never as
// decoded text), dumps and inspection. The one string check a verdict depends on, strict UTF-8, is
// in UTF8.swift.

/// A decoded character string and the universal tag it carried.
public struct DERString: Sendable {
    /// The universal tag the string was encoded with (e.g. ``DERTag/utf8String``).
    public let tag: DERTag
    /// The decoded text.
    public let value: String
}

extension DERCursor {
    /// Reads any of the supported character string types.
    public mutating func readString(_ what: @autoclosure Context) throws(DERError) -> DERString {
        let element = try readElement()
        guard element.tag.tagClass == .universal, !element.tag.isConstructed,
            let value = DERCursor.decodeString(number: element.tag.number, element.contentBytes)
        else {
            let reason =
                element.tag.tagClass == .universal && DERCursor.isStringTag(element.tag.number)
                ? DERError.Kind.invalidValue
                : DERError.Kind.unexpectedTag(expected: .utf8String, found: element.tag)
            throw DERError(reason, at: element.start, "\(what()): character string")
        }
        return DERString(tag: element.tag, value: value)
    }

    /// Reads a string that must carry `tag` (e.g. `.utf8String`, `.ia5String`).
    public mutating func readString(_ tag: DERTag, _ what: @autoclosure Context) throws(DERError) -> String {
        let element = try readElement(tag, what())
        guard let value = DERCursor.decodeString(number: tag.number, element.contentBytes) else {
            throw DERError(.invalidValue, at: element.start, "\(what()): invalid \(tag)")
        }
        return value
    }

    static func isStringTag(_ number: UInt32) -> Bool { [12, 19, 20, 22, 28, 30].contains(number) }

    /// Decodes string content for a universal string tag number; nil if invalid for that type.
    public static func decodeString(number: UInt32, _ content: ArraySlice<UInt8>) -> String? {
        switch number {
        case 12: return decodeUTF8(content)
        case 19: return content.allSatisfy(isPrintable) ? decodeUTF8(content) : nil
        case 22: return content.allSatisfy { $0 < 0x80 } ? decodeUTF8(content) : nil
        case 20: return String(content.map { Character(Unicode.Scalar($0)) })
        case 30: return decodeBigEndian(content, width: 2)
        case 28: return decodeBigEndian(content, width: 4)
        default: return nil
        }
    }

    /// X.680 §41.4, Table 10: PrintableString characters.
    static func isPrintable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return " '()+,-./:=?".utf8.contains(byte)
        }
    }

    /// BMPString (`width` 2: UCS-2, no surrogate code units) and UniversalString (`width` 4: UCS-4),
    /// big-endian code units of `width` bytes, each a Unicode scalar value.
    static func decodeBigEndian(_ content: ArraySlice<UInt8>, width: Int) -> String? {
        guard content.count % width == 0 else { return nil }
        var scalars = String.UnicodeScalarView()
        var index = content.startIndex
        while index < content.endIndex {
            var unit: UInt32 = 0
            for byte in content[index..<(index + width)] { unit = unit << 8 | UInt32(byte) }
            guard let scalar = Unicode.Scalar(unit) else { return nil }  // rejects surrogates
            scalars.append(scalar)
            index += width
        }
        return String(scalars)
    }
}
