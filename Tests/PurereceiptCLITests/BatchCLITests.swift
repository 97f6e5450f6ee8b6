// verify with several inputs: FILEs and directories (sorted), --ndjson on standard input with bare
// and object lines, one bad or over-long line reported and the run going on, the exit status
// (2 malformed > 1 not genuine > 0 genuine), the count line and no progress when stderr is not a
// terminal, and the same output whatever --jobs.

import Foundation
import PureReceiptTestSupport
import Testing

@Suite("purereceipt verify: several inputs")
struct BatchCLITests {
    static let root = ["--root", "Vectors/jws/root.der"]
    static let valid = "Vectors/jws/transaction-valid.jws"
    static let forged = "Vectors/jws/payload-modified.jws"
    static let notification = "Vectors/jws/notification-valid.jws"

    static func text(_ path: String) throws -> String {
        String(decoding: try CLI.bytes(path), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// stdout's lines as JSON objects.
    static func lines(_ result: CLIResult) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map { line in
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(value as? [String: Any], "not a JSON object: \(line.prefix(200))")
        }
    }

    @Test("Several FILEs: one line each, in order; exit 1 when one is not genuine; the count on stderr")
    func severalFiles() async throws {
        let result = try await CLI.run(["verify"] + Self.root + [Self.valid, Self.forged, Self.notification])
        let lines = result.stdout.split(separator: "\n")
        #expect(result.status == 1, "\(result)")
        #expect(lines.count == 3)
        #expect(lines.first == "\(Self.valid): genuine transaction")
        #expect(
            lines.dropFirst().first?.hasPrefix("\(Self.forged): not-authentic signed-data: jws.signatureInvalid")
                == true)
        #expect(lines.last == "\(Self.notification): genuine notification")
        #expect(result.stderr.contains("3 inputs: 2 genuine, 1 not genuine or check failed, 0 malformed"))
    }

    @Test("A directory: every regular file below it, sorted by path")
    func directory() async throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("purereceipt-batch-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        try manager.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        try CLI.bytes(Self.valid).write(to: folder.appendingPathComponent("b.jws"))
        try CLI.bytes(Self.notification).write(to: folder.appendingPathComponent("a/z.jws"))
        try CLI.bytes(Self.valid).write(to: folder.appendingPathComponent("a/y.jws"))
        let result = try await CLI.run(["verify"] + Self.root + [folder.path])
        let names = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        #expect(result.status == 0, "\(result)")
        #expect(names == ["a/y.jws", "a/z.jws", "b.jws"].map { folder.path + "/" + $0 })
    }

    @Test("--ndjson on stdin: bare values and objects with ids, in order, with the verify --json documents")
    func ndjsonStandardInput() async throws {
        let jws = try Self.text(Self.valid)
        let notification = try Self.text(Self.notification)
        let stdin = [
            jws,
            "{\"id\": \"n-1\", \"signedPayload\": \"\(notification)\"}",
            "",
            "{\"signedTransaction\": \"\(jws)\", \"id\": 42}",
            "{\"signedPayload\": \"\(notification)\"}",
        ].joined(separator: "\n")
        let result = try await CLI.run(["verify", "--ndjson"] + Self.root, stdin: Data(stdin.utf8))
        #expect(result.status == 0, "\(result)")
        let lines = try Self.lines(result)
        #expect(lines.map { "\($0["id"] ?? "")" } == ["1", "n-1", "42", "5"])
        #expect(
            lines.map { $0["format"] as? String } == ["transaction", "notification", "transaction", "notification"])
        #expect(lines.allSatisfy { $0["verdict"] as? String == "genuine" && $0["code"] is NSNull })
        // The document `verify --json` prints for the same input.
        let single = try await CLI.run(["verify", "--json"] + Self.root + [Self.valid])
        let document = try #require(lines.first?["result"] as? [String: Any])
        #expect(NSDictionary(dictionary: document) == NSDictionary(dictionary: try single.jsonObject()))
    }

    @Test("A bad line gets its own error line and the run goes on; exit 2 outranks 1")
    func badLineGoesOn() async throws {
        let jws = try Self.text(Self.valid)
        let forged = try Self.text(Self.forged)
        let stdin = [jws, "{\"id\": \"x\", \"signedPayload\": ", forged, "{\"id\": \"y\"}", "@@@", jws].joined(
            separator: "\n")
        let result = try await CLI.run(["verify", "--ndjson"] + Self.root, stdin: Data(stdin.utf8))
        #expect(result.status == 2, "\(result)")
        let lines = try Self.lines(result)
        #expect(
            lines.map { $0["verdict"] as? String } == [
                "genuine", "malformed", "not-authentic", "malformed", "malformed", "genuine",
            ])
        // Line 4 names its id (and no input member).
        #expect(lines.map { "\($0["id"] ?? "")" } == ["1", "2", "3", "y", "5", "6"])
        #expect(lines.dropFirst(3).first?["code"] as? String == "input.batchLine")
        #expect(result.stderr.contains("6 inputs: 2 genuine, 1 not genuine or check failed, 3 malformed"))
    }

    @Test("Exit status: 0 all genuine, 1 any not genuine, 2 any malformed (over 1)")
    func exitPrecedence() async throws {
        let genuine = try await CLI.run(["verify"] + Self.root + [Self.valid, Self.notification])
        let forged = try await CLI.run(["verify"] + Self.root + [Self.forged, Self.valid])
        let both = try await CLI.run(["verify"] + Self.root + [Self.forged, "Vectors/jws/trailing-dot.jws"])
        let missing = try await CLI.run(["verify"] + Self.root + [Self.valid, "Vectors/no-such-file"])
        #expect(genuine.status == 0, "\(genuine)")
        #expect(forged.status == 1, "\(forged)")
        #expect(both.status == 2, "\(both)")
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stdout.contains("Vectors/no-such-file: malformed -: input.unreadable"), "\(missing)")
    }

    @Test("Usage errors stay 64: --json with several inputs (a usage document on stdout), --jobs out of range")
    func usageErrors() async throws {
        let json = try await CLI.run(["verify", "--json"] + Self.root + [Self.valid, Self.valid])
        #expect(json.status == 64, "\(json)")
        #expect(json.stderr.contains("use --ndjson"), "\(json)")
        #expect(try json.jsonObject()["status"] as? Int == 21000)
        for jobs in ["0", "-1", "x", "1025"] {
            let result = try await CLI.run(["verify", "--jobs", jobs, Self.valid, Self.valid])
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("--jobs"), "\(result)")
        }
    }

    @Test("No progress when stderr is not a terminal: only the count line")
    func noProgress() async throws {
        let result = try await CLI.run(["verify"] + Self.root + [Self.valid, Self.valid, Self.valid])
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}"))
        #expect(result.stderr.hasPrefix("purereceipt: 3 inputs:"))
    }

    @Test("An over-long line: its own error, not kept, and the next line is verified")
    func overLongLine() async throws {
        let jws = try Self.text(Self.valid)
        let long = String(repeating: "A", count: 1024 * 1024 + 10)
        let stdin = [long, jws].joined(separator: "\n")
        let result = try await CLI.run(["verify", "--ndjson"] + Self.root, stdin: Data(stdin.utf8))
        let lines = try Self.lines(result)
        #expect(result.status == 2, "\(result)")
        #expect(lines.map { $0["code"] as? String } == ["input.lineTooLong", nil])
        #expect(lines.last?["verdict"] as? String == "genuine")
    }

    @Test("--jobs 1 and --jobs 4 print the same lines (the corpus JWS and receipts directories)")
    func jobsAgree() async throws {
        guard CLI.corpusAvailable else {
            Issue.record("skipped: ../shared/corpus is absent (the corpus run needs it)")
            return
        }
        let folders = ["jws", "receipts"].map { PackageFiles.corpus($0).path }
        let one = try await CLI.run(["verify", "--jobs", "1"] + folders)
        let four = try await CLI.run(["verify", "--jobs", "4"] + folders)
        #expect(one.stdout == four.stdout)
        #expect(one.status == four.status)
        #expect(one.stdout.split(separator: "\n").count > 20, "\(one)")
    }
}
