// JSONError: the one error type of the PureJSON layer.
//
// Every error carries the absolute byte offset in the input where the problem was found, and a
// stable machine-readable `code` (`json.…`, or `limit.…` for a resource bound).

/// A syntax, encoding or limit error found while reading JSON, or a number that does not convert.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable {
        /// The input ended inside a value.
        case truncated = "json.truncated"
        /// A byte the grammar does not allow here.
        case unexpectedByte = "json.unexpectedByte"
        /// Bytes other than white space after the top-level value.
        case trailingBytes = "json.trailingBytes"
        /// The text starts with a UTF-8 byte order mark.
        case byteOrderMark = "json.byteOrderMark"
        /// Ill-formed UTF-8 in a string (overlong, surrogate, above U+10FFFF, truncated sequence).
        case invalidUTF8 = "json.invalidUTF8"
        /// An unescaped control character (U+0000 ... U+001F) in a string.
        case controlCharacter = "json.controlCharacter"
        /// A backslash escape that RFC 8259 §7 does not define.
        case invalidEscape = "json.invalidEscape"
        /// A `\u` escape of a surrogate that is not half of a correctly ordered pair.
        case loneSurrogate = "json.loneSurrogate"
        /// A number that does not follow the RFC 8259 §6 grammar.
        case invalidNumber = "json.invalidNumber"
        /// An object with two members whose names are the same sequence of scalars.
        case duplicateKey = "json.duplicateKey"
        /// A number asked for as an integer is written with a fraction or exponent.
        case notAnInteger = "json.notAnInteger"
        /// A number does not fit the type asked for.
        case numberOutOfRange = "json.numberOutOfRange"
        /// Input larger than `JSONLimits.maxInputBytes`.
        case inputTooLarge = "limit.json.inputSize"
        /// Nesting deeper than `JSONLimits.maxDepth`.
        case nestingTooDeep = "limit.json.depth"
        /// A string or number longer than `JSONLimits.maxStringBytes`.
        case stringTooLong = "limit.json.stringLength"
        /// More members than `JSONLimits.maxObjectMembers`.
        case tooManyMembers = "limit.json.members"
        /// More elements than `JSONLimits.maxArrayElements`.
        case tooManyElements = "limit.json.elements"
    }

    /// What went wrong.
    public let kind: Kind
    /// Absolute byte offset in the input where the problem was found.
    public let offset: Int

    /// An error of `kind` found at byte `offset` of the input.
    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// A stable machine-readable code, e.g. `json.duplicateKey`.
    public var code: String { kind.rawValue }

    public var description: String { "\(kind.rawValue) at byte \(offset)" }
}
