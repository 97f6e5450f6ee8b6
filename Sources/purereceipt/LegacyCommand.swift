// Legacy transaction receipts (iOS 3–6 `transactionReceipt`) in verify, inspect and dump: each
// command hands its input here when it is plist text or base64 of it. Exit statuses as for app
// receipts. `--root` certificates that are not self-issued are taken as the pinned intermediates
// (for a test PKI); self-issued ones as anchors. Options that only apply to app receipts
// (--bundle-version, --device-id, --xcode-root, --endpoint, --trust-first) make a legacy input
// one the command line does not fit: exit 2, code `input.optionNotApplicable` (not 64, which
// depends on the command line only).

import Foundation
import PureReceipt
import PureX509

enum LegacyCommand {
    static func isLegacy(_ bytes: [UInt8]) -> Bool { LegacyTransactionReceipt.isLegacyFormat(bytes) }

    static func verify(
        _ input: (bytes: [UInt8], name: String), options: ParsedArguments, policy: ReceiptPolicy, json: Bool
    ) -> Int32 {
        // What the options need is not what the input is: the input's fault, not the command
        // line's (exit 2, never 64: the usage status depends on the command line only). An input
        // that is no legacy receipt at all (e.g. JSON) is named as such first.
        let appReceiptOnly = ["--bundle-version", "--device-id", "--xcode-root", "--endpoint", "--trust-first"]
            .filter { options.last($0) != nil || options.flags.contains($0) }
        if let option = appReceiptOnly.first {
            _ = parse(input.bytes, json: json)
            VerifyCommand.notApplicable(
                "\(option) does not apply to legacy transaction receipts, and this input is one", json: json)
        }
        var legacy = LegacyReceiptPolicy(
            validityInstant: policy.validityInstant, bundleIdentifier: policy.bundleIdentifier)
        let roots = options.all("--root").flatMap { VerifyCommand.loadCertificates($0, option: "--root", json: json) }
        if !roots.isEmpty {
            legacy.anchors = TrustAnchors(certificates: roots.filter(\.isSelfIssued))
            legacy.intermediates = roots.filter { !$0.isSelfIssued }
        }
        if options.last("--environment") != nil {
            legacy.environments = policy.environments.map { $0 == .productionSandbox ? "Sandbox" : $0.rawValue }
        }
        let verified: VerifiedLegacyReceipt
        do {
            verified = try LegacyReceiptValidator.validate(input.bytes, policy: legacy)
        } catch {
            if error.verdict == .malformed { InputKind.explainIfNotReceipt(input.bytes, json: json) }
            if json { print(VerifyReceiptJSON.render(error).text) }
            VerifyCommand.report(VerifyCommand.verdictText(error.verdict), code: error.code, error.message)
            return error.verdict == .malformed ? ExitCode.malformed : ExitCode.notGenuine
        }
        if json {
            print(VerifyReceiptJSON.render(verified).text)
            return ExitCode.genuine
        }
        let receipt = verified.receipt
        var lines = [TextReport.row("Receipt", inputSummary(input.name, input.bytes))]
        lines += summary(receipt)
        lines.append("Chain (signer first)")
        lines += TextReport.certificateLines(verified.chain, anchorLast: true)
        lines.append("Checks")
        lines.append(TextReport.row("  signature", "ok  RSA PKCS #1 v1.5 with SHA-1 over version ‖ purchase-info"))
        lines.append(TextReport.row("  chain", "ok  leaf → pinned intermediate → anchor, leaf marker OID"))
        let source = policy.validityInstant == nil ? "purchase date" : "--at"
        lines.append(
            TextReport.row("  validity", "ok  every certificate valid at \(verified.validityInstant) (\(source))"))
        lines.append(
            TextReport.row(
                "  bundle id", legacy.bundleIdentifier.map { "ok  \"\($0)\"" } ?? "-   not requested (--bundle-id)"))
        lines.append(
            TextReport.row(
                "  environment",
                legacy.environments.map { "ok  \(receipt.environmentName) is one of \($0.joined(separator: ", "))" }
                    ?? "-   not requested (--environment)"))
        let note = verified.hasWeakKey ? " (RSA-1024 leaf: evidence about history, not current proof)" : ""
        lines.append(TextReport.row("Verdict", "GENUINE — signature, chain and every requested check hold" + note))
        print(lines.joined(separator: "\n"))
        return ExitCode.genuine
    }

    static func inspect(_ input: (bytes: [UInt8], name: String), json: Bool) -> Int32 {
        let receipt = parse(input.bytes, json: json)
        let certificate = receipt.signatureBlob.certificate
        if json {
            let object: [String: Any] = [
                "verified": false, "warning": "unverified: nothing here is trustworthy",
                "format": "legacy-transaction-receipt", "version": Int(receipt.signatureBlob.version),
                "receipt": receipt.entries.map { [$0.key, $0.value] },
                "purchase_info": receipt.purchaseInfo.entries.map { [$0.key, $0.value] },
                "certificate": [
                    "subject": certificate.subject.description, "issuer": certificate.issuer.description,
                    "not_before": certificate.notBefore.description, "not_after": certificate.notAfter.description,
                    "key": certificate.publicKey.description, "sha256": TextReport.hex(certificate.sha256Fingerprint()),
                ],
            ]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
            print(data.flatMap { String(data: $0, encoding: .utf8) } ?? "{}")
            return ExitCode.genuine
        }
        var lines = ["UNVERIFIED: decoded without checking signature, chain or policy. Nothing here is trustworthy."]
        lines.append(TextReport.row("Receipt", inputSummary(input.name, input.bytes)))
        lines += summary(receipt)
        lines.append("Certificate (embedded leaf)")
        lines += TextReport.certificateLines([certificate], anchorLast: false)
        lines.append(TextReport.row("Verdict", "UNVERIFIED"))
        print(lines.joined(separator: "\n"))
        return ExitCode.genuine
    }

    /// dump: the outer plist and purchase-info pairs with their byte offsets, and the blob layout.
    static func dump(_ input: (bytes: [UInt8], name: String)) -> Int32 {
        let receipt = parse(input.bytes, json: false)
        let blob = receipt.signatureBlob
        print("offset  receipt (old-style plist)")
        for entry in receipt.entries {
            let value =
                entry.value.count > 72
                ? String(entry.value.prefix(72)) + "… (\(entry.value.utf8.count) bytes)" : entry.value
            print(String(format: "%6d  ", entry.offset) + "\"\(entry.key)\" = \"\(value)\"")
        }
        print("offset  purchase-info (\(receipt.purchaseInfoBytes.count) bytes, signed)")
        for entry in receipt.purchaseInfo.entries {
            print(String(format: "%6d  ", entry.offset) + "\"\(entry.key)\" = \"\(entry.value)\"")
        }
        let certificateStart = blob.signature.endIndex + (blob.version == 1 ? 0 : 4)
        print("offset  signature blob")
        print(String(format: "%6d  ", 0) + "version \(blob.version)")
        print(String(format: "%6d  ", 1) + "RSA signature, \(blob.signature.count) bytes")
        if blob.version != 1 {
            print(String(format: "%6d  ", blob.signature.endIndex) + "certificate length (4 bytes)")
        }
        print(
            String(format: "%6d  ", certificateStart)
                + "certificate, \(blob.certificate.derEncoded.count) bytes: \(blob.certificate.subject)")
        if blob.version == 1 { print(String(format: "%6d  ", blob.certificate.derEncoded.endIndex) + "00 00 00 00") }
        return ExitCode.genuine
    }

    static func summary(_ receipt: LegacyTransactionReceipt) -> [String] {
        var lines = [
            TextReport.row("Format", "legacy transaction receipt, signature version \(receipt.signatureBlob.version)"),
            TextReport.row("Environment", receipt.environment ?? "Production (no environment key)"),
        ]
        lines.append("Purchase info (signed, file order)")
        for entry in receipt.purchaseInfo.entries { lines.append(TextReport.row("  " + entry.key, entry.value)) }
        return lines
    }

    static func parse(_ bytes: [UInt8], json: Bool) -> LegacyTransactionReceipt {
        do {
            return try LegacyTransactionReceipt(bytes)
        } catch {
            InputKind.explainIfNotReceipt(bytes, json: json)
            let failure = ReceiptValidationError(.malformed, code: error.code, error.description, offset: error.offset)
            if json { print(VerifyReceiptJSON.render(failure).text) }
            fail("not a well-formed receipt: \(failure.code): \(failure.message)", ExitCode.malformed)
        }
    }
}
