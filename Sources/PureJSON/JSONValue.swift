// JSONValue: the decoded tree of a JSON text, lossless (RFC 8259 §4 objects keep member order,
// numbers keep their literal text, strings are exactly the scalars written).
//
// Strings are Swift `String`s built from validated UTF-8, so no scalar is ever replaced. Member
// names are compared scalar by scalar, as their UTF-8 (one encoding per scalar sequence: the same
// answer, without decoding; the byte counts first), never with Swift's `==` on `String`, which
// would treat canonically equivalent but different scalar sequences as equal.

/// A JSON value.
public enum JSONValue: Sendable, Equatable {
    /// The literal `null`.
    case null
    /// The literal `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text.
    case number(JSONNumber)
    /// A string, with its escapes decoded.
    case string(String)
    /// An array: its elements in input order.
    case array([JSONValue])
    /// An object: its members in input order.
    case object(JSONObject)

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The Boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
}

/// One name/value pair of an object.
public struct JSONMember: Sendable, Equatable {
    /// The member's name, with its escapes decoded.
    public let name: String
    /// The member's value.
    public let value: JSONValue
    /// Byte offset of the member's name (its opening quote) in the input.
    public let offset: Int
}

/// A JSON object: its members in input order, names unique (the reader rejects duplicates).
public struct JSONObject: Sendable, Equatable {
    /// The members, in the order they were written.
    public let members: [JSONMember]
    /// Byte offset of the opening `{` in the input.
    public let offset: Int

    /// An object of `members` (names assumed unique) whose `{` is at byte `offset`.
    public init(members: [JSONMember], offset: Int) {
        self.members = members
        self.offset = offset
    }

    /// The member named `name` (compared scalar by scalar), if present.
    public func member(_ name: String) -> JSONMember? {
        members.first { $0.name.utf8.count == name.utf8.count && $0.name.utf8.elementsEqual(name.utf8) }
    }

    /// The value of the member named `name` (compared scalar by scalar), if present.
    public subscript(name: String) -> JSONValue? {
        member(name)?.value
    }
}
