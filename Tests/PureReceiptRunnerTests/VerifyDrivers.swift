// The runner's three front ends (Docs/ARCHITECTURE.md, "One runner"), driven in process over one
// `VerifyCase` (PureReceiptTestSupport): each builds its request the way its front end does and
// calls the runner; no process is started and nothing exits.
//
// - The command with one input (`VerifyCommand.run`): the arguments parsed by the command's parser,
//   the request made by `VerifyCommand.request`, the certificate files read into `CertificateFile`s
//   here (`VerifyCommand.plan` exits on a file it cannot read), `VerifyPlan.make`, `Runner.run`.
// - The command with several inputs (`BatchCommand`): the same plan with one-line documents, and
//   `BatchCheck.verify`, which makes the batch line.
// - The module (`ModuleVerify.run`, the native build `purereceipt-wasm-driver`): a JSON request
//   whose members are the options (Docs/EMBEDDING.md, "The request"), its certificates in base64
//   and `now` always given (the host's clock: the same instant the command's clock reads here).
//
// The clock is one instant for the whole run, so that the command's document and the module's can
// be compared byte for byte.

import Foundation
import PureReceipt
import PureReceiptRunner
import PureReceiptTestSupport

@testable import purereceipt
@testable import purereceipt_wasm_driver

/// What a driver gave for one case, in the manifests' words.
struct DriverResult: CustomStringConvertible {
    var status: Int32
    /// genuine, not-authentic, policy-failed, malformed (or usage).
    var verdict: String
    /// The failure's code; nil when genuine.
    var code: String?
    /// The failure's message, when the driver gives it apart from its document.
    var message: String?

    var description: String { "exit \(status), \(verdict) \(code ?? "") \(message ?? "")" }
}

enum Drivers {
    /// The command's clock, and the module's `now`: one instant (whole seconds) for the whole run.
    static let clock = Instant(millisecondsSince1970: Int64(Date().timeIntervalSince1970) * 1000)
    /// The same instant in RFC 3339, as a host passes its clock to the module.
    static let clockText: String = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: Double(clock.millisecondsSince1970 / 1000)))
    }()

    /// The manifest verdict of a runner verdict word (`VerifyOutcome.verdict`, a batch line's): the
    /// same word, but for genuine Xcode-signed data.
    static func manifestVerdict(_ word: String) -> String {
        word == "xcode-signed" ? "genuine" : word
    }

    // MARK: the command, one input

    /// `verify`'s arguments parsed as the command parses them.
    /// Every manifest entry's arguments parse (its usage errors are VerifyPlan.usage's); one that
    /// does not fails its own test.
    static func options(_ testCase: VerifyCase) throws -> ParsedArguments {
        try parseArguments(
            testCase.arguments, command: "verify", valued: VerifyCommand.valuedOptions, flags: VerifyCommand.flags,
            manyFiles: true
        ) { (message) throws(ArgumentsDoNotParse) -> Never in throw ArgumentsDoNotParse(message: message) }
    }

    struct ArgumentsDoNotParse: Error { let message: String }

    /// The plan `VerifyCommand.plan` makes (its request from `VerifyCommand.request`), with the
    /// certificate files read here and the run's clock; or the outcome that ends the command first.
    static func plan(_ options: ParsedArguments, documents: DocumentForm) throws -> Result<VerifyPlan, VerifyOutcome> {
        var request = VerifyCommand.request(options)
        request.clock = clock
        request.documents = documents
        request.roots = try options.all("--root").map { CertificateFile(try PackageFiles.bytes($0), path: $0) }
        request.xcodeRoot = try options.last("--xcode-root").map {
            CertificateFile(try PackageFiles.bytes($0), path: $0)
        }
        return VerifyPlan.make(request)
    }

    /// The input file the arguments name.
    static func input(_ options: ParsedArguments) throws -> [UInt8] {
        try PackageFiles.bytes(options.positional.first ?? "")
    }

    /// The command with one input: its outcome, the document written as `verify --json` writes it.
    static func commandLine(_ testCase: VerifyCase) throws -> VerifyOutcome {
        let options = try options(testCase)
        switch try plan(options, documents: .pretty) {
        case .failure(let outcome):
            return outcome
        case .success(let plan):
            var bytes = try input(options)
            var cache = VerifiedChainCache(capacity: 4)
            return Runner.run(&bytes, plan, cache: &cache)
        }
    }

    /// The command's outcome of each case, kept once made: the batch line and the module are
    /// compared with it, and the parameterized tests run in any order, in parallel.
    static func commandLineOnce(_ testCase: VerifyCase) throws -> VerifyOutcome {
        let key = testCase.testDescription
        if let kept = commandLineOutcomes.withLock({ $0[key] }) { return kept }
        let outcome = try commandLine(testCase)
        commandLineOutcomes.withLock { $0[key] = outcome }
        return outcome
    }

    private static let commandLineOutcomes = Locked<[String: VerifyOutcome]>([:])

    /// An outcome in the manifests' words.
    static func result(_ outcome: VerifyOutcome) -> DriverResult {
        DriverResult(
            status: outcome.status, verdict: manifestVerdict(outcome.verdict), code: outcome.failure?.code,
            message: outcome.failure?.message)
    }

    // MARK: the command, several inputs

    /// The batch line of the input (as `--ndjson` makes it), or, when the plan fails, the outcome
    /// that ends the command before any line.
    static func batch(_ testCase: VerifyCase) throws -> Result<BatchLine, VerifyOutcome> {
        let options = try options(testCase)
        switch try plan(options, documents: .line) {
        case .failure(let outcome):
            return .failure(outcome)
        case .success(let plan):
            var cache = VerifiedChainCache(capacity: 4)
            return .success(BatchCheck.verify(.name(testCase.input), try input(options), plan, cache: &cache))
        }
    }

    /// A batch line in the manifests' words.
    static func result(_ line: BatchLine) -> DriverResult {
        DriverResult(
            status: line.status, verdict: manifestVerdict(line.verdict), code: line.code, message: line.message)
    }

    // MARK: the module

    /// The request member of each option that takes a value (Docs/EMBEDDING.md, "The request").
    static let requestMembers = [
        "--bundle-id": "bundleId", "--bundle-version": "bundleVersion", "--device-id": "deviceId",
        "--environment": "environment", "--at": "at", "--now": "now", "--endpoint": "endpoint",
        "--app-apple-id": "appAppleId", "--kind": "kind", "--product-id": "productId",
    ]

    /// The module's request for the case's options: certificate files in base64, `now` the clock
    /// unless `--now` is given.
    static func moduleRequest(_ options: ParsedArguments) throws -> [UInt8] {
        var request: [String: Any] = ["now": clockText]
        for (option, values) in options.values {
            guard let value = values.last else { continue }
            if let member = requestMembers[option] {
                request[member] = value
            } else if option == "--root" {
                request["roots"] = try values.map { Data(try PackageFiles.bytes($0)).base64EncodedString() }
            } else if option == "--xcode-root" {
                request["xcodeRoot"] = Data(try PackageFiles.bytes(value)).base64EncodedString()
            }
        }
        if options.flags.contains(RunRequest.unstatedEnvironmentFlag) { request["acceptUnstatedEnvironment"] = true }
        return [UInt8](try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys]))
    }

    /// The module: its status and document.
    static func module(_ testCase: VerifyCase) throws -> ModuleOutcome {
        let options = try options(testCase)
        return ModuleVerify.run(try input(options), request: try moduleRequest(options))
    }

    /// The module's answer in the manifests' words: the status, and the verdict and code its
    /// document states (`verdict`, and `code` for signed data or `reason` for receipts).
    static func result(_ outcome: ModuleOutcome) -> DriverResult {
        let object = (try? JSONSerialization.jsonObject(with: Data(outcome.document))) as? [String: Any] ?? [:]
        let verdict = object["verdict"] as? String ?? (object["status"] as? Int == 0 ? "genuine" : "no verdict")
        let code = outcome.status == 0 ? nil : (object["code"] ?? object["reason"]) as? String
        return DriverResult(status: outcome.status, verdict: manifestVerdict(verdict), code: code, message: nil)
    }

    /// The command's document in the module's words: each whole option it names written as the
    /// request member the module names instead (a host never wrote a command line).
    static func inRequestWords(_ document: [UInt8]) -> [UInt8] {
        let words = requestMembers.merging([
            "--root": "roots", "--xcode-root": "xcodeRoot",
            "--accept-unstated-environment": "acceptUnstatedEnvironment",
        ]) { first, _ in first }
        let text = String(decoding: document, as: UTF8.self)
        let pattern = try? NSRegularExpression(pattern: "--[a-z][a-z-]*[a-z]")
        var written = ""
        var end = text.startIndex
        for match in pattern?.matches(in: text, range: NSRange(text.startIndex..., in: text)) ?? [] {
            guard let range = Range(match.range, in: text) else { continue }
            written += text[end..<range.lowerBound]
            written += words[String(text[range])] ?? String(text[range])
            end = range.upperBound
        }
        return Array((written + text[end...]).utf8)
    }
}

/// A value behind a lock (NSLock: the package supports OS versions without `Synchronization`).
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
