// `render_json_receipt8k`, `render_json_receipt1m` (no OpenSSL counterpart): the verifyReceipt-
// compatible JSON document of a verified fixture receipt, `VerifyReceiptJSON.render` with a request
// date, pretty-printed as the CLI writes it. The receipt is verified once at setup (root.der as the
// anchor, the policy of PayloadCases.swift); only rendering is timed. Setup notes the document's
// size in bytes on stderr: instructions per output byte = callgrind total / (N × that size).

import PureReceipt

private func renderCase(_ size: String, _ file: String) -> BenchCase {
    BenchCase(name: "render_json_receipt\(size)", bytes: 0) { fixtures in
        let verified = try renderInput(fixtures, file)
        let document = render(verified)
        benchNote("\(file): \(verified.receipt.inAppPurchases.count) in-app purchases, \(document.bytes.count) bytes")
        return { benchSink &+= UInt64(render(verified).bytes.count) }
    }
}

private func renderInput(_ fixtures: Fixtures, _ file: String) throws -> VerifiedReceipt {
    let receipt = try fixtures.bytes(file)
    return try ReceiptValidator.validate(receipt, policy: try fixturePolicy(fixtures, receipt: receipt))
}

/// The fixed request date of every rendering (2025-01-01T00:00:00Z).
private func render(_ verified: VerifiedReceipt) -> VerifyReceiptDocument {
    VerifyReceiptJSON.render(verified, requestDate: Instant(millisecondsSince1970: 1_735_689_600_000))
}

let renderCases: [BenchCase] = [
    renderCase("8k", "receipt-8k-sha256.der"), renderCase("1m", "receipt-1m-sha256.der"),
]
