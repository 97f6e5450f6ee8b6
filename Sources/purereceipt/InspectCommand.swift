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
                notWellFormed(error, json: json, bytes: bytes, base64: base64)
            }
            if json {
                writeInspectJSON(parsed)
            } else {
                TextReport.writeUnverified { inspectText(parsed, source: source, emit: $0.emit) }
            }
            return ExitCode.genuine
        }
    }

    static func signerDescription(_ signer: SignerInfo) -> [String] {
        let identifier: String
        switch signer.signerIdentifier {
        case .issuerAndSerialNumber(_, let serial): identifier = "issuer and serial number \(TextReport.hex(serial))"
        case .subjectKeyIdentifier(let keyID): identifier = "subject key identifier \(TextReport.hex(keyID))"
        }
        let signature: String
        switch signer.signatureAlgorithm {
        case .rsaEncryption: signature = "rsaEncryption (bare)"
        case .rsaWithDigest(let hash): signature = "\(hash.name) with RSA"
        }
        let rows = [
            ("identified by", identifier), ("version", String(signer.version)),
            ("digest", signer.digestAlgorithm.name), ("signature", signature),
            ("signed attributes", signer.signedAttributes == nil ? "none" : "present"),
            ("signature bytes", String(signer.signature.count)),
        ]
        return rows.map { TextReport.row("  " + $0, $1) }
    }

    /// The report between inspect's warning and verdict, one line at a time (streamed: a large
    /// receipt's lines are never held together).
    static func inspectText(_ parsed: UnverifiedReceipt, source: String, emit: (String) -> Void) {
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
    }

    static func rawLine(_ attribute: ReceiptAttribute, inApp: Bool) -> String {
        let name = attributeName(attribute.type, inApp: inApp)
        let label = TextReport.padLeft(String(attribute.type), 4) + " " + TextReport.pad(name, max(31, name.count + 1))
        return label + "v\(attribute.version)  " + valueText(attribute)
    }

    /// The name of an attribute type: an in-app purchase's, or the receipt's.
    static func attributeName(_ type: Int64, inApp: Bool) -> String {
        inApp ? ReceiptAttributeType.name(ofInApp: type) : ReceiptAttributeType.name(ofTopLevel: type)
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
            TextReport.writeCertificate(parsed.signedData.certificates[index], detailed: true, into: &piece)
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
        writeStandardOutput(json.endUnverified())
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
        json.beginObject()
        json.field(Name.name, attributeName(attribute.type, inApp: inApp))
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
