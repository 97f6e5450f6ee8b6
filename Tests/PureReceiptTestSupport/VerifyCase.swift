// The table of `verify` cases: every entry of the language-neutral conformance manifests
// (Vectors/conformance/{app-receipts,storekit,legacy}.json, written by
// Vectors/tools/make_conformance_manifests.py from the expectation files and the corpus MANIFEST.md),
// each with the arguments of `purereceipt verify` that state its policy, and the verdict and code
// it must get. The runner's three drivers run it in process (Tests/PureReceiptRunnerTests); the
// command-line tests run a few of its entries, and the whole table as a full sweep, through the
// spawned tool (Tests/PurereceiptCLITests/ConformanceManifestTests.swift).
//
// An entry's arguments are its manifest `cli` without the leading `verify`, paths relative to the
// package root. Every entry has one; an entry without (`cliNote`) is left without arguments, and
// the inventory tests fail on it.

import Foundation
import Testing

/// One manifest entry, as the tests run it.
public struct VerifyCase: Sendable, CustomTestStringConvertible {
    /// The manifest's file name (`app-receipts.json`).
    public let manifest: String
    public let id: String
    /// The input file, relative to the package root (`../shared/corpus/…` for corpus entries).
    public let input: String
    /// The arguments of `verify` (the input last); empty when the entry has no form.
    public let arguments: [String]
    /// genuine, not-authentic, policy-failed or malformed (the manifests' verdict words).
    public let verdict: String
    /// The code, then its listed alternatives; empty for genuine.
    public let codes: [String]
    /// Text the failure's message must contain (the X.509 code behind `jws.chain`), when given.
    public let detail: String?
    /// True for entries on ../shared/corpus.
    public let corpus: Bool
    /// True for data signed through the Xcode opt-in (a genuine one is `xcode-signed` in a batch line).
    public let xcodeSigned: Bool

    public var testDescription: String { "\(manifest) \(id)" }

    /// The exit status the verdict gives: 0 genuine, 1 not authentic or a policy check failed, 2 malformed.
    public var status: Int32 {
        switch verdict {
        case "genuine": return 0
        case "not-authentic", "policy-failed": return 1
        default: return 2
        }
    }

    /// The verdict in a batch line's words (`BatchLine.verdict`): the manifest's, with genuine data
    /// signed through the Xcode opt-in named `xcode-signed`.
    public var lineVerdict: String {
        verdict == "genuine" && xcodeSigned ? "xcode-signed" : verdict
    }

    /// The manifests, in order.
    public static let manifests = ["app-receipts.json", "storekit.json", "legacy.json"]

    /// How many entries the manifests hold (the table must have them all: an empty or short table fails).
    public static let expectedCounts = ["app-receipts.json": 225, "storekit.json": 87, "legacy.json": 36]

    /// Every entry of every manifest, in manifest order.
    public static let all: [VerifyCase] = manifests.flatMap { name in
        let document = PackageFiles.jsonObject(PackageFiles.vector("conformance/\(name)"))
        let entries = document?["entries"] as? [[String: Any]] ?? []
        return entries.map { VerifyCase(manifest: name, entry: $0) }
    }

    /// The entries that can run here: those on the corpus only when ../shared/corpus is present.
    public static var runnable: [VerifyCase] { all.filter { !$0.corpus || corpusIsPresent } }

    /// True when ../shared/corpus is present (CI always has it); corpus entries are skipped, and
    /// said so, when it is not.
    public static let corpusIsPresent = PackageFiles.exists(PackageFiles.corpus("receipts"))

    init(manifest: String, entry: [String: Any]) {
        self.manifest = manifest
        id = entry["id"] as? String ?? "?"
        input = entry["input"] as? String ?? ""
        let expected = entry["expected"] as? [String: Any] ?? [:]
        verdict = expected["verdict"] as? String ?? "?"
        codes = [expected["code"] as? String].compactMap { $0 } + (expected["codeAlternatives"] as? [String] ?? [])
        detail = expected["detail"] as? String
        corpus = entry["corpus"] as? Bool ?? false
        xcodeSigned = entry["xcodeSigned"] as? Bool ?? false
        arguments = (entry["cli"] as? [String])?.dropFirst().map { $0 } ?? []
    }
}
