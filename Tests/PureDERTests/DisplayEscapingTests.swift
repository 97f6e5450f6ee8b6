// displayEscaped: every control, separator and bidi scalar written as `\u{…}`, printable text kept,
// escaping twice a no-op.

import PureDER
import Testing

@Suite("Display escaping")
struct DisplayEscapingTests {
    @Test(
        "display rule: controls, DEL, C1, line/paragraph separators and bidi controls are escaped",
        arguments: [
            ("\u{0}", "\\u{0}"), ("\u{7}", "\\u{7}"), ("\t", "\\u{9}"), ("\n", "\\u{a}"), ("\r", "\\u{d}"),
            ("\u{1b}[31m", "\\u{1b}[31m"), ("\u{1f}", "\\u{1f}"), ("\u{7f}", "\\u{7f}"), ("\u{80}", "\\u{80}"),
            ("\u{85}", "\\u{85}"), ("\u{9b}", "\\u{9b}"), ("\u{9f}", "\\u{9f}"), ("\u{61c}", "\\u{61c}"),
            ("\u{200e}\u{200f}", "\\u{200e}\\u{200f}"), ("\u{2028}\u{2029}", "\\u{2028}\\u{2029}"),
            ("\u{202a}\u{202e}", "\\u{202a}\\u{202e}"), ("\u{2066}\u{2069}", "\\u{2066}\\u{2069}"),
        ])
    func escaped(_ input: String, _ expected: String) {
        #expect(input.displayEscaped == expected)
        #expect(expected.displayEscaped == expected)
    }

    @Test(
        "display rule: printable text is kept as it is",
        arguments: [
            "", "com.example.app", "café", "cafe\u{301}", "日本語", "🎉👩‍👩‍👧", "\\u{1b} \\ \"", " ", "\u{a0}", "\u{2030}",
            "\u{2065}", "\u{206a}",
        ])
    func kept(_ input: String) {
        #expect(input.displayEscaped == input)
    }

    /// The escaping rule written out scalar by scalar, without the printable-ASCII shortcut.
    static func reference(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let escaped =
                v <= 0x1F || (0x7F...0x9F).contains(v) || v == 0x061C || (0x200E...0x200F).contains(v)
                || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            result += escaped ? "\\u{" + String(v, radix: 16) + "}" : String(scalar)
        }
        return result
    }

    @Test("display rule: the printable-ASCII shortcut gives what the scalar rule gives, for every ASCII byte")
    func asciiShortcutAgrees() {
        for byte in UInt8(0)...UInt8(0x7F) {
            let one = String(decoding: [byte], as: UTF8.self)
            for text in [one, "a\(one)b", "CN=x\(one)", "\(one)é", "\(one)\u{202e}"] {
                #expect(text.displayEscaped == Self.reference(text), "byte \(byte)")
            }
        }
    }

    @Test("bounded-error rule: the byte-count shortcut cuts at the same character as counting characters")
    func truncationShortcutAgrees() {
        for text in [
            "", "abc", String(repeating: "x", count: 256), String(repeating: "x", count: 257),
            String(repeating: "é", count: 200), String(repeating: "e\u{301}", count: 200), "\r\n\r\n\r\n",
        ] {
            for limit in [1, 2, 3, 255, 256, 257] {
                let characters = Array(text)
                let expected = characters.count <= limit ? text : String(characters.prefix(limit)) + "…"
                #expect(text.truncated(to: limit) == expected, "\(text.count) characters, limit \(limit)")
            }
        }
    }
}
