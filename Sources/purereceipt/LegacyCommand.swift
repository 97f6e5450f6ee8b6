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
    static func writeVerified(_ verified: VerifiedLegacyReceipt, policy: LegacyReceiptPolicy, source: String) {
        let receipt = verified.receipt
        let instantSource = policy.validityInstant == nil ? "purchase date" : "--at"
        let environment = policy.environments.map {
            "\(receipt.environmentName) is one of \($0.joined(separator: ", ")) (an unsigned outer value)"
        }
        let note = verified.hasWeakKey ? " (RSA-1024 leaf: evidence about history, not current proof)" : ""
        TextReport.writeVerified(
            chain: verified.chain,
            checks: [
                ("signature", "ok  RSA PKCS #1 v1.5 with SHA-1 over version ‖ purchase-info"),
                ("chain", "ok  leaf → pinned intermediate → anchor, leaf marker OID"),
                ("validity", "ok  every certificate valid at \(verified.validityInstant) (\(instantSource))"),
                ("bundle id", TextReport.requested(quoting: policy.bundleIdentifier, "--bundle-id")),
                ("product id", TextReport.requested(quoting: policy.productIdentifier, "--product-id")),
                ("environment", TextReport.requested(environment, "--environment")),
            ], verdict: TextReport.genuine + note
        ) { out in
            out.emit(TextReport.row("Receipt", source))
            summary(receipt).forEach(out.emit)
        }
    }

    static func inspect(_ input: (bytes: [UInt8], name: String), json: Bool) -> Int32 {
        let receipt = parse(input.bytes, json: json)
        if json {
            writeInspectJSON(receipt)
            return ExitCode.genuine
        }
        TextReport.writeUnverified { out in
            out.emit(TextReport.row("Receipt", inputSummary(input.name, input.bytes)))
            summary(receipt).forEach(out.emit)
            out.emit("Certificate (embedded leaf)")
            TextReport.certificateLines([receipt.signatureBlob.certificate], anchorLast: false, locations: true)
                .forEach(out.emit)
        }
        return ExitCode.genuine
    }

    /// The `--json` report of inspect, written with the library's JSONWriter (keys sorted; strings
    /// escaped per RFC 8259 §7).
    static func writeInspectJSON(_ receipt: LegacyTransactionReceipt) {
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
        TextReport.writeCertificate(receipt.signatureBlob.certificate, detailed: false, into: &json)
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
        func line(_ offset: Int, _ text: String) -> String { TextReport.padLeft(String(offset), 6) + "  " + text }
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
        TextReport.write { lines.forEach($0.emit) }
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
            notWellFormed(
                VerificationError(.malformed, code: error.code, message: error.description, offset: error.offset),
                json: json, bytes: bytes)
        }
    }
}
