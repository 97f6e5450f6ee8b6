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
    /// The JSON text.
    public let text: String
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
        let receipt = verified.receipt
        let isProduction = receipt.environment == .production || receipt.environment == .productionVPP
        var status = 0
        var reason: String?
        switch endpoint {
        case .production where !isProduction:
            status = 21007
            reason = "sandbox receipt sent to the production endpoint"
        case .sandbox where isProduction:
            status = 21008
            reason = "production receipt sent to the sandbox endpoint"
        default: break
        }
        var json = JSONWriter(pretty: pretty)
        json.beginObject()
        json.field("status", Int64(status))
        if let reason {
            json.field("reason", status == 21007 ? "environment.sandboxReceipt" : "environment.productionReceipt")
            json.field("message", reason)
        }
        json.field("environment", isProduction ? "Production" : "Sandbox")
        if status == 0 {
            json.key("receipt")
            writeReceipt(receipt, requestDate: requestDate, into: &json)
        }
        json.endObject()
        return VerifyReceiptDocument(status: status, text: json.text)
    }

    /// The response for a receipt that failed validation: `status` (21002, 21003 or 21010) with the
    /// machine-readable `reason` code, the verdict class and a message.
    public static func render(_ error: ReceiptValidationError, pretty: Bool = true) -> VerifyReceiptDocument {
        var json = JSONWriter(pretty: pretty)
        json.beginObject()
        json.field("status", Int64(error.status))
        json.field("reason", error.code)
        json.field("verdict", error.verdict.rawValue)
        json.field("message", error.message)
        if let offset = error.offset { json.field("offset", Int64(offset)) }
        json.endObject()
        return VerifyReceiptDocument(status: error.status, text: json.text)
    }

    private static func writeReceipt(_ receipt: AppReceipt, requestDate: Instant?, into json: inout JSONWriter) {
        json.beginObject()
        if let environment = receipt.environment { json.field("receipt_type", environment.rawValue) }
        if let id = receipt.appItemID {
            json.field("adam_id", id)
            json.field("app_item_id", id)
        }
        json.field("bundle_id", receipt.bundleIdentifier)
        json.field("application_version", receipt.appVersion)
        if let value = receipt.downloadID { json.field("download_id", value) }
        if let value = receipt.versionExternalIdentifier { json.field("version_external_identifier", value) }
        writeDate("receipt_creation_date", receipt.creationDate, into: &json)
        writeDate("request_date", requestDate, into: &json)
        writeDate("original_purchase_date", receipt.originalPurchaseDate, into: &json)
        if let value = receipt.originalAppVersion { json.field("original_application_version", value) }
        writeDate("expiration_date", receipt.expirationDate, into: &json)
        writeDate("preorder_date", receipt.preorderDate, into: &json)
        json.key("in_app")
        json.beginArray()
        for purchase in receipt.inAppPurchases { writePurchase(purchase, into: &json) }
        json.endArray()
        json.endObject()
    }

    private static func writePurchase(_ purchase: InAppPurchase, into json: inout JSONWriter) {
        json.beginObject()
        if let value = purchase.quantity { json.field("quantity", String(value)) }
        json.field("product_id", purchase.productIdentifier)
        json.field("transaction_id", purchase.transactionIdentifier)
        if let value = purchase.originalTransactionIdentifier { json.field("original_transaction_id", value) }
        writeDate("purchase_date", purchase.purchaseDate, into: &json)
        writeDate("original_purchase_date", purchase.originalPurchaseDate, into: &json)
        writeDate("expires_date", purchase.subscriptionExpirationDate, into: &json)
        if let value = purchase.webOrderLineItemID { json.field("web_order_line_item_id", String(value)) }
        if let value = purchase.isTrialPeriod { json.field("is_trial_period", value ? "true" : "false") }
        if let value = purchase.isInIntroOfferPeriod {
            json.field("is_in_intro_offer_period", value ? "true" : "false")
        }
        writeDate("cancellation_date", purchase.cancellationDate, into: &json)
        if let value = purchase.promotionalOfferIdentifier { json.field("promotional_offer_id", value) }
        json.endObject()
    }

    /// The verifyReceipt date triple: `name`, `name_ms`, `name_pst`; nothing when absent.
    private static func writeDate(_ name: String, _ instant: Instant?, into json: inout JSONWriter) {
        guard let instant else { return }
        json.field(name, formatVerifyReceiptUTC(instant))
        json.field(name + "_ms", String(instant.millisecondsSince1970))
        json.field(name + "_pst", formatVerifyReceiptPacific(instant))
    }
}
