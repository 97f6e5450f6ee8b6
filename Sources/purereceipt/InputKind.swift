// Input that is not a well-formed receipt, on the command line: say what it is (InputKind, the
// library's, PureReceipt/Input/InputKind.swift, when it is another known kind of input) and exit 2,
// with --json after a 21002 document on stdout.

import PureReceipt

/// Input that is not a well-formed receipt: with --json the 21002 document of `failure` on stdout,
/// then one stderr line; exit 2. When `bytes`, where a receipt parse failed, are another known kind
/// of input (InputKind.detect; `base64`: decoded from base64 text), the failure says so instead.
func notWellFormed(_ failure: VerificationError, json: Bool, bytes: [UInt8]? = nil, base64: Bool = false) -> Never {
    var failure = failure
    if let bytes, let kind = InputKind.detect(bytes, base64: base64) {
        failure = VerificationError(.malformed, code: kind.code, message: kind.message)
    }
    if json { print(VerifyReceiptJSON.render(failure).text) }
    fail("not a well-formed receipt: \(failure.code): \(failure.message)", ExitCode.malformed)
}
