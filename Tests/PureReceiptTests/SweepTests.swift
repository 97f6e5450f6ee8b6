// Hostile-input sweeps over the whole stack (ReceiptValidator.validate): every proper prefix of
// three real receipts (one BER) is refused cleanly, and every single-byte change at every position
// of one real Apple receipt is refused unless it lies outside everything signed — the payload, the
// certificates and the signature — in which case the verified content is byte-identical.
// A trap anywhere would crash the test process.

import Foundation
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

enum SweepCorpus {
    static var isAvailable: Bool { PackageFiles.exists(PackageFiles.corpus) }

    static func bytes(_ relative: String) throws -> [UInt8] {
        try PackageFiles.bytes(PackageFiles.corpus(relative))
    }

    /// A policy that accepts `name` as it is: Apple root by default; the StoreKit certificate for Xcode ones.
    static func policy(for name: String) throws -> ReceiptPolicy {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        if name.contains("_xcode") {
            let der = try bytes("certs/tpinappreceipt_StoreKitTestCertificate.cer")
            policy.xcodeCertificate = try Certificate(derEncoded: der)
        }
        return policy
    }
}

@Suite("Sweeps over real receipts", .enabled(if: SweepCorpus.isAvailable, "needs ../shared/corpus (absent: skipped)"))
struct SweepTests {
    static let prefixReceipts = [
        "receipts/kvitto_production-macos-xcodeapp-wwdr2008_2015.der",  // Apple, DER, SHA-1
        "receipts/tpinappreceipt_sandbox-ios-wwdrG5-sha256-knowndevice_2025.der",  // Apple, DER, SHA-256
        "receipts/asl-swift_xcode-app-receipt-with-transaction_2023.der",  // Xcode, BER indefinite lengths
    ]

    @Test("every proper prefix fails cleanly as malformed; the whole receipt verifies", arguments: prefixReceipts)
    func prefixes(_ name: String) throws {
        let receipt = try SweepCorpus.bytes(name)
        let policy = try SweepCorpus.policy(for: name)
        _ = try ReceiptValidator.validate(receipt, policy: policy)
        var refused = 0
        for length in 0..<receipt.count {
            do {
                _ = try ReceiptValidator.validate(Array(receipt[..<length]), policy: policy)
                Issue.record("prefix of \(length) bytes accepted")
            } catch {
                #expect(error.verdict == .malformed, "prefix \(length): \(error)")
                refused += 1
            }
        }
        #expect(refused == receipt.count)
    }

    @Test(
        "single-byte changes of an Apple receipt (every 2nd position outside the signed bytes, every 128th inside) are refused, or outside all signed bytes and harmless"
    )
    func singleByteChanges() throws {
        try Self.singleByteChanges { position, isSigned in position % (isSigned ? 128 : 2) == 0 }
    }

    /// In four interleaved parts (positions ≡ part mod 4), which run in parallel.
    @Test(
        "every single-byte change of an Apple receipt is refused, or outside all signed bytes and harmless", .fullTests,
        arguments: 0..<4)
    func fullSingleByteChanges(part: Int) throws {
        try Self.singleByteChanges { position, _ in position % 4 == part }
    }

    /// Changes the positions `include` selects, told whether each lies inside the signed bytes.
    static func singleByteChanges(include: (_ position: Int, _ isSigned: Bool) -> Bool) throws {
        let name = "receipts/kvitto_production-macos-xcodeapp-wwdr2008_2015.der"
        let original = try SweepCorpus.bytes(name)
        let policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        let reference = try ReceiptValidator.validate(original, policy: policy)
        let parsed = try SignedData.parse(original)
        // Everything the signature and the chain cover, as absolute byte ranges of the input.
        var signed: [Range<Int>] = parsed.content.segments
        for certificate in parsed.certificates {
            signed.append(certificate.derEncoded.startIndex..<certificate.derEncoded.endIndex)
        }
        for signer in parsed.signerInfos {
            signed.append(signer.signature.startIndex..<signer.signature.endIndex)
        }
        let referencePayload = parsed.contentBytes
        var accepted: [Int] = []
        var changed = 0
        for position in 0..<original.count where include(position, signed.contains { $0.contains(position) }) {
            changed += 2
            for mask: UInt8 in [0x01, 0x80] {
                var mutated = original
                mutated[position] ^= mask
                guard let verified = try? ReceiptValidator.validate(mutated, policy: policy) else { continue }
                accepted.append(position)
                #expect(
                    !signed.contains { $0.contains(position) }, "change at \(position) inside signed bytes accepted")
                let payload = try SignedData.parse(mutated).contentBytes
                #expect(payload == referencePayload, "change at \(position) altered the verified content")
                #expect(verified.receipt.bundleId == reference.receipt.bundleId)
                #expect(verified.receipt.rawAttributes.count == reference.receipt.rawAttributes.count)
            }
        }
        // Record how many changes were harmless (outside signed data), for the log.
        print("single-byte sweep: \(changed) changes, \(accepted.count) accepted (all outside signed bytes)")
    }
}
