// verify with several inputs: FILEs, directories (every entry below them, sorted by path: DirectoryExpansion.swift)
// or, with --ndjson, one input per line of standard input or of the FILEs.
//
// Each input is verified as `verify` verifies it alone (BatchCheck.swift), on `--jobs` workers
// sharing one chain cache (the library's BatchVerifier), and reported in input order: a text line,
// or with --ndjson one JSON object per line ({"id", "format", "verdict", "code", "message",
// "result": the `verify --json` document}).
// An NDJSON line is a bare input (base64 app receipt, compact JWS, legacy receipt, notification
// body) or a JSON object with an optional "id" (string or number) and one input member
// (`inputFields`). Lines longer than `maxLineBytes` are not kept: they get an `input.lineTooLong`
// line. Blank lines are skipped (and counted in line numbers).
// Memory: at most the library's window of inputs and results, one line being read (at most
// `maxLineBytes` and a read chunk), and 64 KiB of output, however long the stream.
// Revocation (--revocation prefer|require, RevocationStep.swift): each genuine input's path is
// checked on the worker that verified it, through the run's one store, before its line is written.
// Exit status: the most severe of the inputs' (BatchOutput.severity: 2 malformed or unreadable >
// 75 undetermined > 1 not genuine or a check failed > 0 genuine): 2 says some input got no answer
// and retrying will not change that, 75 that some got no final answer yet (a revocation status
// could not be established under require: retrying later can help), 1 that every input got one
// and some were no; 0 when every input is genuine (or there were none). Usage errors stay 64. A
// count line goes to standard error at the end, and progress while running when standard error is
// a terminal.

import Foundation
import PureJSON
import PureReceipt
import PureReceiptRunner
import PureX509

enum BatchCommand {
    /// Longest NDJSON line kept (1 MiB: JSONLimits.maxStringBytes, the longest string an object
    /// line's input member can hold).
    static let maxLineBytes = JSONLimits.maxStringBytes
    /// Members of an NDJSON object line that hold the input, and the kind of signed data each holds.
    /// `signedPayload` holds a notification's or a realtime request's: its kind is its payload's,
    /// as for a `{"signedPayload": …}` body in a file (the runner's request body).
    static let inputFields: [(name: String, kind: SignedDataKind?)] = [
        ("receipt-data", nil), ("signedPayload", nil), ("signedTransaction", .transaction),
        ("signedTransactionInfo", .transaction), ("signedRenewalInfo", .renewal),
        ("signedAppTransactionInfo", .appTransaction), ("signedAppTransaction", .appTransaction),
    ]

    /// True when the command line asks for several inputs: --ndjson, more than one FILE, or a directory.
    static func isBatch(_ options: ParsedArguments) -> Bool {
        options.flags.contains("--ndjson") || options.positional.count > 1
            || options.positional.contains(where: DirectoryExpansion.isDirectory)
    }

    /// `--jobs N` (1…1024), or the machine's cores; exits 64 on anything else.
    static func jobs(_ options: ParsedArguments, json: Bool) -> Int {
        guard let text = options.last("--jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let jobs = Int(text), (1...1024).contains(jobs) else {
            VerifyCommand.usageFailure("--jobs: expected a number of workers from 1 to 1024: \(text)", json: json)
        }
        return jobs
    }

    static func run(_ options: ParsedArguments, json: Bool) -> Int32 {
        if json {
            VerifyCommand.usageFailure(
                "--json prints one document for one input; for several inputs use --ndjson (one JSON line each)",
                json: true)
        }
        let jobs = self.jobs(options, json: false)
        refuseTerminalInput(options, command: "verify")
        // Decided once before any input is read (exits on a usage error or an unusable certificate
        // file); an option that does not fit a format is each such input's failure.
        let plan = VerifyCommand.plan(
            options, json: false, documents: options.flags.contains("--ndjson") ? .line : .none,
            revocation: RevocationStep.setting(options, json: false))
        // No FILE: standard input; FILEs and directories never fall back to it (DirectoryExpansion.swift).
        let paths = options.positional.isEmpty ? [.path("-")] : DirectoryExpansion.expand(options.positional)
        let ndjson = options.flags.contains("--ndjson")
        let inputs = BatchInputs(paths: paths, ndjson: ndjson)
        // The library's engine for order and sharing; each input goes through the runner (BatchCheck).
        let verifier = BatchVerifier(
            receiptPolicy: (try? plan.receipt.get()) ?? ReceiptPolicy(bundleIdentifier: .anyApp),
            signedDataPolicy: (try? plan.signedData.get()) ?? SignedDataPolicy(bundleId: "", environment: .production),
            legacyPolicy: (try? plan.legacy.get()) ?? LegacyReceiptPolicy(bundleIdentifier: .anyApp), jobs: jobs)
        let total = ndjson ? nil : inputs.paths.count
        let revocation = RevocationStep.Session(options, json: false)
        // The main thread waits; the run is on the concurrency pool (its workers and this driver).
        return waitFor { [verifier] in
            await revocation?.load()
            let output = BatchOutput(ndjson: ndjson, total: total, revocation: revocation != nil)
            await verifier.map(
                inputs, { item, cache in item.check(plan, cache: &cache) },
                then: revocation.map { session in { await RevocationStep.checked($0, session) } }
            ) { output.write($0) }
            await revocation?.save()
            return output.finish()
        }
    }
}

/// Runs `work` as a task on the concurrency pool while the calling thread waits; its result.
func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
    let box = Box<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await work()
        done.signal()
    }
    done.wait()
    return box.value!  // set before the signal
}

/// Where the task hands its result back to the waiting thread (written before the semaphore is
/// signalled, read after the wait).
private final class Box<Value>: @unchecked Sendable {
    var value: Value?
}

/// One input as read: bytes to verify, a file a worker reads, or a line that failed to read.
enum BatchItem: Sendable {
    case input(BatchID, [UInt8], SignedDataKind?)
    /// The `signedPayload` of an object line: checked as a body `{"signedPayload": …}` is.
    case body(BatchID, [UInt8])
    case file(String)
    case failed(BatchLine)

    /// The input verified (on a worker).
    func check(_ plan: VerifyPlan, cache: inout VerifiedChainCache) -> BatchLine {
        switch self {
        case .input(let id, let bytes, let kind):
            return BatchCheck.verify(id, bytes, kind: kind, plan, cache: &cache)
        case .body(let id, let bytes):
            return BatchCheck.verify(id, bytes, requestBody: true, plan, cache: &cache)
        case .file(let path):
            let id = BatchID.name(path == "-" ? "standard input" : path)
            switch readBoundedInput(path) {
            case .success(let input): return BatchCheck.verify(id, input.bytes, plan, cache: &cache)
            case .failure(let failure): return BatchCheck.malformed(id, code: InputFailure.code, failure.message)
            }
        case .failed(let line):
            return line
        }
    }

    /// The item of one NDJSON line (`id`: its line number, or file and line number).
    static func of(line: [UInt8], id: BatchID) -> BatchItem {
        // A JSON object is shaped as one in its prefix (JSONInput.swift: an old-style plist is not).
        guard JSONInput.shape(line) != nil else { return .input(id, line, nil) }
        let object: JSONObject
        do {
            guard let read = try JSONReader.read(line).objectValue else {
                return .failed(BatchCheck.malformed(id, code: "input.json", "the line is not a JSON object"))
            }
            object = read
        } catch {
            return .failed(
                BatchCheck.malformed(
                    id, code: error.code,
                    "the line is not strict JSON (RFC 8259: \(error.code) at byte \(error.offset))"))
        }
        var named = id
        switch object["id"] {
        case nil: break
        case .string(let text)?: named = .name(text)
        case .number(let number)?: named = .name(number.text)
        default:
            return .failed(BatchCheck.malformed(id, code: "input.batchLine", "\"id\" must be a string or a number"))
        }
        let present = BatchCommand.inputFields.filter { object[$0.name] != nil }
        let names = BatchCommand.inputFields.map(\.name).joined(separator: ", ")
        guard present.count == 1, let field = present.first else {
            return .failed(
                BatchCheck.malformed(
                    named, code: "input.batchLine", "expected a JSON object with exactly one of \(names)"))
        }
        guard let value = object[field.name]?.stringValue else {
            return .failed(BatchCheck.malformed(named, code: "input.batchLine", "\"\(field.name)\" must be a string"))
        }
        if field.name == "signedPayload" { return .body(named, Array(value.utf8)) }
        return .input(named, Array(value.utf8), field.kind)
    }
}

/// The inputs of a run, read as the workers need them: one per path, or with --ndjson one per
/// non-blank line of each path ("-": standard input).
struct BatchInputs: Sequence {
    let paths: [BatchPath]
    let ndjson: Bool

    func makeIterator() -> Iterator { Iterator(paths: paths[...], ndjson: ndjson) }

    struct Iterator: IteratorProtocol {
        var paths: ArraySlice<BatchPath>
        let ndjson: Bool
        var reader: LineReader?
        var path = "-"

        mutating func next() -> BatchItem? {
            while true {
                if let line = reader?.next() {
                    // Standard input's lines are named by number; a file's by path and number.
                    let id = path == "-" ? BatchID.line(line.number) : .name("\(path):\(line.number)")
                    switch line.bytes {
                    case .success(let bytes):
                        if InputFormat.trimWhiteSpace(bytes).isEmpty { continue }
                        return BatchItem.of(line: bytes, id: id)
                    case .failure(let tooLong):
                        return .failed(
                            BatchCheck.malformed(
                                id, code: "input.lineTooLong",
                                "the line is \(tooLong.length) bytes or more, over the limit of "
                                    + "\(BatchCommand.maxLineBytes) bytes per line: not read"))
                    }
                }
                reader?.close()
                reader = nil  // closed once: the next call must not close its descriptor again
                switch paths.popFirst() {
                case nil: return nil
                // An entry that is not read (DirectoryExpansion.swift).
                case .failed(let name, let message)?:
                    return .failed(BatchCheck.malformed(.name(name), code: InputFailure.code, message))
                case .path(let next)?:
                    guard ndjson else { return .file(next) }
                    path = next
                }
                guard let opened = LineReader(path: path, limit: BatchCommand.maxLineBytes) else {
                    let reason = DirectoryExpansion.isDirectory(path) ? "is a directory" : "cannot be opened"
                    return .failed(
                        BatchCheck.malformed(.name(path), code: InputFailure.code, "cannot read \(path): \(reason)"))
                }
                if opened.isBinary() {
                    opened.close()
                    let name = path == "-" ? "standard input" : path
                    let message =
                        "\(name) holds binary data (a NUL byte, or a DER receipt), not lines of text: --ndjson "
                        + "reads one input per line; verify FILE or DIR without --ndjson takes each file whole"
                    return .failed(BatchCheck.malformed(.name(name), code: "input.binary", message))
                }
                reader = opened
            }
        }
    }
}
