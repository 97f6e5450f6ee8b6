// Scale cases for linearity and memory (Docs/PERFORMANCE.md), not paired with the anchor:
//   scale_load_<f>                  reads the fixture and does nothing else: the memory baseline
//   scale_verify_receipt10m_sha256  as cms_verify_receipt1m_sha256, on a ~10 MB receipt
//   scale_parse_inapp<n>            AppReceipt.parse of a payload with n in-app records
//   scale_validate_inapp<n>         ReceiptValidator.validate of a receipt with n in-app records
// The fixtures are made by `Vectors/tools/bench.sh scale`; when they are absent from the fixtures
// directory these cases are not registered at all, so a plain run of every case still works.

import Foundation
import PureReceipt
import PureX509

/// The scale fixtures, by case-name suffix and file.
private let scaleReceipts = [
    ("receipt1m", "receipt-1m-sha256.der"), ("receipt10m", "receipt-10m-sha256.der"),
    ("inapp1k", "receipt-inapp1k-sha256.der"), ("inapp10k", "receipt-inapp10k-sha256.der"),
    ("inapp100k", "receipt-inapp100k-sha256.der"),
]
private let scalePayloads = [
    ("payload_inapp1k", "payload-inapp1k.der"), ("payload_inapp10k", "payload-inapp10k.der"),
    ("payload_inapp100k", "payload-inapp100k.der"),
]

/// True when the fixtures directory given on the command line holds the scale fixtures.
private var scaleFixturesPresent: Bool {
    guard let directory = CommandLine.arguments.dropFirst().first else { return false }
    return (scaleReceipts + scalePayloads).allSatisfy {
        FileManager.default.fileExists(atPath: URL(fileURLWithPath: directory).appendingPathComponent($0.1).path)
    }
}

private func loadCase(_ suffix: String, _ file: String) -> BenchCase {
    BenchCase(name: "scale_load_\(suffix)", bytes: 0) { fixtures in
        let bytes = try fixtures.bytes(file)
        return { benchSink &+= UInt64(bytes.count) }
    }
}

private func parseCase(_ suffix: String, _ file: String) -> BenchCase {
    BenchCase(name: "scale_parse_\(suffix)", bytes: 0) { fixtures in
        let payload = try fixtures.bytes(file)
        let receipt = try AppReceipt.parse(payload: payload)
        benchNote("\(file): \(payload.count) bytes, \(receipt.inAppPurchases.count) in-app purchases")
        return {
            let parsed = try? AppReceipt.parse(payload: payload)
            benchSink &+= UInt64(parsed?.inAppPurchases.count ?? 0)
        }
    }
}

private func validateCase(_ suffix: String, _ file: String) -> BenchCase {
    BenchCase(name: "scale_validate_\(suffix)", bytes: 0) { fixtures in
        let receipt = try fixtures.bytes(file)
        let policy = try fixturePolicy(fixtures, receipt: receipt)
        _ = try ReceiptValidator.validate(receipt, policy: policy)
        return {
            let verified = try? ReceiptValidator.validate(receipt, policy: policy)
            benchSink &+= UInt64(verified?.receipt.inAppPurchases.count ?? 0)
        }
    }
}

let scaleCases: [BenchCase] = {
    guard scaleFixturesPresent else { return [] }
    var cases = (scaleReceipts + scalePayloads).map { loadCase($0.0, $0.1) }
    cases.append(
        BenchCase(name: "scale_verify_receipt10m_sha256", bytes: 0) { fixtures in
            let receipt = try fixtures.bytes("receipt-10m-sha256.der")
            let anchors = try fixtureAnchors(fixtures)
            _ = try SignedData.parse(receipt).verify(anchors: anchors, rules: .apple, at: benchNow)
            return {
                let verified = try? SignedData.parse(receipt).verify(anchors: anchors, rules: .apple, at: benchNow)
                benchSink &+= UInt64(verified?.content.count ?? 0)
            }
        })
    cases += [
        ("inapp1k", "payload-inapp1k.der"), ("inapp10k", "payload-inapp10k.der"),
        ("inapp100k", "payload-inapp100k.der"),
    ].map { parseCase($0.0, $0.1) }
    cases += [
        ("inapp1k", "receipt-inapp1k-sha256.der"), ("inapp10k", "receipt-inapp10k-sha256.der"),
        ("inapp100k", "receipt-inapp100k-sha256.der"),
    ].map { validateCase($0.0, $0.1) }
    return cases
}()
