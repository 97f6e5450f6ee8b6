// Text that begins like a compact JWS (base64url of a JSON header, `eyJ…`) but is not one is named
// as a JWS with its problem (no dot, no second dot, where it ends), and several such lines point
// to --ndjson; never reported as a broken legacy receipt. The module words it the same way (the
// library's InputKind).

import Foundation
import Testing

@Suite("purereceipt verify: text that begins like a JWS")
struct JWSTextTests {
    static let jws = "Vectors/jws/transaction-valid.jws"

    static func text(_ path: String) throws -> String {
        String(decoding: try CLI.bytes(path), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("A JWS cut before its first or second dot is named as a cut JWS, not as a legacy receipt")
    func cutJWSIsNamedAsJWS() async throws {
        let whole = try Self.text(Self.jws)
        let header = try #require(whole.split(separator: ".").first)
        let noDot = try CLI.temporaryFile(Data(whole.prefix(header.count - 4).utf8), suffix: ".jws")
        let oneDot = try CLI.temporaryFile(
            Data(whole.split(separator: ".").prefix(2).joined(separator: ".").utf8), suffix: ".jws")
        defer { for url in [noDot, oneDot] { try? FileManager.default.removeItem(at: url) } }
        let first = try await CLI.run(["verify", "--json", noDot.path])
        #expect(first.status == 2, "\(first)")
        let document = try first.jsonObject()
        #expect(document["reason"] as? String == "input.jws")
        let message = try #require(document["message"] as? String)
        #expect(message.contains("has no dot") && message.contains("ends after \(header.count - 4) characters"))
        #expect(!first.stderr.contains("legacy."), "\(first)")
        let second = try await CLI.run(["verify", oneDot.path])
        #expect(second.status == 2, "\(second)")
        #expect(second.stderr.contains("jws.partCount") && second.stderr.contains("no second dot"), "\(second)")
    }

    @Test("Several JWS lines without --ndjson: one error that suggests --ndjson")
    func severalJWSLinesSuggestNDJSON() async throws {
        let lines = try [Self.text(Self.jws), Self.text("Vectors/jws/renewal-valid.jws")].joined(separator: "\n")
        let result = try await CLI.run(["verify", "--root", "Vectors/jws/root.der", "-"], stdin: Data(lines.utf8))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("input.jws: this is 2 lines"), "\(result)")
        #expect(result.stderr.contains("--ndjson"), "\(result)")
        #expect(!result.stderr.contains("invalidCharacter") && !result.stderr.contains("legacy."), "\(result)")
    }
}
