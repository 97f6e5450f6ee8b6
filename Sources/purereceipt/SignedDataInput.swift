// StoreKit 2 signed data in inspect and dump: the compact JWS the library's detection found
// (InputFormat.swift), decoded WITHOUT verifying anything (verify goes through the runner,
// Sources/PureReceiptRunner). The kind shown is the payload's fields' guess, labelled as such.

import PureJSON
import PureReceipt
import PureX509

/// A compact JWS found in the input.
struct SignedDataInput {
    /// The compact serialization's bytes, without surrounding white space.
    let jws: [UInt8]
    /// True when the input was a notification or realtime request body (`{"signedPayload": "…"}`).
    let isNotificationBody: Bool

    /// The kind the (unverified) payload points to: a body's is a realtime request when its payload
    /// is one, else a notification.
    func unverifiedKind(payload: JSONObject?) -> SignedDataKind {
        let kind = SignedDataKind.of(payload)
        if isNotificationBody { return kind == .realtimeRequest ? .realtimeRequest : .notification }
        return kind
    }

    /// "NAME (N bytes, compact JWS)" or "… notification body", for the first line of a report.
    static func source(_ name: String, _ count: Int, body: Bool) -> String {
        "\(name) (\(count) bytes, " + (body ? "notification body)" : "compact JWS)")
    }
}
