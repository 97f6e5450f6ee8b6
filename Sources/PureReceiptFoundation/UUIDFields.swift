// UUIDFields: Foundation `UUID` views of the identifiers the library keeps as text or bytes.
//
// The models keep UUIDs as written (a signed payload's text is what was signed); these accessors
// parse them, nil when the text is not a UUID. The policies take a device identifier as bytes
// (app receipts) or text (StoreKit 2 device verification); these set them from a `UUID`.

public import Foundation
public import PureReceipt

extension JWSTransactionDecodedPayload {
    /// `appAccountToken` as a `UUID`: the token the app passed to `purchase(options:)`; nil when
    /// absent or not a UUID.
    public var appAccountTokenUUID: UUID? { appAccountToken.flatMap(UUID.init(uuidString:)) }
}

extension JWSRenewalInfoDecodedPayload {
    /// `appAccountToken` as a `UUID`; nil when absent or not a UUID.
    public var appAccountTokenUUID: UUID? { appAccountToken.flatMap(UUID.init(uuidString:)) }
}

extension AppTransaction {
    /// `deviceVerificationNonce` as a `UUID`; nil when absent or not a UUID.
    public var deviceVerificationNonceUUID: UUID? { deviceVerificationNonce.flatMap(UUID.init(uuidString:)) }
}

extension ResponseBodyV2DecodedPayload {
    /// `notificationUUID` as a `UUID` (the key to recognise a retried notification); nil when absent
    /// or not a UUID.
    public var notificationUUIDValue: UUID? { notificationUUID.flatMap(UUID.init(uuidString:)) }
}

extension SignedDataPolicy {
    /// `deviceVerificationID` as a `UUID`: set it to `AppStore.deviceVerificationID` to have the
    /// verifier check the data's `deviceVerification` hash for this device. Reads nil when the text
    /// is absent or not a UUID.
    public var deviceVerificationUUID: UUID? {
        get { deviceVerificationID.flatMap(UUID.init(uuidString:)) }
        set { deviceVerificationID = newValue?.uuidString.lowercased() }
    }
}

extension ReceiptPolicy {
    /// `deviceIdentifier` as a `UUID`: set it to `UIDevice.current.identifierForVendor` (its 16
    /// bytes in order are what the receipt's hash covers). Reads nil when the identifier is absent
    /// or not 16 bytes (a macOS MAC address is 6).
    public var deviceIdentifierUUID: UUID? {
        get {
            guard let b = deviceIdentifier, b.count == 16 else { return nil }
            return UUID(
                uuid: (
                    b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
                ))
        }
        set {
            deviceIdentifier = newValue.map { uuid in
                let u = uuid.uuid
                return [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
            }
        }
    }
}
