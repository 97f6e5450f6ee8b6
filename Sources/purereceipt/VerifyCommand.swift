// verify: the full check — structure, signature, chain, then the caller's requirements.
//
// Output: text (the receipt, the checks that ran, the chain, the verdict) or, with --json, the
// verifyReceipt-compatible document. With --json a JSON document is printed on stdout whatever
// happens — usage errors (status 21000) and unreadable files (21002) included — so scripts can
// always parse stdout. Every failure also gets one line on stderr: the verdict, the stable code
// of the failed check, then the library's message.

import Foundation
import PureDER
import PureReceipt
import PureReceiptRunner
import PureX509

enum VerifyCommand {
    /// The options that take a value: the runner's request's, the certificate files, and the command's own.
    static let valuedOptions = Set(RunRequest.valuedOptions + ["--root", "--xcode-root", "--jobs"])
        .union(RevocationStep.options)
    static let flags: Set<String> = [
        "--json", "--quiet", "--ndjson", RunRequest.unstatedEnvironmentFlag, RevocationStep.offlineFlag,
    ]

    static func run(_ arguments: [String]) -> Int32 {
        // Looked for before parsing, so that even a usage error answers in JSON.
        let json = arguments.prefix { $0 != "--" }.contains("--json")
        let options = parseArguments(
            arguments, command: "verify", valued: valuedOptions, flags: flags, manyFiles: true
        ) { usageFailure($0, json: json) }
        // Every usage error (64) is found here, from the command line alone; once the input is
        // read, an option that does not fit what the input turned out to be is the input's
        // failure (2, `notApplicable`): input content never chooses the usage status.
        if let message = VerifyPlan.usage(request(options)) { usageFailure(message, json: json) }
        _ = BatchCommand.jobs(options, json: json)
        let revocation = RevocationStep.setting(options, json: json)
        if options.flags.contains("--quiet") {
            if json {
                usageFailure("--quiet and --json exclude each other (--quiet prints nothing on stdout)", json: true)
            }
            silenceStandardOutput()
        }
        // Several inputs (several FILEs, a directory, --ndjson): BatchCommand.swift.
        if BatchCommand.isBatch(options) { return BatchCommand.run(options, json: json) }
        refuseTerminalInput(options, command: "verify", json: json)
        let plan = self.plan(options, json: json, documents: json ? .pretty : .none, revocation: revocation)
        var input: (bytes: [UInt8], name: String)
        switch readBoundedInput(options.positional.first) {
        case .success(let read): input = read
        case .failure(let failure): unreadable(failure.message, json: json)
        }
        let source = inputSummary(input.name, input.bytes)
        let count = input.bytes.count
        // The runner decodes base64 text into the one buffer it is given: the text and the receipt
        // are never held together.
        var bytes = input.bytes
        input.bytes = []
        var cache = VerifiedChainCache(capacity: 4)
        var outcome = Runner.run(&bytes, plan, cache: &cache)
        bytes = []
        // Revocation after the offline verdict, of a genuine input's path: it may refuse the input.
        outcome = RevocationStep.checked(outcome, options: options, json: json)
        write(outcome, json: json)
        if outcome.failure != nil { return outcome.status }
        if !json {
            switch outcome.content {
            case .receipt(let verified, let policy, let endpoint, _):
                TextReport.writeVerified(
                    chain: verified.chain,
                    checks: performedChecks(
                        verified, policy: policy, endpoint: endpoint, explicitInstant: options.last("--at")),
                    verdict: verified.isXcodeTestReceipt ? TextReport.xcodeVerdict : TextReport.genuine
                ) { out in
                    out.emit(TextReport.row("Receipt", source))
                    TextReport.receiptLines(verified.receipt, emit: out.emit)
                }
            case .legacy(let verified, let policy, _):
                LegacyCommand.writeVerified(verified, policy: policy, source: source)
            case .signedData(let verified, let policy, _):
                let source = SignedDataInput.source(input.name, count, body: outcome.isRequestBody)
                SignedDataReport.writeVerified(verified, source: source, policy: policy, options: options)
            default:
                break
            }
            if let row = RevocationStep.row(outcome.revocation) { print(row) }
        }
        return outcome.status
    }

    /// The runner's request: the options as the command line gave them, the clock for --now.
    /// Certificate files are read by `plan`.
    static func request(_ options: ParsedArguments) -> RunRequest {
        var request = RunRequest()
        for (option, values) in options.values where RunRequest.valuedOptions.contains(option) {
            if let value = values.last { request.values.append((option, value)) }
        }
        request.flags = options.flags.filter { $0 == RunRequest.unstatedEnvironmentFlag }
        request.clock = Instant(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))
        return request
    }

    /// The plan of the options; exits 2 when a certificate file cannot be read or used.
    static func plan(_ options: ParsedArguments, json: Bool, documents: DocumentForm, revocation: RevocationSetting)
        -> VerifyPlan
    {
        var request = request(options)
        request.documents = documents
        request.revocation = revocation
        func file(_ path: String, option: String) -> CertificateFile {
            switch readBoundedInput(path == "-" ? "./-" : path) {
            case .success(let read): return CertificateFile(read.bytes, path: path)
            case .failure(let failure):
                unreadable("\(option): \(failure.message)", json: json)
            }
        }
        request.roots = options.all("--root").map { file($0, option: "--root") }
        request.xcodeRoot = options.last("--xcode-root").map { file($0, option: "--xcode-root") }
        switch VerifyPlan.make(request) {
        case .success(let plan): return plan
        case .failure(let outcome):
            if outcome.status == ExitCode.usage { usageFailure(outcome.failure?.message ?? "", json: json) }
            write(outcome, json: json)
            exit(outcome.status)
        }
    }

    /// One row per check that ran, for the text report, in the order the validator runs them.
    static func performedChecks(
        _ verified: VerifiedReceipt, policy: ReceiptPolicy, endpoint: VerifyReceiptEndpoint,
        explicitInstant: String?
    ) -> [(String, String)] {
        let receipt = verified.receipt
        let instantSource = explicitInstant == nil ? "receipt creation date" : "--at"
        let deviceHash = policy.deviceIdentifier.map { _ in
            "SHA-1(device ‖ opaque value ‖ bundle id) equals attribute 5"
        }
        let name = receipt.environment?.rawValue ?? "-"
        let environment =
            verified.isXcodeTestReceipt
            ? "ok  \(name) (accepted only through --xcode-root)"
            : "ok  \(name) is one of " + policy.environments.map(\.rawValue).sorted().joined(separator: ", ")
        var checks: [(String, String)] = [
            ("signature", "ok  RSA PKCS #1 v1.5 with \(verified.digestAlgorithm.name) over the receipt payload"),
            verified.isXcodeTestReceipt
                ? ("chain", "ok  self-signed StoreKit testing certificate (--xcode-root opt-in)")
                : ("chain", "ok  \(verified.chain.count) certificates, signer to trust anchor, Apple marker OIDs"),
            ("validity", "ok  every certificate valid at \(verified.validityInstant) (\(instantSource))"),
            ("bundle id", TextReport.requested(quoting: policy.bundleIdentifier, "--bundle-id")),
            ("bundle version", TextReport.requested(quoting: policy.bundleVersion, "--bundle-version")),
            ("device hash", TextReport.requested(deviceHash, "--device-id")),
            ("environment", environment),
        ]
        if let expiration = receipt.expirationDate, !verified.isXcodeTestReceipt {
            checks.append(
                ("expiration", "ok  \(expiration) is after \(policy.currentTime ?? verified.validityInstant)"))
        }
        switch endpoint {
        case .any: break
        case .production: checks.append(("endpoint", "ok  production (a sandbox receipt would give status 21007)"))
        case .sandbox: checks.append(("endpoint", "ok  sandbox (a production receipt would give status 21008)"))
        }
        return checks
    }

    /// --quiet: standard output goes to /dev/null for the rest of the run, whatever writes it (the
    /// reports use both `print` and FileHandle); stderr, and so the one line of a failure, stays.
    static func silenceStandardOutput() {
        fflush(nil)  // whatever `print` still buffers goes out first
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return }
        dup2(null, STDOUT_FILENO)
        close(null)
    }

    /// With --json the outcome's document on stdout (written out in pieces: an app receipt's is never
    /// held whole); for a failure, its stderr line: verdict, the stable code of the failed check, the
    /// message (escaped: one line, no control or bidi characters from the input).
    static func write(_ outcome: VerifyOutcome, json: Bool) {
        if json {
            outcome.writeDocument { InspectCommand.writeStandardOutput($0) }
            InspectCommand.writeStandardOutput([0x0A])
        }
        guard let failure = outcome.failure else { return }
        let line = "purereceipt: \(failure.title): \(failure.code): \(failure.message.displayEscaped)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// A usage error (exit 64); with --json also a document with status 21000 (bad request).
    static func usageFailure(_ message: String, json: Bool) -> Never {
        if json {
            InspectCommand.writeStandardOutput(
                (VerifyOutcome.usage(message, RunRequest(documents: .pretty)).document ?? []) + [0x0A])
        }
        usageError(message, command: "verify")
    }

    /// A file that cannot be read (exit 2); with --json also a document with status 21002.
    static func unreadable(_ message: String, json: Bool) -> Never {
        write(.unusable(code: InputFailure.code, message, RunRequest(documents: json ? .pretty : .none)), json: json)
        exit(ExitCode.malformed)
    }

}
