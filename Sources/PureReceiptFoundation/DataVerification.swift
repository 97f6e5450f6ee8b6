// DataVerification: every verify call of the library, taking Foundation `Data`.
//
// Each overload copies the bytes into the `[UInt8]` the library reads (once, at the edge) and calls
// the `[UInt8]` function of the same name: the same checks, in the same order, with the same errors.
// The input is what the `[UInt8]` function takes: receipt bytes or their base64 text, a compact JWS
// as UTF-8 text, a legacy receipt's base64 or plist text.

public import Foundation
public import PureReceipt

extension ReceiptValidator {
    /// Verifies the receipt in `data` (DER/BER bytes or base64 text, e.g. the contents of
    /// `Bundle.main.appStoreReceiptURL`) under `policy`: `validate(_:policy:)` on its bytes.
    public static func validate(_ data: Data, policy: ReceiptPolicy)
        throws(VerificationError) -> VerifiedReceipt
    {
        try validate([UInt8](data), policy: policy)
    }

    /// `validate(_:policy:)` on `data`, remembering verified chains in `cache`.
    public static func validate(
        _ data: Data, policy: ReceiptPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedReceipt {
        try validate([UInt8](data), policy: policy, cache: &cache)
    }
}

extension LegacyReceiptValidator {
    /// Verifies the legacy transaction receipt in `data` (base64 text or the plist text) under
    /// `policy`: `validate(_:policy:)` on its bytes.
    public static func validate(_ data: Data, policy: LegacyReceiptPolicy)
        throws(VerificationError) -> VerifiedLegacyReceipt
    {
        try validate([UInt8](data), policy: policy)
    }

    /// `validate(_:policy:)` on `data`, remembering verified chains in `cache`.
    public static func validate(
        _ data: Data, policy: LegacyReceiptPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedLegacyReceipt {
        try validate([UInt8](data), policy: policy, cache: &cache)
    }
}

extension SignedDataVerifier {
    /// Verifies the signed transaction in `data` (a compact JWS as UTF-8 text) under `policy`.
    public static func verifyTransaction(_ data: Data, policy: SignedDataPolicy)
        throws(VerificationError) -> VerifiedStoreKitData<JWSTransactionDecodedPayload>
    {
        try verifyTransaction([UInt8](data), policy: policy)
    }

    /// Verifies the signed renewal info in `data` (a compact JWS as UTF-8 text) under `policy`.
    public static func verifyRenewalInfo(_ data: Data, policy: SignedDataPolicy)
        throws(VerificationError) -> VerifiedStoreKitData<JWSRenewalInfoDecodedPayload>
    {
        try verifyRenewalInfo([UInt8](data), policy: policy)
    }

    /// Verifies the signed app transaction in `data` (a compact JWS as UTF-8 text) under `policy`.
    public static func verifyAppTransaction(_ data: Data, policy: SignedDataPolicy)
        throws(VerificationError) -> VerifiedStoreKitData<AppTransaction>
    {
        try verifyAppTransaction([UInt8](data), policy: policy)
    }

    /// Verifies the signed notification in `data` (the `signedPayload` compact JWS as UTF-8 text),
    /// and its nested signed items, under `policy`.
    public static func verifyNotification(_ data: Data, policy: SignedDataPolicy)
        throws(VerificationError) -> VerifiedStoreKitData<ResponseBodyV2DecodedPayload>
    {
        try verifyNotification([UInt8](data), policy: policy)
    }

    /// Verifies the Retention Messaging realtime request in `data` (its `signedPayload` compact JWS
    /// as UTF-8 text) under `policy`, which must name the app's Apple id.
    public static func verifyRealtimeRequest(_ data: Data, policy: SignedDataPolicy)
        throws(VerificationError) -> VerifiedStoreKitData<DecodedRealtimeRequestBody>
    {
        try verifyRealtimeRequest([UInt8](data), policy: policy)
    }

    /// `verifyTransaction(_:policy:)` on `data`, remembering verified chains in `cache`.
    public static func verifyTransaction(_ data: Data, policy: SignedDataPolicy, cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<JWSTransactionDecodedPayload>
    {
        try verifyTransaction([UInt8](data), policy: policy, cache: &cache)
    }

    /// `verifyRenewalInfo(_:policy:)` on `data`, remembering verified chains in `cache`.
    public static func verifyRenewalInfo(_ data: Data, policy: SignedDataPolicy, cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<JWSRenewalInfoDecodedPayload>
    {
        try verifyRenewalInfo([UInt8](data), policy: policy, cache: &cache)
    }

    /// `verifyAppTransaction(_:policy:)` on `data`, remembering verified chains in `cache`.
    public static func verifyAppTransaction(_ data: Data, policy: SignedDataPolicy, cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<AppTransaction>
    {
        try verifyAppTransaction([UInt8](data), policy: policy, cache: &cache)
    }

    /// `verifyNotification(_:policy:)` on `data`, remembering verified chains in `cache`.
    public static func verifyNotification(_ data: Data, policy: SignedDataPolicy, cache: inout VerifiedChainCache)
        throws(VerificationError) -> VerifiedStoreKitData<ResponseBodyV2DecodedPayload>
    {
        try verifyNotification([UInt8](data), policy: policy, cache: &cache)
    }
}
