// `reject_forged_receipt30m`: `ReceiptValidator.validate` of `forged-100k.der` (25.5 MB, 100 000
// in-app records of valid structure, signed by the bench test PKI: `Vectors/tools/hostile.py`) under
// the default policy (Apple's root), which refuses it as not authentic at the signer's path, before
// the payload is hashed or read. Paired with the case of the same name in `Vectors/tools/bench_openssl_hostile.c` (OpenSSL's `CMS_verify` of the same bytes with
// no trusted root).
// `reject_samename_<short|20k|60k|100k>`: a receipt signed with a key of its own whose 15 CA
// certificates share one name (of that size) and one key, so path search meets 2 730 dead ends;
// `reject_decoys_<1m|hangul_2m|escapes_1_5m>`: a leaf named by a name of that size and kind, and up
// to 15 decoy issuers with that name whose keys do not verify it (`Vectors/tools/hostile_names.py`).
// Both validated with the bench test root as the only anchor, as the OpenSSL cases' trust store.
// Each case is registered only when its fixture is in the fixtures directory
// (`Vectors/tools/bench.sh hostile` puts them there), so a plain run of every case still works, and
// its setup fails unless the fixture is refused (so a broken fixture cannot time nothing); the
// refusal's verdict and code go to stderr.

import Foundation
import PureReceipt

private let forgedFile = "forged-100k.der"

/// The hostile-name cases and their fixtures (see the file header).
private let nameFixtures: [(name: String, file: String)] = [
    ("reject_samename_short", "samename-short.der"),
    ("reject_samename_20k", "samename-20k.der"),
    ("reject_samename_60k", "samename-60k.der"),
    ("reject_samename_100k", "samename-100k.der"),
    ("reject_decoys_1m", "decoys-1m.der"),
    ("reject_decoys_hangul_2m", "decoys-hangul-2m.der"),
    ("reject_decoys_escapes_1_5m", "decoys-escapes-1_5m.der"),
]

let hostileCases: [BenchCase] = {
    guard let directory = CommandLine.arguments.dropFirst().first else { return [] }
    let size = { (file: String) -> Int? in
        // bench.sh links the fixtures into the directory: the size of the file linked to.
        let path = URL(fileURLWithPath: directory).appendingPathComponent(file).resolvingSymlinksInPath().path
        return (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }
    var cases: [BenchCase] = []
    if size(forgedFile) != nil {
        cases.append(rejectCase("reject_forged_receipt30m"))
    }
    for (name, file) in nameFixtures {
        if let bytes = size(file) { cases.append(refusalCase(name, file: file, bytes: bytes)) }
    }
    return cases
}()

private func rejectCase(_ name: String) -> BenchCase {
    BenchCase(name: name, bytes: 0) { fixtures in
        let receipt = try fixtures.bytes(forgedFile)
        let policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        // Fails setup (not the timed loop) unless the fixture is refused as not authentic.
        do {
            _ = try ReceiptValidator.validate(receipt, policy: policy)
            throw Fixtures.Missing(path: "\(forgedFile) verifies under the default policy")
        } catch let error as VerificationError where error.verdict == .notAuthentic {}
        return {
            do { _ = try ReceiptValidator.validate(receipt, policy: policy) } catch { benchSink &+= 1 }
        }
    }
}

/// `file` validated with the bench test root as the only anchor; setup requires a refusal as not
/// authentic or malformed and records how long that first validation took (for `--once`).
private func refusalCase(_ name: String, file: String, bytes: Int) -> BenchCase {
    BenchCase(name: name, bytes: bytes) { fixtures in
        let receipt = try fixtures.bytes(file)
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.anchors = try fixtureAnchors(fixtures)
        let start = nowNanoseconds()
        do {
            _ = try ReceiptValidator.validate(receipt, policy: policy)
            throw Fixtures.Missing(path: "\(file) verifies with the bench test root")
        } catch let error as VerificationError
            where error.verdict == .notAuthentic || error.verdict == .malformed
        {
            benchSetupRunNanoseconds = nowNanoseconds() - start
            benchNote("\(name): refused as \(error.verdict.rawValue) [\(error.code)], \(receipt.count) bytes")
        }
        return {
            do { _ = try ReceiptValidator.validate(receipt, policy: policy) } catch { benchSink &+= 1 }
        }
    }
}
