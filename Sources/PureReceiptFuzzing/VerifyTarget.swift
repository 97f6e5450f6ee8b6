// Fuzz target `verify`: the whole pipeline a server runs on an uploaded receipt,
// `ReceiptValidator.validate(_:policy:)` — input sniffing (DER/BER or base64 text), CMS parse,
// payload parse, signature and chain, app, device and environment checks — and, when it passes,
// every query on the verified payload; then the verifyReceipt-compatible JSON of the verdict.
//
// The policy trusts the synthetic test root (TestAnchor.swift), opts in to the synthetic Xcode
// certificate (so the Xcode path runs too), and pins the main synthetic receipt's app and device
// (Vectors/README.md "Receipt content"), so that valid seeds get through every check.

import PureReceipt
import PureX509

extension FuzzTargets {
    /// Device identifier of the synthetic suite: 0123456789abcdeffedcba9876543210.
    static let testDeviceIdentifier: [UInt8] = [
        0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10,
    ]

    /// The policy every `verify` input is checked under.
    static let testPolicy = ReceiptPolicy(
        bundleIdentifier: "com.example.pureapp",
        anchors: testAnchors ?? TrustAnchors(certificates: []),
        xcodeCertificate: try? Certificate(derEncoded: testXcodeDER), bundleVersion: "42",
        deviceIdentifier: testDeviceIdentifier)

    /// Why `testPolicy` rejects `data`, or nil when it accepts it (the tests check that valid seeds
    /// pass, so the fuzzer reaches every check).
    package static func rejectionUnderTestPolicy(_ data: [UInt8]) -> String? {
        switch validateUnderTestPolicy(data) {
        case .success: return nil
        case .failure(let error): return "\(error)"
        }
    }

    static func validateUnderTestPolicy(_ data: [UInt8]) -> Result<VerifiedReceipt, VerificationError> {
        Result { () throws(VerificationError) in try ReceiptValidator.validate(data, policy: testPolicy) }
    }

    /// The outcome as its code, for comparing two runs.
    static func code(_ result: Result<VerifiedReceipt, VerificationError>) -> String {
        switch result {
        case .success: return "valid"
        case .failure(let error): return error.code
        }
    }

    /// Runs the full receipt validation on `data`, then twice through one chain cache (a miss, then
    /// a hit when a path verified): a cache may only skip certificate signatures, never change a
    /// result; anything else stops the fuzzer.
    @Sendable package static func verify(_ data: [UInt8]) {
        let byDefault = validateUnderTestPolicy(data)
        var cache = VerifiedChainCache()
        for _ in 0..<2 {
            let cached = Result { () throws(VerificationError) in
                try ReceiptValidator.validate(data, policy: testPolicy, cache: &cache)
            }
            // The oracle: a result the cache changed is a bug, and stopping is how a fuzzer reports it.
            guard code(cached) == code(byDefault) else {
                fatalError("the chain cache changed the result: \(byDefault) vs \(cached)")
            }
        }
        switch byDefault {
        case .success(let verified):
            sink(verified.chain.count)
            sink(verified.isXcodeTestReceipt)
            sink(verified.validityInstant.description)
            exercise(verified.receipt)
            // The verifyReceipt-compatible JSON: escaping of receipt strings, number and date rendering.
            let requestDate = verified.receipt.receiptCreationDate
            sink(VerifyReceiptJSON.render(verified, endpoint: .production, requestDate: requestDate).text)
            sink(VerifyReceiptJSON.render(verified, endpoint: .sandbox, requestDate: requestDate, pretty: false).text)
        case .failure(let error):
            sink("\(error)")
            sink(VerifyReceiptJSON.render(error).text)
        }
    }
}
