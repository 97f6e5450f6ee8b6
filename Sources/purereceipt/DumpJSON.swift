// dump --json: the dump as one JSON document, for each format dump reads. Nothing is verified:
// every document says `"verified": false`. Members are snake_case, as in inspect --json; byte
// offsets are from the start of the bytes dumped (the DER after base64 decoding, the compact JWS
// without surrounding white space, the plist text after base64 decoding for the pairs and the
// signature blob for its layout). The shapes (README.md, "dump --json"):
//
//   app receipt  {"format": "app-receipt", "bytes": N, "elements": [ELEMENT, …], "verified", "warning"}
//                ELEMENT = {"offset", "header", "length" (null: indefinite), "depth", "tag",
//                "value"? (a string whole; other primitives as the text dump annotates them:
//                INTEGER decimal, OID dotted with its name, times, the first 16 bytes of an OCTET or
//                BIT STRING in hex), "attribute"? {"type", "name"}}
//                in pre-order; an indefinite length's end is {"offset", "header": 2, "length": 0,
//                "depth", "tag": "end-of-contents"}
//   JWS          {"format": "jws", "bytes", "notification_body", "header": {…as signed…},
//                "certificates": [{"subject", "issuer", "bytes"}], "payload_bytes",
//                "payload": JSON as signed (null when not JSON), "signature_hex", …}
//   legacy       {"format": "legacy-transaction-receipt", "receipt": [PAIR, …],
//                "purchase_info": {"bytes", "pairs": [PAIR, …]}, "signature_blob": {"version",
//                "signature_bytes", "certificate": {"offset", "bytes", "subject"}}, …}
//                PAIR = {"offset", "key", "value"}, in file order, values whole
//
// On input that is not well-formed, the same document as inspect --json (status 21002, or for a
// JWS {"verdict": "malformed", …}) and exit 2. An app receipt's tree is walked once before any of
// it is written, so a failure never leaves half a document; the document itself is written in
// pieces (one element per line), never held whole.

import PureDER
import PureJSON
import PureReceipt
import PureX509

enum DumpJSON {
    static let warning = "unverified: nothing here is trustworthy"

    static func appReceipt(_ bytes: [UInt8]) -> Int32 {
        let cursor: DERCursor
        do {
            cursor = try DERCursor(bytes, rules: .ber)
            try cursor.walk { _ in }
        } catch {
            notWellFormed(VerificationError(.malformed, code: error.code, message: "\(error)"), json: true)
        }
        var dumper = Dumper()
        dumper.json = JSONWriter(pretty: true, capacity: 1 << 17)
        dumper.json?.beginObject()
        dumper.json?.field("format", "app-receipt")
        dumper.json?.field("bytes", Int64(bytes.count))
        dumper.json?.key("elements")
        dumper.json?.beginArray()
        do {
            try dumper.dump(cursor, indent: 0, attributeContext: nil)
        } catch {
            // Not reached: the walk above read every element the dump reads.
            notWellFormed(VerificationError(.malformed, code: error.code, message: "\(error)"), json: false)
        }
        dumper.json?.endArray()
        InspectCommand.writeStandardOutput(dumper.json?.endUnverified() ?? [])
        return ExitCode.genuine
    }

    static func signedData(_ data: SignedDataInput) -> Int32 {
        let jws = SignedDataReport.parse(data, json: true)
        var json = JSONWriter(pretty: true)
        json.beginObject()
        json.field("format", "jws")
        json.field("bytes", Int64(data.jws.count))
        json.field("notification_body", data.isNotificationBody)
        json.key("header")
        json.object(jws.header)
        json.key("certificates")
        json.beginArray()
        for certificate in jws.certificates {
            json.beginObject()
            json.field("subject", certificate.subject.description)
            json.field("issuer", certificate.issuer.description)
            json.field("bytes", Int64(certificate.derEncoded.count))
            json.endObject()
        }
        json.endArray()
        json.field("payload_bytes", Int64(jws.payload.count))
        json.key("payload")
        if let payload = try? JSONReader.read(jws.payload) { json.value(payload) } else { json.null() }
        json.field("signature_hex", TextReport.hex(jws.signature))
        InspectCommand.writeStandardOutput(json.endUnverified())
        return ExitCode.genuine
    }

    static func legacy(_ input: (bytes: [UInt8], name: String)) -> Int32 {
        let receipt = LegacyCommand.parse(input.bytes, json: true)
        let blob = receipt.signatureBlob
        var json = JSONWriter(pretty: true)
        func pairs(_ entries: [LegacyPlistEntry]) {
            json.beginArray()
            for entry in entries {
                json.beginObject()
                json.field("offset", Int64(entry.offset))
                json.field("key", entry.key)
                json.field("value", entry.value)
                json.endObject()
            }
            json.endArray()
        }
        json.beginObject()
        json.field("format", "legacy-transaction-receipt")
        json.key("receipt")
        pairs(receipt.entries)
        json.field("receipt_note", "outer pairs \(LegacyCommand.unsignedNote); only purchase_info is signed")
        json.key("purchase_info")
        json.beginObject()
        json.field("bytes", Int64(receipt.purchaseInfoBytes.count))
        json.key("pairs")
        pairs(receipt.purchaseInfo.entries)
        json.endObject()
        json.key("signature_blob")
        json.beginObject()
        json.field("version", Int64(blob.version))
        json.field("signature_bytes", Int64(blob.signature.count))
        json.key("certificate")
        json.beginObject()
        json.field("offset", Int64(blob.signature.endIndex + (blob.version == 1 ? 0 : 4)))
        json.field("bytes", Int64(blob.certificate.derEncoded.count))
        json.field("subject", blob.certificate.subject.description)
        json.endObject()
        json.endObject()
        InspectCommand.writeStandardOutput(json.endUnverified())
        return ExitCode.genuine
    }
}

extension JSONWriter {
    /// The document's last members, `"verified": false` and the warning, its end, and what is left
    /// of it to write (with the line feed that ends it).
    mutating func endUnverified() -> [UInt8] {
        field("verified", false)
        field("warning", DumpJSON.warning)
        endObject()
        return drain() + [0x0A]
    }
}

extension Dumper {
    /// One element of the app receipt's tree, as one compact line of the `elements` array.
    mutating func jsonElement(_ element: DERElement, depth: Int, attribute: (type: Int64, name: String)?, value: String)
    {
        let length = element.isIndefinite ? nil : element.contentRange.count
        jsonPiece(
            offset: element.start, header: element.headerLength, length: length, depth: depth,
            tag: element.tag.description
        ) { piece in
            // A string whole, as decoded (JSON escapes it); anything else the text dump's annotation.
            let stringTags: [DERTag] = [.utf8String, .ia5String, .printableString, .t61String, .bmpString]
            if stringTags.contains(element.tag), var cursor = DERCursorFactory.single(element),
                let string = try? cursor.readString("string")
            {
                piece.field("value", string.value)
            } else if !value.isEmpty {
                piece.field("value", value.hasPrefix(" ") ? String(value.dropFirst()) : value)
            }
            if let attribute {
                piece.key("attribute")
                piece.beginObject()
                piece.field("type", attribute.type)
                piece.field("name", attribute.name)
                piece.endObject()
            }
        }
    }

    /// One compact line of the `elements` array (`length` nil: indefinite); `more` writes the members
    /// after `tag`.
    mutating func jsonPiece(
        offset: Int, header: Int, length: Int?, depth: Int, tag: String, more: (inout JSONWriter) -> Void = { _ in }
    ) {
        var piece = JSONWriter(capacity: 256)
        piece.beginObject()
        piece.field("offset", Int64(offset))
        piece.field("header", Int64(header))
        piece.key("length")
        if let length { piece.integer(Int64(length)) } else { piece.null() }
        piece.field("depth", Int64(depth))
        piece.field("tag", tag)
        more(&piece)
        piece.endObject()
        appendJSON(piece.bytes)
    }

    /// Appends a piece to the document, writing it out every 64 KiB.
    private mutating func appendJSON(_ bytes: [UInt8]) {
        json?.json(bytes)
        if let count = json?.bytes.count, count >= 1 << 16, let out = json?.drain() {
            InspectCommand.writeStandardOutput(out)
        }
    }
}
