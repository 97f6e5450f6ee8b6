// StoreKit 2 signed data, paired with the anchor's `jws_verify_transaction` (bench_openssl.c):
// `transaction.jws` (ES256, x5c = [leaf P-256, intermediate P-384, root P-384]) with `ec-root.der`
// as the only trust anchor. Certificate validity is checked at the current time (`benchNow`: the
// fixtures' certificates are younger than the payload's signedDate; the anchor checks no validity).
// `jws_verify_transaction`: parse (header JSON, x5c certificates), the ES256 signature, the chain
//   under the Apple policy (markers, CA constraints, both certificate signatures, x5c order and
//   root), then the payload read as strict JSON (the anchor only base64url-decodes it).
// `…_payload`: the library's whole `SignedDataVerifier.verifyTransaction`: the above, the decoded
//   transaction model and the policy (bundle id, environment).
// `…_warm`: `verifyTransaction(_:policy:cache:)` with a `VerifiedChainCache` kept across calls
//   (filled at setup): the certificate signatures are not re-verified and the `x5c` certificates
//   are not parsed again (`CompactJWS(compact:cache:)`); everything else runs.

import PureJSON
import PureReceipt
import PureX509

private func jwsFixture(_ fixtures: Fixtures) throws -> (jws: [UInt8], policy: SignedDataPolicy) {
    var jws = try fixtures.bytes("transaction.jws")
    while let last = jws.last, last == 0x0A || last == 0x0D || last == 0x20 { jws.removeLast() }
    let anchors = TrustAnchors(certificates: [try Certificate(derEncoded: fixtures.bytes("ec-root.der"))])
    let policy = SignedDataPolicy(
        bundleId: "com.example.bench", environment: .sandbox, signer: .apple(anchors),
        validityInstant: Instant(millisecondsSince1970: benchNow.secondsSince1970 * 1000))
    // Fails setup (not the timed loop) if the fixture does not verify.
    _ = try SignedDataVerifier.verifyTransaction(jws, policy: policy)
    return (jws, policy)
}

/// Parse, signature, chain and the payload's JSON; nil when anything fails.
private func verifyTransactionJWS(_ bytes: [UInt8], _ policy: SignedDataPolicy) -> JSONValue? {
    do {
        let jws = try CompactJWS(compact: bytes)
        _ = try jws.verify(signer: policy.signer, at: benchNow)
        return try JSONReader.read(jws.payload)
    } catch {
        return nil
    }
}

let jwsCases: [BenchCase] = [
    BenchCase(name: "jws_verify_transaction", bytes: 0) { fixtures in
        let f = try jwsFixture(fixtures)
        guard verifyTransactionJWS(f.jws, f.policy) != nil else {
            throw Fixtures.Missing(path: "transaction.jws does not verify")
        }
        return { benchSink &+= UInt64(verifyTransactionJWS(f.jws, f.policy)?.objectValue?.members.count ?? 0) }
    },
    BenchCase(name: "jws_verify_transaction_payload", bytes: 0) { fixtures in
        let f = try jwsFixture(fixtures)
        return {
            let verified = try? SignedDataVerifier.verifyTransaction(f.jws, policy: f.policy)
            benchSink &+= UInt64(verified?.payload.quantity ?? 0)
        }
    },
    BenchCase(name: "jws_verify_transaction_warm", bytes: 0) { fixtures in
        let f = try jwsFixture(fixtures)
        var cache = VerifiedChainCache()
        _ = try SignedDataVerifier.verifyTransaction(f.jws, policy: f.policy, cache: &cache)
        return {
            let verified = try? SignedDataVerifier.verifyTransaction(f.jws, policy: f.policy, cache: &cache)
            benchSink &+= UInt64(verified?.payload.quantity ?? 0)
        }
    },
]
