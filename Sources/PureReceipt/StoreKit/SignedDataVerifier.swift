// SignedDataVerifier: verifies StoreKit 2 signed data (compact JWS) and checks it is for this app,
// in this environment; the StoreKit counterpart of ReceiptValidator.
//
// Checks, in this order (authenticate first; the first failure is reported):
//   1. structure: CompactJWS (three base64url parts, ES256 header with x5c, 64-byte signature);
//   2. signer kind, x5c shape and a path of certificate signatures to an anchor (AppleJWSTrust.swift
//      step 1), then the ES256 signature (JWSVerification.swift): nothing of the payload read yet;
//   3. the payload is a strict JSON object (PureJSON); its `signedDate` (or the policy's
//      `validityInstant`; `receiptCreationDate` for an app transaction) is the time of the chain
//      check, to the millisecond; a payload without one fails (`signedData.signedDateMissing`)
//      unless the policy gives an instant;
//   4. every check of the path at that time (AppleJWSTrust.swift step 2);
//   5. the model is decoded from the payload (StoreKitFields.swift);
//   6. policy: data signed by the opted-in Xcode certificate must name environment Xcode (its key
//      is public); the device, when the policy names one (`deviceVerification` against
//      `deviceVerificationNonce` and the device verification id), environment (equal to the
//      policy's, or one of its `environments`; data naming none is refused unless the policy's
//      `acceptsUnstatedEnvironment` takes it for the policy's, the first listed), bundle id (byte
//      comparison, unless the policy accepts any; renewal info and realtime requests carry none),
//      app Apple id (required by a Production policy and compared wherever the data
//      carries it; a realtime request must carry the policy's), like Apple's SignedDataVerifier;
//   7. notifications: the nested signedTransactionInfo, signedRenewalInfo and (in appData)
//      signedAppTransactionInfo are verified by steps 1–6 under the same policy, and must name the
//      notification's bundle id, environment and (where they carry one) app Apple id.
// Not checked: revocation of Apple's certificates (OCSP): Docs/SECURITY.md.

import PureCrypto
import PureDER
import PureJSON
public import PureX509

/// `environment`, `receiptType`: the server environment that signed the data.
public enum AppStoreEnvironment: String, Sendable, Hashable {
    /// Apple's sandbox environment, for testing with sandbox accounts.
    case sandbox = "Sandbox"
    /// The App Store, with real purchases.
    case production = "Production"
    /// Xcode's StoreKit testing: signed with a local key, never by Apple.
    case xcode = "Xcode"
    /// A local testing environment; never signed by Apple.
    case localTesting = "LocalTesting"
}

/// What signed StoreKit data must satisfy.
public struct SignedDataPolicy: Sendable {
    /// The app's bundle identifier, compared byte for byte.
    public var bundleId: String
    /// The app's Apple id; required when `environment` is Production.
    public var appAppleId: Int64?
    /// The environment the data must name.
    public var environment: AppStoreEnvironment
    /// Set: the data may name any of these environments instead of `environment` alone; the first
    /// stands for data naming none (`acceptsUnstatedEnvironment`). An empty list accepts none.
    public var environments: [AppStoreEnvironment]?
    /// True: any bundle id the data names is accepted, said explicitly (an empty `bundleId` is never
    /// "any app"). A notification's nested data must still name the notification's bundle id.
    public var acceptsAnyBundleId = false
    /// Who may have signed: Apple Root CA - G3 by default; `.xcode(certificate)` to accept Xcode data
    /// only.
    public var signer: JWSSignerPolicy
    /// Explicit opt-in for Xcode StoreKit-testing data besides `signer`'s Apple anchors: the
    /// self-signed certificate it must be signed by. Data whose x5c[0] is this certificate, byte for
    /// byte, is verified by it (and `isXcodeSigned`, accepted only as environment Xcode); any other
    /// data by `signer`. Nil (the default): none. Unused with `signer` `.xcode`, which names its own.
    public var xcodeCertificate: Certificate?
    /// The instant the certificates must be valid at; nil: the payload's `signedDate`.
    public var validityInstant: Instant?
    /// The device's `AppStore.deviceVerificationID` (a UUID string): when set, the payload's
    /// `deviceVerification` must be SHA-384(lower-case `deviceVerificationNonce` ‖ this id, lower-case).
    public var deviceVerificationID: String?
    /// Data naming no environment (transactions signed before the field existed) is refused by
    /// default; true takes it to be from `environment`, which nothing in it proves (Docs/SECURITY.md).
    public var acceptsUnstatedEnvironment = false

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

/// Verification of each kind of StoreKit 2 signed data; see the file header for the checks.
public enum SignedDataVerifier {
    // The uncached calls are the cached ones (below) with a cache that keeps nothing: one
    // implementation of the checks, every certificate signature verified.

    /// Verifies a signed transaction (`Transaction.jwsRepresentation`, App Store Server API).
    public static func verifyTransaction(_ jws: [UInt8], policy: SignedDataPolicy) throws(VerificationError)
        -> VerifiedStoreKitData<JWSTransactionDecodedPayload>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyTransaction(jws, policy: policy, cache: &none)
    }

    /// Verifies signed subscription renewal info.
    public static func verifyRenewalInfo(_ jws: [UInt8], policy: SignedDataPolicy) throws(VerificationError)
        -> VerifiedStoreKitData<JWSRenewalInfoDecodedPayload>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyRenewalInfo(jws, policy: policy, cache: &none)
    }

    /// Verifies a signed app transaction (`AppTransaction.shared`).
    public static func verifyAppTransaction(_ jws: [UInt8], policy: SignedDataPolicy) throws(VerificationError)
        -> VerifiedStoreKitData<AppTransaction>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyAppTransaction(jws, policy: policy, cache: &none)
    }

    /// Verifies a Retention Messaging realtime request's `signedPayload`; the policy must name the
    /// app's Apple id, the only name of the app the request carries.
    public static func verifyRealtimeRequest(_ jws: [UInt8], policy: SignedDataPolicy) throws(VerificationError)
        -> VerifiedStoreKitData<DecodedRealtimeRequestBody>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyRealtimeRequest(jws, policy: policy, cache: &none)
    }

    /// Verifies a notification's `signedPayload`, and its nested signed transaction and renewal info.
    public static func verifyNotification(_ jws: [UInt8], policy: SignedDataPolicy) throws(VerificationError)
        -> VerifiedStoreKitData<ResponseBodyV2DecodedPayload>
    {
        var none = VerifiedChainCache(capacity: 0)
        return try verifyNotification(jws, policy: policy, cache: &none)
    }

    /// The instant of the chain check: the policy's, or the payload's `signedDate`.
    static func validityTime(_ object: JSONObject, _ field: String, _ policy: SignedDataPolicy)
        throws(VerificationError)
        -> Instant
    {
        if let instant = policy.validityInstant { return instant }
        // Apple JWS rule (validity-at-signed-date): offline, certificates are checked at the
        // payload's signedDate (an app transaction's receiptCreationDate), as Apple's library does
        // without online checks.
        let signedDate = try model { () throws(StoreKitError) in try Fields(object).date(field) }
        guard let signedDate else {
            throw VerificationError(
                .malformed, code: "signedData.signedDateMissing",
                .text("the payload has no \(field) to check the certificates at; give the instant in the policy"))
        }
        return signedDate
    }

    private static func model<T>(_ body: () throws(StoreKitError) -> T) throws(VerificationError) -> T {
        do throws(StoreKitError) { return try body() } catch { throw .from(error) }
    }

    /// Step 6, first: the device, when the policy names one.
    static func checkDevice(_ object: JSONObject, _ policy: SignedDataPolicy) throws(VerificationError) {
        guard let device = policy.deviceVerificationID else { return }
        let fields = Fields(object)
        let value = try model { () throws(StoreKitError) in try fields.string("deviceVerification") }
        let nonce = try model { () throws(StoreKitError) in try fields.string("deviceVerificationNonce") }
        guard let value, let nonce, let expected = try? Base64.decode(value) else {
            throw .policy(
                "signedData.deviceVerificationMissing",
                "deviceVerification or deviceVerificationNonce: absent or not base64")
        }
        // Apple JWS rule (device-verification): SHA-384 of the ASCII text of the lower-case nonce
        // UUID followed by the lower-case device verification id equals `deviceVerification`.
        let digest = SHA384.hash(Array((nonce.lowercased() + device.lowercased()).utf8))
        guard constantTimeEqual(digest, expected) else {
            throw .policy("signedData.deviceVerification", "deviceVerification: the data was issued to another device")
        }
    }

    /// Step 6: environment, bundle id, app Apple id, as the payload names them (`PolicyFields`); the
    /// environment the data was accepted as.
    @discardableResult
    static func check(_ data: Authenticated, _ policy: SignedDataPolicy, _ named: PolicyFields)
        throws(VerificationError) -> AppStoreEnvironment
    {
        let environment = named.environment
        // Apple JWS rule (xcode-environment): the Xcode StoreKit-testing key ships with Xcode, so data
        // it signed (its path is the opted-in certificate alone) is accepted only as Xcode data;
        // claiming another environment, it is forged.
        if data.paths.leafIsAnchor, environment != AppStoreEnvironment.xcode.rawValue {
            let claimed = environment ?? "absent"
            throw .signer(
                "jws.xcodeNotAllowed", "Xcode-signed data names environment \(claimed.displayEscaped): forged")
        }
        // Apple JWS rule (environment): the data names the policy's environment; Apple JWS rule
        // (unstated-environment): data naming none only when the caller accepts that explicitly.
        let accepted = policy.environments ?? [policy.environment]
        let matched = accepted.first { environment?.hasSameBytes(as: $0.rawValue) == true }
        let unstated = environment == nil && policy.acceptsUnstatedEnvironment
        guard let effective = matched ?? (unstated ? accepted.first : nil) else {
            let expected = accepted.first ?? policy.environment
            throw .mismatch("signedData.environment", "environment", found: environment, expected: expected.rawValue)
        }
        let bundleId = named.bundleId
        let appAppleId = named.appAppleId
        // Apple JWS rule (bundle-id): the bundle id equals the app's, byte for byte.
        guard let bundleId, policy.acceptsAnyBundleId || bundleId.hasSameBytes(as: policy.bundleId) else {
            throw .mismatch("signedData.bundleId", "bundleId", found: bundleId, expected: policy.bundleId)
        }
        // Apple JWS rule (app-apple-id): a Production policy names the app's Apple id, and data that
        // carries one must carry that one.
        if effective == .production, policy.appAppleId == nil {
            throw .policy(
                "signedData.appAppleIdRequired", "a Production policy must name the app's Apple id (appAppleId)")
        }
        if let expected = policy.appAppleId, let appAppleId, appAppleId != expected {
            throw .mismatch("signedData.appAppleId", "appAppleId", found: "\(appAppleId)", expected: "\(expected)")
        }
        return effective
    }
}

extension SignedDataVerifier {
    /// `verifyTransaction(_:policy:)`, remembering verified chains in `cache`: the same checks in the
    /// same order; only the certificate signatures of an x5c chain verified before are not verified
    /// again. Share one cache between tasks with `ChainCache.withCache`.
    public static func verifyTransaction(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedStoreKitData<JWSTransactionDecodedPayload> {
        try transaction(try authenticate(jws, policy, &cache), policy, &cache)
    }

    /// `verifyRenewalInfo(_:policy:)`, remembering verified chains in `cache` (single owner).
    public static func verifyRenewalInfo(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedStoreKitData<JWSRenewalInfoDecodedPayload> {
        try renewalInfo(try authenticate(jws, policy, &cache), policy, &cache)
    }

    /// `verifyAppTransaction(_:policy:)`, remembering verified chains in `cache` (single owner).
    public static func verifyAppTransaction(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedStoreKitData<AppTransaction> {
        try appTransaction(try authenticate(jws, policy, &cache), policy, &cache)
    }

    /// `verifyRealtimeRequest(_:policy:)`, remembering verified chains in `cache` (single owner).
    public static func verifyRealtimeRequest(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedStoreKitData<DecodedRealtimeRequestBody> {
        try realtimeRequest(try authenticate(jws, policy, &cache), policy, &cache)
    }

    /// `verifyNotification(_:policy:)`, remembering verified chains in `cache` (single owner); the
    /// nested signed transaction, renewal info and app transaction go through the cache too.
    public static func verifyNotification(
        _ jws: [UInt8], policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedStoreKitData<ResponseBodyV2DecodedPayload> {
        try notification(try authenticate(jws, policy, &cache), policy, &cache)
    }

    /// Verifies signed data of any kind, parsed and authenticated once: the kind is `kind` when the
    /// caller knows it (the field the data came in), else the one the verified payload's members
    /// identify (`SignedDataKind.identified(by:)`; a transaction when none does). A request body
    /// (`{"signedPayload": …}`, `fromRequestBody`) holds a notification or a realtime request.
    /// A given `kind` whose members are another kind's is refused (`input.kindMismatch`), never
    /// checked as the wrong kind.
    public static func verify(
        _ jws: [UInt8], kind: SignedDataKind? = nil, fromRequestBody: Bool = false, policy: SignedDataPolicy,
        cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedInput {
        let authenticated = try authenticate(jws, policy, &cache)
        let members = SignedDataKind.identified(by: authenticated.object)
        if let kind, let members, members != kind { throw SignedDataKind.mismatch(members: members, named: kind) }
        var chosen = kind ?? members ?? .transaction
        if kind == nil, fromRequestBody, chosen != .realtimeRequest { chosen = .notification }
        switch chosen {
        case .transaction: return .transaction(try transaction(authenticated, policy, &cache))
        case .renewal: return .renewalInfo(try renewalInfo(authenticated, policy, &cache))
        case .appTransaction: return .appTransaction(try appTransaction(authenticated, policy, &cache))
        case .notification: return .notification(try notification(authenticated, policy, &cache))
        case .realtimeRequest: return .realtimeRequest(try realtimeRequest(authenticated, policy, &cache))
        }
    }

    static func transaction(_ data: Authenticated, _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<JWSTransactionDecodedPayload>
    {
        let result: VerifiedStoreKitData<JWSTransactionDecodedPayload> = try finish(data, policy, &cache)
        try check(data, policy, try PolicyFields(data.object, environment: "environment", bundleId: "bundleId"))
        return result
    }

    static func renewalInfo(_ data: Authenticated, _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<JWSRenewalInfoDecodedPayload>
    {
        let result: VerifiedStoreKitData<JWSRenewalInfoDecodedPayload> = try finish(data, policy, &cache)
        // Renewal info names no bundle id: the policy's stands in.
        var named = try PolicyFields(data.object, environment: "environment")
        named.bundleId = policy.bundleId
        try check(data, policy, named)
        return result
    }

    static func appTransaction(_ data: Authenticated, _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<AppTransaction>
    {
        let result: VerifiedStoreKitData<AppTransaction> = try finish(data, policy, &cache)
        try check(
            data, policy,
            try PolicyFields(data.object, environment: "receiptType", bundleId: "bundleId", appAppleId: true))
        return result
    }

    static func realtimeRequest(_ data: Authenticated, _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<DecodedRealtimeRequestBody>
    {
        let result: VerifiedStoreKitData<DecodedRealtimeRequestBody> = try finish(data, policy, &cache)
        var named = try PolicyFields(data.object, environment: "environment", appAppleId: true)
        // Apple JWS rule (realtime-app-apple-id): a realtime request names no bundle id; its app
        // Apple id is the app's only name, so the policy gives one and the request carries that one.
        guard let expected = policy.appAppleId else {
            throw .policy("signedData.appAppleIdRequired", "a realtime request names its app by appAppleId only")
        }
        guard named.appAppleId == expected else {
            throw .mismatch(
                "signedData.appAppleId", "appAppleId", found: named.appAppleId.map { "\($0)" }, expected: "\(expected)")
        }
        named.bundleId = policy.bundleId
        try check(data, policy, named)
        return result
    }

    static func notification(_ data: Authenticated, _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<ResponseBodyV2DecodedPayload>
    {
        let result: VerifiedStoreKitData<ResponseBodyV2DecodedPayload> = try finish(data, policy, &cache)
        let notification = try NotificationFields(data.object)
        let environment = try check(data, policy, notification.named)
        // Apple JWS rule (nested-same-app): nested data is verified under the same policy, and names
        // the notification's environment and bundle id (checked above: the policy's, or any when the
        // policy accepts any) and its app Apple id where the policy does not name one.
        var nestedPolicy = policy
        (nestedPolicy.environment, nestedPolicy.environments) = (environment, nil)
        (nestedPolicy.bundleId, nestedPolicy.acceptsAnyBundleId) = (notification.named.bundleId ?? "", false)
        nestedPolicy.appAppleId = policy.appAppleId ?? notification.named.appAppleId
        let transaction = try notification.signedTransactionInfo.map { (nested) throws(VerificationError) in
            try verifyTransaction(Array(nested.utf8), policy: nestedPolicy, cache: &cache)
        }
        let renewalInfo = try notification.signedRenewalInfo.map { (nested) throws(VerificationError) in
            try verifyRenewalInfo(Array(nested.utf8), policy: nestedPolicy, cache: &cache)
        }
        let appTransaction = try notification.signedAppTransactionInfo.map { (nested) throws(VerificationError) in
            try verifyAppTransaction(Array(nested.utf8), policy: nestedPolicy, cache: &cache)
        }
        return result.with(
            NotificationItems(transaction: transaction, renewalInfo: renewalInfo, appTransaction: appTransaction))
    }

    /// Signed data after steps 1–3 of the file header: structure, the signer's path of certificate
    /// signatures and the signature over the payload held, and the payload is a JSON object.
    struct Authenticated {
        let jws: CompactJWS
        let paths: SignerPaths
        let object: JSONObject
    }

    /// Steps 1–3 of the file header, the path looked up in `cache`.
    static func authenticate(_ bytes: [UInt8], _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache)
        throws(VerificationError) -> Authenticated
    {
        let jws: CompactJWS
        do throws(JWSError) { jws = try CompactJWS(compact: bytes, cache: cache) } catch { throw .from(error) }
        // Authenticate first: the signer's path of certificate signatures, then the signature over
        // the payload; the payload is read only now that both hold.
        let paths = try jws.signerPaths(signer: policy.signer, xcode: policy.xcodeCertificate, cache: &cache)
        do throws(JWSError) { try jws.verifySignature() } catch { throw .from(error) }
        let object: JSONObject
        do throws(StoreKitError) { object = try Fields.payloadObject(jws.payload) } catch {
            throw .from(error)
        }
        return Authenticated(jws: jws, paths: paths, object: object)
    }

    /// Steps 4 and 5 of the file header, and the device check of step 6, for payload type `P`.
    static func finish<P: StoreKitPayload>(
        _ data: Authenticated, _ policy: SignedDataPolicy, _ cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedStoreKitData<P> {
        let time = try validityTime(data.object, P.signedDateField, policy).derTime
        var paths = data.paths
        let chain = try data.jws.chain(&paths, at: time, cache: &cache)
        let payload: P
        do throws(StoreKitError) { payload = try P(json: data.object) } catch { throw .from(error) }
        try checkDevice(data.object, policy)
        return VerifiedStoreKitData(payload: payload, chain: chain, isXcodeSigned: paths.leafIsAnchor)
    }
}

/// The fields of an authenticated payload that the policy compares, read by the field reader from
/// the JSON itself: never from the decoded models, which only present a verified result.
struct PolicyFields {
    var environment: String?
    var bundleId: String?
    var appAppleId: Int64?

    /// The members named `environment`, `bundleId` and (when `appAppleId`) `appAppleId` of `object`.
    init(_ object: JSONObject, environment: String, bundleId: String? = nil, appAppleId: Bool = false)
        throws(VerificationError)
    {
        let fields = Fields(object)
        do throws(StoreKitError) {
            self.environment = try fields.string(environment)
            self.bundleId = try bundleId.flatMap { (name) throws(StoreKitError) in try fields.string(name) }
            self.appAppleId = appAppleId ? try fields.int64("appAppleId") : nil
        } catch {
            throw .from(error)
        }
    }

    init() {}
}

/// What a notification's policy check reads: the app and environment its `data`, `summary`,
/// `externalPurchaseToken` or `appData` names (the first that names each), and the nested signed items.
struct NotificationFields {
    var named = PolicyFields()
    var signedTransactionInfo: String?
    var signedRenewalInfo: String?
    var signedAppTransactionInfo: String?

    init(_ object: JSONObject) throws(VerificationError) {
        do throws(StoreKitError) {
            let payload = Fields(object)
            let data = try payload.object("data").map { Fields($0, prefix: "data.") }
            let summary = try payload.object("summary").map { Fields($0, prefix: "summary.") }
            let token = try payload.object("externalPurchaseToken").map { Fields($0, prefix: "externalPurchaseToken.") }
            let appData = try payload.object("appData").map { Fields($0, prefix: "appData.") }
            for part in [data, summary, token, appData].compactMap({ $0 }) {
                if part.prefix != "externalPurchaseToken.", named.environment == nil {
                    named.environment = try part.string("environment")
                }
                if named.bundleId == nil { named.bundleId = try part.string("bundleId") }
                if named.appAppleId == nil { named.appAppleId = try part.int64("appAppleId") }
            }
            if let token, named.environment == nil {
                let id = try token.string("externalPurchaseId")
                named.environment = AppStoreEnvironment.ofExternalPurchaseId(id).rawValue
            }
            signedTransactionInfo = try data?.string("signedTransactionInfo")
            signedRenewalInfo = try data?.string("signedRenewalInfo")
            signedAppTransactionInfo = try appData?.string("signedAppTransactionInfo")
        } catch {
            throw .from(error)
        }
    }
}

extension AppStoreEnvironment {
    /// Apple JWS rule (external-token-environment): an external purchase token states no
    /// environment; an `externalPurchaseId` whose bytes begin with the ASCII bytes `SANDBOX` is a
    /// sandbox token, any other (or none) a production one. Compared as UTF-8 bytes, never as
    /// characters, so that `SANDBOX` followed by a combining mark or a joiner reads the same
    /// everywhere: the one reading of this rule, for the policy, the model and the documents.
    package static func ofExternalPurchaseId(_ id: String?) -> AppStoreEnvironment {
        id?.utf8.starts(with: "SANDBOX".utf8) == true ? .sandbox : .production
    }
}
