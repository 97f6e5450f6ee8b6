// Fuzz target `payload`: `AppReceipt.parse(payload:)` on the input and, when it parses, every
// field and every query (ownership, subscription status, active subscriptions) at instants taken
// from the receipt itself and at the extremes of the time line, plus the date formatters on every
// date the receipt holds. Short inputs are also parsed as receipt date strings.

import PureReceipt

extension FuzzTargets {
    /// Parses `data` as a receipt payload and exercises everything derived from it.
    @Sendable package static func payload(_ data: [UInt8]) {
        if data.count <= 64 {
            sink(Result { () throws(ReceiptDateError) in try parseReceiptDate(bytes: data[...]) })
        }
        guard let receipt = try? AppReceipt.parse(payload: data) else { return }
        exercise(receipt)
    }

    /// Reads every field of a parsed payload and runs every query on it.
    static func exercise(_ receipt: AppReceipt) {
        sink(receipt.environment)
        sink(receipt.appAppleId)
        sink(receipt.bundleId)
        sink(receipt.bundleIdentifierData)
        sink(receipt.applicationVersion)
        sink(receipt.opaqueValue)
        sink(receipt.sha1Hash)
        sink(receipt.attribute6)
        sink(receipt.attribute7)
        sink(receipt.fulfillmentToolVersion?.description)
        sink(receipt.ageRating)
        sink(receipt.developerID)
        sink(receipt.attribute13)
        sink(receipt.attribute14)
        sink(receipt.downloadID)
        sink(receipt.versionExternalIdentifier)
        sink(receipt.originalApplicationVersion)
        sink(receipt.attribute20)
        sink(receipt.organizationDisplayName)
        sink(receipt.attribute25)
        sink(receipt.rawAttributes.count)

        var instants: [Instant] = [
            Instant(millisecondsSince1970: 0), Instant(millisecondsSince1970: .min),
            Instant(millisecondsSince1970: .max), receipt.receiptCreationDate,
        ]
        let receiptDates = [
            receipt.transactionDate, receipt.originalPurchaseDate, receipt.expirationDate,
            receipt.attribute22, receipt.preorderDate,
        ]
        instants += receiptDates.compactMap { $0 }
        for purchase in receipt.inAppPurchases {
            sink(purchase.offset)
            sink(purchase.quantity)
            sink(purchase.productType?.rawValue)
            sink(purchase.attribute1709)
            sink(purchase.attribute1710?.description)
            sink(purchase.webOrderLineItemId)
            sink(purchase.isTrialPeriod)
            sink(purchase.isInIntroOfferPeriod)
            sink(purchase.revocationReason)
            sink(purchase.offerIdentifier)
            sink(purchase.attribute1722)
            sink(purchase.chainIdentifier)
            sink(purchase.rawAttributes.count)
            instants.append(purchase.purchaseDate)
            instants += [
                purchase.originalPurchaseDate, purchase.expiresDate,
                purchase.revocationDate,
            ].compactMap { $0 }
        }
        for instant in instants { sink(instant.description) }
        // Queries: bounded work per purchase, so limit the pairs to keep one input fast.
        let purchases = receipt.inAppPurchases.prefix(32)
        for instant in instants.prefix(16) {
            sink(receipt.effectiveInstant(for: instant))
            sink(receipt.activeSubscriptions(at: instant).map(\.productId))
            for purchase in purchases {
                sink(purchase.isActive(at: instant))
                sink(receipt.isOwned(productID: purchase.productId, at: instant))
                sink(receipt.subscriptionStatus(productID: purchase.productId, at: instant))
                sink(receipt.subscriptionStatus(originalTransactionID: purchase.chainIdentifier, at: instant))
            }
        }
        for purchase in purchases {
            sink(receipt.purchases(of: purchase.productId).count)
            sink(receipt.purchases(originalTransactionID: purchase.chainIdentifier).count)
        }
    }
}
