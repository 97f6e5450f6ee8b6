// inspect: decode WITHOUT verifying — attributes (named and raw), in-app purchases, certificates,
// signer and algorithms. Every output says "unverified".

import Foundation
import PureCrypto
import PureDER
import PureReceipt
import PureX509

enum InspectCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let options: ParsedArguments
        do {
            options = try parseArguments(arguments, valued: [], flags: ["--json"])
        } catch {
            if case .message(let text) = error { usageError(text) }
            return ExitCode.usage
        }
        let input = readInput(options.positional.first)
        if let signed = SignedDataInput.detect(input.bytes) {
            return SignedDataReport.inspect(input, signed, json: options.flags.contains("--json"))
        }
        if LegacyCommand.isLegacy(input.bytes) {
            return LegacyCommand.inspect(input, json: options.flags.contains("--json"))
        }
        let parsed: UnverifiedReceipt
        do {
            parsed = try ReceiptValidator.parseUnverified(input.bytes)
        } catch {
            InputKind.explainIfNotReceipt(input.bytes, json: options.flags.contains("--json"))
            if options.flags.contains("--json") { print(VerifyReceiptJSON.render(error).text) }
            fail("not a well-formed receipt: \(error.code): \(error.message)", ExitCode.malformed)
        }
        if options.flags.contains("--json") {
            writeInspectJSON(parsed)
        } else {
            inspectText(parsed, source: inputSummary(input.name, input.bytes)) { print($0.displayEscaped) }
        }
        return ExitCode.genuine
    }

    static func signerDescription(_ signer: SignerInfo) -> [String] {
        var lines: [String] = []
        switch signer.signerIdentifier {
        case .issuerAndSerialNumber(_, let serial):
            lines.append(TextReport.row("  identified by", "issuer and serial number \(TextReport.hex(serial))"))
        case .subjectKeyIdentifier(let keyID):
            lines.append(TextReport.row("  identified by", "subject key identifier \(TextReport.hex(keyID))"))
        }
        lines.append(TextReport.row("  version", String(signer.version)))
        lines.append(TextReport.row("  digest", signer.digestAlgorithm.name))
        switch signer.signatureAlgorithm {
        case .rsaEncryption: lines.append(TextReport.row("  signature", "rsaEncryption (bare)"))
        case .rsaWithDigest(let hash): lines.append(TextReport.row("  signature", "\(hash.name) with RSA"))
        }
        lines.append(TextReport.row("  signed attributes", signer.signedAttributes == nil ? "none" : "present"))
        lines.append(TextReport.row("  signature bytes", String(signer.signature.count)))
        return lines
    }

    /// The report, one line at a time (streamed: a large receipt's lines are never held together).
    static func inspectText(_ parsed: UnverifiedReceipt, source: String, emit: (String) -> Void) {
        emit("UNVERIFIED: decoded without checking signature, chain or policy. Nothing here is trustworthy.")
        emit(TextReport.row("Receipt", source))
        TextReport.receiptLines(parsed.receipt).forEach(emit)
        emit("Attributes (raw, file order)")
        for attribute in parsed.receipt.rawAttributes {
            emit("  " + rawLine(attribute, inApp: false))
        }
        for (index, purchase) in parsed.receipt.inAppPurchases.enumerated() {
            emit("In-app purchase \(index) (raw)")
            for attribute in purchase.rawAttributes { emit("  " + rawLine(attribute, inApp: true)) }
        }
        emit("Certificates (\(parsed.signedData.certificates.count), as stored)")
        TextReport.certificateLines(parsed.signedData.certificates, anchorLast: false).forEach(emit)
        emit("Signers (\(parsed.signedData.signerInfos.count))")
        for signer in parsed.signedData.signerInfos { signerDescription(signer).forEach(emit) }
        emit(TextReport.row("Verdict", "UNVERIFIED"))
    }

    static func rawLine(_ attribute: ReceiptAttribute, inApp: Bool) -> String {
        let name =
            inApp
            ? ReceiptAttributeType.name(ofInApp: attribute.type)
            : ReceiptAttributeType.name(ofTopLevel: attribute.type)
        let type = String(attribute.type)
        let label =
            String(repeating: " ", count: max(0, 4 - type.count)) + type + " "
            + TextReport.pad(name, max(31, name.count + 1))
        return label + "v\(attribute.version)  " + valueText(attribute)
    }

    /// The value as text when it holds one DER string or integer, else hex.
    static func valueText(_ attribute: ReceiptAttribute) -> String {
        if attribute.type == 17 { return "(in-app purchase set, \(attribute.value.count) bytes)" }
        if let bytes = Optional(Array(attribute.value)), var cursor = try? DERCursor(bytes) {
            if let string = try? cursor.readString("value"), cursor.isAtEnd { return "\"\(string.value)\"" }
        }
        if var cursor = try? DERCursor(Array(attribute.value)) {
            if let integer = try? cursor.readInt64("value"), cursor.isAtEnd { return String(integer) }
        }
        return TextReport.hex(attribute.value)
    }

    /// The `--json` report, written piece by piece: each attribute, in-app record, certificate and
    /// signer is serialized on its own line, so a receipt of 100 000 records is never one object tree.
    static func writeInspectJSON(_ parsed: UnverifiedReceipt) {
        func piece(_ object: Any) -> String {
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
                return "{}"
            }
            return String(decoding: data, as: UTF8.self)
        }
        /// `"key": [` one piece per line `],` (keys written in sorted order, as before).
        func array(_ key: String, _ count: Int, _ element: (Int) -> Any) {
            print("  \"\(key)\": [")
            for index in 0..<count {
                let value = element(index)
                let text = value as? String ?? piece(value)  // a String is an already written piece
                print("    " + text + (index + 1 < count ? "," : ""))
            }
            print("  ],")
        }
        let receipt = parsed.receipt
        print("{")
        array("attributes", receipt.rawAttributes.count) { rawJSON(receipt.rawAttributes[$0], inApp: false) }
        array("certificates", parsed.signedData.certificates.count) { index -> Any in
            let certificate = parsed.signedData.certificates[index]
            return [
                "subject": certificate.subject.description, "issuer": certificate.issuer.description,
                "not_before": certificate.notBefore.description, "not_after": certificate.notAfter.description,
                "serial": TextReport.hex(certificate.serialNumber), "key": certificate.publicKey.description,
                "signature_algorithm": TextReport.describe(certificate.signatureAlgorithm),
                "sha256": TextReport.hex(certificate.sha256Fingerprint()),
            ]
        }
        array("in_app", receipt.inAppPurchases.count) { index -> String in
            "[" + receipt.inAppPurchases[index].rawAttributes.map { rawJSON($0, inApp: true) }.joined(separator: ",")
                + "]"
        }
        array("signers", parsed.signedData.signerInfos.count) { index -> Any in
            let signer = parsed.signedData.signerInfos[index]
            var entry: [String: Any] = [
                "version": signer.version, "digest": signer.digestAlgorithm.name,
                "signed_attributes": signer.signedAttributes != nil,
            ]
            switch signer.signatureAlgorithm {
            case .rsaEncryption: entry["signature_algorithm"] = "rsaEncryption"
            case .rsaWithDigest(let hash): entry["signature_algorithm"] = "\(hash.name)WithRSA"
            }
            return entry
        }
        print("  \"verified\": false,")
        print("  \"warning\": \"unverified: nothing here is trustworthy\"")
        print("}")
    }

    /// One raw attribute as a JSON object, keys sorted, written directly: JSONSerialization costs
    /// about 30 µs per attribute on Linux, and a large receipt has a million of them.
    static func rawJSON(_ attribute: ReceiptAttribute, inApp: Bool) -> String {
        let name =
            inApp
            ? ReceiptAttributeType.name(ofInApp: attribute.type)
            : ReceiptAttributeType.name(ofTopLevel: attribute.type)
        return "{\"name\":\(jsonString(name)),\"offset\":\(attribute.offset),\"type\":\(attribute.type),"
            + "\"value\":\(jsonString(valueText(attribute))),\"value_hex\":\"\(TextReport.hex(attribute.value))\","
            + "\"version\":\(attribute.version)}"
    }

    /// RFC 8259 §7: a string with `"`, `\\` and the control characters U+0000–U+001F escaped.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u00" + TextReport.hex([UInt8(scalar.value)])
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
