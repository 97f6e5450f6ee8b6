// TextReport: the human-readable output of verify and inspect — aligned labels, dates in UTC ISO
// form, one line per in-app purchase, the certificate chain, and the verdict last.

import Foundation
import PureCrypto
import PureDER
import PureReceipt
import PureX509

enum TextReport {
    static func row(_ label: String, _ value: String) -> String {
        label.padding(toLength: 20, withPad: " ", startingAt: 0) + value
    }

    static func date(_ instant: Instant?) -> String { instant.map { $0.description } ?? "-" }

    static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Summary of the receipt's main attributes.
    static func receiptLines(_ receipt: AppReceipt) -> [String] {
        var lines = [
            row("Environment", receipt.environment?.rawValue ?? "-"),
            row("Bundle ID", receipt.bundleIdentifier),
            row("App version", receipt.appVersion),
            row("Created", date(receipt.creationDate)),
            row("Original version", receipt.originalAppVersion ?? "-"),
            row("Original purchase", date(receipt.originalPurchaseDate)),
        ]
        if let expiration = receipt.expirationDate { lines.append(row("Expires", date(expiration))) }
        if let id = receipt.appItemID { lines.append(row("App item ID", String(id))) }
        lines.append(row("Opaque value", hex(receipt.opaqueValue)))
        lines.append(row("SHA-1 hash", hex(receipt.sha1Hash)))
        lines.append(row("In-app purchases", String(receipt.inAppPurchases.count)))
        for purchase in receipt.inAppPurchases { lines.append("  " + purchaseLine(purchase)) }
        return lines
    }

    static func purchaseLine(_ purchase: InAppPurchase) -> String {
        var parts = [date(purchase.purchaseDate), purchase.productIdentifier, "txn " + purchase.transactionIdentifier]
        if let original = purchase.originalTransactionIdentifier, original != purchase.transactionIdentifier {
            parts.append("orig " + original)
        }
        if let quantity = purchase.quantity, quantity != 1 { parts.append("qty \(quantity)") }
        if let expires = purchase.subscriptionExpirationDate { parts.append("expires " + date(expires)) }
        if let cancelled = purchase.cancellationDate { parts.append("CANCELLED " + date(cancelled)) }
        if purchase.isTrialPeriod == true { parts.append("trial") }
        if purchase.isInIntroOfferPeriod == true { parts.append("intro offer") }
        return parts.joined(separator: "  ")
    }

    static func certificateLines(_ certificates: [Certificate], anchorLast: Bool) -> [String] {
        var lines: [String] = []
        for (index, certificate) in certificates.enumerated() {
            let role = anchorLast && index == certificates.count - 1 ? "  (trust anchor)" : ""
            lines.append("  [\(index)] \(certificate.subject)\(role)")
            lines.append("      issuer   \(certificate.issuer)")
            lines.append("      valid    \(certificate.notBefore) … \(certificate.notAfter)")
            lines.append("      key      \(certificate.publicKey.description), signed with \(describe(certificate.signatureAlgorithm))")
            lines.append("      serial   \(hex(certificate.serialNumber))")
            lines.append("      sha-256  \(hex(certificate.sha256Fingerprint()))")
        }
        return lines
    }

    static func describe(_ algorithm: SignatureAlgorithm) -> String {
        switch algorithm {
        case .rsaPKCS1v15(let hash): return "RSA PKCS #1 v1.5 with \(hash.name)"
        case .ecdsa(let hash): return "ECDSA with \(hash.name)"
        }
    }

    static func verified(_ verified: VerifiedReceipt, source: String, size: Int) -> String {
        var lines = [row("Receipt", "\(source) (\(size) bytes)")]
        lines += receiptLines(verified.receipt)
        lines.append("Chain")
        lines += certificateLines(verified.chain, anchorLast: true)
        lines.append(row("Signature", "RSA PKCS #1 v1.5 with \(verified.digestAlgorithm.name)"))
        lines.append(row("Validity checked at", verified.validityInstant.description))
        if verified.isXcodeTestReceipt {
            lines.append(row("Verdict", "XCODE TEST RECEIPT — signed by the StoreKit testing key (opt-in); proves nothing"))
        } else {
            lines.append(row("Verdict", "GENUINE — signature, chain and every requested check hold"))
        }
        return lines.joined(separator: "\n")
    }
}
