// inspect: decode WITHOUT verifying — attributes (named and raw), in-app purchases, certificates,
// signer and algorithms. Every output says "unverified".

import Foundation
import PureCrypto
import PureDER
import PureReceipt
import PureX509

enum InspectCommand {
    static func run(_ arguments: [String]) -> Int32 {
        DecodingCommand.run(
            arguments, command: "inspect", signedData: SignedDataReport.inspect, legacy: LegacyCommand.inspect
        ) { bytes, source, base64, json in
            let parsed: UnverifiedReceipt
            do throws(VerificationError) {
                parsed = try ReceiptValidator.parseUnverified(bytes)
            } catch {
                InputKind.explainIfNotReceipt(bytes, base64: base64, json: json)
                notWellFormed(error, json: json)
            }
            if json {
                writeInspectJSON(parsed)
            } else {
                inspectText(parsed, source: source) { print($0.displayEscaped) }
            }
            return ExitCode.genuine
        }
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
        TextReport.receiptLines(parsed.receipt, emit: emit)
        emit("Attributes (raw, file order)")
        parsed.receipt.forEachRawAttribute { emit("  " + rawLine($0, inApp: false)) }
        for (index, purchase) in parsed.receipt.inAppPurchases.enumerated() {
            emit("In-app purchase \(index) (raw)")
            for attribute in purchase.rawAttributes { emit("  " + rawLine(attribute, inApp: true)) }
        }
        emit("Certificates (\(parsed.signedData.certificates.count), as stored)")
        TextReport.certificateLines(parsed.signedData.certificates, anchorLast: false, locations: true).forEach(emit)
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

    /// The `--json` report, written with the library's JSONWriter: each attribute, in-app record,
    /// certificate and signer is one compact line (keys in sorted order, as before), and the text
    /// goes to standard output every 64 KiB, so a receipt of 100 000 records is never held whole.
    static func writeInspectJSON(_ parsed: UnverifiedReceipt) {
        var json = JSONWriter(pretty: true, capacity: 1 << 17)
        /// One compact piece as an array element on its own line.
        func piece(_ write: (inout JSONWriter) -> Void) {
            var piece = JSONWriter(capacity: 256)
            write(&piece)
            json.json(piece.bytes)
            if json.bytes.count >= 1 << 16 { writeStandardOutput(json.drain()) }
        }
        /// `"key": [` then one compact piece per line.
        func array(_ key: JSONWriter.Key, _ count: Int, _ element: (Int, inout JSONWriter) -> Void) {
            json.key(key)
            json.beginArray()
            for index in 0..<count { piece { element(index, &$0) } }
            json.endArray()
        }
        let receipt = parsed.receipt
        json.beginObject()
        json.key("attributes")
        json.beginArray()
        // One at a time: the top level holds one attribute per in-app record.
        receipt.forEachRawAttribute { attribute in piece { writeRaw(attribute, inApp: false, into: &$0) } }
        json.endArray()
        array("certificates", parsed.signedData.certificates.count) { index, piece in
            let certificate = parsed.signedData.certificates[index]
            piece.beginObject()
            piece.field("issuer", certificate.issuer.description)
            piece.field("key", certificate.publicKey.description)
            piece.field("not_after", certificate.notAfter.description)
            piece.field("not_before", certificate.notBefore.description)
            piece.field("serial", TextReport.hex(certificate.serialNumber))
            piece.field("sha256", TextReport.hex(certificate.sha256Fingerprint()))
            piece.field("signature_algorithm", TextReport.describe(certificate.signatureAlgorithm))
            piece.field("subject", certificate.subject.description)
            TextReport.writeRevocationLocations(certificate, into: &piece)
            piece.endObject()
        }
        array("in_app", receipt.inAppPurchases.count) { index, piece in
            piece.beginArray()
            for attribute in receipt.inAppPurchases[index].rawAttributes {
                writeRaw(attribute, inApp: true, into: &piece)
            }
            piece.endArray()
        }
        array("signers", parsed.signedData.signerInfos.count) { index, piece in
            let signer = parsed.signedData.signerInfos[index]
            piece.beginObject()
            piece.field("digest", signer.digestAlgorithm.name)
            switch signer.signatureAlgorithm {
            case .rsaEncryption: piece.field("signature_algorithm", "rsaEncryption")
            case .rsaWithDigest(let hash): piece.field("signature_algorithm", "\(hash.name)WithRSA")
            }
            piece.field("signed_attributes", signer.signedAttributes != nil)
            piece.field("version", Int64(signer.version))
            piece.endObject()
        }
        json.field("verified", false)
        json.field("warning", "unverified: nothing here is trustworthy")
        json.endObject()
        writeStandardOutput(json.drain() + [0x0A])
    }

    /// Member names of a raw attribute, encoded once.
    private enum Name {
        static let name: JSONWriter.Key = "name"
        static let offset: JSONWriter.Key = "offset"
        static let type: JSONWriter.Key = "type"
        static let value: JSONWriter.Key = "value"
        static let valueHex: JSONWriter.Key = "value_hex"
        static let version: JSONWriter.Key = "version"
    }

    /// One raw attribute as a JSON object, keys sorted.
    static func writeRaw(_ attribute: ReceiptAttribute, inApp: Bool, into json: inout JSONWriter) {
        let name =
            inApp
            ? ReceiptAttributeType.name(ofInApp: attribute.type)
            : ReceiptAttributeType.name(ofTopLevel: attribute.type)
        json.beginObject()
        json.field(Name.name, name)
        json.field(Name.offset, Int64(attribute.offset))
        json.field(Name.type, Int64(attribute.type))
        json.field(Name.value, valueText(attribute))
        var hex: [UInt8] = []
        TextReport.appendHex(attribute.value, to: &hex)
        json.field(Name.valueHex, utf8: hex[...])
        json.field(Name.version, Int64(attribute.version))
        json.endObject()
    }

    /// Writes UTF-8 bytes to standard output, after whatever `print` still buffers.
    static func writeStandardOutput(_ bytes: [UInt8]) {
        fflush(nil)
        FileHandle.standardOutput.write(Data(bytes))
    }
}
