// DERErrorMessages: the words of a DER error, for people (presentation: the code, offset and
// context the reader found are in DERError.swift; nothing decides on this text).

extension DERError: CustomStringConvertible {
    public var description: String {
        var text = "\(context): "
        switch kind {
        case .truncated: text += "input ends too early"
        case .lengthPastEnd: text += "cut short, or a wrong length,"
        case .badLengthOfLength: text += "invalid number of length octets"
        case .nonMinimalLength: text += "length not minimally encoded (DER)"
        case .indefiniteLengthInDER: text += "indefinite length not allowed in DER"
        case .unterminatedIndefiniteLength: text += "indefinite length without end-of-contents"
        case .unexpectedEndOfContents: text += "unexpected or malformed end-of-contents"
        case .nonMinimalTag: text += "tag not minimally encoded"
        case .tagTooLarge: text += "tag number too large"
        case .unexpectedTag(let expected, let found): text += "expected \(expected), found \(found)"
        case .trailingBytes: text += "unexpected trailing bytes"
        case .invalidValue: text += "invalid value"
        case .wrongConstructedBit: text += "wrong primitive/constructed form"
        case .nestingTooDeep:
            text +=
                "nesting deeper than allowed (\(Limits.maxNestingDepth) levels, "
                + "\(Limits.maxIndefiniteNesting) indefinite-length levels)"
        case .inputTooLarge where context.hasSuffix("Limits.maxNameBytes"):
            // The name reader's limit (PureX509 DistinguishedName.swift), not the input's.
            text += "the name's encoding is larger than \(Limits.maxNameBytes) bytes"
        case .inputTooLarge: text += "input larger than \(Limits.maxInputBytes) bytes"
        case .tooMany: text += "too many items"
        }
        return text + " at byte \(offset)"
    }
}
