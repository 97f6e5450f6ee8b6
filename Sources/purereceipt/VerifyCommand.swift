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
import PureX509

enum VerifyCommand {
    static let valuedOptions: Set<String> = [
        "--root", "--xcode-root", "--at", "--now", "--bundle-id", "--bundle-version", "--device-id",
        "--environment", "--endpoint", "--app-apple-id", "--kind", "--product-id", "--jobs", "--revocation",
        "--revocation-cache",
    ]

    static func run(_ arguments: [String]) -> Int32 {
        // Looked for before parsing, so that even a usage error answers in JSON.
        let json = arguments.prefix { $0 != "--" }.contains("--json")
        let options: ParsedArguments
        do {
            options = try parseArguments(
                arguments, command: "verify", valued: valuedOptions,
                flags: [
                    "--json", "--quiet", "--ndjson", SignedDataCommand.unstatedEnvironmentFlag,
                    RevocationStep.offlineFlag,
                ], manyFiles: true)
        } catch {
            switch error {
            case .message(let text): usageFailure(text, json: json)
            }
        }
        // Every usage error (64) is found here, from the command line alone; once the input is
        // read, an option that does not fit what the input turned out to be is the input's
        // failure (2, `notApplicable`): input content never chooses the usage status.
        SignedDataCommand.precheck(options, json: json)
        _ = BatchCommand.jobs(options, json: json)
        _ = RevocationStep.setting(options, json: json)
        if options.flags.contains("--quiet") {
            if json {
                usageFailure("--quiet and --json exclude each other (--quiet prints nothing on stdout)", json: true)
            }
            silenceStandardOutput()
        }
        // Several inputs (several FILEs, a directory, --ndjson): BatchCommand.swift.
        if BatchCommand.isBatch(options) { return BatchCommand.run(options, json: json) }
        refuseTerminalInput(options, command: "verify", json: json)
        var input: (bytes: [UInt8], name: String)
        switch readInputOrReason(options.positional.first) {
        case .success(let read): input = read
        case .failure(let failure): fileFailure(code: InputFailure.code, failure.message, json: json)
        }
        if let signed = SignedDataInput.detect(input.bytes) {
            return SignedDataCommand.verify(input, signed, options: options, json: json)
        }
        for option in SignedDataCommand.signedDataOptions where options.last(option) != nil {
            notApplicable(
                "\(option) applies to StoreKit 2 signed data (JWS) only, and this input is not that", json: json)
        }
        if options.flags.contains(SignedDataCommand.unstatedEnvironmentFlag) {
            notApplicable(
                "\(SignedDataCommand.unstatedEnvironmentFlag) applies to StoreKit 2 signed data (JWS) only, "
                    + "and this input is not that", json: json)
        }
        let isLegacy = LegacyCommand.isLegacy(input.bytes)
        let (policy, endpoint) = makePolicy(options, json: json, legacy: isLegacy)
        if isLegacy {
            return LegacyCommand.verify(input, options: options, policy: policy, json: json)
        }
        if options.last("--product-id") != nil {
            // An app receipt holds many purchases: ask for one with inspect, or the library's queries.
            notApplicable(
                "--product-id applies to legacy transaction receipts only, and this input is an app receipt",
                json: json)
        }
        let requestDate = policy.currentTime ?? Instant(millisecondsSince1970: 0)
        let source = inputSummary(input.name, input.bytes)
        let textCount = input.bytes.count
        let base64 = input.bytes.first != 0x30

        // Base64 text is decoded into its own buffer (the one reference to it: `input` lets go), so
        // the text and the receipt are never held together.
        var bytes = input.bytes
        input.bytes = []
        let verified: VerifiedReceipt
        var decoded = false
        do {
            try ReceiptValidator.receiptBytes(inPlace: &bytes)
            decoded = true
            verified = try ReceiptValidator.validate(bytes, policy: policy)
        } catch {
            // A failed decode leaves the text as it was (same count); text that decoded to something
            // else than a receipt is nothing `explainIfNotReceipt` names (every byte of it is base64).
            if error.verdict == .malformed, decoded || bytes.count == textCount {
                InputKind.explainIfNotReceipt(bytes, base64: base64, json: json)
            }
            if json { print(VerifyReceiptJSON.render(error).text) }
            var message = error.message
            if error.code == "chain.certificateExpired" {
                message +=
                    policy.validityInstant.map { " (validity checked at \($0), given as --at)" }
                    ?? " (validity checked at the receipt creation date)"
            }
            report(verdictText(error.verdict), code: error.code, message)
            return ExitCode.of(error.verdict)
        }
        // The endpoint emulation is a check like the others: it applies to text output too. The
        // document (about 1 KB per in-app purchase) is rendered only when it is printed.
        let status = VerifyReceiptJSON.status(verified, endpoint: endpoint)
        let revocation = status == 0 ? RevocationStep.check(verified.chain, options: options, json: json) : nil
        if json {
            // Written out in pieces: the document is never held whole. A success document says who
            // signed (the first piece opens the object).
            var first = status == 0
            let signedBy = signer(xcode: verified.isXcodeTestReceipt, options: options)
            _ = VerifyReceiptJSON.render(verified, endpoint: endpoint, requestDate: requestDate) {
                InspectCommand.writeStandardOutput(
                    first ? RevocationStep.withReport(withSigner($0, signedBy), revocation) : $0)
                first = false
            }
            InspectCommand.writeStandardOutput([0x0A])
        }
        if status != 0 {
            let environment = verified.receipt.environment?.rawValue ?? "-"
            if status == 21007 {
                let message = "\(environment) receipt sent to the production endpoint (status 21007)"
                report("check failed", code: "environment.sandboxReceipt", message)
            } else {
                let message = "\(environment) receipt sent to the sandbox endpoint (status 21008)"
                report("check failed", code: "environment.productionReceipt", message)
            }
            return ExitCode.notGenuine
        }
        if !json {
            let checks = performedChecks(
                verified, policy: policy, endpoint: endpoint, explicitInstant: options.last("--at"))
            TextReport.writeVerified(verified, source: source, checks: checks)
            if let row = RevocationStep.row(revocation) { print(row) }
        }
        return ExitCode.genuine
    }

    /// The policy and endpoint the options ask for; exits on a usage error or an unreadable certificate.
    /// `legacy`: the input is a legacy receipt, whose environments LegacyCommand reads itself.
    static func makePolicy(_ options: ParsedArguments, json: Bool, legacy: Bool = false)
        -> (ReceiptPolicy, VerifyReceiptEndpoint)
    {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        let roots = options.all("--root").flatMap { loadCertificates($0, option: "--root", json: json) }
        if !roots.isEmpty { policy.anchors = TrustAnchors(certificates: roots) }
        if let path = options.last("--xcode-root") {
            let certificates = loadCertificates(path, option: "--xcode-root", json: json)
            guard certificates.count == 1, let xcode = certificates.first else {
                fileFailure(
                    code: "input.notOneCertificate",
                    "--xcode-root \(path): expected exactly one certificate, found \(certificates.count)", json: json)
            }
            policy.xcodeCertificate = xcode
        }
        if let text = options.last("--at") {
            guard let instant = Instant.parseRFC3339(text) else {
                usageFailure("--at: not an RFC 3339 time (e.g. 2026-01-01T00:00:00Z): \(text)", json: json)
            }
            policy.validityInstant = instant
        }
        if let text = options.last("--now") {
            guard let instant = Instant.parseRFC3339(text) else {
                usageFailure("--now: not an RFC 3339 time (e.g. 2026-01-01T00:00:00Z): \(text)", json: json)
            }
            policy.currentTime = instant
        } else {
            policy.currentTime = Instant(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))
        }
        policy.bundleIdentifier = options.last("--bundle-id")
        policy.bundleVersion = options.last("--bundle-version")
        if let text = options.last("--device-id") {
            guard let device = parseDeviceIdentifier(text) else {
                usageFailure("--device-id: expected a UUID (8-4-4-4-12) or hex bytes: \(text)", json: json)
            }
            policy.deviceIdentifier = device
        }
        // The list always applies, Xcode included: without --environment, the Apple environments
        // and (through --xcode-root only) Xcode; an explicit list must name Xcode to accept it.
        // The names are known (precheck) and mean attribute 0's spelling (EnvironmentOption.swift);
        // which of them a receipt can have depends on the input.
        if !legacy, let message = applyEnvironments(options, to: &policy) { notApplicable(message, json: json) }
        var endpoint = VerifyReceiptEndpoint.any
        if let text = options.last("--endpoint") {
            switch text {
            case "production": endpoint = .production
            case "sandbox": endpoint = .sandbox
            default: usageFailure("--endpoint: expected production or sandbox: \(text)", json: json)
            }
        }
        return (policy, endpoint)
    }

    /// `--environment` for app receipts: sets `policy.environments`, or returns why the list does
    /// not fit an app receipt.
    static func applyEnvironments(_ options: ParsedArguments, to policy: inout ReceiptPolicy) -> String? {
        guard let text = options.last("--environment"), let names = EnvironmentName.parse(text) else { return nil }
        let environments = names.compactMap(\.receipt)
        let allowed = ReceiptEnvironment.apple.union(policy.xcodeCertificate == nil ? [] : [.xcode])
        guard environments.count == names.count, environments.allSatisfy({ allowed.contains($0) }) else {
            return "--environment: an app receipt names Production, ProductionSandbox (= Sandbox), ProductionVPP, "
                + "ProductionVPPSandbox (and Xcode with --xcode-root), and this input is one: \(text)"
        }
        policy.environments = Set(environments)
        return nil
    }

    /// One row per check that ran, for the text report, in the order the validator runs them.
    static func performedChecks(
        _ verified: VerifiedReceipt, policy: ReceiptPolicy, endpoint: VerifyReceiptEndpoint,
        explicitInstant: String?
    ) -> [(String, String)] {
        let receipt = verified.receipt
        let instantSource = explicitInstant == nil ? "receipt creation date" : "--at"
        var checks: [(String, String)] = [
            ("signature", "ok  RSA PKCS #1 v1.5 with \(verified.digestAlgorithm.name) over the receipt payload"),
            verified.isXcodeTestReceipt
                ? ("chain", "ok  self-signed StoreKit testing certificate (--xcode-root opt-in)")
                : ("chain", "ok  \(verified.chain.count) certificates, signer to trust anchor, Apple marker OIDs"),
            ("validity", "ok  every certificate valid at \(verified.validityInstant) (\(instantSource))"),
        ]
        checks.append(
            ("bundle id", policy.bundleIdentifier.map { "ok  \"\($0)\"" } ?? "-   not requested (--bundle-id)"))
        checks.append(
            ("bundle version", policy.bundleVersion.map { "ok  \"\($0)\"" } ?? "-   not requested (--bundle-version)"))
        checks.append(
            (
                "device hash",
                policy.deviceIdentifier == nil
                    ? "-   not requested (--device-id)"
                    : "ok  SHA-1(device ‖ opaque value ‖ bundle id) equals attribute 5"
            ))
        let environment = receipt.environment?.rawValue ?? "-"
        checks.append(
            (
                "environment",
                verified.isXcodeTestReceipt
                    ? "ok  \(environment) (accepted only through --xcode-root)"
                    : "ok  \(environment) is one of "
                        + policy.environments.map(\.rawValue).sorted().joined(separator: ", ")
            ))
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

    /// Who signed data that verified, for `"signer"` in every success document: `xcode` (accepted
    /// through --xcode-root: proves nothing), `custom-root` (a path to a --root anchor) or `apple`
    /// (a path to the built-in Apple root).
    static func signer(xcode: Bool, options: ParsedArguments) -> String {
        VerifySigner.name(xcode: xcode, customRoots: !options.all("--root").isEmpty)
    }

    /// `document` (a JSON object's text, or its first piece) with `"signer"` as its first member.
    /// `pretty`: the document is indented (else one line, as `--ndjson` writes it).
    static func withSigner(_ document: [UInt8], _ signer: String, pretty: Bool = true) -> [UInt8] {
        VerifySigner.prefixed(document, signer, pretty: pretty)
    }

    static func verdictText(_ verdict: VerificationError.Verdict) -> String {
        switch verdict {
        case .malformed: return "not a well-formed receipt"
        case .notAuthentic: return "NOT GENUINE"
        case .policyFailed: return "check failed"
        case .undetermined: return "undetermined"
        }
    }

    /// The stderr line for a failure: verdict, the stable code of the failed check, the message
    /// (escaped: one line, no control or bidi characters from the input).
    static func report(_ verdict: String, code: String, _ message: String) {
        FileHandle.standardError.write(Data("purereceipt: \(verdict): \(code): \(message.displayEscaped)\n".utf8))
    }

    /// A usage error (exit 64); with --json also a document with status 21000 (bad request).
    static func usageFailure(_ message: String, json: Bool) -> Never {
        if json {
            var document = JSONWriter(pretty: true)
            document.beginObject()
            document.field("status", Int64(21000))
            document.field("reason", "usage")
            document.field("verdict", "usage")
            document.field("message", message)
            document.endObject()
            print(document.text)
        }
        usageError(message, command: "verify")
    }

    /// The input is not what the options need (e.g. --bundle-version on StoreKit 2 signed data):
    /// exit 2, code `input.optionNotApplicable`, with --json a 21002 document. Not a usage error:
    /// the same command line is right for another input.
    static func notApplicable(_ message: String, json: Bool) -> Never {
        fileFailure(code: "input.optionNotApplicable", message, json: json)
    }

    /// A file that cannot be used (exit 2); with --json also a document with status 21002.
    static func fileFailure(code: String, _ message: String, json: Bool) -> Never {
        if json {
            print(VerifyReceiptJSON.render(VerificationError(.malformed, code: code, message: message)).text)
        }
        report("error", code: code, message)
        exit(ExitCode.malformed)
    }

    /// Loads certificates from a DER or PEM file; exits 2 when unreadable or malformed.
    static func loadCertificates(_ path: String, option: String, json: Bool) -> [Certificate] {
        let data: [UInt8]
        switch readInputOrReason(path == "-" ? "./-" : path) {
        case .success(let read): data = read.bytes
        case .failure(let failure): fileFailure(code: InputFailure.code, "\(option): \(failure.message)", json: json)
        }
        do {
            return try TrustAnchors.parse(pemOrDER: data)
        } catch {
            fileFailure(
                code: "input.notACertificate", "\(option): \(path): not a DER or PEM certificate (\(error))",
                json: json)
        }
    }
}
