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

    /// Spaces, then `text`, up to `width` Characters (right-aligned: numbers in a column); never
    /// shortened.
    static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
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

    /// Summary of the receipt's main attributes, one line at a time.
    static func receiptLines(_ receipt: AppReceipt, emit: (String) -> Void) {
        emit(row("Environment", receipt.environment?.rawValue ?? "-"))
        emit(row("Bundle ID", receipt.bundleId))
        emit(row("App version", receipt.applicationVersion))
        emit(row("Created", date(receipt.receiptCreationDate)))
        emit(row("Original version", receipt.originalApplicationVersion ?? "-"))
        emit(row("Original purchase", date(receipt.originalPurchaseDate)))
        if let expiration = receipt.expirationDate { emit(row("Expires", date(expiration))) }
        if let id = receipt.appAppleId { emit(row("App item ID", String(id))) }
        emit(row("Opaque value", hex(receipt.opaqueValue)))
        emit(row("SHA-1 hash", hex(receipt.sha1Hash)))
        emit(row("In-app purchases", String(receipt.inAppPurchases.count)))
        purchaseLines(receipt.inAppPurchases, emit: emit)
    }

    /// One line per purchase, in file order, with the date, product and transaction columns aligned:
    /// `#  purchase date  product  txn  [orig …] [qty n] [expires …] [CANCELLED …] [trial] [intro offer]`.
    /// Two passes (widths, then lines), so no line or column of a large receipt is held.
    static func purchaseLines(_ purchases: [InAppPurchase], emit: (String) -> Void) {
        // Columns measured in Characters, on the text as printed (escaped).
        let indexWidth = String(max(0, purchases.count - 1)).count
        var productWidth = 0
        var transactionWidth = 0
        for purchase in purchases {
            productWidth = max(productWidth, purchase.productId.displayEscaped.count)
            transactionWidth = max(transactionWidth, purchase.transactionId.displayEscaped.count)
        }
        for (index, purchase) in purchases.enumerated() {
            var parts = [
                padLeft(String(index), indexWidth), pad(date(purchase.purchaseDate), 20),
                pad(purchase.productId.displayEscaped, productWidth),
                "txn " + pad(purchase.transactionId.displayEscaped, transactionWidth),
            ]
            if let original = purchase.originalTransactionId, original != purchase.transactionId {
                parts.append("orig " + original)
            }
            if let quantity = purchase.quantity, quantity != 1 { parts.append("qty \(quantity)") }
            if let expires = purchase.expiresDate { parts.append("expires " + date(expires)) }
            if let cancelled = purchase.revocationDate { parts.append("CANCELLED " + date(cancelled)) }
            if purchase.isTrialPeriod == true { parts.append("trial") }
            if purchase.isInIntroOfferPeriod == true { parts.append("intro offer") }
            var line = "  " + parts.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            emit(line)
        }
    }

    /// `locations`: also where each certificate's revocation status is published (inspect).
    static func certificateLines(_ certificates: [Certificate], anchorLast: Bool, locations: Bool = false) -> [String] {
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
            if locations {
                for (name, urls) in revocationLocations(certificate) {
                    lines.append("      \(pad(name, 9))" + (urls.isEmpty ? "none named" : urls.joined(separator: " ")))
                }
            }
        }
        return lines
    }

    /// Where the certificate's revocation status is published, as inspect names them: "ocsp", the
    /// responder URLs of authorityInfoAccess, and "crl", the URLs of cRLDistributionPoints (http
    /// and https only, in certificate order: what `verify --revocation` fetches first).
    static func revocationLocations(_ certificate: Certificate) -> [(name: String, urls: [String])] {
        [("ocsp", certificate.ocspURLs), ("crl", certificate.crlURLs)]
    }

    /// A certificate in inspect's JSON, keys sorted; `detailed` (an app receipt's): also its serial
    /// number and signature algorithm.
    static func writeCertificate(_ certificate: Certificate, detailed: Bool, into json: inout JSONWriter) {
        json.beginObject()
        json.field("issuer", certificate.issuer.description)
        json.field("key", certificate.publicKey.description)
        json.field("not_after", certificate.notAfter.description)
        json.field("not_before", certificate.notBefore.description)
        if detailed { json.field("serial", hex(certificate.serialNumber)) }
        json.field("sha256", hex(certificate.sha256Fingerprint()))
        if detailed { json.field("signature_algorithm", describe(certificate.signatureAlgorithm)) }
        json.field("subject", certificate.subject.description)
        writeRevocationLocations(certificate, into: &json)
        json.endObject()
    }

    /// The `"ocsp"` and `"crl"` members of a certificate in inspect's JSON (`revocationLocations`).
    static func writeRevocationLocations(_ certificate: Certificate, into json: inout JSONWriter) {
        for (name, urls) in revocationLocations(certificate) {
            json.key(name)
            json.beginArray()
            for url in urls { json.string(url) }
            json.endArray()
        }
    }

    static func describe(_ algorithm: SignatureAlgorithm) -> String {
        switch algorithm {
        case .rsaPKCS1v15(let hash): return "RSA PKCS #1 v1.5 with \(hash.name)"
        case .ecdsa(let hash): return "ECDSA with \(hash.name)"
        }
    }

    /// The verify report of every format: `head` (the input and what it holds), the chain (signer
    /// first), the checks that ran (`checks`: name and result) and the verdict, last.
    static func writeVerified(
        chain: [Certificate], anchorLast: Bool = true, checks: [(String, String)], verdict: String,
        head: (TextOutput) -> Void
    ) {
        write { out in
            head(out)
            out.emit("Chain (signer first)")
            certificateLines(chain, anchorLast: anchorLast).forEach(out.emit)
            out.emit("Checks")
            for (name, result) in checks { out.emit(row("  " + name, result)) }
            out.emit(row("Verdict", verdict))
        }
    }

    /// A check's result: `ok` and what held, or that it was not requested, naming the option that
    /// requests it.
    static func requested(_ held: String?, _ option: String) -> String {
        held.map { "ok  " + $0 } ?? "-   not requested (\(option))"
    }

    /// `requested` of a value compared as given, quoted.
    static func requested(quoting value: String?, _ option: String) -> String {
        requested(value.map { "\"\($0)\"" }, option)
    }

    /// The verdict of a genuine input whose every requested check held.
    static let genuine = "GENUINE — signature, chain and every requested check hold"

    /// The verdict of data accepted through --xcode-root, for every format: its own words, never
    /// GENUINE (exit status 0 all the same: every check held, but the signer is a key anyone has).
    static let xcodeVerdict =
        "XCODE TEST DATA (proves nothing) — signed by Xcode's StoreKit testing key, accepted through --xcode-root"

    /// inspect's report of every format: the warning, `body`, then the verdict UNVERIFIED.
    static func writeUnverified(_ body: (TextOutput) -> Void) {
        write { out in
            out.emit("UNVERIFIED: decoded without checking signature, chain or policy. Nothing here is trustworthy.")
            body(out)
            out.emit(row("Verdict", "UNVERIFIED"))
        }
    }

    /// Writes the lines `body` emits to standard output (`TextOutput`).
    static func write(_ body: (TextOutput) -> Void) {
        let output = TextOutput()
        body(output)
        output.flush()
    }
}

/// A report on its way to standard output: each line escaped (`displayEscaped`), so text from the
/// input can neither break a line nor send control or bidi characters to the terminal; written in
/// pieces of 64 KiB, so a large report is never held whole.
final class TextOutput {
    private var out: [UInt8] = []

    func emit(_ line: String) {
        out += line.displayEscaped.utf8
        out.append(0x0A)
        if out.count >= 1 << 16 { flush() }
    }

    /// Writes what is held.
    func flush() {
        InspectCommand.writeStandardOutput(out)
        out.removeAll(keepingCapacity: true)
    }
}
