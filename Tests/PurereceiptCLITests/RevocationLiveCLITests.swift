// verify --revocation with the tool spawned against the live OCSP responder and CRL server
// (Vectors/revocation/responder.py: `openssl ocsp` on 127.0.0.1:38265, files on :38266), over the
// StoreKit-shaped chain of Vectors/revocation (jws-*.jws: a leaf good, a leaf revoked, a leaf whose
// responder and CRL are on a port nothing listens on), trusted with --root root.der.
//
// Single inputs: good 0, revoked 1 (revocation.revoked), responder down 75 under require
// (revocation.undetermined) and 0 under prefer (the report says not checked); --revocation-cache DIR
// then --offline makes no request. Batches: the same verdicts per NDJSON line, each result carrying
// the revocation report, the run's status by severity (2 > 75 > 1 > 0); and the proof that a batch
// of one leaf's StoreKit data sends one OCSP request per certificate below the root (2) within one
// nextUpdate window, whatever the number of inputs and workers: the responder counts what it served.
// Each test starts its own server (its counts start at 0); skipped (visibly) without openssl or
// python3.

import Foundation
import PureReceiptTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live servers of one test.
private struct Responder {
    let process: Process
    let directory: URL

    /// The servers, listening; nil (the reason printed) when openssl or python3 is missing.
    static func start() async throws -> Responder? {
        for tool in ["/usr/bin/openssl", "/usr/bin/python3"] where !FileManager.default.fileExists(atPath: tool) {
            print("skipped: \(tool) not found")
            return nil
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("responder-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            PackageFiles.url("Vectors/revocation/responder.py").path, directory.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = Pipe()
        try process.run()
        // Polled: the server waits while another suite's server holds the ports.
        while process.isRunning, !FileManager.default.fileExists(atPath: directory.appendingPathComponent("ready").path)
        {
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        try #require(process.isRunning, "the test servers could not listen on 127.0.0.1:38265/38266")
        return Responder(process: process, directory: directory)
    }

    /// What the servers served so far, as they say it: "ocsp N crl M" (OCSP requests, CRL fetches).
    func served() async throws -> String {
        let url = try #require(URL(string: "http://127.0.0.1:38266/count"))
        let (data, _) = try await URLSession.shared.data(from: url)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

private let root = ["--root", "Vectors/revocation/root.der"]
private let good = "Vectors/revocation/jws-transaction.jws"
private let revoked = "Vectors/revocation/jws-transaction-revoked.jws"
private let unreachable = "Vectors/revocation/jws-transaction-unreachable.jws"

/// A vector's compact JWS, one line.
private func line(_ path: String) throws -> String { try BatchCLITests.text(path) }

/// stdout's NDJSON lines as objects.
private func objects(_ result: CLIResult) throws -> [[String: Any]] { try BatchCLITests.lines(result) }

/// The statuses a batch line's revocation report gives its certificates, signer first.
private func statuses(_ line: [String: Any]) -> [String] {
    let report = (line["result"] as? [String: Any])?["revocation"] as? [String: Any]
    return (report?["certificates"] as? [[String: Any]])?.compactMap { $0["status"] as? String } ?? []
}

/// `verify --ndjson --jobs 4 --revocation require` over `count` copies of the good leaf's
/// transaction: every one genuine, and the responder asked once per certificate below the root.
private func oneRequestPerCertificate(_ count: Int) async throws {
    guard let responder = try await Responder.start() else { return }
    defer { responder.stop() }
    let input = Data(String(repeating: try line(good) + "\n", count: count).utf8)
    let result = try await CLI.run(
        ["verify", "--ndjson", "--jobs", "4", "--revocation", "require"] + root, stdin: input)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == count)
    #expect(lines.allSatisfy { $0.contains(#""verdict":"genuine","code":null"#) })
    #expect(result.stderr.contains("\(count) inputs: \(count) genuine"), "\(result.stderr)")
    #expect(try await responder.served() == "ocsp 2 crl 0", "one OCSP request for the leaf, one for the intermediate")
}

@Suite("purereceipt verify --revocation against the live responder", .serialized)
struct RevocationLiveCLITests {
    @Test("single input: good 0, revoked 1, responder down 75 under require and 0 under prefer")
    func singleInput() async throws {
        guard let responder = try await Responder.start() else { return }
        defer { responder.stop() }
        let require = ["verify", "--revocation", "require"] + root
        let passed = try await CLI.run(require + [good])
        #expect(passed.status == 0, "\(passed)")
        #expect(passed.stdout.contains("Revocation            require: certificate"), "\(passed.stdout)")
        #expect(passed.stdout.contains("(serial 3001) not revoked, per OCSP"), "\(passed.stdout)")
        #expect(try await responder.served() == "ocsp 2 crl 0")

        let refused = try await CLI.run(require + ["--json", revoked])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("NOT GENUINE: revocation.revoked"), "\(refused.stderr)")
        let document = try refused.jsonObject()
        #expect(document["code"] as? String == "revocation.revoked")
        #expect((document["revocation"] as? [String: Any])?["setting"] as? String == "require")

        let down = try await CLI.run(require + [unreachable])
        #expect(down.status == 75, "\(down)")
        #expect(down.stderr.contains("undetermined: revocation.undetermined"), "\(down.stderr)")
        #expect(down.stderr.contains("http://127.0.0.1:38267/"), "what was tried: \(down.stderr)")
        let preferred = try await CLI.run(["verify", "--revocation", "prefer", "--json"] + root + [unreachable])
        #expect(preferred.status == 0, "\(preferred)")
        let report = try #require(try preferred.jsonObject()["revocation"] as? [String: Any])
        let certificates = try #require(report["certificates"] as? [[String: Any]])
        #expect(certificates.map { $0["status"] as? String } == ["not-checked", "good"])
    }

    @Test("--revocation-cache DIR, then --offline: the stored responses answer, no request goes out")
    func cacheThenOffline() async throws {
        guard let responder = try await Responder.start() else { return }
        defer { responder.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("revocation-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let options = ["verify", "--revocation", "require", "--revocation-cache", cache.path] + root
        let first = try await CLI.run(options + [good])
        #expect(first.status == 0, "\(first)")
        #expect(try await responder.served() == "ocsp 2 crl 0")
        let offline = try await CLI.run(options + ["--offline", good])
        #expect(offline.status == 0, "\(offline)")
        #expect(offline.stdout.contains("per OCSP (stored)"), "\(offline.stdout)")
        let batch = try await CLI.run(options + ["--offline", "--ndjson", good, good])
        #expect(batch.status == 0, "\(batch)")
        #expect(try objects(batch).map(statuses) == [["good", "good"], ["good", "good"]])
        #expect(try await responder.served() == "ocsp 2 crl 0", "nothing fetched after the first run")
        let empty = try await CLI.run(["verify", "--revocation", "require", "--offline"] + root + [good])
        #expect(empty.status == 75, "no store, no fetching: \(empty)")
    }

    @Test("a batch: each line's verdict, code and revocation report; exit 2 > 75 > 1 > 0")
    func batch() async throws {
        guard let responder = try await Responder.start() else { return }
        defer { responder.stop() }
        let require = ["verify", "--ndjson", "--jobs", "4", "--revocation", "require"] + root
        let input = try [good, revoked, unreachable, good].map(line).joined(separator: "\n")
        let result = try await CLI.run(require, stdin: Data(input.utf8))
        #expect(result.status == 75, "undetermined outranks not genuine: \(result.stderr)")
        let lines = try objects(result)
        #expect(lines.map { $0["verdict"] as? String } == ["genuine", "not-authentic", "undetermined", "genuine"])
        #expect(lines.map { $0["code"] as? String } == [nil, "revocation.revoked", "revocation.undetermined", nil])
        #expect(
            lines.map(statuses) == [
                ["good", "good"], ["revoked", "good"], ["not-checked", "good"], ["good", "good"],
            ])
        #expect(result.stderr.contains("1 not genuine or check failed, 0 malformed or unreadable, 1 undetermined"))
        // One request per certificate: the leaves (one each; the unreachable one's go to a closed port)
        // and the intermediate they share.
        #expect(try await responder.served() == "ocsp 3 crl 0")

        let malformed = try await CLI.run(require, stdin: Data((input + "\nnot a receipt\n").utf8))
        #expect(malformed.status == 2, "malformed outranks undetermined: \(malformed.stderr)")
        let notGenuine = try await CLI.run(
            require, stdin: Data(try [good, revoked].map(line).joined(separator: "\n").utf8))
        #expect(notGenuine.status == 1, "\(notGenuine.stderr)")
        let text = try await CLI.run(["verify", "--revocation", "prefer"] + root + [good, revoked, unreachable])
        #expect(text.status == 1, "\(text)")
        let textLines = text.stdout.split(separator: "\n").map(String.init)
        #expect(textLines.first == "\(good): genuine transaction")
        #expect(
            textLines.dropFirst().first?.hasPrefix("\(revoked): not-authentic transaction: revocation.revoked: ")
                == true)
        #expect(textLines.last == "\(unreachable): genuine transaction", "prefer: not checked is no failure")
    }

    @Test("200 inputs from one leaf, 4 workers: one OCSP request per certificate below the root")
    func oneRequestPerCertificateSampled() async throws {
        try await oneRequestPerCertificate(200)
    }

    @Test("10 000 inputs from one leaf, 4 workers: one OCSP request per certificate below the root", .fullTests)
    func fullOneRequestPerCertificate() async throws {
        try await oneRequestPerCertificate(10_000)
    }
}
