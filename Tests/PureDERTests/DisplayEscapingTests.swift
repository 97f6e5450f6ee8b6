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
        #expect(input[...].displayEscaped == input)
    }
}
