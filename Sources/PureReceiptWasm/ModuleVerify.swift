// ModuleVerify: `purereceipt verify --json` without a file system, a clock or a process: the input
// bytes and a request (VerifyRequest.swift) in, the exit status and the exact document the command
// prints on standard output back. The same library calls in the same order as the command
// (Sources/purereceipt/VerifyCommand.swift, SignedDataCommand.swift, LegacyCommand.swift), and the
// documents come from the same library renderers (Sources/PureReceipt/JSON/), so both give the
// same bytes for the same input and options; .ci/wasm compares them over every vector.
//
// What the command does that the module does not: it reads files (certificates arrive as bytes, so
// a certificate that does not parse is named `roots[i]`, not by its path), and it reads the clock
// when --now is absent (the module requires `now` for app receipts). Every message the module
// returns (a bad request, an option the input cannot take, a StoreKit check that failed) names the
// request member (`kind`, `appAppleId`), not the command's option: its host never wrote a command
// line. Those words are the only difference from the command's document (compare.py maps them).

import PureDER
import PureJSON
import PureReceipt
import PureX509

/// The outcome of one verification: the command's exit status and standard output.
struct ModuleOutcome {
    /// 0 genuine, 1 not genuine or a check failed, 2 malformed, 64 usage (the command's statuses).
    var status: Int32
    /// The JSON document, as the command prints it (ending in a line feed).
    var document: [UInt8]
}

/// A finished verification, thrown from deep inside to end it with its document.
private struct Finished: Error {
    let outcome: ModuleOutcome
}

enum ModuleVerify {
    /// Verifies `input` under the request `requestText`.
    static func run(_ input: [UInt8], request requestText: [UInt8]) -> ModuleOutcome {
        do throws(Finished) {
            let request: VerifyRequest
            switch VerifyRequest.read(requestText) {
            case .success(let read): request = read
            case .failure(let error): throw usageFailure(error.message)
            }
            return try verify(input, request)
        } catch {
            return error.outcome
        }
    }

    private static func verify(_ bytes: [UInt8], _ options: VerifyRequest) throws(Finished) -> ModuleOutcome {
        try precheck(options)
        if case .signedData(let jws, let body) = InputFormat.detect(bytes) {
            return try verifySignedData(jws, notificationBody: body, options)
        }
        for option in ["--app-apple-id", "--kind"] where options.last(option) != nil {
            throw notApplicable(
                "\(option) applies to StoreKit 2 signed data (JWS) only, and this input is not that")
        }
        let isLegacy = InputFormat.detect(bytes) == .legacyReceipt
        let (policy, endpoint) = try makePolicy(options, legacy: isLegacy)
        if isLegacy { return try verifyLegacy(bytes, options, policy: policy) }
        if options.last("--product-id") != nil {
            throw notApplicable(
                "--product-id applies to legacy transaction receipts only, and this input is an app receipt")
        }
        guard let requestDate = policy.currentTime else {
            throw usageFailure("now: required for an app receipt (the module has no clock): an RFC 3339 time")
        }
        var receiptBytes = bytes
        var decoded = false
        let verified: VerifiedReceipt
        do {
            try ReceiptValidator.receiptBytes(inPlace: &receiptBytes)
            decoded = true
            verified = try ReceiptValidator.validate(receiptBytes, policy: policy)
        } catch {
            // As the command: a failed decode leaves the text as it was (same count).
            if error.verdict == .malformed, decoded || receiptBytes.count == bytes.count,
                let kind = InputKind.detect(receiptBytes, base64: bytes.first != 0x30)
            {
                return notAReceipt(kind)
            }
            return ModuleOutcome(status: status(error.verdict), document: line(VerifyReceiptJSON.render(error).bytes))
        }
        let documentStatus = VerifyReceiptJSON.status(verified, endpoint: endpoint)
        var first = documentStatus == 0
        let signer = VerifySigner.name(xcode: verified.isXcodeTestReceipt, customRoots: !options.roots.isEmpty)
        var document: [UInt8] = []
        _ = VerifyReceiptJSON.render(verified, endpoint: endpoint, requestDate: requestDate) { piece in
            document += first ? VerifySigner.prefixed(piece, signer) : piece
            first = false
        }
        return ModuleOutcome(status: documentStatus == 0 ? 0 : 1, document: line(document))
    }

    // MARK: StoreKit 2 signed data (SignedDataCommand.verify)

    private static func verifySignedData(_ jws: [UInt8], notificationBody: Bool, _ options: VerifyRequest)
        throws(Finished) -> ModuleOutcome
    {
        // `now` is the host's clock, always given: it means nothing to signed data (the command
        // refuses --now there), so it is not an option that does not fit.
        for option in ["--bundle-version", "--endpoint", "--product-id"] where options.last(option) != nil {
            throw notApplicable("\(option) does not apply to StoreKit 2 signed data, and this input is that")
        }
        var policy = SignedDataPolicy(bundleId: "", environment: .production)
        policy.acceptsUnstatedEnvironment = options.acceptsUnstatedEnvironment
        if let text = options.last("--app-apple-id"), let id = Int64(text) { policy.appAppleId = id }
        if let text = options.last("--device-id") {
            guard text.utf8.count == 36, parseDeviceIdentifier(text) != nil else {
                throw notApplicable(
                    "--device-id: for StoreKit 2 signed data, the device verification UUID (8-4-4-4-12): \(text)")
            }
            policy.deviceVerificationID = text
        }
        if let text = options.last("--at") { policy.validityInstant = Instant.parseRFC3339(text) }
        var environments: [AppStoreEnvironment]?
        if let text = options.last("--environment"), let names = EnvironmentName.parse(text) {
            let values = names.compactMap { $0.storeKit }
            guard values.count == names.count else {
                throw notApplicable(
                    "--environment: StoreKit 2 signed data names Production, Sandbox (= ProductionSandbox), "
                        + "Xcode or LocalTesting, and this input is that: \(text)")
            }
            environments = values
        }
        let roots = try certificates(options.roots, option: "--root")
        var xcode: Certificate?
        if let file = options.xcodeRoot { xcode = try oneCertificate(file) }
        if let xcode, (try? CompactJWS(compact: jws))?.looksXcodeSigned == true {
            policy.signer = .xcode(xcode)
        } else if !roots.isEmpty {
            policy.signer = .apple(TrustAnchors(certificates: roots))
        }
        // Left out: any bundle id, any environment; the data is read only once the library verified it.
        policy.request(bundleId: options.last("--bundle-id"), environments: environments)
        do throws(VerificationError) {
            let requested = options.last("--kind").flatMap { SignedDataKind(rawValue: $0) }
            var cache = VerifiedChainCache(capacity: 4)
            let verified = try SignedDataVerifyReport.verify(
                jws, kind: requested, fromRequestBody: notificationBody, policy: policy, cache: &cache)
            let signer = VerifySigner.name(xcode: verified.isXcodeSigned, customRoots: !options.roots.isEmpty)
            return ModuleOutcome(status: 0, document: line(Array(verified.json(signer: signer).utf8)))
        } catch {
            let message = inRequestWords(
                SignedDataVerifyReport.failureMessage(error, policy: policy, environments: environments))
            let document = SignedDataVerifyReport.failureJSON(error, message: message)
            return ModuleOutcome(status: status(error.verdict), document: line(Array(document.utf8)))
        }
    }

    // MARK: legacy transaction receipts (LegacyCommand.verify)

    private static func verifyLegacy(_ bytes: [UInt8], _ options: VerifyRequest, policy: ReceiptPolicy)
        throws(Finished) -> ModuleOutcome
    {
        var appReceiptOnly = ["--bundle-version", "--device-id", "--endpoint"].filter { options.last($0) != nil }
        if options.xcodeRoot != nil { appReceiptOnly.insert("--xcode-root", at: min(2, appReceiptOnly.count)) }
        if let option = appReceiptOnly.first {
            do {
                _ = try LegacyTransactionReceipt(bytes)
            } catch {
                if let kind = InputKind.detect(bytes) { return notAReceipt(kind) }
                let failure = VerificationError(
                    .malformed, code: error.code, message: error.description, offset: error.offset)
                throw Finished(
                    outcome: ModuleOutcome(status: 2, document: line(VerifyReceiptJSON.render(failure).bytes)))
            }
            throw notApplicable("\(option) does not apply to legacy transaction receipts, and this input is one")
        }
        var legacy = LegacyReceiptPolicy(
            bundleIdentifier: policy.bundleIdentifier.map { BundleIdentifierRequirement($0) } ?? .anyApp,
            validityInstant: policy.validityInstant,
            productIdentifier: options.last("--product-id"))
        let roots = try certificates(options.roots, option: "--root")
        if !roots.isEmpty {
            legacy.anchors = TrustAnchors(certificates: roots.filter { $0.isSelfIssued })
            legacy.intermediates = roots.filter { !$0.isSelfIssued }
        }
        if let text = options.last("--environment"), let names = EnvironmentName.parse(text) {
            let values = names.compactMap { $0.legacy }
            guard values.count == names.count else {
                throw notApplicable(
                    "--environment: a legacy receipt names Production or Sandbox (= ProductionSandbox), and this "
                        + "input is one: \(text)")
            }
            legacy.environments = values
        }
        do {
            let verified = try LegacyReceiptValidator.validate(bytes, policy: legacy)
            let signer = VerifySigner.name(xcode: false, customRoots: !options.roots.isEmpty)
            return ModuleOutcome(
                status: 0, document: line(VerifySigner.prefixed(VerifyReceiptJSON.render(verified).bytes, signer)))
        } catch {
            if error.verdict == .malformed, let kind = InputKind.detect(bytes) { return notAReceipt(kind) }
            return ModuleOutcome(status: status(error.verdict), document: line(VerifyReceiptJSON.render(error).bytes))
        }
    }

    // MARK: options (VerifyCommand.makePolicy, SignedDataCommand.precheck)

    /// The syntax of the options whose meaning does not depend on the input's format.
    private static func precheck(_ options: VerifyRequest) throws(Finished) {
        if let text = options.last("--kind") {
            guard let kind = SignedDataKind(rawValue: text) else {
                let names = SignedDataKind.allCases.map { $0.rawValue }.joined(separator: "|")
                throw usageFailure("--kind: expected \(names): \(text)")
            }
            if options.last("--bundle-id") != nil, let refusal = kind.bundleIdRefusal { throw usageFailure(refusal) }
        }
        for option in ["--at", "--now"] {
            if let text = options.last(option), Instant.parseRFC3339(text) == nil {
                throw usageFailure("\(option): not an RFC 3339 time (e.g. 2026-01-01T00:00:00Z): \(text)")
            }
        }
        if let text = options.last("--app-apple-id"), (Int64(text) ?? 0) <= 0 {
            throw usageFailure("--app-apple-id: expected a positive integer: \(text)")
        }
        if let text = options.last("--device-id"), parseDeviceIdentifier(text) == nil {
            throw usageFailure("--device-id: expected a UUID (8-4-4-4-12) or hex bytes: \(text)")
        }
        if let text = options.last("--endpoint"), text != "production", text != "sandbox" {
            throw usageFailure("--endpoint: expected production or sandbox: \(text)")
        }
        if let text = options.last("--environment"), EnvironmentName.parse(text) == nil {
            throw usageFailure(
                "--environment: expected a comma-separated list of \(EnvironmentName.vocabulary) "
                    + "(any letter case): \(text)")
        }
    }

    /// The app receipt policy and endpoint (also the bundle id and instant of a legacy receipt).
    private static func makePolicy(_ options: VerifyRequest, legacy: Bool) throws(Finished)
        -> (ReceiptPolicy, VerifyReceiptEndpoint)
    {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        let roots = try certificates(options.roots, option: "--root")
        if !roots.isEmpty { policy.anchors = TrustAnchors(certificates: roots) }
        if let file = options.xcodeRoot { policy.xcodeCertificate = try oneCertificate(file) }
        policy.validityInstant = options.last("--at").flatMap { Instant.parseRFC3339($0) }
        policy.currentTime = options.last("--now").flatMap { Instant.parseRFC3339($0) }
        policy.bundleIdentifier = options.last("--bundle-id")
        policy.bundleVersion = options.last("--bundle-version")
        policy.deviceIdentifier = options.last("--device-id").flatMap { parseDeviceIdentifier($0) }
        if !legacy, let text = options.last("--environment"), let names = EnvironmentName.parse(text) {
            let environments = names.compactMap { $0.receipt }
            let allowed = ReceiptEnvironment.apple.union(policy.xcodeCertificate == nil ? [] : [.xcode])
            guard environments.count == names.count, environments.allSatisfy({ allowed.contains($0) }) else {
                throw notApplicable(
                    "--environment: an app receipt names Production, ProductionSandbox (= Sandbox), ProductionVPP, "
                        + "ProductionVPPSandbox (and Xcode with --xcode-root), and this input is one: \(text)")
            }
            policy.environments = Set(environments)
        }
        var endpoint = VerifyReceiptEndpoint.any
        switch options.last("--endpoint") {
        case "production": endpoint = .production
        case "sandbox": endpoint = .sandbox
        default: break
        }
        return (policy, endpoint)
    }

    /// The certificates of each file in `files` (DER or PEM), in order.
    private static func certificates(_ files: [[UInt8]], option: String) throws(Finished) -> [Certificate] {
        var all: [Certificate] = []
        for (index, file) in files.enumerated() {
            do {
                all += try TrustAnchors.parse(pemOrDER: file)
            } catch {
                let named = option == "--root" ? "roots[\(index)]" : "xcodeRoot"
                throw fileFailure(code: "input.notACertificate", "\(named): not a DER or PEM certificate (\(error))")
            }
        }
        return all
    }

    /// The one certificate of the `xcodeRoot` file.
    private static func oneCertificate(_ file: [UInt8]) throws(Finished) -> Certificate {
        let certificates = try certificates([file], option: "--xcode-root")
        guard certificates.count == 1, let certificate = certificates.first else {
            throw fileFailure(
                code: "input.notOneCertificate",
                "--xcode-root: expected exactly one certificate, found \(certificates.count)")
        }
        return certificate
    }

    // MARK: documents

    /// The command's exit status for a verdict (ExitCode.of).
    private static func status(_ verdict: VerificationError.Verdict) -> Int32 {
        verdict == .malformed ? 2 : 1
    }

    /// `document` and the line feed `print` ends it with.
    private static func line(_ document: [UInt8]) -> [UInt8] { document + [0x0A] }

    /// `message` with each command-line option (`--bundle-version`) written as the request member
    /// that carries it (`bundleVersion`, VerifyRequest.swift).
    private static func inRequestWords(_ message: String) -> String {
        let names =
            VerifyRequest.stringMembers.map { (option: $0.option, member: $0.json) } + [
                ("--xcode-root", "xcodeRoot"), ("--root", "roots"),
                ("--accept-unstated-environment", "acceptUnstatedEnvironment"),
            ]
        let bytes = Array(message.utf8)
        var words: [UInt8] = []
        var index = 0
        scan: while index < bytes.count {
            for (option, member) in names where bytes[index...].starts(with: option.utf8) {
                // A whole option only: `--at` is not the start of `--attribute`.
                let next = index + option.utf8.count
                guard next < bytes.count, bytes[next] == 0x2D || (0x61...0x7A).contains(bytes[next]) else {
                    words += member.utf8
                    index = next
                    continue scan
                }
            }
            words.append(bytes[index])
            index += 1
        }
        return String(decoding: words, as: UTF8.self)
    }

    /// A usage error: status 64, a 21000 document.
    private static func usageFailure(_ message: String) -> Finished {
        let message = inRequestWords(message)
        var document = JSONWriter(pretty: true)
        document.beginObject()
        document.field("status", Int64(21000))
        document.field("reason", "usage")
        document.field("verdict", "usage")
        document.field("message", message)
        document.endObject()
        return Finished(outcome: ModuleOutcome(status: 64, document: line(Array(document.text.utf8))))
    }

    /// Input that is another kind of thing than a receipt (a certificate, a PEM block, JSON): status 2.
    private static func notAReceipt(_ kind: InputKind) -> ModuleOutcome {
        let error = VerificationError(.malformed, code: kind.code, message: inRequestWords(kind.message))
        return ModuleOutcome(status: 2, document: line(VerifyReceiptJSON.render(error).bytes))
    }

    /// An option the input's format cannot take: status 2, code `input.optionNotApplicable`.
    private static func notApplicable(_ message: String) -> Finished {
        fileFailure(code: "input.optionNotApplicable", message)
    }

    /// Input that cannot be used: status 2, a 21002 document.
    private static func fileFailure(code: String, _ message: String) -> Finished {
        let error = VerificationError(.malformed, code: code, message: inRequestWords(message))
        let document = VerifyReceiptJSON.render(error)
        return Finished(outcome: ModuleOutcome(status: 2, document: line(document.bytes)))
    }
}
