// SignedDataVerifier: verifies StoreKit 2 signed data (compact JWS) and checks it is for this app,
// in this environment; the StoreKit counterpart of ReceiptValidator.
//
// Checks, in this order (authenticate first; the first failure is reported):
//   1. structure: CompactJWS (three base64url parts, ES256 header with x5c, 64-byte signature);
//   2. signer kind, x5c shape and a path of certificate signatures to an anchor, then the ES256
//      signature: JWSVerification.swift steps 1 and 2 (nothing of the payload read yet);
//   3. the payload is a strict JSON object (PureJSON); its `signedDate` (or the policy's
//      `validityInstant`; `receiptCreationDate` for an app transaction) is the time of the chain
//      check, to the millisecond; a payload without one fails (`signedData.signedDateMissing`)
//      unless the policy gives an instant;
//   4. every check of the path at that time (JWSVerification.swift step 3);
//   5. the model is decoded from the payload (StoreKitFields.swift);
//   6. policy: data signed under the Xcode opt-in must name environment Xcode (its key is public);
//      the device, when the policy names one (`deviceVerification` against
//      `deviceVerificationNonce` and the device verification id), environment (equal to the
//      policy's), bundle id (byte comparison; renewal info carries none), app Apple id (required
//      by a Production policy and compared wherever the data carries it), like Apple's
//      SignedDataVerifier;
//   7. notifications: the nested signedTransactionInfo, signedRenewalInfo and (in appData)
//      signedAppTransactionInfo are verified by steps 1–6 under the same policy, and must name the
//      notification's bundle id, environment and (where they carry one) app Apple id.
// Not checked: revocation of Apple's certificates (OCSP): Docs/SECURITY.md.

import PureCrypto
import PureDER
import PureJSON
public import PureX509

/// What signed StoreKit data must satisfy.
public struct SignedDataPolicy: Sendable {
    /// The app's bundle identifier, compared byte for byte.
    public var bundleId: String
    /// The app's Apple id; required when `environment` is Production.
    public var appAppleId: Int64?
    /// The environment the data must name.
    public var environment: AppStoreEnvironment
    /// Who may have signed: Apple Root CA - G3 by default; `.xcode(certificate)` to accept Xcode data.
    public var signer: JWSSignerPolicy
    /// The instant the certificates must be valid at; nil: the payload's `signedDate`.
    public var validityInstant: Instant?
    /// The device's `AppStore.deviceVerificationID` (a UUID string): when set, the payload's
    /// `deviceVerification` must be SHA-384(lower-case `deviceVerificationNonce` ‖ this id, lower-case).
    public var deviceVerificationID: String?

    /// A policy for the app `bundleId` in `environment`; the defaults accept Apple-signed data only.
    public init(
        bundleId: String, appAppleId: Int64? = nil, environment: AppStoreEnvironment,
        signer: JWSSignerPolicy = .appleRootCAG3, validityInstant: Instant? = nil,
        deviceVerificationID: String? = nil
    ) {
        self.deviceVerificationID = deviceVerificationID
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.signer = signer
        self.validityInstant = validityInstant
    }
}

/// Why signed StoreKit data was refused.
public struct SignedDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable machine-readable code: `jws.…`, `storekit.…`, `json.…` or `signedData.…`.
    public let code: String
    /// What was concerned (a field, a header member, a certificate error), and where.
    public let detail: String

    /// An error with a stable `code` and an optional human-readable `detail`.
    public init(_ code: String, _ detail: String = "") {
        self.code = code
        self.detail = detail
    }

    init(_ error: JWSError) { self.init(error.code, error.description) }
    init(_ error: StoreKitError) { self.init(error.code, error.description) }

    public var description: String { detail.isEmpty ? code : "\(code): \(detail)" }
}

/// Verified StoreKit data: the decoded payload and how it was signed.
public struct VerifiedStoreKitData<Payload: StoreKitPayload>: Sendable {
    /// The decoded payload, read only after the signature and chain verified.
    public let payload: Payload
    /// The verified path: [leaf, intermediate, anchor], or [Xcode certificate].
    public let chain: [Certificate]
    /// True for data signed with Xcode's StoreKit testing key, which ships with Xcode: such data
    /// proves nothing about a purchase, whatever it says.
    public let isXcodeSigned: Bool
}

/// Verification of each kind of StoreKit 2 signed data; see the file header for the checks.
public enum SignedDataVerifier {
    // The uncached calls are the cached ones (below) with a cache that keeps nothing: one
    // implementation of the checks, every certificate signature verified.

    /// Verifies a signed transaction (`Transaction.jwsRepresentation`, App Store Server API).
    public static func verifyTransaction(_ jws: [UInt8], policy: SignedDataPolicy) throws(SignedDataError)
        -> VerifiedStoreKitData<JWSTransactionDecodedPayload>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyTransaction(jws, policy: policy, cache: &none)
    }

    /// Verifies signed subscription renewal info.
    public static func verifyRenewalInfo(_ jws: [UInt8], policy: SignedDataPolicy) throws(SignedDataError)
        -> VerifiedStoreKitData<JWSRenewalInfoDecodedPayload>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyRenewalInfo(jws, policy: policy, cache: &none)
    }

    /// Verifies a signed app transaction (`AppTransaction.shared`).
    public static func verifyAppTransaction(_ jws: [UInt8], policy: SignedDataPolicy) throws(SignedDataError)
        -> VerifiedStoreKitData<AppTransaction>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyAppTransaction(jws, policy: policy, cache: &none)
    }

    /// Verifies a notification's `signedPayload`, and its nested signed transaction and renewal info.
    public static func verifyNotification(_ jws: [UInt8], policy: SignedDataPolicy) throws(SignedDataError)
        -> VerifiedStoreKitData<ResponseBodyV2DecodedPayload>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyNotification(jws, policy: policy, cache: &none)
    }

    /// The instant of the chain check: the policy's, or the payload's `signedDate`.
    static func validityTime(_ object: JSONObject, _ field: String, _ policy: SignedDataPolicy) throws(SignedDataError)
        -> Instant
    {
        if let instant = policy.validityInstant { return instant }
        // Apple JWS rule (validity-at-signed-date): offline, certificates are checked at the
        // payload's signedDate (an app transaction's receiptCreationDate), as Apple's library does
        // without online checks.
        let signedDate = try model { () throws(StoreKitError) in try Fields(object).date(field) }
        guard let signedDate else { throw SignedDataError("signedData.signedDateMissing") }
        return signedDate
    }

    private static func model<T>(_ body: () throws(StoreKitError) -> T) throws(SignedDataError) -> T {
        do throws(StoreKitError) { return try body() } catch { throw SignedDataError(error) }
    }

    /// Step 6, first: the device, when the policy names one.
    static func checkDevice(_ object: JSONObject, _ policy: SignedDataPolicy) throws(SignedDataError) {
        guard let device = policy.deviceVerificationID else { return }
        let fields = Fields(object)
        let value = try model { () throws(StoreKitError) in try fields.string("deviceVerification") }
        let nonce = try model { () throws(StoreKitError) in try fields.string("deviceVerificationNonce") }
        guard let value, let nonce, let expected = try? Base64.decode(value) else {
            throw SignedDataError("signedData.deviceVerificationMissing")
        }
        // Apple JWS rule (device-verification): SHA-384 of the ASCII text of the lower-case nonce
        // UUID followed by the lower-case device verification id equals `deviceVerification`.
        let digest = SHA384.hash(Array((nonce.lowercased() + device.lowercased()).utf8))
        guard constantTimeEqual(digest, expected) else {
            throw SignedDataError("signedData.deviceVerification", "not this device")
        }
    }

    /// Step 6: environment, bundle id, app Apple id.
    static func check(
        _ policy: SignedDataPolicy, environment: StoreKitValue<AppStoreEnvironment>?, bundleId: String?,
        appAppleId: Int64?
    ) throws(SignedDataError) {
        // Apple JWS rule (xcode-environment): the Xcode StoreKit-testing key ships with Xcode, so data
        // it signed is accepted only as Xcode data; claiming another environment, it is forged.
        if case .xcode = policy.signer, environment != .known(.xcode) {
            let claimed = environment.map { "\($0.rawValue)" } ?? "absent"
            throw SignedDataError(
                JWSError(
                    .xcodeNotAllowed, at: 0, "Xcode-signed data names environment \(claimed.displayEscaped): forged"))
        }
        // Apple JWS rule (environment): the data names the policy's environment.
        guard environment == .known(policy.environment) else {
            throw SignedDataError("signedData.environment", environment.map { "\($0.rawValue)" } ?? "absent")
        }
        // Apple JWS rule (bundle-id): the bundle id equals the app's, byte for byte.
        guard let bundleId, bundleId.utf8.elementsEqual(policy.bundleId.utf8) else {
            throw SignedDataError("signedData.bundleId", bundleId ?? "absent")
        }
        // Apple JWS rule (app-apple-id): a Production policy names the app's Apple id, and data that
        // carries one must carry that one.
        if policy.environment == .production, policy.appAppleId == nil {
            throw SignedDataError("signedData.appAppleIdRequired")
        }
        if let expected = policy.appAppleId, let appAppleId, appAppleId != expected {
            throw SignedDataError("signedData.appAppleId", "\(appAppleId)")
        }
    }
}

extension SignedDataVerifier {
    /// `verifyTransaction(_:policy:)`, remembering verified chains in `cache`: the same checks in the
    /// same order; only the certificate signatures of an x5c chain verified before are not verified
    /// again. Share one cache between tasks with `ChainCache.withCache`.
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
