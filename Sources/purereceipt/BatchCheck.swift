// BatchCheck: one input of `verify` with several inputs (BatchCommand.swift), verified by the
// runner that verifies a single input (Sources/PureReceiptRunner) under the run's one plan, through
// the run's shared chain cache, and reported as one line: the same messages and the same `--json`
// document, written on one line.
//
// What differs from a single input: nothing exits. An option that does not fit an input's format
// (`input.optionNotApplicable`), an input that is no receipt (`input.<kind>`) or a file that
// cannot be read is that input's line, and the run goes on.

import PureReceipt
import PureReceiptRunner

/// The outcome of one input: its exit status and what is written about it.
struct BatchLine: Sendable {
    let id: BatchID
    /// The format verified (`app-receipt`, `legacy-receipt`, `transaction`, `renewal-info`,
    /// `app-transaction`, `notification`, `realtime-request`), or "-" when the input was not read.
    let format: String
    let status: Int32
    /// genuine, xcode-signed, not-authentic, policy-failed or malformed.
    let verdict: String
    let code: String?
    let message: String?
    /// The `verify --json` document, on one line (JSON text); nil in text mode (not printed).
    let document: [UInt8]?
    /// The outcome of a genuine input whose path revocation checking still has to check, until it
    /// does (RevocationStep.checked, on the same worker): only then is the verified result held.
    var pending: VerifyOutcome? = nil
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
    static func malformed(_ id: BatchID, code: String, _ message: String) -> BatchLine {
        line(id, .unusable(code: code, message, RunRequest(documents: .line)))
    }

    /// Verifies `bytes` under `plan` through `cache`: `kind`, the field a JSON line named;
    /// `requestBody`, the bytes are a line's `signedPayload`.
    static func verify(
        _ id: BatchID, _ bytes: [UInt8], kind: SignedDataKind? = nil, requestBody: Bool = false, _ plan: VerifyPlan,
        cache: inout VerifiedChainCache
    ) -> BatchLine {
        var bytes = bytes
        return line(id, Runner.run(&bytes, plan, kind: kind, requestBody: requestBody, cache: &cache))
    }

    /// The line of an outcome: its document on one line when the run prints documents (--ndjson).
    /// A genuine outcome whose path revocation checking still has to check is kept whole (`pending`)
    /// until it does, and its document written only then.
    static func line(_ id: BatchID, _ outcome: VerifyOutcome) -> BatchLine {
        let pending = outcome.chain != nil
        return BatchLine(
            id: id, format: outcome.formatName, status: outcome.status, verdict: outcome.verdict,
            code: outcome.failure?.code, message: outcome.failure?.message, document: pending ? nil : outcome.document,
            pending: pending ? outcome : nil)
    }
}
