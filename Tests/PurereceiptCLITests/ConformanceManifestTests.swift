// The language-neutral conformance manifests (Vectors/conformance/*.json, written by
// Vectors/tools/make_conformance_manifests.py from the expectation files and the corpus MANIFEST.md)
// through `purereceipt verify`: every entry's `cli` arguments, run from the package root, give the
// entry's verdict class and code. The outcome is read as another implementation would read it:
// exit status 0 = genuine; otherwise the one stderr line `purereceipt: <verdict text>: <code>: …`.
//
// Entries on ../shared/corpus are skipped, visibly, when the corpus is absent; entries without a
// command-line form (`cliNote`) are counted and named, never run.

import Foundation
import PureReceiptTestSupport
import Testing

/// One manifest entry, as the test needs it.
struct ConformanceEntry: Sendable, CustomTestStringConvertible {
    let manifest: String
    let id: String
    let arguments: [String]?
    let verdict: String
    let codes: [String]
    let corpus: Bool
    let note: String?
    var testDescription: String { "\(manifest) \(id)" }

    static let manifests = ["app-receipts.json", "storekit.json", "legacy.json"]

    static let all: [ConformanceEntry] = manifests.flatMap { name -> [ConformanceEntry] in
        let url = PackageFiles.url("Vectors/conformance/\(name)")
        guard let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = root["entries"] as? [[String: Any]]
        else { return [] }
        return entries.map { item in
            let expected = item["expected"] as? [String: Any] ?? [:]
            let code = expected["code"] as? String
            return ConformanceEntry(
                manifest: name, id: item["id"] as? String ?? "?", arguments: item["cli"] as? [String],
                verdict: expected["verdict"] as? String ?? "?",
                codes: [code].compactMap { $0 } + (expected["codeAlternatives"] as? [String] ?? []),
                corpus: item["corpus"] as? Bool ?? false, note: item["cliNote"] as? String)
        }
    }

    /// The verdict class and code of a failed run, from its stderr line.
    static func outcome(_ result: CLIResult) -> (verdict: String, code: String?) {
        if result.status == 0 { return ("genuine", nil) }
        let classes = [
            "NOT GENUINE": "not-authentic", "check failed": "policy-failed",
            "not a well-formed receipt": "malformed", "not well-formed signed data": "malformed",
            "error": "malformed",
        ]
        var found: (String, String?) = ("crashed (exit \(result.status))", nil)
        for line in result.stderr.split(separator: "\n") where line.hasPrefix("purereceipt: ") {
            let fields = line.dropFirst("purereceipt: ".count).components(separatedBy: ": ")
            if fields.count >= 2, let verdict = classes[fields[0]], result.status == 1 || result.status == 2 {
                found = (verdict, fields[1])
            }
        }
        return found
    }
}

@Suite("Conformance manifests through purereceipt verify")
struct ConformanceManifestTests {
    @Test("the manifests are present and cover the expectation files")
    func inventory() throws {
        let counts = Dictionary(grouping: ConformanceEntry.all, by: \.manifest).mapValues(\.count)
        // Every case of Vectors/{receipts,jws,legacy}/expectations.json has an entry; corpus entries come on top.
        #expect((counts["app-receipts.json"] ?? 0) >= 174)
        #expect((counts["storekit.json"] ?? 0) >= 52)
        #expect((counts["legacy.json"] ?? 0) >= 33)
        let withoutCLI = ConformanceEntry.all.filter { $0.arguments == nil }
        // Only the legacy product-id case has no command-line form (no --product-id option).
        #expect(withoutCLI.map(\.id) == ["policy-product-id"], "\(withoutCLI.map(\.id))")
    }

    // One entry at a time: 322 cases at once held three file handles each while waiting, and
    // swift-corelibs-foundation's Process.run crashed once the process had a thousand descriptors open.
    @Test("each entry gives its verdict and code", .serialized, arguments: ConformanceEntry.all)
    func entry(_ entry: ConformanceEntry) async throws {
        guard let arguments = entry.arguments else {
            // Counted in `inventory`; the note says why it has no command-line form.
            #expect(entry.note != nil)
            return
        }
        if entry.corpus && !CLI.corpusAvailable {
            print("SKIPPED \(entry.id): ../shared/corpus is absent")
            return
        }
        let result = try await CLI.run(arguments)
        let outcome = ConformanceEntry.outcome(result)
        #expect(outcome.verdict == entry.verdict, "\(result)")
        if entry.verdict != "genuine" {
            #expect(entry.codes.contains(outcome.code ?? ""), "got \(outcome.code ?? "none"), expected \(entry.codes)")
        }
    }
}
