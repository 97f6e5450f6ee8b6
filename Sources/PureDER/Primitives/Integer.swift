// INTEGER, BOOLEAN and NULL (X.690 §8.2, §8.3, §8.8 and the DER restriction §11.1).
//
// Accepts: INTEGER contents of one or more octets in minimal two's-complement form (the minimal
// form is a rule of BER itself, X.690 §8.3.2, so it is enforced under both rule sets).
// Implicitly tagged INTEGERs are read by passing their tag.

extension DERCursor {
    /// Reads an INTEGER and returns its two's-complement content octets, checked minimal.
    public mutating func readIntegerBytes(tag: DERTag = .integer, _ what: @autoclosure Context) throws(DERError)
        -> ArraySlice<UInt8>
    {
        let element = try readElement(tag, what())
        try DERCursor.checkInteger(element, what())
        return element.contentBytes
    }

    /// Reads an INTEGER that must fit in `Int64`.
    public mutating func readInt64(tag: DERTag = .integer, _ what: @autoclosure Context) throws(DERError) -> Int64 {
        let element = try readElement(tag, what())
        try DERCursor.checkInteger(element, what())
        let content = element.contentBytes
        guard content.count <= 8 else { throw DERError(.invalidValue, at: element.start, "\(what()): too large") }
        // Sign-extend from the first octet, then shift in at most 8 octets: exactly 64 bits.
        var value: Int64 = content[content.startIndex] >= 0x80 ? -1 : 0
        for byte in content { value = (value << 8) | Int64(byte) }
        return value
    }

    /// Reads a non-negative INTEGER that must fit in `UInt64`.
    public mutating func readUInt64(tag: DERTag = .integer, _ what: @autoclosure Context) throws(DERError) -> UInt64 {
        let element = try readElement(tag, what())
        try DERCursor.checkInteger(element, what())
        var content = element.contentBytes
        guard content[content.startIndex] < 0x80 else {
            throw DERError(.invalidValue, at: element.start, "\(what()): negative")
        }
        // A 9-octet value fits only when its first octet is the 0x00 sign octet of a value ≥ 2^63.
        if content.count == 9, content[content.startIndex] == 0 { content = content.dropFirst() }
        guard content.count <= 8 else { throw DERError(.invalidValue, at: element.start, "\(what()): too large") }
        var value: UInt64 = 0
        for byte in content { value = (value << 8) | UInt64(byte) }
        return value
    }

    /// X.690 §8.3.1–8.3.2: one or more octets, primitive, minimal.
    static func checkInteger(_ element: DERElement, _ what: @autoclosure Context) throws(DERError) {
        guard !element.tag.isConstructed else { throw DERError(.wrongConstructedBit, at: element.start, what()) }
        let content = element.contentBytes
        // X.690 §8.3.1: "The contents octets shall consist of one or more octets."
        guard let first = content.first else { throw DERError(.invalidValue, at: element.start, "\(what()): empty") }
        // X.690 §8.3.2: "the bits of the first octet and bit 8 of the second octet shall not all be ones;
        // and shall not all be zero."
        if content.count > 1 {
            let second = content[content.startIndex + 1]
            if (first == 0x00 && second < 0x80) || (first == 0xFF && second >= 0x80) {
                throw DERError(.invalidValue, at: element.start, "\(what()): non-minimal INTEGER")
            }
        }
    }

    /// Reads a BOOLEAN. DER (X.690 §11.1) requires 0xFF for TRUE; BER accepts any non-zero octet.
    public mutating func readBoolean(_ what: @autoclosure Context) throws(DERError) -> Bool {
        let element = try readElement(.boolean, what())
        // X.690 §8.2.1: "The contents octets shall consist of a single octet."
        guard element.contentRange.count == 1 else { throw DERError(.invalidValue, at: element.start, what()) }
        let octet = bytes[element.contentRange.lowerBound]
        if rules == .der {
            // X.690 §11.1: "If the encoding represents the boolean value TRUE, its single contents octet
            // shall have all eight bits set to one."
            guard octet == 0x00 || octet == 0xFF else {
                throw DERError(.invalidValue, at: element.start, "\(what()): BOOLEAN not 00 or FF")
            }
        }
        return octet != 0
    }

    /// Reads an optional BOOLEAN with DEFAULT FALSE; DER forbids encoding the default (X.690 §11.5).
    public mutating func readOptionalBooleanDefaultFalse(_ what: @autoclosure Context) throws(DERError) -> Bool {
        guard peekTag() == .boolean else { return false }
        let start = offset
        let value = try readBoolean(what())
        // X.690 §11.5: "The encoding of a set value or sequence value shall not include an encoding for
        // any component value which is equal to its default value."
        if rules == .der && !value {
            throw DERError(.invalidValue, at: start, "\(what()): DEFAULT value encoded")
        }
        return value
    }

    /// Reads a NULL. X.690 §8.8.2: "The contents octets shall not contain any octets."
    public mutating func readNull(_ what: @autoclosure Context) throws(DERError) {
        let element = try readElement(.null, what())
        guard element.contentRange.isEmpty else { throw DERError(.invalidValue, at: element.start, what()) }
    }
}
