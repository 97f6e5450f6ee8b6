// Runner: one input of `verify`, for every front end — the single-input command, its batch mode
// and the WebAssembly module (Docs/ARCHITECTURE.md, "One runner"). Input bytes, a plan
// (VerifyPlan.swift) and a chain cache in; an outcome out: the exit status, the words of its one
// stderr line, and what its `verify --json` document is written from.
//
// The format is detected once (InputFormat.detect). Then the options the format cannot take are
// that input's failure (exit 2, `input.optionNotApplicable`), and the format's library verifier
// runs under the plan's policy: ReceiptValidator, LegacyReceiptValidator, or the one StoreKit
// entry (SignedDataVerifier, through SignedDataVerifyReport), each authenticating before it
// decodes. Nothing of the input chooses the policy.

import PureDER
import PureJSON
package import PureReceipt
import PureX509

/// The outcome of one input: what the front end prints and exits with.
package struct VerifyOutcome: Error, Sendable {
    /// 0 genuine, 1 not genuine or a check failed, 2 malformed or unusable, 64 usage.
    package var status: Int32
    /// The stderr line of a failure: its title (`NOT GENUINE`, `error`), code and message.
    package var failure: (title: String, code: String, message: String)?
    /// What the document is written from, and (genuine) what the text report shows.
    package var content: Content
    /// The document form the request asked for.
    let form: DocumentForm
    /// A genuine input's verified path, when the request keeps it (revocation checking).
    package var chain: [Certificate]? = nil
    /// The format a batch line names (`app-receipt`, `transaction`, …; `-`: not read).
    package var format: String
    /// A request body that failed without a kind: named by its payload once signed (`formatName`).
    var unnamedBody: [UInt8]? = nil
    /// True for signed data that came as a request body (`{"signedPayload": …}`).
    package var isRequestBody = false
    /// The revocation report of the verified path, once checked (`checked(_:)`).
    package var revocation: RevocationReport? = nil

    /// What an outcome is.
    package enum Content: Sendable {
        /// An app receipt that verified; `signer` when its status is 0 (the endpoint emulation's
        /// 21007 and 21008 documents name none).
        case receipt(VerifiedReceipt, ReceiptPolicy, VerifyReceiptEndpoint, signer: String?)
        case legacy(VerifiedLegacyReceipt, LegacyReceiptPolicy, signer: String)
        /// Signed data that verified, and its policy with `environment` set to the one accepted.
        case signedData(SignedDataVerifyReport, SignedDataPolicy, signer: String)
        /// A receipt's failure, or an input or file that cannot be used: the verifyReceipt document.
        case receiptFailure(VerificationError)
        /// Signed data's failure: its document with `message` (SignedDataVerifyReport.failureMessage).
        case signedDataFailure(VerificationError, message: String)
        /// A usage error: the 21000 document.
        case usage(String)
    }

    /// The verdict in the words of a batch line and a document (genuine, xcode-signed, not-authentic,
    /// policy-failed, malformed, undetermined; usage).
    package var verdict: String {
        switch content {
        case .receipt(let verified, _, _, let signer):
            return signer == nil
                ? VerificationError.Verdict.policyFailed.rawValue
                : verified.isXcodeTestReceipt ? "xcode-signed" : "genuine"
        case .legacy: return "genuine"
        case .signedData(let report, _, _): return report.isXcodeSigned ? "xcode-signed" : "genuine"
        case .receiptFailure(let error), .signedDataFailure(let error, _):
            return Runner.words(error.verdict, signedData: false).json
        case .usage: return "usage"
        }
    }

    /// The batch line's format: a failed request body without a kind is named by its payload, read
    /// only when its signature verifies (a notification, or a realtime request).
    package var formatName: String {
        guard let jws = unnamedBody, let parsed = try? CompactJWS(compact: jws), (try? parsed.verifySignature()) != nil
        else { return format }
        let payload = try? JSONReader.read(parsed.payload).objectValue
        return SignedDataKind.of(payload) == .realtimeRequest ? "realtime-request" : "notification"
    }

    /// Writes the document in the request's form (nothing for `.none`), in pieces: an app receipt's
    /// is never held whole. The first piece opens the JSON object.
    package func writeDocument(_ sink: ([UInt8]) -> Void) {
        guard form != .none else { return }
        let pretty = form == .pretty
        var first = true
        func write(_ piece: [UInt8]) {
            sink(first ? withRevocation(piece, pretty: pretty) : piece)
            first = false
        }
        switch content {
        case .receipt(let verified, let policy, let endpoint, let signer):
            let requestDate = policy.currentTime ?? Instant(millisecondsSince1970: 0)
            _ = VerifyReceiptJSON.render(verified, endpoint: endpoint, requestDate: requestDate, pretty: pretty) {
                // The first piece opens the object: the signer is its first member.
                write(first && signer != nil ? VerifySigner.prefixed($0, signer ?? "", pretty: pretty) : $0)
            }
        case .legacy(let verified, _, let signer):
            write(
                VerifySigner.prefixed(VerifyReceiptJSON.render(verified, pretty: pretty).bytes, signer, pretty: pretty))
        case .signedData(let report, _, let signer):
            write(Array(report.json(signer: signer, pretty: pretty).utf8))
        case .receiptFailure(let error):
            write(VerifyReceiptJSON.render(error, pretty: pretty).bytes)
        case .signedDataFailure(let error, let message):
            write(Array(SignedDataVerifyReport.failureJSON(error, message: message, pretty: pretty).utf8))
        case .usage(let message):
            var document = JSONWriter(pretty: pretty)
            document.beginObject()
            document.field("status", Int64(21000))
            document.field("reason", "usage")
            document.field("verdict", "usage")
            document.field("code", "usage")
            document.field("message", message)
            document.endObject()
            write(Array(document.text.utf8))
        }
    }

    /// The whole document; nil when the request asked for none.
    package var document: [UInt8]? {
        guard form != .none else { return nil }
        if case .receipt(let verified, let policy, let endpoint, let signer) = content, revocation == nil {
            // Rendered whole into a buffer sized for it, not gathered from pieces.
            let pretty = form == .pretty
            let requestDate = policy.currentTime ?? Instant(millisecondsSince1970: 0)
            let bytes = VerifyReceiptJSON.render(verified, endpoint: endpoint, requestDate: requestDate, pretty: pretty)
                .bytes
            return signer.map { VerifySigner.prefixed(bytes, $0, pretty: pretty) } ?? bytes
        }
        var whole: [UInt8]?
        writeDocument { piece in
            // One piece (every document but an app receipt's): kept as it is, not copied.
            if whole == nil { whole = piece } else { whole? += piece }
        }
        return whole ?? []
    }

    /// A usage error (64), in the request's words.
    package static func usage(_ message: String, _ request: RunRequest) -> VerifyOutcome {
        VerifyOutcome(
            status: 64, failure: ("usage", "usage", message), content: .usage(message), form: request.documents,
            format: "-")
    }

    /// An input or file that cannot be used (2): a 21002 document, the stderr title `error` unless
    /// `title` says otherwise.
    package static func unusable(
        code: String, _ message: String, _ request: RunRequest, format: String = "-", title: String = "error"
    ) -> VerifyOutcome {
        let message = request.words.apply(message)
        return VerifyOutcome(
            status: 2, failure: (title, code, message),
            content: .receiptFailure(VerificationError(.malformed, code: code, message: message)),
            form: request.documents, format: format)
    }

    /// Input that is another kind of thing than a receipt (a certificate, a PEM block, JSON): 2.
    static func notAReceipt(_ kind: InputKind, _ request: RunRequest, format: String) -> VerifyOutcome {
        unusable(code: kind.code, kind.message, request, format: format, title: "not a well-formed receipt")
    }

    /// An option the input's format cannot take: the input's failure (2, `input.optionNotApplicable`).
    static func notApplicable(_ message: String, _ request: RunRequest, format: String) -> VerifyOutcome {
        unusable(code: "input.optionNotApplicable", message, request, format: format)
    }

    /// A receipt's failure: the verifyReceipt document of `error`; `message` on the stderr line.
    static func receiptFailure(_ error: VerificationError, message: String, _ request: RunRequest, format: String)
        -> VerifyOutcome
    {
        VerifyOutcome(
            status: Runner.status(error.verdict),
            failure: (Runner.words(error.verdict, signedData: false).text, error.code, message),
            content: .receiptFailure(error), form: request.documents, format: format)
    }
}

package enum Runner {
    /// Verifies one input under `plan`, through `cache`. `kind`: the kind of signed data the input
    /// came as (a batch line's field), over `--kind`. `requestBody`: `input` is the `signedPayload`
    /// of a request body (a batch line's member), not detected. `input` may be decoded in place.
    package static func run(
        _ input: inout [UInt8], _ plan: VerifyPlan, kind: SignedDataKind? = nil, requestBody: Bool = false,
        cache: inout VerifiedChainCache
    ) -> VerifyOutcome {
        do throws(VerifyOutcome) {
            if requestBody {
                return try signedData(Array(InputFormat.trimWhiteSpace(input)), body: true, kind: kind, plan, &cache)
            }
            switch InputFormat.detect(input) {
            case .signedData(let jws, let body):
                return try signedData(jws, body: body, kind: kind, plan, &cache)
            case .legacyReceipt:
                try refuseSignedDataOptions(plan, format: "legacy-receipt")
                return try legacyReceipt(input, plan, &cache)
            case .appReceipt:
                try refuseSignedDataOptions(plan, format: "app-receipt")
                return try appReceipt(&input, plan, &cache)
            }
        } catch {
            return error
        }
    }

    /// The exit status of a verdict (2 malformed, 1 not genuine or a check failed, 75 undetermined).
    package static func status(_ verdict: VerificationError.Verdict) -> Int32 {
        switch verdict {
        case .malformed: return 2
        case .notAuthentic, .policyFailed: return 1
        case .undetermined: return 75
        }
    }

    /// The words of a verdict: in documents and batch lines the library's own (`Verdict.rawValue`:
    /// `not-authentic`, `policy-failed`, `malformed`, `undetermined`) for every format, and as the
    /// title of the stderr line (`NOT GENUINE`; a malformed receipt or malformed signed data).
    package static func words(_ verdict: VerificationError.Verdict, signedData: Bool) -> (json: String, text: String) {
        switch verdict {
        case .malformed: return ("malformed", signedData ? "not well-formed signed data" : "not a well-formed receipt")
        case .notAuthentic: return (verdict.rawValue, "NOT GENUINE")
        case .policyFailed: return (verdict.rawValue, "check failed")
        case .undetermined: return (verdict.rawValue, "undetermined")
        }
    }

    // MARK: StoreKit 2 signed data

    private static func signedData(
        _ jws: [UInt8], body: Bool, kind: SignedDataKind?, _ plan: VerifyPlan, _ cache: inout VerifiedChainCache
    ) throws(VerifyOutcome) -> VerifyOutcome {
        let request = plan.request
        let requested = kind ?? plan.kind
        let format = (requested ?? (body ? .notification : nil))?.reportName ?? "signed-data"
        // The signer is the plan's: Apple (or --root) anchors, and the --xcode-root certificate for
        // data whose leaf is that certificate, byte for byte (the library compares; nothing of the
        // data chooses).
        var policy = try plan.signedData.mapError { VerifyOutcome.notApplicable($0.message, request, format: format) }
            .get()
        let report: SignedDataVerifyReport
        do {
            report = try SignedDataVerifyReport.verify(
                jws, kind: requested, fromRequestBody: body, policy: policy, cache: &cache)
        } catch {
            let message = request.words.apply(
                SignedDataVerifyReport.failureMessage(error, policy: policy, environments: plan.environments))
            throw VerifyOutcome(
                status: status(error.verdict),
                failure: (words(error.verdict, signedData: true).text, error.code, message),
                content: .signedDataFailure(error, message: message), form: request.documents, format: format,
                unnamedBody: body && requested == nil ? jws : nil, isRequestBody: body)
        }
        // The report names the environment the data was accepted as (its own, or the first listed).
        let own = report.environmentStated ? report.environment.flatMap { AppStoreEnvironment(rawValue: $0) } : nil
        policy.environment = own ?? policy.environments?.first ?? policy.environment
        let signer = VerifySigner.name(xcode: report.isXcodeSigned, customRoots: plan.customRoots)
        return VerifyOutcome(
            status: 0, failure: nil, content: .signedData(report, policy, signer: signer), form: request.documents,
            chain: request.revocation != .off ? report.chain : nil, format: report.kind.reportName, isRequestBody: body)
    }

    /// An option only signed data takes, given for a receipt: the input's failure.
    private static func refuseSignedDataOptions(_ plan: VerifyPlan, format: String) throws(VerifyOutcome) {
        let request = plan.request
        for option in RunRequest.signedDataOptions + [RunRequest.unstatedEnvironmentFlag]
        where request.last(option) != nil || request.has(option) {
            throw .notApplicable(
                "\(option) applies to StoreKit 2 signed data (JWS) only, and this input is not that", request,
                format: format)
        }
    }

    // MARK: legacy transaction receipts

    private static func legacyReceipt(_ bytes: [UInt8], _ plan: VerifyPlan, _ cache: inout VerifiedChainCache)
        throws(VerifyOutcome) -> VerifyOutcome
    {
        let request = plan.request
        let format = "legacy-receipt"
        // What the options need is not what the input is; an input that is no legacy receipt at
        // all (e.g. JSON) is named as such first.
        let appReceiptOnly = ["--bundle-version", "--device-id", "--xcode-root", "--endpoint"].first {
            $0 == "--xcode-root" ? request.xcodeRoot != nil : request.last($0) != nil
        }
        if let option = appReceiptOnly {
            do {
                _ = try LegacyTransactionReceipt(bytes)
            } catch {
                if let kind = InputKind.detect(bytes) { throw .notAReceipt(kind, request, format: format) }
                let failure = VerificationError(
                    .malformed, code: error.code, message: error.description, offset: error.offset)
                throw .receiptFailure(failure, message: failure.message, request, format: format)
            }
            throw .notApplicable(
                "\(option) does not apply to legacy transaction receipts, and this input is one", request,
                format: format)
        }
        let policy = try plan.legacy.mapError { VerifyOutcome.notApplicable($0.message, request, format: format) }.get()
        let verified: VerifiedLegacyReceipt
        do {
            verified = try LegacyReceiptValidator.validate(bytes, policy: policy, cache: &cache)
        } catch {
            if error.verdict == .malformed, let kind = InputKind.detect(bytes) {
                throw .notAReceipt(kind, request, format: format)
            }
            throw .receiptFailure(error, message: error.message, request, format: format)
        }
        let signer = VerifySigner.name(xcode: false, customRoots: plan.customRoots)
        return VerifyOutcome(
            status: 0, failure: nil, content: .legacy(verified, policy, signer: signer), form: request.documents,
            chain: request.revocation != .off ? verified.chain : nil, format: format)
    }

    // MARK: app receipts

    private static func appReceipt(_ bytes: inout [UInt8], _ plan: VerifyPlan, _ cache: inout VerifiedChainCache)
        throws(VerifyOutcome) -> VerifyOutcome
    {
        let request = plan.request
        let format = "app-receipt"
        let policy = try plan.receipt.mapError { VerifyOutcome.notApplicable($0.message, request, format: format) }
            .get()
        if request.last("--product-id") != nil {
            // An app receipt holds many purchases: ask for one with inspect, or the library's queries.
            throw .notApplicable(
                "--product-id applies to legacy transaction receipts only, and this input is an app receipt", request,
                format: format)
        }
        guard policy.currentTime != nil else {
            throw .usage(
                request.words.apply(
                    "--now: required for an app receipt (the module has no clock): an RFC 3339 time"), request)
        }
        // Base64 text is decoded into its own buffer (the caller's one reference), so the text and
        // the receipt are never held together.
        let textCount = bytes.count
        let base64 = bytes.first != 0x30
        var decoded = false
        let verified: VerifiedReceipt
        do {
            try ReceiptValidator.receiptBytes(inPlace: &bytes)
            decoded = true
            verified = try ReceiptValidator.validate(bytes, policy: policy, cache: &cache)
        } catch {
            // A failed decode leaves the text as it was (same count); text that decoded to something
            // else than a receipt is nothing InputKind names (every byte of it is base64).
            if error.verdict == .malformed, decoded || bytes.count == textCount,
                let kind = InputKind.detect(bytes, base64: base64)
            {
                throw .notAReceipt(kind, request, format: format)
            }
            var message = error.message
            if error.code == "chain.certificateExpired" {
                message +=
                    policy.validityInstant.map { " (validity checked at \($0), given as --at)" }
                    ?? " (validity checked at the receipt creation date)"
            }
            throw .receiptFailure(error, message: message, request, format: format)
        }
        // The endpoint emulation is a check like the others: it applies to every output.
        let status = VerifyReceiptJSON.status(verified, endpoint: plan.endpoint)
        guard status == 0 else {
            let environment = verified.receipt.environment?.rawValue ?? "-"
            let sandbox = status == 21007
            let code = sandbox ? "environment.sandboxReceipt" : "environment.productionReceipt"
            let endpoint = sandbox ? "production" : "sandbox"
            let message = "\(environment) receipt sent to the \(endpoint) endpoint (status \(status))"
            return VerifyOutcome(
                status: 1, failure: ("check failed", code, message),
                content: .receipt(verified, policy, plan.endpoint, signer: nil), form: request.documents,
                format: format)
        }
        let signer = VerifySigner.name(xcode: verified.isXcodeTestReceipt, customRoots: plan.customRoots)
        return VerifyOutcome(
            status: 0, failure: nil, content: .receipt(verified, policy, plan.endpoint, signer: signer),
            form: request.documents, chain: request.revocation != .off ? verified.chain : nil, format: format)
    }
}
