// InputKind (the library's, PureReceipt/Input/InputKind.swift) on the command line: say what a
// non-receipt input is and exit 2, with --json after a 21002 document on stdout.

import PureReceipt

extension InputKind {
    /// Where a receipt parse failed: when `bytes` is another known kind of input, says so and exits
    /// 2 (with --json, after a 21002 document on stdout); otherwise returns.
    static func explainIfNotReceipt(_ bytes: [UInt8], base64: Bool = false, json: Bool) {
        guard let kind = detect(bytes, base64: base64) else { return }
        notWellFormed(VerificationError(.malformed, code: kind.code, message: kind.message), json: json)
    }
}

/// Input that is not a well-formed receipt: with --json the 21002 document of `failure` on stdout,
/// then one stderr line; exit 2.
func notWellFormed(_ failure: VerificationError, json: Bool) -> Never {
    if json { print(VerifyReceiptJSON.render(failure).text) }
    fail("not a well-formed receipt: \(failure.code): \(failure.message)", ExitCode.malformed)
}
