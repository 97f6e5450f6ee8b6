// VerifyReceiptJSON: renders a verified receipt (or a failure) as the document Apple's deprecated
// verifyReceipt endpoint returned, for code written against it.
//
// Field names, typing and date triples follow RECEIPT-FIELDS.md: dates as
// "YYYY-MM-DD HH:MM:SS Etc/GMT", `_ms` as a string of epoch milliseconds, `_pst` in
// America/Los_Angeles; every `in_app` scalar is a string; `adam_id`, `app_item_id`, `download_id`
// and `version_external_identifier` are JSON numbers written exactly (they can exceed 2^53).
// Not produced (impossible locally): latest_receipt, latest_receipt_info, pending_renewal_info.

/// Which verifyReceipt endpoint is emulated, for statuses 21007 and 21008.
public enum VerifyReceiptEndpoint: Sendable {
    /// No emulation: any environment the policy accepted gives status 0.
    case any
    /// The production endpoint: a sandbox receipt gives 21007.
    case production
    /// The sandbox endpoint: a production receipt gives 21008.
    case sandbox
}

/// A rendered JSON document and its status.
public struct VerifyReceiptDocument: Sendable {
    /// The document's `status`: 0, or the endpoint's error status (21002, 21003, 21007, 21008, 21010).
    public let status: Int
    /// The JSON text as UTF-8, as rendered (write it out as is; no String is built).
    public let bytes: [UInt8]
    /// The JSON text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Renders receipts and failures as the JSON documents of Apple's deprecated verifyReceipt endpoint
/// (field names and typing in `Docs/JSON.md`).
public enum VerifyReceiptJSON {
    /// The verifyReceipt response for a verified receipt.
    ///
    /// `VerifyReceiptJSON.render(verified)` is the whole document for the receipt's own environment:
    /// status 0 and `environment` `Production` or `Sandbox`, as the matching endpoint answered.
    ///
    /// - Parameters:
    ///   - verified: a receipt that passed ``ReceiptValidator``.
    ///   - endpoint: the endpoint to emulate. The default, ``VerifyReceiptEndpoint/any``, is the
    ///     one matching the receipt's environment; `.production` or `.sandbox` give status 21007 or
    ///     21008 for a receipt of the other environment, as Apple's endpoints did.
    ///   - requestDate: fills `request_date`, `request_date_ms` and `request_date_pst`; when nil (the
    ///     default) they are left out rather than invented.
    ///   - pretty: indented output (the default) or one line.
    public static func render(
        _ verified: VerifiedReceipt, endpoint: VerifyReceiptEndpoint = .any,
        requestDate: Instant? = nil, pretty: Bool = true
    ) -> VerifyReceiptDocument {
        // About 900 bytes per pretty-printed in-app purchase; the count is capped so the estimate
        // cannot overflow, also where Int has 32 bits (wasm32); a larger document grows the buffer.
        let count = verified.receipt.inAppPurchases.count
        var json = JSONWriter(pretty: pretty, capacity: 1024 * (2 + min(count, 1 << 20)))
        let status = write(verified, endpoint, requestDate, into: &json) { _ in }  // kept whole
        return VerifyReceiptDocument(status: status, bytes: json.bytes)
    }

    /// The same document as `render(_:endpoint:requestDate:pretty:)`, handed to `write` in pieces
    /// of about 64 KB, so that it is never held whole (with many in-app purchases it is about three
    /// times the receipt's size). Returns the document's status.
    public static func render(
        _ verified: VerifiedReceipt, endpoint: VerifyReceiptEndpoint = .any, requestDate: Instant? = nil,
        pretty: Bool = true, to write: ([UInt8]) -> Void
    ) -> Int {
        var json = JSONWriter(pretty: pretty, capacity: 1 << 17)
        let status = self.write(verified, endpoint, requestDate, into: &json) { write($0.drain()) }
        write(json.drain())
        return status
    }

    private static func write(
        _ verified: VerifiedReceipt, _ endpoint: VerifyReceiptEndpoint, _ requestDate: Instant?,
        into json: inout JSONWriter, flush: (inout JSONWriter) -> Void
    ) -> Int {
        let receipt = verified.receipt
        let isProduction = receipt.environment == .production || receipt.environment == .productionVPP
        let status = self.status(verified, endpoint: endpoint)
        let name = Names.shared
        json.beginObject()
        json.field(name.status, Int64(status))
        if status != 0 {
            let sandbox = status == 21007
            let code = sandbox ? "environment.sandboxReceipt" : "environment.productionReceipt"
            json.field("reason", code)
            json.field("verdict", VerificationError.Verdict.policyFailed.rawValue)
            json.field("code", code)
            let message = sandbox ? "sandbox receipt sent to the production" : "production receipt sent to the sandbox"
            json.field("message", message + " endpoint")
        }
        json.field(name.environment, isProduction ? "Production" : "Sandbox")
        if status == 0 {
            json.key(name.receipt)
            writeReceipt(receipt, requestDate: requestDate, into: &json, flush: flush)
        }
        json.endObject()
        return status
    }

    /// The `status` `render(_:endpoint:requestDate:pretty:)` gives, without rendering: 0, or 21007
    /// (a sandbox receipt at `.production`) or 21008 (a production receipt at `.sandbox`).
    public static func status(_ verified: VerifiedReceipt, endpoint: VerifyReceiptEndpoint) -> Int {
        let environment = verified.receipt.environment
        let isProduction = environment == .production || environment == .productionVPP
        switch endpoint {
        case .production where !isProduction: return 21007
        case .sandbox where isProduction: return 21008
        default: return 0
        }
    }

    /// The response for a receipt that failed validation: `status` (21002, 21003 or 21010) with the
    /// machine-readable code as `reason` (verifyReceipt's member), the verdict class, the same code as
    /// `code` (every failure document's member, StoreKit data's too) and a message.
    public static func render(_ error: VerificationError, pretty: Bool = true) -> VerifyReceiptDocument {
        var json = JSONWriter(pretty: pretty)
        json.beginObject()
        json.field("status", Int64(error.status))
        json.field("reason", error.code)
        json.field("verdict", error.verdict.rawValue)
        json.field("code", error.code)
        json.field("message", error.message)
        if let offset = error.offset { json.field("offset", Int64(offset)) }
        json.endObject()
        return VerifyReceiptDocument(status: error.status, bytes: json.bytes)
    }

    /// Member names of the receipt document, encoded once. A document reads `shared` once and
    /// passes it on (each access to a global constant costs a lazy-initialisation check).
    private struct Names: Sendable {
        static let shared = Names()
        let status = JSONWriter.Key("status"), environment = JSONWriter.Key("environment")
        let receipt = JSONWriter.Key("receipt")
        let receiptType = JSONWriter.Key("receipt_type", depth: 2)
        let adamID = JSONWriter.Key("adam_id", depth: 2)
        let appItemID = JSONWriter.Key("app_item_id", depth: 2)
        let bundleID = JSONWriter.Key("bundle_id", depth: 2)
        let applicationVersion = JSONWriter.Key("application_version", depth: 2)
        let downloadID = JSONWriter.Key("download_id", depth: 2)
        let versionExternalIdentifier = JSONWriter.Key("version_external_identifier", depth: 2)
        let receiptCreationDate = DateNames("receipt_creation_date", depth: 2)
        let requestDate = DateNames("request_date", depth: 2)
        let originalPurchaseDate = DateNames("original_purchase_date", depth: 2)
        let inAppOriginalPurchaseDate = DateNames("original_purchase_date", depth: 4)
        let originalApplicationVersion = JSONWriter.Key("original_application_version", depth: 2)
        let expirationDate = DateNames("expiration_date", depth: 2)
        let preorderDate = DateNames("preorder_date", depth: 2)
        let inApp = JSONWriter.Key("in_app", depth: 2)
        let quantity = JSONWriter.Key("quantity", depth: 4)
        let quantityOne = JSONWriter.Key("quantity", depth: 4, value: "1\"")  // "quantity": "1"
        let productID = JSONWriter.Key("product_id", depth: 4)
        let transactionID = JSONWriter.Key("transaction_id", depth: 4)
        let originalTransactionID = JSONWriter.Key("original_transaction_id", depth: 4)
        let purchaseDate = DateNames("purchase_date", depth: 4)
        let expiresDate = DateNames("expires_date", depth: 4)
        let webOrderLineItemID = JSONWriter.Key("web_order_line_item_id", depth: 4)
        let isTrialPeriod = Names.flag("is_trial_period")
        let isInIntroOfferPeriod = Names.flag("is_in_intro_offer_period")
        let cancellationDate = DateNames("cancellation_date", depth: 4)
        let promotionalOfferID = JSONWriter.Key("promotional_offer_id", depth: 4)

        /// An in-app flag's two members, `"name": "false"` and `"name": "true"` (verifyReceipt
        /// wrote flags as strings), each written whole.
        static func flag(_ name: String) -> (no: JSONWriter.Key, yes: JSONWriter.Key) {
            (JSONWriter.Key(name, depth: 4, value: "false\""), JSONWriter.Key(name, depth: 4, value: "true\""))
        }
    }

    /// The names of a verifyReceipt date triple: `name`, `name_ms`, `name_pst`.
    private struct DateNames: Sendable {
        let utc: JSONWriter.Key, ms: JSONWriter.Key, pst: JSONWriter.Key

        init(_ name: String, depth: Int) {
            utc = JSONWriter.Key(name, depth: depth)
            (ms, pst) = (JSONWriter.Key(name + "_ms", depth: depth), JSONWriter.Key(name + "_pst", depth: depth))
        }
    }

    private static func writeReceipt(
        _ receipt: AppReceipt, requestDate: Instant?, into json: inout JSONWriter, flush: (inout JSONWriter) -> Void
    ) {
        let name = Names.shared
        json.beginObject()
        if let environment = receipt.environment { json.field(name.receiptType, environment.rawValue) }
        if let id = receipt.appAppleId {
            json.field(name.adamID, id)
            json.field(name.appItemID, id)
        }
        json.field(name.bundleID, receipt.bundleId)
        json.field(name.applicationVersion, receipt.applicationVersion)
        if let value = receipt.downloadID { json.field(name.downloadID, value) }
        if let value = receipt.versionExternalIdentifier { json.field(name.versionExternalIdentifier, value) }
        writeDate(name.receiptCreationDate, receipt.receiptCreationDate, into: &json)
        writeDate(name.requestDate, requestDate, into: &json)
        writeDate(name.originalPurchaseDate, receipt.originalPurchaseDate, into: &json)
        if let value = receipt.originalApplicationVersion { json.field(name.originalApplicationVersion, value) }
        writeDate(name.expirationDate, receipt.expirationDate, into: &json)
        writeDate(name.preorderDate, receipt.preorderDate, into: &json)
        json.key(name.inApp)
        json.beginArray()
        for purchase in receipt.inAppPurchases {
            writePurchase(purchase, name, into: &json)
            if json.bytes.count >= 1 << 16 { flush(&json) }
        }
        json.endArray()
        json.endObject()
    }

    private static func writePurchase(_ purchase: InAppPurchase, _ name: Names, into json: inout JSONWriter) {
        let f = purchase.fields  // one walk of the record for every field below
        json.beginObject()
        if f.quantity == 1 { json.member(name.quantityOne) }  // nearly every record: one constant
        if let value = f.quantity, value != 1 {
            json.field(name.quantity, quoting: 21) { appendDecimal(value, to: &$0) }
        }
        json.field(name.productID, utf8: purchase.payload[f.product])
        json.field(name.transactionID, utf8: purchase.payload[f.transaction])
        if let range = f.originalTransaction { json.field(name.originalTransactionID, utf8: purchase.payload[range]) }
        writeDate(name.purchaseDate, f.purchaseDate, utc: f.utc.purchase, into: &json)
        writeDate(name.inAppOriginalPurchaseDate, f.originalPurchaseDate, utc: f.utc.original, into: &json)
        writeDate(name.expiresDate, f.subscriptionExpirationDate, utc: f.utc.expiration, into: &json)
        if let value = f.webOrderLineItemID {
            json.field(name.webOrderLineItemID, quoting: 20) { appendDecimal(value, to: &$0) }
        }
        if let value = f.isTrialPeriod { json.member(value ? name.isTrialPeriod.yes : name.isTrialPeriod.no) }
        if let value = f.isInIntroOfferPeriod {
            json.member(value ? name.isInIntroOfferPeriod.yes : name.isInIntroOfferPeriod.no)
        }
        writeDate(name.cancellationDate, f.cancellationDate, utc: f.utc.cancellation, into: &json)
        if let range = f.promotionalOffer { json.field(name.promotionalOfferID, utf8: purchase.payload[range]) }
        json.endObject()
    }

    /// The verifyReceipt date triple, each written straight into the buffer; nothing when absent.
    private static func writeDate(
        _ names: DateNames, _ instant: Instant?, utc: CivilDateTime? = nil, into json: inout JSONWriter
    ) {
        guard let instant else { return }
        let utc = utc ?? CivilDateTime(instant)  // split once for both texts, unless the record's reading did
        let capacity = verifyReceiptDateCapacity
        json.field(names.utc, quoting: capacity) { appendVerifyReceiptUTC(instant, utc: utc, to: &$0) }
        json.field(names.ms, quoting: 21) { appendDecimal(instant.millisecondsSince1970, to: &$0) }
        json.field(names.pst, quoting: capacity) { appendVerifyReceiptPacific(instant, utc: utc, to: &$0) }
    }
}
