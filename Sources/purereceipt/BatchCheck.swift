// BatchCheck: one input of `verify` with several inputs (BatchCommand.swift), verified as `verify`
// verifies it alone and reported as one line: the same policy from the same options, the same
// verifiers through the run's shared chain cache, the same messages and the same `--json`
// document, written on one line.
//
// What differs from a single input: nothing exits. An option that does not fit an input's format
// (`input.optionNotApplicable`), an input that is no receipt (`input.<kind>`) or a file that
// cannot be read is that input's line, and the run goes on.

import PureDER
import PureJSON
import PureReceipt
import PureX509

/// What the options make of each format's policy, decided once before any input is read.
struct BatchSettings: Sendable {
    typealias NotApplicable = SignedDataCommand.Setup.NotApplicable
    let receipt: Result<ReceiptPolicy, NotApplicable>
    let endpoint: VerifyReceiptEndpoint
    let requestDate: Instant
    let legacy: Result<LegacyReceiptPolicy, NotApplicable>
    let signed: Result<SignedDataCommand.Setup, NotApplicable>
    /// An option only signed data takes (app receipts and legacy receipts: not applicable).
    let signedDataOption: String?
    let productIdGiven: Bool
    let customRoot: Bool
    /// Whether the `verify --json` documents are printed (--ndjson); in text mode none is built:
    /// an app receipt's document is about 2.5 times the receipt.
    let documents: Bool
    /// Whether revocation is checked (--revocation prefer or require): only then does a line keep
    /// its verified path (whose certificates may hold the whole input) until it is checked.
    let revocation: Bool

    /// Exits (before any input is read) on a usage error or an unreadable certificate file.
    init(_ options: ParsedArguments) {
        // The environments of app receipts are applied below, so that a list they cannot carry is
        // each app receipt's failure, not the run's.
        var (policy, endpoint) = VerifyCommand.makePolicy(options, json: false, legacy: true)
        legacy = LegacyCommand.policy(options, policy, json: false)
        if let message = VerifyCommand.applyEnvironments(options, to: &policy) {
            receipt = .failure(NotApplicable(message: message))
        } else {
            receipt = .success(policy)
        }
        self.endpoint = endpoint
        requestDate = policy.currentTime ?? Instant(millisecondsSince1970: 0)
        signed = SignedDataCommand.Setup.make(options, json: false)
        signedDataOption = SignedDataCommand.signedDataOptions.first { options.last($0) != nil }
        productIdGiven = options.last("--product-id") != nil
        customRoot = !options.all("--root").isEmpty
        documents = options.flags.contains("--ndjson")
        revocation = RevocationStep.setting(options, json: false) != .off
    }
}

/// The outcome of one input: its exit status and what is written about it.
struct BatchLine: Sendable {
    let id: BatchID
    /// The format verified (`app-receipt`, `legacy-receipt`, `transaction`, `renewal-info`,
    /// `app-transaction`, `notification`), or "-" when the input was not read.
    let format: String
    let status: Int32
    /// genuine, xcode-signed, not-genuine, check-failed or malformed.
    let verdict: String
    let code: String?
    let message: String?
    /// The `verify --json` document, on one line (JSON text); nil in text mode (not printed).
    let document: [UInt8]?
    /// The verified path of a genuine input, until revocation checking (RevocationStep.checked).
    var chain: [Certificate]? = nil
}

/// How an input is named in the output: its line number, or a name (an `id`, a file path).
enum BatchID: Sendable {
    case line(Int)
    case name(String)

    var text: String {
        switch self {
        case .line(let number): return String(number)
        case .name(let name): return name
        }
    }
}

enum BatchCheck {
    /// A line for an input that failed before any verifier ran (exit 2).
    static func malformed(_ id: BatchID, format: String = "-", code: String, _ message: String) -> BatchLine {
        let error = VerificationError(.malformed, code: code, message: message)
        return BatchLine(
            id: id, format: format, status: ExitCode.malformed, verdict: "malformed", code: code, message: message,
            document: VerifyReceiptJSON.render(error, pretty: false).bytes)
    }

    /// Verifies `bytes` (`kind`: the field a JSON line named) under `settings`, through `cache`.
    static func verify(
        _ id: BatchID, _ bytes: [UInt8], kind: SignedDataKind?, _ settings: BatchSettings,
        cache: inout VerifiedChainCache
    ) -> BatchLine {
        switch InputFormat.detect(bytes) {
        case .signedData(let jws, let body):
            return signedData(id, SignedDataInput(jws: jws, isNotificationBody: body), kind: kind, settings, &cache)
        case .legacyReceipt:
            return legacyReceipt(id, bytes, settings, &cache)
        case .appReceipt:
            return appReceipt(id, bytes, settings, &cache)
        }
    }

    static func signedData(
        _ id: BatchID, _ data: SignedDataInput, kind: SignedDataKind?, _ settings: BatchSettings,
        _ cache: inout VerifiedChainCache
    ) -> BatchLine {
        let format = (kind ?? (data.isNotificationBody ? .notification : nil))?.reportName ?? "signed-data"
        var setup: SignedDataCommand.Setup
        switch settings.signed {
        case .success(let made): setup = made
        case .failure(let failure):
            return malformed(id, format: format, code: "input.optionNotApplicable", failure.message)
        }
        if let kind { setup.requested = kind }
        let (outcome, policy) = SignedDataCommand.verify(data, setup, cache: &cache)
        switch outcome {
        case .success(let verified):
            let signer = verified.isXcodeSigned ? "xcode" : settings.customRoot ? "custom-root" : "apple"
            return BatchLine(
                id: id, format: verified.kind.reportName, status: ExitCode.genuine,
                verdict: verified.isXcodeSigned ? "xcode-signed" : "genuine", code: nil, message: nil,
                document: settings.documents
                    ? Array(SignedDataReport.verifiedJSON(verified, signer: signer, pretty: false).utf8) : nil,
                chain: settings.revocation ? verified.chain : nil)
        case .failure(let error):
            let message = SignedDataCommand.failureMessage(error, policy: policy, environments: setup.environments)
            // A body is a notification or a realtime request: named by its payload once signed (as verified).
            let body = setup.requested == nil && data.isNotificationBody
            let format = body ? data.kind(requested: nil, payload: data.verifiedPayloadObject()).reportName : format
            return BatchLine(
                id: id, format: format, status: ExitCode.of(error.verdict),
                verdict: SignedDataCommand.words(error.verdict).json, code: error.code, message: message,
                document: settings.documents
                    ? Array(SignedDataCommand.failureDocument(error, message: message, pretty: false).utf8) : nil)
        }
    }

    /// The line for an input that is not signed data when an option only signed data takes was given.
    static func signedDataOptionRefused(_ id: BatchID, format: String, _ settings: BatchSettings) -> BatchLine? {
        settings.signedDataOption.map { option in
            malformed(
                id, format: format, code: "input.optionNotApplicable",
                "\(option) applies to StoreKit 2 signed data (JWS) only, and this input is not that")
        }
    }

    static func legacyReceipt(
        _ id: BatchID, _ bytes: [UInt8], _ settings: BatchSettings, _ cache: inout VerifiedChainCache
    ) -> BatchLine {
        let format = "legacy-receipt"
        if let refused = signedDataOptionRefused(id, format: format, settings) { return refused }
        let policy: LegacyReceiptPolicy
        switch settings.legacy {
        case .success(let made): policy = made
        case .failure(let failure):
            return malformed(id, format: format, code: "input.optionNotApplicable", failure.message)
        }
        do {
            let verified = try LegacyReceiptValidator.validate(bytes, policy: policy, cache: &cache)
            let signer = settings.customRoot ? "custom-root" : "apple"
            let document = settings.documents ? VerifyReceiptJSON.render(verified, pretty: false).bytes : nil
            return BatchLine(
                id: id, format: format, status: ExitCode.genuine, verdict: "genuine", code: nil, message: nil,
                document: document.map { VerifyCommand.withSigner($0, signer, pretty: false) },
                chain: settings.revocation ? verified.chain : nil)
        } catch {
            if error.verdict == .malformed, let kind = InputKind.detect(bytes) {
                return malformed(id, format: format, code: kind.code, kind.message)
            }
            return failure(id, format: format, error, message: error.message)
        }
    }

    static func appReceipt(
        _ id: BatchID, _ text: [UInt8], _ settings: BatchSettings, _ cache: inout VerifiedChainCache
    ) -> BatchLine {
        let format = "app-receipt"
        if let refused = signedDataOptionRefused(id, format: format, settings) { return refused }
        if settings.productIdGiven {
            return malformed(
                id, format: format, code: "input.optionNotApplicable",
                "--product-id applies to legacy transaction receipts only, and this input is an app receipt")
        }
        let policy: ReceiptPolicy
        switch settings.receipt {
        case .success(let made): policy = made
        case .failure(let failure):
            return malformed(id, format: format, code: "input.optionNotApplicable", failure.message)
        }
        var bytes = text
        var decoded = false
        let verified: VerifiedReceipt
        do {
            try ReceiptValidator.receiptBytes(inPlace: &bytes)
            decoded = true
            verified = try ReceiptValidator.validate(bytes, policy: policy, cache: &cache)
        } catch {
            // As VerifyCommand: text that decoded to something else than a receipt is not named.
            if error.verdict == .malformed, decoded || bytes.count == text.count,
                let kind = InputKind.detect(bytes, base64: text.first != 0x30)
            {
                return malformed(id, format: format, code: kind.code, kind.message)
            }
            var message = error.message
            if error.code == "chain.certificateExpired" {
                message +=
                    policy.validityInstant.map { " (validity checked at \($0), given as --at)" }
                    ?? " (validity checked at the receipt creation date)"
            }
            return failure(id, format: format, error, message: message)
        }
        let status = VerifyReceiptJSON.status(verified, endpoint: settings.endpoint)
        // Built only when printed (--ndjson): for a big receipt it is the largest thing in memory.
        var document =
            settings.documents
            ? VerifyReceiptJSON.render(
                verified, endpoint: settings.endpoint, requestDate: settings.requestDate, pretty: false
            ).bytes : nil
        guard status == 0 else {
            let environment = verified.receipt.environment?.rawValue ?? "-"
            let (code, message) =
                status == 21007
                ? (
                    "environment.sandboxReceipt",
                    "\(environment) receipt sent to the production endpoint (status 21007)"
                )
                : (
                    "environment.productionReceipt",
                    "\(environment) receipt sent to the sandbox endpoint (status 21008)"
                )
            return BatchLine(
                id: id, format: format, status: ExitCode.notGenuine, verdict: "check-failed", code: code,
                message: message, document: document)
        }
        let signer = verified.isXcodeTestReceipt ? "xcode" : settings.customRoot ? "custom-root" : "apple"
        document = document.map { VerifyCommand.withSigner($0, signer, pretty: false) }
        return BatchLine(
            id: id, format: format, status: ExitCode.genuine,
            verdict: verified.isXcodeTestReceipt ? "xcode-signed" : "genuine", code: nil, message: nil,
            document: document, chain: settings.revocation ? verified.chain : nil)
    }

    /// A receipt's failure: the verifyReceipt failure document (as `verify --json`).
    static func failure(_ id: BatchID, format: String, _ error: VerificationError, message: String) -> BatchLine {
        BatchLine(
            id: id, format: format, status: ExitCode.of(error.verdict),
            verdict: SignedDataCommand.words(error.verdict).json, code: error.code, message: message,
            document: VerifyReceiptJSON.render(error, pretty: false).bytes)
    }
}
