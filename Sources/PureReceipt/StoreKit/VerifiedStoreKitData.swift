// VerifiedStoreKitData: what a StoreKit 2 verify call returns — the decoded payload, the verified
// chain, whether Xcode's key signed it and, for a notification, its nested items verified and
// decoded. Built only after every check of SignedDataVerifier.swift has passed.

public import PureX509

/// Verified StoreKit data: the decoded payload and how it was signed.
public struct VerifiedStoreKitData<Payload: StoreKitPayload>: Sendable {
    /// The decoded payload, read only after the signature and chain verified.
    public let payload: Payload
    /// The verified path: [leaf, intermediate, anchor], or [Xcode certificate].
    public let chain: [Certificate]
    /// True for data signed with Xcode's StoreKit testing key, which ships with Xcode: such data
    /// proves nothing about a purchase, whatever it says.
    public let isXcodeSigned: Bool
    /// For a notification: its nested signed items, verified under the same policy and decoded;
    /// nil for other data.
    public let nested: NotificationItems?

    init(payload: Payload, chain: [Certificate], isXcodeSigned: Bool, nested: NotificationItems? = nil) {
        (self.payload, self.chain, self.isXcodeSigned, self.nested) = (payload, chain, isXcodeSigned, nested)
    }

    func with(_ nested: NotificationItems) -> VerifiedStoreKitData {
        VerifiedStoreKitData(payload: payload, chain: chain, isXcodeSigned: isXcodeSigned, nested: nested)
    }
}

/// A notification's nested signed items (`data.signedTransactionInfo`, `data.signedRenewalInfo`,
/// `appData.signedAppTransactionInfo`), each verified and decoded: no need to verify them again.
public final class NotificationItems: Sendable {
    /// The transaction, when the notification carries one.
    public let transaction: VerifiedStoreKitData<JWSTransactionDecodedPayload>?
    /// The subscription renewal info, when the notification carries one.
    public let renewalInfo: VerifiedStoreKitData<JWSRenewalInfoDecodedPayload>?
    /// The app transaction, when the notification's `appData` carries one.
    public let appTransaction: VerifiedStoreKitData<AppTransaction>?

    init(
        transaction: VerifiedStoreKitData<JWSTransactionDecodedPayload>?,
        renewalInfo: VerifiedStoreKitData<JWSRenewalInfoDecodedPayload>?,
        appTransaction: VerifiedStoreKitData<AppTransaction>?
    ) {
        (self.transaction, self.renewalInfo, self.appTransaction) = (transaction, renewalInfo, appTransaction)
    }
}

/// A StoreKit payload's own statement of the environment that signed it (`environment`;
/// `receiptType` for an app transaction; for a notification, the one its policy check reads).
public protocol StoreKitEnvironmentStatement {
    /// The environment the payload names, or nil when it names none.
    var statedEnvironment: StoreKitValue<AppStoreEnvironment>? { get }
}

extension VerifiedStoreKitData where Payload: StoreKitEnvironmentStatement {
    /// False when the data names no environment ("environment not stated"): data older than the
    /// field, accepted only because the policy's `acceptsUnstatedEnvironment` said so; it was then
    /// taken to be from the policy's environment, unproven (Docs/SECURITY.md).
    public var isEnvironmentStated: Bool { payload.statedEnvironment != nil }
}

extension JWSTransactionDecodedPayload: StoreKitEnvironmentStatement {
    /// `environment`, as the payload names it.
    public var statedEnvironment: StoreKitValue<AppStoreEnvironment>? { environment }
}

extension JWSRenewalInfoDecodedPayload: StoreKitEnvironmentStatement {
    /// `environment`, as the payload names it.
    public var statedEnvironment: StoreKitValue<AppStoreEnvironment>? { environment }
}

extension AppTransaction: StoreKitEnvironmentStatement {
    /// `receiptType`, as the payload names it.
    public var statedEnvironment: StoreKitValue<AppStoreEnvironment>? { receiptType }
}

extension DecodedRealtimeRequestBody: StoreKitEnvironmentStatement {
    /// `environment`, as the payload names it.
    public var statedEnvironment: StoreKitValue<AppStoreEnvironment>? { environment }
}

extension ResponseBodyV2DecodedPayload: StoreKitEnvironmentStatement {
    /// `data`, `summary` or `appData`'s environment; for an external purchase token, the one its
    /// `externalPurchaseId` implies (a `SANDBOX` prefix: Sandbox; otherwise Production).
    public var statedEnvironment: StoreKitValue<AppStoreEnvironment>? {
        if let environment { return environment }
        guard let token = externalPurchaseToken else { return nil }
        return .known(.ofExternalPurchaseId(token.externalPurchaseId))
    }
}
