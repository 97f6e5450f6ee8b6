// JSONReader: a strict RFC 8259 reader of one JSON text from UTF-8 bytes.
//
// Accepts: exactly the RFC 8259 grammar (§2 JSON-text = ws value ws, any value at the top level),
// white space only from §2's four bytes, strings as JSONString.swift reads them, numbers per §6.
// Rejects, with the byte offset: a leading byte order mark, bytes after the value, an object with
// two members of the same name (§4 leaves them undefined: "The names within an object SHOULD be
// unique"), and anything over a bound in `JSONLimits`.
// Bounded: recursion depth ≤ `JSONLimits.maxDepth`; every loop advances the cursor.

/// Reads JSON text strictly; see the file header.
public enum JSONReader {
    /// Reads one JSON text from UTF-8 bytes.
    public static func read(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        // RFC 8259 §9: "An implementation may set limits on the size of texts that it accepts."
        guard bytes.count <= JSONLimits.maxInputBytes else { throw JSONError(.inputTooLarge, at: 0) }
        // RFC 8259 §8.1: "Implementations MUST NOT add a byte order mark (U+FEFF) to the
        // beginning of a networked-transmitted JSON text." We accept none either.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw JSONError(.byteOrderMark, at: 0)
        }
        var parser = Parser(bytes: bytes)
        parser.skipWhiteSpace()
        let value = try parser.value(depth: 1)
        parser.skipWhiteSpace()
        guard parser.position == bytes.count else { throw JSONError(.trailingBytes, at: parser.position) }
        return value
    }

    /// Reads one JSON text from a string's UTF-8.
    public static func read(_ text: String) throws(JSONError) -> JSONValue {
        try read(Array(text.utf8))
    }
}

/// The cursor over the input: `0 ≤ position ≤ bytes.count`.
struct Parser {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The byte at the cursor, or nil at the end.
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// RFC 8259 §2: ws = *( %x20 / %x09 / %x0A / %x0D )
    mutating func skipWhiteSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { position += 1 }
    }

    /// The byte at the cursor, or `.truncated` at the end.
    func current() throws(JSONError) -> UInt8 {
        guard let b = peek else { throw JSONError(.truncated, at: position) }
        return b
    }

    /// RFC 8259 §3: value = false / null / true / object / array / number / string
    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        switch try current() {
        case 0x7B: return .object(try object(depth: depth))  // {
        case 0x5B: return try array(depth: depth)  // [
        case 0x22: return .string(try string())  // "
        case 0x74: return try literal("true", .bool(true))
        case 0x66: return try literal("false", .bool(false))
        case 0x6E: return try literal("null", .null)
        case 0x2D, 0x30...0x39: return .number(try number())
        default: throw JSONError(.unexpectedByte, at: position)
        }
    }

    /// RFC 8259 §3: the literal names "MUST be lowercase. No other literal names are allowed."
    mutating func literal(_ name: String, _ value: JSONValue) throws(JSONError) -> JSONValue {
        let start = position
        for expected in name.utf8 {
            guard let b = peek else { throw JSONError(.truncated, at: position) }
            guard b == expected else { throw JSONError(.unexpectedByte, at: start) }
            position += 1
        }
        return value
    }

    /// RFC 8259 §4: object = begin-object [ member *( value-separator member ) ] end-object
    mutating func object(depth: Int) throws(JSONError) -> JSONObject {
        let start = position
        // RFC 8259 §9: "An implementation may set limits on the maximum depth of nesting."
        guard depth <= JSONLimits.maxDepth else { throw JSONError(.nestingTooDeep, at: start) }
        position += 1
        var members: [JSONMember] = []
        var seen = Set<[UInt8]>()
        skipWhiteSpace()
        if try current() == 0x7D {  // }
            position += 1
            return JSONObject(members: [], offset: start)
        }
        while true {
            let nameOffset = position
            guard try current() == 0x22 else { throw JSONError(.unexpectedByte, at: position) }
            guard members.count < JSONLimits.maxObjectMembers else {
                throw JSONError(.tooManyMembers, at: nameOffset)
            }
            let name = try string()
            // RFC 8259 §4: "The names within an object SHOULD be unique." We require it, comparing
            // the decoded scalars (so "a" and "\u0061" are the same name).
            guard seen.insert(Array(name.utf8)).inserted else { throw JSONError(.duplicateKey, at: nameOffset) }
            skipWhiteSpace()
            guard try current() == 0x3A else { throw JSONError(.unexpectedByte, at: position) }  // :
            position += 1
            skipWhiteSpace()
            let value = try value(depth: depth + 1)
            members.append(JSONMember(name: name, value: value, offset: nameOffset))
            skipWhiteSpace()
            let b = try current()
            position += 1
            if b == 0x7D { return JSONObject(members: members, offset: start) }  // }
            guard b == 0x2C else { throw JSONError(.unexpectedByte, at: position - 1) }  // ,
            skipWhiteSpace()
        }
    }

    /// RFC 8259 §5: array = begin-array [ value *( value-separator value ) ] end-array
    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        // RFC 8259 §9: "An implementation may set limits on the maximum depth of nesting."
        guard depth <= JSONLimits.maxDepth else { throw JSONError(.nestingTooDeep, at: position) }
        position += 1
        var elements: [JSONValue] = []
        skipWhiteSpace()
        if try current() == 0x5D {  // ]
            position += 1
            return .array([])
        }
        while true {
            guard elements.count < JSONLimits.maxArrayElements else {
                throw JSONError(.tooManyElements, at: position)
            }
            elements.append(try value(depth: depth + 1))
            skipWhiteSpace()
            let b = try current()
            position += 1
            if b == 0x5D { return .array(elements) }  // ]
            guard b == 0x2C else { throw JSONError(.unexpectedByte, at: position - 1) }  // ,
            skipWhiteSpace()
        }
    }

    /// RFC 8259 §6: number = [ minus ] int [ frac ] [ exp ]; int = zero / ( digit1-9 *DIGIT );
    /// frac = decimal-point 1*DIGIT; exp = e [ minus / plus ] 1*DIGIT
    mutating func number() throws(JSONError) -> JSONNumber {
        let start = position
        if peek == 0x2D { position += 1 }  // -
        // RFC 8259 §6: "Leading zeros are not allowed."
        if peek == 0x30 {
            position += 1
        } else {
            try digits(start)
        }
        if peek == 0x2E {  // .
            position += 1
            try digits(start)
        }
        if peek == 0x65 || peek == 0x45 {  // e E
            position += 1
            if peek == 0x2B || peek == 0x2D { position += 1 }
            try digits(start)
        }
        // RFC 8259 §9: numbers share the string length bound.
        guard position - start <= JSONLimits.maxStringBytes else { throw JSONError(.stringTooLong, at: start) }
        return JSONNumber(text: String(decoding: bytes[start..<position], as: UTF8.self), offset: start)
    }

    /// 1*DIGIT, or `.invalidNumber` at the number's start.
    mutating func digits(_ start: Int) throws(JSONError) {
        guard let b = peek, b >= 0x30, b <= 0x39 else { throw JSONError(.invalidNumber, at: start) }
        while let b = peek, b >= 0x30, b <= 0x39 { position += 1 }
    }
}
