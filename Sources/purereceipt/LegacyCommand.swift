// Legacy transaction receipts (iOS 3–6 `transactionReceipt`) in verify, inspect and dump: each
// command hands its input here when it is plist text or base64 of it. Exit statuses as for app
// receipts. `--root` certificates that are not self-issued are taken as the pinned intermediates
// (for a test PKI); self-issued ones as anchors. Options that only apply to app receipts
// (--bundle-version, --device-id, --xcode-root, --endpoint) make a legacy input
// one the command line does not fit: exit 2, code `input.optionNotApplicable` (not 64, which
// depends on the command line only).

import Foundation
import PureReceipt
import PureX509

enum LegacyCommand {
    /// The text report of a legacy receipt that verified under `policy`.
    static func verifiedText(_ verified: VerifiedLegacyReceipt, policy: LegacyReceiptPolicy, source: String) -> String {
        let receipt = verified.receipt
        var lines = [TextReport.row("Receipt", source)]
        lines += summary(receipt)
        lines.append("Chain (signer first)")
        lines += TextReport.certificateLines(verified.chain, anchorLast: true)
        lines.append("Checks")
        lines.append(TextReport.row("  signature", "ok  RSA PKCS #1 v1.5 with SHA-1 over version ‖ purchase-info"))
        lines.append(TextReport.row("  chain", "ok  leaf → pinned intermediate → anchor, leaf marker OID"))
        let instantSource = policy.validityInstant == nil ? "purchase date" : "--at"
        lines.append(
            TextReport.row(
                "  validity", "ok  every certificate valid at \(verified.validityInstant) (\(instantSource))"))
        lines.append(
            TextReport.row(
                "  bundle id", policy.bundleIdentifier.map { "ok  \"\($0)\"" } ?? "-   not requested (--bundle-id)"))
        lines.append(
            TextReport.row(
                "  product id",
                policy.productIdentifier.map { "ok  \"\($0)\"" } ?? "-   not requested (--product-id)"))
        lines.append(
            TextReport.row(
                "  environment",
                policy.environments.map {
                    "ok  \(receipt.environmentName) is one of \($0.joined(separator: ", ")) (an unsigned outer value)"
                }
                    ?? "-   not requested (--environment)"))
        let note = verified.hasWeakKey ? " (RSA-1024 leaf: evidence about history, not current proof)" : ""
        lines.append(TextReport.row("Verdict", "GENUINE — signature, chain and every requested check hold" + note))
        return TextReport.render(lines)
    }

    static func inspect(_ input: (bytes: [UInt8], name: String), json: Bool) -> Int32 {
        let receipt = parse(input.bytes, json: json)
        let certificate = receipt.signatureBlob.certificate
        if json {
            writeInspectJSON(receipt)
            return ExitCode.genuine
        }
        var lines = ["UNVERIFIED: decoded without checking signature, chain or policy. Nothing here is trustworthy."]
        lines.append(TextReport.row("Receipt", inputSummary(input.name, input.bytes)))
        lines += summary(receipt)
        lines.append("Certificate (embedded leaf)")
        lines += TextReport.certificateLines([certificate], anchorLast: false, locations: true)
        lines.append(TextReport.row("Verdict", "UNVERIFIED"))
        print(TextReport.render(lines))
        return ExitCode.genuine
    }

    /// The `--json` report of inspect, written with the library's JSONWriter (keys sorted; strings
    /// escaped per RFC 8259 §7).
    static func writeInspectJSON(_ receipt: LegacyTransactionReceipt) {
        let certificate = receipt.signatureBlob.certificate
        var json = JSONWriter(pretty: true)
        func pairs(_ entries: [LegacyPlistEntry]) {
            json.beginArray()
            for entry in entries {
                json.beginArray()
                json.string(entry.key)
                json.string(entry.value)
                json.endArray()
            }
            json.endArray()
        }
        json.beginObject()
        json.key("certificate")
        json.beginObject()
        json.field("issuer", certificate.issuer.description)
        json.field("key", certificate.publicKey.description)
        json.field("not_after", certificate.notAfter.description)
        json.field("not_before", certificate.notBefore.description)
        json.field("sha256", TextReport.hex(certificate.sha256Fingerprint()))
        json.field("subject", certificate.subject.description)
        TextReport.writeRevocationLocations(certificate, into: &json)
        json.endObject()
        json.field("format", "legacy-transaction-receipt")
        json.key("purchase_info")
        pairs(receipt.purchaseInfo.entries)
        json.key("receipt")
        pairs(receipt.entries)
        json.field("receipt_note", "outer pairs \(unsignedNote); only purchase_info is signed")
        json.field("verified", false)
        json.field("version", Int64(receipt.signatureBlob.version))
        json.field("warning", "unverified: nothing here is trustworthy")
        json.endObject()
        print(json.text)
    }

    /// dump: the outer plist and purchase-info pairs with their byte offsets, and the blob layout.
    static func dump(_ input: (bytes: [UInt8], name: String)) -> Int32 {
        let receipt = parse(input.bytes, json: false)
        let blob = receipt.signatureBlob
        /// `offset`, right-aligned in six columns, then `text`.
        func line(_ offset: Int, _ text: String) -> String {
            let number = String(offset)
            return String(repeating: " ", count: max(0, 6 - number.count)) + number + "  " + text
        }
        var lines = ["offset  receipt (old-style plist; outer pairs \(unsignedNote))"]
        for entry in receipt.entries {
            let value =
                entry.value.count > 72
                ? String(entry.value.prefix(72)) + "… (\(entry.value.utf8.count) bytes)" : entry.value
            lines.append(line(entry.offset, "\"\(entry.key)\" = \"\(value)\""))
        }
        lines.append("offset  purchase-info (\(receipt.purchaseInfoBytes.count) bytes, signed)")
        for entry in receipt.purchaseInfo.entries {
            lines.append(line(entry.offset, "\"\(entry.key)\" = \"\(entry.value)\""))
        }
        let certificateStart = blob.signature.endIndex + (blob.version == 1 ? 0 : 4)
        lines.append("offset  signature blob")
        lines.append(line(0, "version \(blob.version)"))
        lines.append(line(1, "RSA signature, \(blob.signature.count) bytes"))
        if blob.version != 1 { lines.append(line(blob.signature.endIndex, "certificate length (4 bytes)")) }
        lines.append(
            line(
                certificateStart, "certificate, \(blob.certificate.derEncoded.count) bytes: \(blob.certificate.subject)"
            ))
        if blob.version == 1 { lines.append(line(blob.certificate.derEncoded.endIndex, "00 00 00 00")) }
        // Each line escaped: the plist's escapes (`\033`, `\U202E`, …) decode to characters that
        // must not reach the terminal raw.
        print(TextReport.render(lines))
        return ExitCode.genuine
    }

    /// What the outer plist's pairs prove: nothing (only purchase-info is signed).
    static let unsignedNote = "unsigned: not covered by the signature, anyone can edit them"

    static func summary(_ receipt: LegacyTransactionReceipt) -> [String] {
        var lines = [
            TextReport.row("Format", "legacy transaction receipt, signature version \(receipt.signatureBlob.version)"),
            TextReport.row(
                "Environment", (receipt.environment ?? "Production (no environment key)") + "  (unsigned)"),
        ]
        // The outer pairs other than the signature and the signed purchase-info: shown (escaped
        // with the rest of the report) and labelled for what they are.
        lines.append("Outer pairs (\(unsignedNote))")
        for entry in receipt.entries
        where !entry.key.utf8.elementsEqual("signature".utf8) && !entry.key.utf8.elementsEqual("purchase-info".utf8) {
            lines.append(TextReport.row("  " + entry.key, entry.value))
        }
        lines.append("Purchase info (signed, file order)")
        for entry in receipt.purchaseInfo.entries { lines.append(TextReport.row("  " + entry.key, entry.value)) }
        return lines
    }

    static func parse(_ bytes: [UInt8], json: Bool) -> LegacyTransactionReceipt {
        do {
            return try LegacyTransactionReceipt(bytes)
        } catch {
            InputKind.explainIfNotReceipt(bytes, json: json)
            notWellFormed(
                VerificationError(.malformed, code: error.code, message: error.description, offset: error.offset),
                json: json)
        }
    }
}
