// JSONWriter: builds RFC 8259 JSON text as UTF-8 bytes, for verifyReceipt-compatible output and the CLI.
//
// Produces: objects, arrays, strings, integers (Int64 and UInt64 written exactly, never through
// Double), JSON text passed through unchanged (`json(_:)`), booleans and null; compact
// (`{"a":1}`) or pretty-printed with a two-space indent, `": "` after keys and empty containers as
// `{}` / `[]`.
// Strings: RFC 8259 §7: `"` and `\` are escaped as `\"` and `\\`, U+0000 ... U+001F as `\u00XX`;
// everything else (including non-ASCII) is written as UTF-8 unchanged (RFC 8259 §8.1).
// Speed: one byte buffer, reserved once from the caller's estimate; member names encoded once as
// `Key` constants (quotes and colon included; a `Key` made for the depth it is written at also
// carries the pretty separator and indentation, so such a member's name is one copy); numbers
// written digit by digit into the buffer;
// string content copied as one block and rewritten only from its first character that needs an
// escape. No String is built per value.
// Does not check: duplicate keys (RFC 8259 §4 "SHOULD be unique" is the caller's business), or
// that text given to `json(_:)` is JSON.
// Misuse (a value in an object without a key, a key outside an object, unbalanced end calls, a
// second top-level value) is not a trap: it is recorded and `isWellFormed` turns false.

/// A JSON text under construction. Use: `var w = JSONWriter(pretty: true); w.beginObject();
/// w.field("status", Int64(0)); w.endObject(); let text = w.text`.
package struct JSONWriter: Sendable {
    /// An object member's name as written: quoted, escaped, followed by `:` (compact) or `: `
    /// (pretty), then the opening quote of a string value (written only before one). Make
    /// constants of the names a document repeats: each is encoded once.
    package struct Key: Sendable, ExpressibleByStringLiteral {
        package let compact: [UInt8]
        /// `,`, the line break and indentation of a member at `depth` (the number of open
        /// containers), then the name, `: ` and `"`: in pretty output, a member at that depth is
        /// written with one copy (without the `,` when it is the first). A key made with a
        /// `value` (the rest of a constant string value, e.g. `true"`) ends with it and is
        /// written whole by `member(_:)`.
        package let pretty: [UInt8]
        package let depth: Int

        package init(_ name: String, depth: Int = 1, value: String = "") {
            self.depth = (0...32).contains(depth) ? depth : -1  // other depths: written through `separate`
            let indent = 2 * max(self.depth, 0)
            var writer = JSONWriter(capacity: indent + 6 * name.utf8.count + 7)  // ,\n  "name": "
            writer.bytes.append(contentsOf: [0x2C, 0x0A] as [UInt8])
            writer.bytes.append(contentsOf: repeatElement(0x20, count: indent))
            writer.appendQuoted(name)
            writer.bytes.append(contentsOf: [0x3A, 0x20, 0x22] as [UInt8])
            compact = writer.bytes[(2 + indent)..<(writer.bytes.count - 2)] + [0x22] + value.utf8  // "name":"
            pretty = writer.bytes + value.utf8
        }

        package init(stringLiteral name: String) { self.init(name) }
    }

    /// The JSON text written so far (since the last `drain()`), UTF-8.
    package private(set) var bytes: [UInt8] = []
    /// Whether output is indented (two spaces per level, one member or element per line).
    package let pretty: Bool

    private enum Container: Sendable { case object, array }
    /// Open containers, innermost last, each with whether it already holds a member/element.
    private var stack: [Container] = []  // the open containers, innermost last
    private var hasContent = false  // whether the innermost open container has a member yet
    /// A key was written and its value has not been yet.
    private var awaitingValue = false
    /// A complete top-level value has been written.
    private var hasTopLevelValue = false
    /// Some call did not fit the structure (see the file header).
    private var misused = false
    /// For each depth d reached so far (d open containers): `,`, then in pretty output a line
    /// break and 2·d spaces. What precedes a member or element is the one of its depth, without
    /// the `,` for the first; what precedes a closing bracket after content, the enclosing one's
    /// without the `,`.
    private var separators: [[UInt8]] = []

    /// A writer whose buffer holds `capacity` bytes before it first grows.
    package init(pretty: Bool = false, capacity: Int = 0) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// The JSON text written so far (since the last `drain()`).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// True when exactly one complete top-level value was written and every call was in place.
    package var isWellFormed: Bool {
        !misused && stack.isEmpty && !awaitingValue && hasTopLevelValue
    }

    /// Hands over the text written so far and empties the buffer; the open containers stay open,
    /// so a long document can be written out piece by piece.
    package mutating func drain() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    // MARK: containers

    package mutating func beginObject() { begin(.object, 0x7B) }  // {
    package mutating func endObject() { end(.object, 0x7D) }  // }
    package mutating func beginArray() { begin(.array, 0x5B) }  // [
    package mutating func endArray() { end(.array, 0x5D) }  // ]

    /// Writes an object member's name; the next call must write its value.
    package mutating func key(_ key: Key) {
        if name(key, quoted: false) { awaitingValue = true }
    }

    /// Writes `key` with, when `quoted`, the opening quote of a string value (one copy); false,
    /// writing nothing, when no member belongs here.
    private mutating func name(_ key: Key, quoted: Bool) -> Bool {
        guard stack.last == .object, !awaitingValue else {
            misused = true
            return false
        }
        let end = (pretty ? key.pretty.count : key.compact.count) - (quoted ? 0 : 1)
        if pretty && key.depth == stack.count && hasContent && quoted {
            bytes.append(contentsOf: key.pretty)  // the common case: a whole array appends for less than a slice
        } else if pretty && key.depth == stack.count {
            bytes.append(contentsOf: key.pretty[(hasContent ? 0 : 1)..<end])
            hasContent = true
        } else {
            separate()
            let start = pretty ? key.pretty.count - key.compact.count - 1 : 0  // where `"name"` starts
            bytes.append(contentsOf: (pretty ? key.pretty : key.compact)[start..<end])
        }
        return true
    }

    /// Writes a member whose key was made with its constant `value`, in one copy.
    package mutating func member(_ key: Key) { _ = name(key, quoted: true) }

    /// Writes a member name known only at run time, encoded straight into the text (the bytes a
    /// `Key` of it would write, without making one).
    package mutating func key(_ name: String) {
        guard stack.last == .object, !awaitingValue else {
            misused = true
            return
        }
        separate()
        appendQuoted(name)
        bytes.append(contentsOf: pretty ? [0x3A, 0x20] as [UInt8] : [0x3A])  // `: ` or `:`
        awaitingValue = true
    }

    // MARK: values

    package mutating func string(_ value: String) {
        beforeValue()
        appendQuoted(value)
    }

    package mutating func integer(_ value: Int64) {
        beforeValue()
        bytes.append(addingCapacity: 21) { appendDecimal(value, to: &$0) }
    }

    package mutating func integer(_ value: UInt64) {
        beforeValue()
        bytes.append(addingCapacity: 20) { appendDecimal(value, to: &$0) }
    }

    /// A value given as JSON text, copied unchanged: a parsed `JSONNumber`'s text (never
    /// converted through Double), or a piece written by another, e.g. compact, writer.
    package mutating func json(_ text: [UInt8]) {
        beforeValue()
        bytes.append(contentsOf: text)
    }

    package mutating func bool(_ value: Bool) {
        beforeValue()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    package mutating func null() {
        beforeValue()
        bytes.append(contentsOf: "null".utf8)
    }

    // MARK: convenience for object members

    package mutating func field(_ key: Key, _ value: String) {
        if name(key, quoted: true) { appendQuoted(value, opened: true) }
    }

    /// A string member whose value is valid UTF-8 `content` (checked by the caller), copied and
    /// escaped without building a `String`.
    package mutating func field(_ key: Key, utf8 content: ArraySlice<UInt8>) {
        guard name(key, quoted: true) else { return }
        let start = bytes.count
        bytes.append(contentsOf: content)
        if Self.needsEscape(content) { escape(from: start) }
        bytes.append(0x22)
    }

    /// A string member whose content `write` appends straight into the buffer, unescaped: at
    /// most `capacity` bytes of characters that need no escape (callers write ASCII digits,
    /// letters, space and `-:/_`).
    package mutating func field(_ key: Key, quoting capacity: Int, _ write: (inout OutputSpan<UInt8>) -> Void) {
        guard name(key, quoted: true) else { return }
        bytes.append(addingCapacity: capacity + 1) { out in
            write(&out)
            out.append(0x22)
        }
    }

    package mutating func field(_ key: Key, _ value: Int64) {
        self.key(key)
        integer(value)
    }

    package mutating func field(_ key: Key, _ value: UInt64) {
        self.key(key)
        integer(value)
    }

    package mutating func field(_ key: Key, _ value: Bool) {
        self.key(key)
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
        if top == .object { misused = true }  // a value without a key
        separate()
    }

    /// Writes `,` (after earlier content) and the pretty-printing line break and indent, and
    /// marks the innermost container as non-empty.
    private mutating func separate() {
        guard !stack.isEmpty else { return }
        appendSeparator(depth: stack.count, comma: hasContent)
        hasContent = true
    }

    /// The separator of `depth` (see `separators`), with or without its `,`.
    private mutating func appendSeparator(depth: Int, comma: Bool) {
        while separators.count <= depth {
            separators.append(pretty ? [0x2C, 0x0A] + repeatElement(0x20, count: 2 * separators.count) : [0x2C])
        }
        bytes.append(contentsOf: separators[depth][(comma ? 0 : 1)...])
    }

    private mutating func begin(_ container: Container, _ opening: UInt8) {
        beforeValue()
        bytes.append(opening)
        stack.append(container)
        hasContent = false
    }

    private mutating func end(_ container: Container, _ closing: UInt8) {
        guard stack.last == container, !awaitingValue else {
            misused = true
            return
        }
        stack.removeLast()
        let closingAfterContent = hasContent
        hasContent = true  // the enclosing container holds the one closed here (begin separated it)
        if closingAfterContent { appendSeparator(depth: stack.count, comma: false) }
        bytes.append(closing)
    }

    /// The string's UTF-8, quoted and escaped (`opened`: after its opening quote, already written).
    private mutating func appendQuoted(_ value: String, opened: Bool = false) {
        if !opened { bytes.append(0x22) }
        let start = bytes.count
        bytes.append(contentsOf: value.utf8)
        if Self.needsEscape(bytes[start...]) { escape(from: start) }
        bytes.append(0x22)
    }

    /// RFC 8259 §7: quotation mark, reverse solidus and the control characters U+0000 through
    /// U+001F MUST be escaped. Escapes the string content in `bytes[start...]` in place: nothing
    /// moves unless such a character occurs; from the first one on, the rest is rewritten.
    private mutating func escape(from start: Int) {
        guard let first = bytes[start...].firstIndex(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return }
        let rest = Array(bytes[first...])
        bytes.removeSubrange(first...)
        for c in rest {
            switch c {
            case 0x22, 0x5C: bytes += [0x5C, c]  // \" \\
            case ..<0x20: bytes += [0x5C, 0x75, 0x30, 0x30, hexDigit(c >> 4), hexDigit(c & 0x0F)]  // \u00XX
            default: bytes.append(c)
            }
        }
    }

    /// Whether `text` holds a byte `escape` rewrites: a scan without an early exit, which the
    /// compiler vectorizes (half the instructions of `firstIndex(where:)` on a 16-byte
    /// identifier, a quarter on 40 bytes); escapes are rare.
    private static func needsEscape(_ content: ArraySlice<UInt8>) -> Bool {
        let text = content.span
        var special: UInt8 = 0
        for i in text.indices {
            let c = text[i]
            special |= (c < 0x20 ? 1 : 0) | (c == 0x22 ? 1 : 0) | (c == 0x5C ? 1 : 0)  // no branch: vectorizes
        }
        return special != 0
    }

    private func hexDigit(_ v: UInt8) -> UInt8 {
        v < 10 ? v + 0x30 : v + 0x57  // v ≤ 15: "0"–"9", "a"–"f"
    }
}

/// `value` in decimal, `-` first when negative, the digits left-padded with zeros to at least
/// `width` (at most 20): at most 21 bytes, appended to `out`.
package func appendDecimal(_ value: Int64, width: Int = 1, to out: inout OutputSpan<UInt8>) {
    if value < 0 { out.append(0x2D) }  // -
    appendDecimal(value.magnitude, width: width, to: &out)
}

/// The decimal digits of `value`, left-padded with zeros to at least `width` (at most 20)
/// digits: at most 20 bytes. Beyond eight digits the lowest eight are written last, two by
/// two in straight-line code (a millisecond date has thirteen); the others, and a shorter
/// value, are appended lowest first (two per division by the constant 100, the higher one while
/// digits remain), then reversed in place.
package func appendDecimal(_ value: UInt64, width: Int = 1, to out: inout OutputSpan<UInt8>) {
    guard value < 100_000_000 else {
        appendDecimal(value / 100_000_000, width: min(width, 20) - 8, to: &out)
        let low = Int64(value % 100_000_000)
        for pair in [low / 1_000_000, low / 10_000 % 100, low / 100 % 100, low % 100] {
            appendTwoDigits(pair, to: &out)
        }
        return
    }
    let start = out.count
    var rest = value
    repeat {
        let pair = UInt8(truncatingIfNeeded: rest % 100)
        rest /= 100
        out.append(pair % 10 + 0x30)
        if rest > 0 || pair >= 10 { out.append(pair / 10 + 0x30) }
    } while rest > 0
    while out.count - start < min(width, 20) { out.append(0x30) }
    var (low, high) = (start, out.count - 1)
    while low < high {
        let digit = out[low]
        (out[low], out[high]) = (out[high], digit)
        (low, high) = (low + 1, high - 1)
    }
}
