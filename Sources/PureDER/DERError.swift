// DERError: the one error type of the PureDER layer.
//
// Every error carries the absolute byte offset in the input where the problem was found and a
// short static description of what was being read, so a message can say "what and where".

/// An encoding error found while reading DER or BER.
public struct DERError: Error, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The input ended inside a tag, a length or a value.
        case truncated
        /// A definite length runs past the end of the enclosing element or input.
        case lengthPastEnd
        /// A length of length octets of 0x80 in DER, 0xFF (reserved), or more than `Limits.maxLengthOctets`.
        case badLengthOfLength
        /// A length not encoded in the fewest octets (DER only).
        case nonMinimalLength
        /// An indefinite length where DER was required.
        case indefiniteLengthInDER
        /// An indefinite-length element whose end-of-contents octets never came.
        case unterminatedIndefiniteLength
        /// An end-of-contents marker where an element was expected, or a malformed one (`00 xx`, xx ≠ 00).
        case unexpectedEndOfContents
        /// A high tag number encoded with leading 0x80 octets, or in high form although < 31.
        case nonMinimalTag
        /// A tag number that does not fit our representation (more than 4 subsequent octets).
        case tagTooLarge
        /// The next element does not carry the tag the grammar requires here.
        case unexpectedTag(expected: DERTag, found: DERTag)
        /// Bytes left over inside an element, or after the outermost element.
        case trailingBytes
        /// A value that violates the rules of its type (named by `context`).
        case invalidValue
        /// A primitive-only type encoded constructed, or the reverse.
        case wrongConstructedBit
        /// Nesting deeper than `Limits.maxNestingDepth`, or indefinite lengths nested deeper than
        /// `Limits.maxIndefiniteNesting`.
        case nestingTooDeep
        /// Input larger than `Limits.maxInputBytes`.
        case inputTooLarge
        /// More items than a named limit in `Limits` allows (the context names which).
        case tooMany
    }

    /// What went wrong.
    public let kind: Kind
    /// Absolute offset in the input where the problem was found.
    public let offset: Int
    /// What was being read, e.g. "INTEGER", "SignerInfo.version", "length".
    public let context: String

    /// An error of `kind` found at byte `offset` of the input while reading `context`.
    public init(_ kind: Kind, at offset: Int, _ context: String) {
        self.kind = kind
        self.offset = offset
        self.context = context
    }

    /// A stable machine-readable code, e.g. `der.truncated` (used in vector expectations and JSON).
    public var code: String {
        switch kind {
        case .truncated: return "der.truncated"
        case .lengthPastEnd: return "der.lengthPastEnd"
        case .badLengthOfLength: return "der.badLengthOfLength"
        case .nonMinimalLength: return "der.nonMinimalLength"
        case .indefiniteLengthInDER: return "der.indefiniteLengthInDER"
        case .unterminatedIndefiniteLength: return "der.unterminatedIndefiniteLength"
        case .unexpectedEndOfContents: return "der.unexpectedEndOfContents"
        case .nonMinimalTag: return "der.nonMinimalTag"
        case .tagTooLarge: return "der.tagTooLarge"
        case .unexpectedTag: return "der.unexpectedTag"
        case .trailingBytes: return "der.trailingBytes"
        case .invalidValue: return "der.invalidValue"
        case .wrongConstructedBit: return "der.wrongConstructedBit"
        case .nestingTooDeep: return "limit.nestingDepth"
        case .inputTooLarge: return "limit.inputSize"
        case .tooMany: return "limit.count"
        }
    }

}
