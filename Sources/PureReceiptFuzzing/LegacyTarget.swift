// Fuzz target `legacy`: a legacy transaction receipt — the old-style plist parser on the input as
// plist text and as base64, the signature blob parser on the raw bytes, and, when the receipt
// parses, every accessor of the purchase info and full verification against the built-in Apple
// certificates (which fails, but runs the signature and chain code on fuzzed blobs).

import PureReceipt

extension FuzzTargets {
    /// Parses `data` as a legacy receipt and as a signature blob, and exercises what parses.
    @Sendable package static func legacy(_ data: [UInt8]) {
        sink(Result { () throws(LegacyReceiptError) in try LegacySignatureBlob(data).version })
        sink(LegacyTransactionReceipt.isLegacyFormat(data))
        sink(
            Result { () throws(VerificationError) in
                try LegacyReceiptValidator.validate(data, policy: LegacyReceiptPolicy(bundleIdentifier: .anyApp)).chain
                    .count
            })
        guard let receipt = try? LegacyTransactionReceipt(data) else { return }
        let info = receipt.purchaseInfo
        sink(receipt.environmentName)
        sink(info.entries.count)
        sink([
            info.transactionId, info.originalTransactionId, info.productId,
            info.bundleId, info.bundleVersion, info.itemIdentifier, info.appAppleId,
            info.versionExternalIdentifier, info.uniqueIdentifier, info.uniqueVendorIdentifier,
            info.webOrderLineItemId,
        ])
        sink([info.purchaseDate, info.originalPurchaseDate, info.expiresDate].map { $0?.description })
        sink((info.quantity, info.isTrialPeriod, info.isInIntroOfferPeriod))
    }
}
