// What a batch makes of its lines and files: the kind of a `signedPayload` comes from its verified
// payload, for a line as for a file; a binary file given with --ndjson is one error with a hint,
// not a line per chunk between line feeds.

import Foundation
import Testing

@Suite("purereceipt verify: NDJSON lines and files")
struct BatchLineTests {
    static let root = ["--root", "Vectors/jws/root.der"]
    static let appId = ["--app-apple-id", "123456789"]

    static func text(_ path: String) throws -> String {
        String(decoding: try CLI.bytes(path), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("A signedPayload's kind is its verified payload's: a realtime request in a line as in a file")
    func signedPayloadKindComesFromVerifiedPayload() async throws {
        let body = "Vectors/jws/realtime-request-body.json"
        let realtime = try Self.text("Vectors/jws/realtime-valid.jws")
        let notification = try Self.text("Vectors/jws/notification-valid.jws")
        let stdin = [
            "{\"id\": \"r\", \"signedPayload\": \"\(realtime)\"}",
            "{\"signedPayload\": \"\(notification)\"}",
        ].joined(separator: "\n")
        let lines = try await CLI.run(["verify", "--ndjson"] + Self.root + Self.appId, stdin: Data(stdin.utf8))
        let file = try await CLI.run(["verify"] + Self.root + Self.appId + [body, body])
        #expect(lines.status == 0, "\(lines)")
        #expect(file.status == 0, "\(file)")
        let objects = try lines.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["format"] as? String } == ["realtime-request", "notification"])
        #expect(objects.allSatisfy { $0["verdict"] as? String == "genuine" })
        #expect(file.stdout == "\(body): genuine realtime-request\n\(body): genuine realtime-request\n")
        // A failing realtime request is named by its payload too (not a notification).
        let failing = try await CLI.run(["verify", "--ndjson"] + Self.root, stdin: Data(stdin.utf8))
        #expect(failing.stdout.hasPrefix("{\"id\":\"r\",\"format\":\"realtime-request\",\"verdict\":\"policy-failed\""))
    }

    @Test("--ndjson over a binary file (a DER receipt, NUL bytes): one error with a hint, not a line per chunk")
    func binaryFileUnderNDJSONIsOneError() async throws {
        let der = "Vectors/receipts/forged-leaf-expired.der"
        let nul = try CLI.temporaryFile(Data("eyJ\u{0}\nabc\n\u{0}\n".utf8), suffix: ".bin")
        defer { try? FileManager.default.removeItem(at: nul) }
        let result = try await CLI.run(
            ["verify", "--ndjson"] + Self.root + [der, nul.path, "Vectors/jws/transaction-valid.jws"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(result.status == 2, "\(result)")
        #expect(lines.count == 3, "\(result)")
        for line in lines.prefix(2) {
            #expect(line.contains("\"code\":\"input.binary\""), "\(line)")
            #expect(line.contains("without --ndjson"), "\(line)")
        }
        #expect(lines.last?.contains("\"verdict\":\"genuine\"") == true)
        // From standard input too.
        let stdin = try await CLI.run(["verify", "--ndjson"], stdin: try CLI.bytes(der))
        #expect(stdin.stdout.split(separator: "\n").count == 1 && stdin.stdout.contains("input.binary"), "\(stdin)")
    }
}
