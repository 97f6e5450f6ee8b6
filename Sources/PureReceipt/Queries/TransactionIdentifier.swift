// TransactionIdentifier: the transaction id of an app receipt or a legacy transaction receipt in
// one call, verified. Apple's App Store Server Library reads the same ids without verifying
// anything (`ReceiptUtility.extractTransactionIdFromAppReceipt`, `…FromTransactionReceipt`), to
// call the App Store Server API with; here the receipt is verified first, and nothing is read from
// one that is not genuine.

extension ReceiptValidator {
    /// The transaction id of the first in-app purchase of `receipt` (DER, BER or base64 text),
    /// once the receipt verified under `policy`; nil when it holds no in-app purchase. Throws the
    /// error `validate(_:policy:)` throws.
    public static func transactionId(fromAppReceipt receipt: [UInt8], policy: ReceiptPolicy)
        throws(VerificationError) -> String?
    {
        try validate(receipt, policy: policy).receipt.inAppPurchases.first?.transactionId
    }
}

extension LegacyReceiptValidator {
    /// The `transaction-id` of a legacy transaction receipt (base64 text or the plist text), once it
    /// verified under `policy`; nil when its purchase info names none. Throws the error
    /// `validate(_:policy:)` throws.
    public static func transactionId(fromTransactionReceipt receipt: [UInt8], policy: LegacyReceiptPolicy)
        throws(VerificationError) -> String?
    {
        try validate(receipt, policy: policy).receipt.purchaseInfo.transactionId
    }
}
