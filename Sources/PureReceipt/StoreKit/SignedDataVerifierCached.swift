// SignedDataVerifier with a verified-chain cache (JWSCachedVerification.swift): the same checks,
// in the same order, as the uncached functions (SignedDataVerifier.swift's header). The ES256
// signature, the payload, validity at the instant, every chain check and the policy run on every
// call; only the certificate signatures of an x5c chain verified before are not verified again,
// so a warm verification costs one P-256 verification plus the JSON.

import PureDER
import PureJSON
public import PureX509

extension SignedDataVerifier {
    /// `verifyTransaction(_:policy:)`, remembering verified chains in `cache` (single owner).
    public static func verifyTransaction(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(SignedDataError) -> VerifiedStoreKitData<JWSTransactionDecodedPayload> {
        let result: VerifiedStoreKitData<JWSTransactionDecodedPayload> = try verify(jws, policy, &cache)
        try check(policy, environment: result.payload.environment, bundleId: result.payload.bundleId, appAppleId: nil)
        return result
    }

    /// `verifyRenewalInfo(_:policy:)`, remembering verified chains in `cache` (single owner).
    public static func verifyRenewalInfo(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(SignedDataError) -> VerifiedStoreKitData<JWSRenewalInfoDecodedPayload> {
        let result: VerifiedStoreKitData<JWSRenewalInfoDecodedPayload> = try verify(jws, policy, &cache)
        try check(policy, environment: result.payload.environment, bundleId: policy.bundleId, appAppleId: nil)
        return result
    }

    /// `verifyAppTransaction(_:policy:)`, remembering verified chains in `cache` (single owner).
    public static func verifyAppTransaction(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(SignedDataError) -> VerifiedStoreKitData<AppTransaction> {
        let result: VerifiedStoreKitData<AppTransaction> = try verify(jws, policy, &cache)
        let p = result.payload
        try check(policy, environment: p.receiptType, bundleId: p.bundleId, appAppleId: p.appAppleId)
        return result
    }

    /// `verifyNotification(_:policy:)`, remembering verified chains in `cache` (single owner); the
    /// nested signed transaction and renewal info go through the cache too.
    public static func verifyNotification(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(SignedDataError) -> VerifiedStoreKitData<ResponseBodyV2DecodedPayload> {
        let result: VerifiedStoreKitData<ResponseBodyV2DecodedPayload> = try verify(jws, policy, &cache)
        let n = result.payload
        var environment = n.environment
        if let token = n.externalPurchaseToken, environment == nil {
            // Apple JWS rule (external-token-environment): as in `verifyNotification(_:policy:)`.
            let sandbox = token.externalPurchaseId?.utf8.starts(with: "SANDBOX".utf8) == true
            environment = .known(sandbox ? .sandbox : .production)
        }
        try check(policy, environment: environment, bundleId: n.bundleId, appAppleId: n.appAppleId)
        // Apple JWS rule (nested-same-app): nested data is verified under the same policy, and names
        // the notification's app Apple id where the policy does not name one.
        var nestedPolicy = policy
        nestedPolicy.appAppleId = policy.appAppleId ?? n.appAppleId
        if let nested = n.data?.signedTransactionInfo {
            _ = try verifyTransaction(Array(nested.utf8), policy: nestedPolicy, cache: &cache)
        }
        if let nested = n.data?.signedRenewalInfo {
            _ = try verifyRenewalInfo(Array(nested.utf8), policy: nestedPolicy, cache: &cache)
        }
        if let nested = n.appData?.signedAppTransactionInfo {
            _ = try verifyAppTransaction(Array(nested.utf8), policy: nestedPolicy, cache: &cache)
        }
        return result
    }

    /// Steps 1–5 of SignedDataVerifier.swift's header, with the chain checked through `cache`.
    static func verify<P: StoreKitPayload>(
        _ bytes: [UInt8], _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache
    )
        throws(SignedDataError) -> VerifiedStoreKitData<P>
    {
        let jws: CompactJWS
        do throws(JWSError) { jws = try CompactJWS(compact: bytes) } catch { throw SignedDataError(error) }
        // Authenticate first: the signer's path of certificate signatures, then the signature over
        // the payload; the payload is read only now that both hold.
        var paths: SignerPaths
        do throws(JWSError) {
            paths = try jws.signerPaths(signer: policy.signer, cache: &cache)
            try jws.verifySignature()
        } catch {
            throw SignedDataError(error)
        }
        let object: JSONObject
        do throws(StoreKitError) { object = try Fields.payloadObject(jws.payload) } catch {
            throw SignedDataError(error)
        }
        let time = try validityTime(object, P.signedDateField, policy).derTime
        let chain: [Certificate]
        do throws(JWSError) {
            chain = try jws.chain(&paths, signer: policy.signer, at: time, cache: &cache)
        } catch {
            throw SignedDataError(error)
        }
        let payload: P
        do throws(StoreKitError) { payload = try P(json: object) } catch { throw SignedDataError(error) }
        try checkDevice(object, policy)
        return VerifiedStoreKitData(payload: payload, chain: chain, isXcodeSigned: jws.isXcodeSigned)
    }
}
