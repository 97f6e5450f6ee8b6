// notification-throughput JWS ROOT BUNDLE_ID ENVIRONMENT [SECONDS]
//
// Verifies one App Store Server Notification V2 signedPayload (and, as the library always does,
// the signed transaction and renewal info nested in it) in a loop on the calling thread for
// SECONDS (default 3) per mode, and prints verifications per second:
//   cold: SignedDataVerifier.verifyNotification(_:policy:) — every certificate signature of every
//         nested item verified each time (no cache);
//   warm: verifyNotification(_:policy:cache:) with one VerifiedChainCache kept across calls.
// The first call's outcome must be genuine (exit 1 otherwise). Single-threaded: one core.

import Foundation
import PureReceipt
import PureX509

let arguments = CommandLine.arguments
guard arguments.count >= 5 else {
    FileHandle.standardError.write(
        Data("usage: notification-throughput JWS ROOT BUNDLE_ID ENVIRONMENT [SECONDS]\n".utf8))
    exit(64)
}
var jws = [UInt8](FileManager.default.contents(atPath: arguments[1]) ?? Data())
while let last = jws.last, last == 0x0A || last == 0x0D || last == 0x20 { jws.removeLast() }
let rootBytes = [UInt8](FileManager.default.contents(atPath: arguments[2]) ?? Data())
let seconds = arguments.count > 5 ? Double(arguments[5]) ?? 3 : 3
let root: Certificate
do { root = try Certificate(derEncoded: rootBytes) } catch {
    FileHandle.standardError.write(Data("root: \(error)\n".utf8))
    exit(1)
}
let environment: AppStoreEnvironment = arguments[4] == "Production" ? .production : .sandbox
let policy = SignedDataPolicy(
    bundleId: arguments[3], environment: environment, signer: .apple(TrustAnchors(certificates: [root])))

do { _ = try SignedDataVerifier.verifyNotification(jws, policy: policy) } catch {
    FileHandle.standardError.write(Data("not genuine: \(error)\n".utf8))
    exit(1)
}

/// CPU time of this thread in seconds: the rate is per second of one core actually spent, so a
/// loaded machine slows the run down but does not change the result much.
func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func measure(_ body: () -> Bool) -> (count: Int, perSecond: Double) {
    let start = cpuSeconds()
    var count = 0
    var now = start
    while now - start < seconds {
        for _ in 0..<16 {
            guard body() else { exit(1) }
            count += 1
        }
        now = cpuSeconds()
    }
    return (count, Double(count) / (now - start))
}

let cold = measure { (try? SignedDataVerifier.verifyNotification(jws, policy: policy)) != nil }
var cache = VerifiedChainCache()
let warm = measure { (try? SignedDataVerifier.verifyNotification(jws, policy: policy, cache: &cache)) != nil }
print("purereceipt\tcold\t\(cold.count)\t\(String(format: "%.1f", cold.perSecond))")
print("purereceipt\twarm\t\(warm.count)\t\(String(format: "%.1f", warm.perSecond))")
