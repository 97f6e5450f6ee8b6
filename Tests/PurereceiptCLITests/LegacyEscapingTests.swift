// CLI rule (legacy display escaping): every human-readable line of a legacy receipt's report —
// verify's text report, inspect and dump — goes through the display escaping the other formats
// use, so the plist's escapes (`\033`, `\007`, `\U202E`, `\U2028`, `\n`) never reach the terminal
// as raw characters; and the report says that the outer pairs (`environment`, `pod`, …) are
// unsigned: anyone can edit them while the receipt stays GENUINE.

import Foundation
import PureReceiptTestSupport
import Testing

@Suite("purereceipt: legacy reports escape control characters")
struct LegacyEscapingTests {
    static let trust = LegacyCLITests.trust

    /// The outer pairs added to a receipt: ESC, BEL, RLO (U+202E), LS (U+2028) and LF, written
    /// with the old-style plist's escapes, in a value and in a key.
    static let hostilePairs =
        "\t\"environment\" = \"Sandbox\\033[2J\\007\\U202Eevil\\U2028x\\nINJECTED-LINE\";\n"
        + "\t\"note\\033[31m\" = \"a\\007b\\U202Ec\\nINJECTED-LINE\";\n"

    /// `plist` (old-style plist text) with `hostilePairs` added before its closing brace, or
    /// replacing its `environment` pair when it has one.
    static func withHostileOuterPairs(_ plist: String) throws -> Data {
        var lines = plist.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeAll { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\"environment\"") }
        let close = try #require(lines.lastIndex { $0.trimmingCharacters(in: .whitespaces) == "}" })
        lines.insert(hostilePairs, at: close)
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// Raw characters that must not reach stdout.
    static let forbidden: [(String, Unicode.Scalar)] = [
        ("ESC", "\u{1B}"), ("BEL", "\u{07}"), ("RLO", "\u{202E}"), ("LS", "\u{2028}"),
    ]

    static func expectEscaped(_ result: CLIResult, _ what: String) {
        #expect(result.status == 0, "\(what): \(result)")
        for (name, scalar) in forbidden {
            #expect(!result.stdout.unicodeScalars.contains(scalar), "\(what): raw \(name) on stdout")
        }
        // The LF decoded from `\n` would start a line of its own.
        for line in result.stdout.split(separator: "\n") {
            #expect(!line.contains("INJECTED-LINE") || line.contains("\\u{a}INJECTED-LINE"), "\(what): \(line)")
        }
        #expect(result.stdout.contains("\\u{1b}[2J\\u{7}\\u{202e}evil\\u{2028}x\\u{a}INJECTED-LINE"), "\(what)")
        #expect(result.stdout.contains("note\\u{1b}[31m"), "\(what): the key is escaped too")
        #expect(result.stdout.contains("unsigned: not covered by the signature"), "\(what): \(result)")
    }

    @Test("testLegacyReportsEscapeControlCharacters: verify text, inspect and dump of a genuine receipt")
    func testLegacyReportsEscapeControlCharacters() async throws {
        let plist = try String(decoding: CLI.bytes("Vectors/legacy/valid-v3-plist-text.txt"), as: UTF8.self)
        let url = try CLI.temporaryFile(Self.withHostileOuterPairs(plist), suffix: ".txt")
        defer { try? FileManager.default.removeItem(at: url) }

        let verify = try await CLI.run(["verify"] + Self.trust + [url.path])
        Self.expectEscaped(verify, "verify")
        #expect(verify.stdout.contains("GENUINE"), "the outer pairs are unsigned: \(verify)")
        #expect(verify.stdout.contains("Environment") && verify.stdout.contains("(unsigned)"), "\(verify)")
        Self.expectEscaped(try await CLI.run(["inspect", url.path]), "inspect")
        Self.expectEscaped(try await CLI.run(["dump", url.path]), "dump")

        // JSON output escapes control characters its own way (RFC 8259 §7) and keeps the values.
        let json = try await CLI.run(["inspect", "--json", url.path])
        #expect(!json.stdout.unicodeScalars.contains("\u{1B}") && !json.stdout.unicodeScalars.contains("\u{07}"))
        let pairs = try #require(try json.jsonObject()["receipt"] as? [[String]], "\(json)")
        #expect(pairs.contains { $0.first == "environment" && $0.last?.hasPrefix("Sandbox\u{1B}[2J\u{07}") == true })
        #expect((try json.jsonObject()["receipt_note"] as? String)?.contains("unsigned") == true)
    }

    @Test(
        "testLegacyReportsEscapeControlCharacters: a real Apple receipt with edited outer pairs stays GENUINE, escaped",
        .enabled(if: CLI.corpusAvailable, "needs ../shared/corpus (skipped: not present)"))
    func realReceipt() async throws {
        let path = PackageFiles.corpus("legacy/appreceiptvalidator_legacy-v2-sandbox_2015.b64")
        let text = try String(decoding: Data(contentsOf: path), as: UTF8.self)
        let decoded = try #require(Data(base64Encoded: text, options: .ignoreUnknownCharacters))
        let edited = try Self.withHostileOuterPairs(String(decoding: decoded, as: UTF8.self))
        let url = try CLI.temporaryFile(Data(edited.base64EncodedString().utf8), suffix: ".b64")
        defer { try? FileManager.default.removeItem(at: url) }

        let verify = try await CLI.run(["verify", url.path])
        Self.expectEscaped(verify, "verify")
        #expect(verify.stdout.contains("GENUINE"), "\(verify)")
        Self.expectEscaped(try await CLI.run(["inspect", url.path]), "inspect")
        Self.expectEscaped(try await CLI.run(["dump", url.path]), "dump")
    }
}
