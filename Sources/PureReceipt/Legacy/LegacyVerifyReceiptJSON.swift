// LegacyVerifyReceiptJSON: a verified legacy receipt as Apple's deprecated verifyReceipt endpoint
// answered for it: `{"status": 0, "receipt": {…}}`, the purchase-info keys in file order with `-`
// turned into `_` and every value a string, as the endpoint returned them. Failures use
// `VerifyReceiptJSON.render(_:)` (status 21002 malformed, 21003 not authentic or a failed check).

extension VerifyReceiptJSON {
    /// The verifyReceipt response for a verified legacy receipt.
    public static func render(_ verified: VerifiedLegacyReceipt, pretty: Bool = true) -> VerifyReceiptDocument {
        var json = JSONWriter(pretty: pretty)
        json.beginObject()
        json.field("status", Int64(0))
        json.key("receipt")
        json.beginObject()
        for entry in verified.receipt.purchaseInfo.entries {
            // Apple legacy rule (json-keys): verifyReceipt wrote each key with `-` replaced by `_`.
            json.key(String(decoding: entry.key.utf8.map { $0 == 0x2D ? 0x5F : $0 }, as: UTF8.self))
            json.string(entry.value)
        }
        json.endObject()
        json.endObject()
        return VerifyReceiptDocument(status: 0, bytes: json.bytes)
    }
}
