// JSONWriter: builds RFC 8259 JSON text, for verifyReceipt-compatible output and the CLI.
//
// Produces: objects, arrays, strings, integers (Int64 and UInt64 written exactly, never through
// Double), number literals passed through unchanged, booleans and null; compact (`{"a":1}`) or
// pretty-printed with a two-space indent, `": "` after keys and empty containers as `{}` / `[]`.
// Strings: RFC 8259 §7: `"` and `\` are escaped as `\"` and `\\`, U+0000 ... U+001F as `\u00XX`;
// everything else (including non-ASCII) is written as UTF-8 unchanged (RFC 8259 §8.1).
// Does not check: duplicate keys (RFC 8259 §4 "SHOULD be unique" is the caller's business).
// Misuse (a value in an object without a key, a key outside an object, unbalanced end calls, a
// second top-level value) is not a trap: it is recorded and `isWellFormed` turns false.

/// A JSON text under construction. Use: `var w = JSONWriter(pretty: true); w.beginObject();
/// w.key("status"); w.integer(0); w.endObject(); let text = w.text`.
package struct JSONWriter: Sendable {
    /// The JSON text written so far.
    package private(set) var text: String = ""
    /// Whether output is indented (two spaces per level, one member or element per line).
    package let pretty: Bool

    private enum Container: Sendable { case object, array }
    /// Open containers, innermost last, each with whether it already holds a member/element.
    private var stack: [(container: Container, hasContent: Bool)] = []
    /// A key was written and its value has not been yet.
    private var awaitingValue = false
    /// A complete top-level value has been written.
    private var hasTopLevelValue = false
    /// Some call did not fit the structure (see the file header).
    private var misused = false

    package init(pretty: Bool = false) {
        self.pretty = pretty
    }

    /// True when exactly one complete top-level value was written and every call was in place.
    package var isWellFormed: Bool {
        !misused && stack.isEmpty && !awaitingValue && hasTopLevelValue
    }

    // MARK: containers

    package mutating func beginObject() {
        beforeValue()
        text.append("{")
        stack.append((.object, false))
    }

    package mutating func endObject() { end(.object, closing: "}") }

    package mutating func beginArray() {
        beforeValue()
        text.append("[")
        stack.append((.array, false))
    }

    package mutating func endArray() { end(.array, closing: "]") }

    /// Writes an object member's name; the next call must write its value.
    package mutating func key(_ name: String) {
        guard let top = stack.last, top.container == .object, !awaitingValue else {
            misused = true
            return
        }
        separate()
        appendString(name)
        text.append(pretty ? ": " : ":")
        awaitingValue = true
    }

    // MARK: values

    package mutating func string(_ value: String) {
        beforeValue()
        appendString(value)
    }

    package mutating func integer(_ value: Int64) {
        beforeValue()
        text.append(String(value))
    }

    package mutating func integer(_ value: UInt64) {
        beforeValue()
        text.append(String(value))
    }

    /// A number written as the given JSON literal, unchanged (e.g. a parsed `JSONNumber`'s text,
    /// which the reader validated); never converted through Double.
    package mutating func number(literal: String) {
        beforeValue()
        text.append(literal)
    }

    package mutating func bool(_ value: Bool) {
        beforeValue()
        text.append(value ? "true" : "false")
    }

    package mutating func null() {
        beforeValue()
        text.append("null")
    }

    // MARK: convenience for object members

    package mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    package mutating func field(_ name: String, _ value: Int64) {
        key(name)
        integer(value)
    }

    package mutating func field(_ name: String, _ value: UInt64) {
        key(name)
        integer(value)
    }

    package mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    // MARK: structure

    /// Bookkeeping before any value: in an object it must follow a key; in an array it gets a
    /// separator; at top level there may be only one.
    private mutating func beforeValue() {
        if awaitingValue {
            awaitingValue = false
            return
        }
        guard let top = stack.last else {
            if hasTopLevelValue { misused = true }
            hasTopLevelValue = true
            return
        }
        if top.container == .object { misused = true }  // a value without a key
        separate()
    }

    /// Writes `,` (after earlier content) and the pretty-printing line break and indent, and
    /// marks the innermost container as non-empty.
    private mutating func separate() {
        guard let last = stack.indices.last else { return }
        if stack[last].hasContent { text.append(",") }
        stack[last].hasContent = true
        newline(depth: stack.count)
    }

    private mutating func end(_ container: Container, closing: String) {
        guard let top = stack.last, top.container == container, !awaitingValue else {
            misused = true
            return
        }
        stack.removeLast()
        if top.hasContent { newline(depth: stack.count) }
        text.append(closing)
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        text.append("\n")
        for _ in 0..<depth { text.append("  ") }
    }

    /// RFC 8259 §7: quotation mark, reverse solidus and the control characters U+0000 through
    /// U+001F MUST be escaped. Runs without such characters are appended as one slice.
    private mutating func appendString(_ value: String) {
        text.append("\"")
        let utf8 = value.utf8
        var runStart = utf8.startIndex
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let c = utf8[i]
            if c == 0x22 || c == 0x5C || c < 0x20 {
                text.append(contentsOf: value[runStart..<i])
                switch c {
                case 0x22: text.append("\\\"")
                case 0x5C: text.append("\\\\")
                default:
                    text.append("\\u00")
                    text.append(hexDigit(c >> 4))
                    text.append(hexDigit(c & 0x0F))
                }
                i = utf8.index(after: i)
                runStart = i
            } else {
                i = utf8.index(after: i)
            }
        }
        text.append(contentsOf: value[runStart..<i])
        text.append("\"")
    }

    private func hexDigit(_ v: UInt8) -> Character {
        Character(Unicode.Scalar(v < 10 ? v + 0x30 : v + 0x57))  // v ≤ 15: "0"–"9", "a"–"f"
    }
}
