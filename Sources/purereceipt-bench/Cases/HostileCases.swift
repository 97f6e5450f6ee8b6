// `reject_forged_receipt30m`: `ReceiptValidator.validate` of `forged-100k.der` (25.5 MB, 100 000
// in-app records of valid structure, signed by the bench test PKI: `Vectors/tools/hostile.py`) under
// the default policy (Apple's root), which refuses it as not authentic.
// `reject_forged_receipt30m_trust_first`: the same under `checksTrustFirst` (the signer's path is
// checked before the payload is read). Paired with the case of the
// same name in `Vectors/tools/bench_openssl_hostile.c` (OpenSSL's `CMS_verify` of the same bytes with
// no trusted root). Registered only when the fixture is in the fixtures directory
// (`Vectors/tools/bench.sh hostile` puts it there), so a plain run of every case still works.

import Foundation
import PureReceipt

private let forgedFile = "forged-100k.der"

let hostileCases: [BenchCase] = {
    guard let directory = CommandLine.arguments.dropFirst().first,
        FileManager.default.fileExists(atPath: URL(fileURLWithPath: directory).appendingPathComponent(forgedFile).path)
    else { return [] }
    return [
        rejectCase("reject_forged_receipt30m", trustFirst: false),
        rejectCase("reject_forged_receipt30m_trust_first", trustFirst: true),
    ]
}()

private func rejectCase(_ name: String, trustFirst: Bool) -> BenchCase {
    BenchCase(name: name, bytes: 0) { fixtures in
        let receipt = try fixtures.bytes(forgedFile)
        var policy = ReceiptPolicy()
        policy.checksTrustFirst = trustFirst
        // Fails setup (not the timed loop) unless the fixture is refused as not authentic.
        do {
            _ = try ReceiptValidator.validate(receipt, policy: policy)
            throw Fixtures.Missing(path: "\(forgedFile) verifies under the default policy")
        } catch let error as ReceiptValidationError where error.verdict == .notAuthentic {}
        return {
            do { _ = try ReceiptValidator.validate(receipt, policy: policy) } catch { benchSink &+= 1 }
        }
    }
}
