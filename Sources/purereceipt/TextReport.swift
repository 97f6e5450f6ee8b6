// TextReport: the human-readable output of verify and inspect — aligned labels, dates in UTC ISO
// form, one line per in-app purchase, the certificate chain, and the verdict last.

import Foundation
import PureCrypto
import PureDER
import PureReceipt
import PureX509

enum TextReport {
    /// Width of the label column; values start at this column.
    static let labelWidth = 22

    static func row(_ label: String, _ value: String) -> String {
        pad(label, max(labelWidth, label.count + 1)) + value
    }

    /// `text` then spaces up to `width` Characters (what a reader sees as one character); never
    /// shortened. Not `padding(toLength:)`: it counts UTF-16 units and cuts longer text, splitting
    /// emoji and combining sequences.
    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func date(_ instant: Instant?) -> String { instant.map { $0.description } ?? "-" }

    static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var text: [UInt8] = []
        text.reserveCapacity(2 * bytes.count)
        appendHex(bytes, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Lower-case hex digits of `bytes`, appended to `out` (table lookup, not String(format:):
    /// reports of large receipts print millions of bytes).
    static func appendHex<C: Collection>(_ bytes: C, to out: inout [UInt8]) where C.Element == UInt8 {
        for byte in bytes {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

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
        lines += purchaseLines(receipt.inAppPurchases)
        return lines
    }

    /// One line per purchase, in file order, with the date, product and transaction columns aligned:
    /// `#  purchase date  product  txn  [orig …] [qty n] [expires …] [CANCELLED …] [trial] [intro offer]`.
    static func purchaseLines(_ purchases: [InAppPurchase]) -> [String] {
        // Columns measured in Characters, on the text as printed (escaped).
        let products = purchases.map(\.productIdentifier.displayEscaped)
        let transactions = purchases.map(\.transactionIdentifier.displayEscaped)
        let indexWidth = String(max(0, purchases.count - 1)).count
        let productWidth = products.map(\.count).max() ?? 0
        let transactionWidth = transactions.map(\.count).max() ?? 0
        return purchases.enumerated().map { index, purchase in
            let number = String(index)
            var parts = [
                String(repeating: " ", count: indexWidth - number.count) + number,
                pad(date(purchase.purchaseDate), 20), pad(products[index], productWidth),
                "txn " + pad(transactions[index], transactionWidth),
            ]
            if let original = purchase.originalTransactionIdentifier, original != purchase.transactionIdentifier {
                parts.append("orig " + original)
            }
            if let quantity = purchase.quantity, quantity != 1 { parts.append("qty \(quantity)") }
            if let expires = purchase.subscriptionExpirationDate { parts.append("expires " + date(expires)) }
            if let cancelled = purchase.cancellationDate { parts.append("CANCELLED " + date(cancelled)) }
            if purchase.isTrialPeriod == true { parts.append("trial") }
            if purchase.isInIntroOfferPeriod == true { parts.append("intro offer") }
            var line = "  " + parts.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    static func certificateLines(_ certificates: [Certificate], anchorLast: Bool) -> [String] {
        var lines: [String] = []
        for (index, certificate) in certificates.enumerated() {
            let role = anchorLast && index == certificates.count - 1 ? "  (trust anchor)" : ""
            lines.append("  [\(index)] \(certificate.subject)\(role)")
            lines.append("      issuer   \(certificate.issuer)")
            lines.append("      valid    \(certificate.notBefore) … \(certificate.notAfter)")
            let signature = describe(certificate.signatureAlgorithm)
            lines.append("      key      \(certificate.publicKey.description), signed with \(signature)")
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

    /// The verify report: the receipt, the checks that ran (`checks`: name and result), the chain
    /// and the verdict, last.
    static func verified(_ verified: VerifiedReceipt, source: String, checks: [(String, String)]) -> String {
        var lines = [row("Receipt", source)]
        lines += receiptLines(verified.receipt)
        lines.append("Chain (signer first)")
        lines += certificateLines(verified.chain, anchorLast: true)
        lines.append("Checks")
        for (name, result) in checks { lines.append(row("  " + name, result)) }
        if verified.isXcodeTestReceipt {
            lines.append(
                row("Verdict", "XCODE TEST RECEIPT — signed by the StoreKit testing key (opt-in); proves nothing"))
        } else {
            lines.append(row("Verdict", "GENUINE — signature, chain and every requested check hold"))
        }
        return render(lines)
    }

    /// The report text: each line escaped (`displayEscaped`), so text from the receipt can neither
    /// break a line nor send control or bidi characters to the terminal.
    static func render(_ lines: [String]) -> String {
        lines.map(\.displayEscaped).joined(separator: "\n")
    }
}
