// CLI rule (untrusted JSON): an input is never turned into Foundation objects to name it. A text
// starting with `{` is named from a bounded prefix, or read by the library's strict JSON reader
// within JSONLimits; a text over the reader's size limit is refused unread with its
// `limit.json.inputSize` code; a large text of many small values is named, not read. Every such
// input exits 2 (not a receipt) from verify, inspect and dump, from a file or standard input.
// Memory and time were measured by hand (`/usr/bin/time -f %M`): no timing assertions here.

import Foundation
import PureReceiptTestSupport
import Testing

@Suite("purereceipt: untrusted JSON input")
struct UntrustedJSONTests {
    /// `{"a":[{},{},…]}` of at least `bytes` bytes.
    static func manyEmptyObjects(_ bytes: Int) -> Data {
        let count = max(1, (bytes - 8) / 3 + 1)
        var text = "{\"a\":["
        text += Array(repeating: "{}", count: count).joined(separator: ",")
        text += "]}"
        return Data(text.utf8)
    }

    /// A notification body as Apple writes it, `{"signedPayload": "…"}`, whose compact JWS is
    /// `payloadBytes` long.
    static func notificationBody(payloadBytes: Int) -> Data {
        let jws = String(repeating: "eyJh", count: payloadBytes / 4) + ".e30.AA"
        return Data("{\"signedPayload\":\"\(jws)\"}".utf8)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: Data
        let code: String
        let says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "5 MiB of {\"a\":[{},{},…]} (over the JSON reader's size limit)",
            bytes: manyEmptyObjects(5 * 1024 * 1024), code: "limit.json.inputSize",
            says: "this is a JSON document over a limit of the JSON reader (at most 4194304 bytes of JSON text"),
        Case(
            name: "a notification body over 4 MiB", bytes: notificationBody(payloadBytes: 4 * 1024 * 1024 + 64),
            code: "limit.json.inputSize",
            says: "this is an App Store Server Notification V2 body ({\"signedPayload\": …}) over a limit of the "
                + "JSON reader"),
        Case(
            name: "a notification body whose signedPayload is over the string limit",
            bytes: notificationBody(payloadBytes: 2 * 1024 * 1024), code: "limit.json.stringLength",
            says: "over a limit of the JSON reader (strings and numbers at most 1048576 bytes"),
        Case(
            name: "3 MB of {\"a\":[{},{},…]} (within the size limit: named from its prefix, not read)",
            bytes: manyEmptyObjects(3_000_000), code: "input.json",
            says: "this is a JSON document (over 65536 bytes, named from its first 65536 and not read)"),
        Case(
            name: "a large body with members besides signedPayload",
            bytes: Data(
                ("{\"signedPayload\":\"a.b.c\",\"x\":" + String(decoding: manyEmptyObjects(200_000), as: UTF8.self)
                    + "}").utf8),
            code: "input.jws", says: "and not only {\"signedPayload\": \"…\"} (not read)"),
        Case(
            name: "a small JSON text nested too deep",
            bytes: Data(("{\"a\":" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}").utf8),
            code: "limit.json.depth", says: "nesting at most 32 deep"),
        Case(
            name: "a small JSON text that is not strict JSON",
            bytes: Data("{\"a\": 1, \"a\": 2}".utf8), code: "input.json",
            says: "not strict JSON (RFC 8259: json.duplicateKey at byte 9)"),
    ]

    @Test("testUntrustedJSONIsNeverParsedWithFoundation: no JSONSerialization under Sources/")
    func testUntrustedJSONIsNeverParsedWithFoundation() throws {
        let sources = PackageFiles.url("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(!text.contains("JSONSerialization"), "\(url.path) uses JSONSerialization")
            #expect(!text.contains("JSONDecoder"), "\(url.path) uses JSONDecoder")
            checked += 1
        }
        #expect(checked > 50, "found only \(checked) source files under \(sources.path)")
    }

    @Test(
        "testUntrustedJSONIsNamedWithinLimits: verify, inspect and dump refuse large JSON with its code",
        arguments: cases)
    func testUntrustedJSONIsNamedWithinLimits(_ input: Case) async throws {
        for command in ["verify", "inspect", "dump"] {
            let result = try await CLI.run([command], stdin: input.bytes)
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.stdout.isEmpty, "\(command): \(result)")
            #expect(
                result.stderr.hasPrefix("purereceipt: not a well-formed receipt: \(input.code): "),
                "\(command): \(result.stderr.prefix(400))")
            #expect(result.stderr.contains(input.says), "\(command): \(result.stderr.prefix(400))")
        }
    }

    @Test("testUntrustedJSONIsNamedWithinLimits: from a file too, and --json gives a 21002 document")
    func fromFileWithJSONDocument() async throws {
        let input = Self.cases[0]
        let url = try CLI.temporaryFile(input.bytes, suffix: ".json")
        defer { try? FileManager.default.removeItem(at: url) }
        for command in ["verify", "inspect", "dump"] {
            let result = try await CLI.run([command, url.path])
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.stderr.contains(": \(input.code): "), "\(command): \(result.stderr.prefix(400))")
        }
        let json = try await CLI.run(["verify", "--json", url.path])
        #expect(json.status == 2)
        let document = try json.jsonObject()
        #expect(document["status"] as? Int == 21002)
        #expect(document["reason"] as? String == input.code)
    }

    @Test("a notification body as Apple writes it is still verified (read by the strict reader)")
    func notificationBodyStillVerified() async throws {
        let jws = try String(decoding: CLI.bytes("Vectors/jws/notification-valid.jws"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // Padded past the prefix that names other JSON: a one-member body is read whatever its size.
        let body = Data(("{\"signedPayload\": \"\(jws)\"" + String(repeating: " ", count: 70_000) + "}").utf8)
        let result = try await CLI.run(["verify", "--root", "Vectors/jws/root.der"], stdin: body)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("notification body"), "\(result)")
    }
}
