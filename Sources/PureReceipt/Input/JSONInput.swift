// JSONInput: what an input that starts with `{` is, in memory bounded independently of the input's
// size (format detection, InputFormat.swift, and the command-line tool's naming of inputs).
//
// A whole text is not read when only its first member matters (a reader's values for a text of many
// small values take ten to twenty times its size). Instead:
// - the shape is read from a bounded prefix (`prefixBytes`): `{`, white space, then `}` or a
//   member name in quotes followed by white space and `:`. An old-style plist (a legacy receipt)
//   has `=` there, or an unquoted key, so it is never taken for JSON;
// - a JSON-shaped text longer than `JSONLimits.maxInputBytes` is refused unread, with the
//   library reader's own `limit.json.inputSize` code;
// - the library's strict RFC 8259 reader (PureJSON, with its limits) reads a text of at most
//   `prefixBytes`, or a notification body as Apple writes it: one member, `{"signedPayload":
//   "…"}` (its string found by a scan that allocates nothing). Either way what it builds is
//   bounded: by `prefixBytes`, or by one string (`JSONLimits.maxStringBytes`). Any other text is
//   named from its prefix and not read: the reader's values for a text of many small values take
//   ten to twenty times its size.
// Not checked here: whether a text named from its prefix is JSON after the prefix.

package import PureJSON

/// An input whose first byte other than white space is `{`, shaped as a JSON object.
package enum JSONInput {
    /// A strict JSON object within every bound of `JSONLimits`.
    case object(JSONObject)
    /// Refused by the strict reader, or over its size limit unread; `error.offset` is an offset
    /// in the input.
    case refused(JSONError, Shape)
    /// Longer than `prefixBytes` and not a one-member notification body: named from its prefix.
    case unread(Shape)

    /// How much of a text is read to name it; also the longest text read whatever its shape.
    package static let prefixBytes = 64 * 1024

    /// `input` read as JSON (surrounding white space allowed, as RFC 8259 §2 allows it), or nil
    /// when its prefix is not shaped as a JSON object.
    package static func read(_ input: [UInt8]) -> JSONInput? {
        guard let shape = shape(input) else { return nil }
        // RFC 8259 §9: "An implementation may set limits on the size of texts that it accepts."
        guard input.count <= JSONLimits.maxInputBytes else {
            return .refused(JSONError(.inputTooLarge, at: shape.start), shape)
        }
        guard input.count <= prefixBytes || isOneStringMember(input, after: shape) else { return .unread(shape) }
        do {
            guard let object = try JSONReader.read(input).objectValue else {
                // A text whose first byte is `{` reads as an object or not at all.
                return .refused(JSONError(.unexpectedByte, at: shape.start), shape)
            }
            return .object(object)
        } catch {
            return .refused(error, shape)
        }
    }

    /// What a text's prefix says it is.
    package struct Shape {
        /// Offset of the `{`.
        package let start: Int
        /// The first member's name, when there is one written without escapes in the prefix.
        package let firstMember: String?
        /// Offset of the first member's value (after its `:`), or of the `}` of `{ }`.
        package let valueStart: Int

        package var namesSignedPayload: Bool { firstMember == "signedPayload" }
    }

    /// The shape of `input` when its first `prefixBytes` start a JSON object, `{ }` or
    /// `{ "name" :`; else nil. Allocates nothing but the first member's name.
    package static func shape(_ input: [UInt8]) -> Shape? {
        let end = min(input.count, prefixBytes)
        var index = skipWhiteSpace(input, from: 0, to: end)
        let start = index
        guard index < end, input[index] == UInt8(ascii: "{") else { return nil }
        index = skipWhiteSpace(input, from: index + 1, to: end)
        guard index < end else { return nil }
        if input[index] == UInt8(ascii: "}") { return Shape(start: start, firstMember: nil, valueStart: index) }
        guard input[index] == UInt8(ascii: "\"") else { return nil }
        guard let (nameEnd, escaped) = closingQuote(input, from: index + 1, to: end) else { return nil }
        let name = escaped ? nil : String(decoding: input[(index + 1)..<nameEnd], as: UTF8.self)
        index = skipWhiteSpace(input, from: nameEnd + 1, to: end)
        guard index < end, input[index] == UInt8(ascii: ":") else { return nil }
        return Shape(start: start, firstMember: name, valueStart: index + 1)
    }

    /// Whether the whole text is `{ "name" : "…" }` (white space aside): one member, a string.
    /// Scans to the end of the input; allocates nothing.
    package static func isOneStringMember(_ input: [UInt8], after shape: Shape) -> Bool {
        var index = skipWhiteSpace(input, from: shape.valueStart, to: input.count)
        guard index < input.count, input[index] == UInt8(ascii: "\""),
            let (valueEnd, _) = closingQuote(input, from: index + 1, to: input.count)
        else { return false }
        index = skipWhiteSpace(input, from: valueEnd + 1, to: input.count)
        guard index < input.count, input[index] == UInt8(ascii: "}") else { return false }
        return skipWhiteSpace(input, from: index + 1, to: input.count) == input.count
    }

    /// The first offset from `index` on (at most `end`) that is not RFC 8259 §2 white space:
    /// ws = *( %x20 / %x09 / %x0A / %x0D ).
    package static func skipWhiteSpace(_ input: [UInt8], from index: Int, to end: Int) -> Int {
        var index = index
        while index < end {
            switch input[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    /// From the byte after an opening quote: the offset of the closing quote before `end`, and
    /// whether a backslash escape came before it; nil when there is none before `end`.
    package static func closingQuote(_ input: [UInt8], from index: Int, to end: Int) -> (Int, escaped: Bool)? {
        var index = index
        var escaped = false
        while index < end {
            switch input[index] {
            case UInt8(ascii: "\""): return (index, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                index += 2  // the backslash and the byte it escapes; `index < end` is checked again
            default: index += 1
            }
        }
        return nil
    }
}
