// The constant-time evidence for signing (Docs/SIGNING.md, Docs/PERFORMANCE.md):
//
//   purereceipt-bench ct-sign SEED
//       one signature with a key, digest and hedging input all derived from SEED (SHA-256 of
//       "key" / "digest" / "hedge" ‖ SEED): `.ci/constant-time` runs it under callgrind for many
//       seeds and compares the counts inside the signing code.
//   purereceipt-bench ct-ttest [MEASUREMENTS]
//       a dudect-style test (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant time?",
//       DATE 2017): signatures timed with the rdtsc-free monotonic clock, interleaving at random a
//       fixed secret class (one key, one nonce input) and a random class (fresh key and nonce input
//       each time), same digest; Welch's t over the two classes, after cropping the slowest 5 %.
//       |t| < 4.5 is the usual "no leak detected" threshold. Default 1 000 000 measurements.

import Foundation
import PureCrypto
import PureReceiptSigning

/// A valid key from `seed` (SHA-256 of "key" ‖ seed, re-hashed in the negligible case it is refused).
func signingKey(seed: [UInt8]) -> SigningKey {
    var material = SHA256.hash(Array("key".utf8) + seed)
    while true {
        if let key = try? SigningKey(rawScalar: material) { return key }
        material = SHA256.hash(material)
    }
}

/// `ct-sign SEED [--verify]`: one signature, for callgrind. Everything outside the signing code
/// does the same work for every seed of the same length (callgrind's jump counters also see code
/// outside the collected region), so the signature is checked only with `--verify`, in a run of
/// its own: the variable-time verifier would otherwise add seed-dependent counts.
func runConstantTimeSign(_ arguments: [String]) -> Int32 {
    let seed = Array((arguments.first ?? "0").utf8)
    let key = signingKey(seed: seed)
    let digest = SHA256.hash(Array("digest".utf8) + seed)
    let hedge = SHA256.hash(Array("hedge".utf8) + seed)
    let signature = key.signature(digest: digest, nonce: .hedged(extraEntropy: hedge))
    benchSink &+= UInt64(signature.r[0] ^ signature.s[0])
    guard arguments.count > 1, arguments[1] == "--verify" else { return 0 }
    let valid = (try? key.publicKey.isValidSignatureVarTime(raw: signature.raw[...], digest: digest)) ?? false
    print("seed \(String(decoding: seed, as: UTF8.self)): signature \(valid ? "verifies" : "DOES NOT VERIFY")")
    return valid ? 0 : 1
}

/// `ct-ttest [N]`: Welch's t-test between a fixed and a random secret class.
func runConstantTimeTTest(_ arguments: [String]) -> Int32 {
    let measurements = Int(arguments.first ?? "") ?? 1_000_000
    let digest = SHA256.hash(Array("digest".utf8))
    let fixedKey = signingKey(seed: Array("fixed".utf8))
    let fixedHedge = [UInt8](repeating: 0, count: 32)
    // The random class: a pool of keys (a key's construction is not what is measured), refreshed.
    var generator = SystemRandomNumberGenerator()
    var pool: [SigningKey] = []
    for i in 0..<256 { pool.append(signingKey(seed: Array("random \(i) \(generator.next())".utf8))) }
    var samples: ([Double], [Double]) = ([], [])
    samples.0.reserveCapacity(measurements / 2 + 1)
    samples.1.reserveCapacity(measurements / 2 + 1)
    for i in 0..<measurements {
        let fixedClass = generator.next() & 1 == 0
        let key = fixedClass ? fixedKey : pool[Int(generator.next() % 256)]
        var hedge = fixedHedge
        if !fixedClass { for j in 0..<32 { hedge[j] = UInt8(truncatingIfNeeded: generator.next()) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let signature = key.signature(digest: digest, nonce: .hedged(extraEntropy: hedge))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        benchSink &+= UInt64(signature.s[0])
        if fixedClass { samples.0.append(elapsed) } else { samples.1.append(elapsed) }
        if i % 100_000 == 99_999 {
            FileHandle.standardError.write(Data("# \(i + 1) measurements\n".utf8))
        }
    }
    // Crop above the 95th percentile of all measurements (dudect's simplest pre-processing).
    let all = (samples.0 + samples.1).sorted()
    let cutoff = all[min(all.count - 1, all.count * 95 / 100)]
    func moments(_ values: [Double]) -> (n: Double, mean: Double, variance: Double) {
        let kept = values.filter { $0 <= cutoff }
        let n = Double(kept.count)
        let mean = kept.reduce(0, +) / n
        let variance = kept.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        return (n, mean, variance)
    }
    let a = moments(samples.0)
    let b = moments(samples.1)
    let t = (a.mean - b.mean) / (a.variance / a.n + b.variance / b.n).squareRoot()
    print(
        String(
            format: "measurements %d (fixed %d, random %d; kept below the 95th percentile %.0f ns)\n"
                + "fixed class mean %.1f ns, random class mean %.1f ns\nWelch t = %.2f (|t| < 4.5: no leak detected)",
            measurements, samples.0.count, samples.1.count, cutoff, a.mean, b.mean, t))
    print("# sink \(benchSink)")
    return abs(t) < 4.5 ? 0 : 1
}
