// TLVReader: identifier and length octets, X.690 §8.1 (BER) and §10.1 (DER restrictions).
//
// Accepts: low- and high-tag-number identifiers (high form up to 4 subsequent octets, 28-bit
// numbers); definite lengths of up to `Limits.maxLengthOctets` octets; in BER mode also
// indefinite lengths on constructed elements, found by scanning to the matching end-of-contents
// within `Limits.maxNestingDepth` levels.
// Does not check: SET OF ordering (X.690 §11.6) — callers that need it check it themselves;
// Apple writes its certificate SET in chain order, which is not SET OF order.

extension DERCursor {
    /// Reads the next element, whatever its tag, and moves past it.
    public mutating func readElement() throws(DERError) -> DERElement {
        let element = try peekElement()
        advance(to: element.end)
        return element
    }

    /// Reads the next element and requires `expected` as its tag.
    public mutating func readElement(_ expected: DERTag, _ what: @autoclosure Context) throws(DERError) -> DERElement {
        let element = try peekElement()
        guard element.tag == expected else {
            throw DERError(.unexpectedTag(expected: expected, found: element.tag), at: element.start, what())
        }
        advance(to: element.end)
        return element
    }

    /// Reads an element tagged `expected` and returns a cursor over its content.
    public mutating func read(_ expected: DERTag, _ what: @autoclosure Context) throws(DERError) -> DERCursor {
        try readElement(expected, what()).content
    }

    /// Reads a SEQUENCE and returns a cursor over its content.
    public mutating func readSequence(_ what: @autoclosure Context) throws(DERError) -> DERCursor {
        try read(.sequence, what())
    }

    /// Reads an element tagged `tag` if it comes next; returns nil (consuming nothing) otherwise.
    public mutating func readOptionalElement(_ tag: DERTag, _ what: @autoclosure Context) throws(DERError)
        -> DERElement?
    {
        guard peekTag() == tag else { return nil }
        return try readElement(tag, what())
    }

    /// Reads an element tagged `tag` if it comes next and returns its content cursor.
    public mutating func readOptional(_ tag: DERTag, _ what: @autoclosure Context) throws(DERError) -> DERCursor? {
        try readOptionalElement(tag, what())?.content
    }

    /// The tag of the next element, or nil at the end or if the identifier octets are malformed.
    public func peekTag() -> DERTag? {
        var position = offset
        return try? readTag(at: &position, "tag")
    }

    /// Decodes the element at the current offset without moving.
    public func peekElement() throws(DERError) -> DERElement {
        let header = try peekHeader()
        return DERElement(
            bytes: bytes, tag: header.tag, start: offset, contentRange: header.content, end: header.end,
            isIndefinite: header.isIndefinite, rules: rules, depth: depth, indefiniteDepth: indefiniteDepth)
    }

    /// A length running past the end: what the element declares and where its room ends, in words
    /// a person can check against the file ("the input ends at byte 3000").
    func lengthPastEnd(_ tag: DERTag, at start: Int, declares length: Int) -> DERError {
        let room = end == bytes.count ? "the input ends" : "its enclosing element ends"
        // Lengths past 2^31 − 1 read as that much on 32-bit platforms: the words are the same on all.
        let declared = length >= Int(Int32.max) ? "at least \(Int32.max)" : "\(length)"
        return DERError(
            .lengthPastEnd, at: start, "the \(tag) declares \(declared) bytes of content, \(room) at byte \(end)")
    }

    /// Decodes the identifier and length of the element at the current offset without moving:
    /// every check of `peekElement`, without building a `DERElement` (which holds a reference to
    /// the input and so costs reference counting; `scan` in Walk.swift relies on this).
    @inline(__always)
    func peekHeader() throws(DERError) -> (tag: DERTag, content: Range<Int>, end: Int, isIndefinite: Bool) {
        var position = offset
        let start = position
        let tag = try readTag(at: &position, "identifier")
        if tag.tagClass == .universal && tag.number == 0 {
            // X.690 §8.1.5: end-of-contents is only valid as the terminator of an indefinite length.
            throw DERError(.unexpectedEndOfContents, at: start, "element")
        }
        if tag.isConstructed && depth >= Limits.maxNestingDepth {
            throw DERError(.nestingTooDeep, at: start, "constructed element")
        }
        let length = try readLength(at: &position, constructed: tag.isConstructed)
        let contentStart = position
        if let length {
            // Length compared with what remains before any addition.
            guard length <= end - contentStart else { throw lengthPastEnd(tag, at: start, declares: length) }
            return (tag, contentStart..<(contentStart + length), contentStart + length, false)
        }
        // BER indefinite length: scan the children to the matching end-of-contents. Every enclosing
        // indefinite element scanned this content once already, so the cost of a parse is at most
        // `Limits.maxIndefiniteNesting` times the input size: bounded, not quadratic.
        guard indefiniteDepth < Limits.maxIndefiniteNesting else {
            throw DERError(.nestingTooDeep, at: start, "indefinite-length nesting")
        }
        let contentEnd = try scanToEndOfContents(from: contentStart, elementStart: start)
        // contentEnd + 2 ≤ end: scanToEndOfContents found both end-of-contents octets before `end`.
        return (tag, contentStart..<contentEnd, contentEnd + 2, true)
    }

    /// Identifier octets, X.690 §8.1.2. Inlined (with `readLength`) into `peekElement`, the hottest
    /// path of every parse: measured with callgrind on asn1_walk_payload8k (see PERFORMANCE.md).
    @inline(__always)
    private func readTag(at position: inout Int, _ what: @autoclosure Context) throws(DERError) -> DERTag {
        guard position < end else { throw DERError(.truncated, at: position, what()) }
        let first = bytes[position]
        position += 1
        let tagClass: TagClass
        switch first >> 6 {  // two bits
        case 0: tagClass = .universal
        case 1: tagClass = .application
        case 2: tagClass = .contextSpecific
        default: tagClass = .private
        }
        let constructed = first & 0x20 != 0
        let low = UInt32(first & 0x1F)
        guard low == 0x1F else { return DERTag(tagClass, number: low, constructed: constructed) }
        // X.690 §8.1.2.4.2 c): "bits 7 to 1 of the first subsequent octet shall not all be zero".
        var number: UInt32 = 0
        var count = 0
        while true {
            guard position < end else { throw DERError(.truncated, at: position, what()) }
            let octet = bytes[position]
            position += 1
            if count == 0 && octet == 0x80 { throw DERError(.nonMinimalTag, at: position - 1, what()) }
            count += 1
            guard count <= 4 else { throw DERError(.tagTooLarge, at: position - 1, what()) }
            // At most 4 octets of 7 bits: number < 2^28, so the shift cannot overflow.
            number = (number << 7) | UInt32(octet & 0x7F)
            if octet & 0x80 == 0 { break }
        }
        // X.690 §8.1.2.2: tag numbers 0…30 shall use the single-octet form.
        guard number >= 31 else { throw DERError(.nonMinimalTag, at: position - 1, what()) }
        return DERTag(tagClass, number: number, constructed: constructed)
    }

    /// Length octets, X.690 §8.1.3; nil means indefinite. DER restrictions per X.690 §10.1.
    @inline(__always)
    private func readLength(at position: inout Int, constructed: Bool) throws(DERError) -> Int? {
        guard position < end else { throw DERError(.truncated, at: position, "length") }
        let first = bytes[position]
        let lengthStart = position
        position += 1
        if first < 0x80 { return Int(first) }
        if first == 0x80 {
            // X.690 §10.1: "The definite form of length encoding shall be used".
            guard rules == .ber else { throw DERError(.indefiniteLengthInDER, at: lengthStart, "length") }
            // X.690 §8.1.3.2 a): a primitive encoding uses the definite form.
            guard constructed else { throw DERError(.badLengthOfLength, at: lengthStart, "indefinite primitive") }
            return nil
        }
        // X.690 §8.1.3.5 c): the value 0xFF shall not be used.
        let count = Int(first & 0x7F)
        guard first != 0xFF, count <= Limits.maxLengthOctets else {
            throw DERError(.badLengthOfLength, at: lengthStart, "length")
        }
        guard count <= end - position else { throw DERError(.truncated, at: position, "length") }
        var value: UInt64 = 0
        for index in position..<(position + count) {
            // At most 4 octets: value < 2^32, no overflow.
            value = (value << 8) | UInt64(bytes[index])
        }
        // Over Int.max only where Int has 32 bits (wasm32): past the end of any input, as the caller finds.
        let length = Int(exactly: value) ?? Int.max
        if rules == .der {
            // X.690 §10.1: "the length shall be encoded in the minimum number of octets".
            guard length >= 0x80, bytes[position] != 0 else {
                throw DERError(.nonMinimalLength, at: lengthStart, "length")
            }
        }
        position += count
        return length
    }

    /// Finds the end-of-contents octets closing an indefinite-length element whose content
    /// starts at `contentStart`. Returns the offset of the end-of-contents octets.
    ///
    /// One pass: the headers are read in place and an indefinite child is entered, not scanned on
    /// its own (which would rescan it per level), with the checks `peekHeader` applies to each.
    private func scanToEndOfContents(from contentStart: Int, elementStart: Int) throws(DERError) -> Int {
        var position = contentStart
        var open: [Int] = []  // starts of the indefinite children entered and not yet closed
        var visited = 0
        while true {
            let innermost = open.last ?? elementStart
            guard position < end else {
                throw DERError(.unterminatedIndefiniteLength, at: innermost, "indefinite length")
            }
            if bytes[position] == 0 {
                // X.690 §8.1.5: end-of-contents is two zero octets.
                guard end - position >= 2 else {
                    throw DERError(.unterminatedIndefiniteLength, at: innermost, "indefinite length")
                }
                guard bytes[position + 1] == 0 else {
                    throw DERError(.unexpectedEndOfContents, at: position, "end-of-contents")
                }
                guard open.popLast() != nil else { return position }
                position += 2
                continue
            }
            // Limits.maxIndefiniteElements: bounds the work of each scan (and of every rescan by an
            // enclosing element) by a count of headers, whatever their size.
            visited += 1
            guard visited <= Limits.maxIndefiniteElements else {
                throw DERError(.tooMany, at: position, "elements inside an indefinite length")
            }
            let start = position
            let tag = try readTag(at: &position, "identifier")
            if tag.tagClass == .universal && tag.number == 0 {
                throw DERError(.unexpectedEndOfContents, at: start, "element")
            }
            // The depth this element has in the recursive reading: one per enclosing level.
            if tag.isConstructed && depth + 1 + open.count >= Limits.maxNestingDepth {
                throw DERError(.nestingTooDeep, at: start, "constructed element")
            }
            if let length = try readLength(at: &position, constructed: tag.isConstructed) {
                // Length compared with what remains before any addition.
                guard length <= end - position else { throw lengthPastEnd(tag, at: start, declares: length) }
                position += length
            } else {
                guard indefiniteDepth + 1 + open.count < Limits.maxIndefiniteNesting else {
                    throw DERError(.nestingTooDeep, at: start, "indefinite-length nesting")
                }
                open.append(start)
            }
        }
    }
}

extension DERCursor {
    /// Parses `bytes` as exactly one element: trailing bytes after it are an error.
    public static func single(_ bytes: [UInt8], rules: EncodingRules = .der, _ what: @autoclosure Context)
        throws(DERError) -> DERElement
    {
        var cursor = try DERCursor(bytes, rules: rules)
        let element = try cursor.readElement()
        try cursor.expectEnd(what())
        return element
    }
}
