// Display escaping: text taken from input (certificate names, attribute strings, dates) made safe
// to write to a terminal or a log line, wherever a message or report embeds it.
//
// Escaped as `\u{…}` (lower-case hex): the C0 controls U+0000–001F (TAB, CR and LF included), DEL,
// the C1 controls U+0080–009F, the line and paragraph separators U+2028/2029, and the
// bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E–200F, U+202A–202E,
// U+2066–2069), which can reorder what a reader sees. Everything else is kept, backslash included:
// an escape adds only printable characters, so escaping twice changes nothing (the price: a
// literal `\u{1b}` in the input reads like an escaped ESC). JSON output has its own escaping.
//
// Bounded: a message carries at most `maxDisplayedCharacters` characters of any one text taken
// from input (a name, a key, a header value, an object identifier); a longer one is cut there and
// ends in "…". Input texts are attacker-sized; the cut keeps every message short.

/// Most characters of one text taken from input that a message or report carries.
package let maxDisplayedCharacters = 256

extension String {
    /// This text cut to `limit` characters, ending in "…" when it was longer (reads at most
    /// `limit` + 1 characters of it).
    package func truncated(to limit: Int) -> String {
        // No more bytes than the limit: no more characters either (counting them costs the most).
        if utf8.count <= limit { return self }
        return prefix(limit + 1).count <= limit ? self : String(prefix(limit)) + "…"
    }

    /// At most `maxDisplayedCharacters` characters of this text, escaped (`displayEscaped`): the
    /// form in which a message carries text taken from input.
    package var displayBounded: String { truncated(to: maxDisplayedCharacters).displayEscaped }

    /// This text with every scalar outside printable text written as `\u{…}` (see the file header).
    package var displayEscaped: String {
        // Printable ASCII only (the usual name or value): nothing to escape.
        if utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return self }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
