// Input forms: FILE, standard input ('-' or no FILE), DER bytes, and base64 text with and without
// line breaks (made here with Foundation, independent of the project's own base64 decoder).

import Foundation
import Testing

struct InputForm: Sendable, CustomTestStringConvertible {
    let name: String
    /// Turns the DER receipt into what is fed to the tool.
    let encode: @Sendable (Data) -> Data

    var testDescription: String { name }

    static let all: [InputForm] = [
        InputForm(name: "DER bytes") { $0 },
        InputForm(name: "base64, one line") { Data($0.base64EncodedString().utf8) },
        InputForm(name: "base64, one line and a trailing newline") { Data(($0.base64EncodedString() + "\n").utf8) },
        InputForm(name: "base64, 64-column lines (LF)") {
            Data($0.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed]).utf8)
        },
        InputForm(name: "base64, 76-column lines (CRLF)") {
            Data(
                $0.base64EncodedString(options: [
                    .lineLength76Characters, .endLineWithCarriageReturn,
                    .endLineWithLineFeed,
                ]).utf8)
        },
    ]
}

enum InputRoute: String, Sendable, CaseIterable {
    case file = "FILE"
    case dash = "'-'"
    case implicit = "no FILE"
}

@Suite("purereceipt input forms")
struct InputFormTests {
    @Test("verify accepts every form by every route", arguments: InputForm.all, InputRoute.allCases)
    func verify(_ form: InputForm, _ route: InputRoute) async throws {
        let input = form.encode(try CLI.bytes(MainReceipt.path))
        let result: CLIResult
        switch route {
        case .file:
            let url = try CLI.temporaryFile(input, suffix: ".receipt")
            defer { try? FileManager.default.removeItem(at: url) }
            result = try await CLI.run(["verify"] + MainReceipt.root + [url.path])
        case .dash:
            result = try await CLI.run(["verify"] + MainReceipt.root + ["-"], stdin: input)
        case .implicit:
            result = try await CLI.run(["verify"] + MainReceipt.root, stdin: input)
        }
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("GENUINE"), "\(result)")
        #expect(result.stdout.contains("Bundle ID             com.example.pureapp"), "\(result)")
        if route != .file {
            let kind = form.name.hasPrefix("base64") ? " of base64 text" : ""
            #expect(result.stdout.contains("standard input (\(input.count) bytes\(kind))"), "\(result)")
        }
    }

    @Test("the project's own .b64 vector verifies")
    func checkedInBase64() async throws {
        let result = try await CLI.run(["verify"] + MainReceipt.root + [CLI.vector("valid-der-sha256.b64")])
        #expect(result.status == 0, "\(result)")
    }

    @Test("inspect and dump read standard input too", arguments: ["inspect", "dump"])
    func otherCommandsReadStdin(_ command: String) async throws {
        let base64 = Data(try CLI.bytes(MainReceipt.path).base64EncodedString(options: .lineLength64Characters).utf8)
        let result = try await CLI.run([command], stdin: base64)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("com.example.pureapp"), "\(result)")
    }

    @Test(
        "bad standard input",
        arguments: [
            ("empty", "", "input.empty"),
            ("base64 of non-ASN.1", Data("hello, world".utf8).base64EncodedString(), "input.notASN1"),
            ("base64 with a bad character", "MIIa*AYJKoZIhvcNAQcCoIIa", "input.notASN1"),
            ("truncated base64", "<main receipt, last 3 characters cut>", "not a well-formed receipt"),
        ])
    func badStdin(_ name: String, _ text: String, _ code: String) async throws {
        var input = Data(text.utf8)
        if name == "truncated base64" {
            input = Data(try CLI.bytes(MainReceipt.path).base64EncodedString().dropLast(3).utf8)
        }
        let result = try await CLI.run(["verify", "-"], stdin: input)
        #expect(result.status == 2, "\(name): \(result)")
        #expect(result.stderr.contains(code), "\(name): \(result)")
    }
}
