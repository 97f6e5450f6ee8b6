// Fuzz target `jws`: compact JWS parsing, signature and chain checks under Apple's pinned root,
// under the Xcode opt-in with the input's own first certificate, and under both in one policy (the
// root and `xcodeCertificate`), every SignedDataVerifier entry
// point, and every StoreKit model decoded straight from the payload (a fuzzer cannot forge a
// signature, so the models are also exercised without one).

import PureDER
import PureJSON
import PureReceipt
import PureX509

extension FuzzTargets {
    /// Runs the JWS stack on `data`; see the file header.
    @Sendable package static func jws(_ data: [UInt8]) {
        let policy = SignedDataPolicy(bundleId: "com.example.vectors", environment: .sandbox)
        sink(Result { () throws(VerificationError) in try SignedDataVerifier.verifyNotification(data, policy: policy) })
        guard let parsed = try? CompactJWS(compact: data) else { return }
        sink(parsed.looksXcodeSigned)
        sink(Result { () throws(JWSError) in try parsed.verifySignature() })
        if let first = parsed.certificates.first {
            let xcode = SignedDataPolicy(bundleId: "com.example.vectors", environment: .xcode, signer: .xcode(first))
            sink(
                Result { () throws(VerificationError) in try SignedDataVerifier.verifyTransaction(data, policy: xcode) }
            )
            var both = policy
            both.xcodeCertificate = first
            sink(
                Result { () throws(VerificationError) in try SignedDataVerifier.verifyTransaction(data, policy: both) })
            // A realtime request, with data naming no environment accepted: the policy paths past the signature.
            var realtime = xcode
            (realtime.appAppleId, realtime.acceptsUnstatedEnvironment) = (123_456_789, true)
            sink(
                Result { () throws(VerificationError) in
                    try SignedDataVerifier.verifyRealtimeRequest(data, policy: realtime)
                })
        }
        sink(Result { () throws(StoreKitError) in try JWSTransactionDecodedPayload(payload: parsed.payload) })
        sink(Result { () throws(StoreKitError) in try JWSRenewalInfoDecodedPayload(payload: parsed.payload) })
        sink(Result { () throws(StoreKitError) in try AppTransaction(payload: parsed.payload) })
        sink(Result { () throws(StoreKitError) in try ResponseBodyV2DecodedPayload(payload: parsed.payload) })
        sink(Result { () throws(StoreKitError) in try DecodedRealtimeRequestBody(payload: parsed.payload) })
    }
}
