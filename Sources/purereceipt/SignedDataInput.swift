// StoreKit 2 signed data on the command line: recognising it among the inputs, choosing the kind
// of payload, and writing decoded JSON back out.
//
// Recognised inputs (white space around them allowed):
//   - a compact JWS: only base64 characters (either alphabet, `=`) and dots, with at least one dot
//     (a malformed JWS, e.g. two parts or standard base64, still goes to the JWS verifier, which
//     says what is wrong with it);
//   - a notification body: a strict JSON object with a string member `signedPayload`
//     (App Store Server Notifications V2, `responseBodyV2`), read by the library's JSON reader
//     within its limits, never by Foundation; a text over 64 KiB only when it is that one member
//     (JSONInput.swift).
// Neither an app receipt (DER, or base64 without dots) nor a legacy receipt (old-style plist,
// never strict JSON) matches.
//
// The kind (transaction, renewal info, AppTransaction, notification) comes from `--kind`, from the
// notification body, or from the payload's fields, read only once the ES256 signature over it has
// verified. The kind picks which verifier runs; every verifier checks structure, signature and
// chain first, so the choice never turns a forgery or a malformed input into a genuine verdict.

import PureJSON
import PureReceipt
import PureX509

/// The kind of StoreKit 2 signed data, as named by `--kind`.
enum SignedDataKind: String, CaseIterable {
    case transaction
    case renewal
    case appTransaction = "app-transaction"
    case notification

    /// The name used in reports (`kind` in JSON output).
    var reportName: String {
        switch self {
        case .transaction: return "transaction"
        case .renewal: return "renewal-info"
        case .appTransaction: return "app-transaction"
        case .notification: return "notification"
        }
    }
}

/// A compact JWS found in the input.
struct SignedDataInput {
    /// The compact serialization's bytes, without surrounding white space.
    let jws: [UInt8]
    /// True when the input was a notification body (`{"signedPayload": "…"}`).
    let isNotificationBody: Bool

    /// The JWS in `bytes`, or nil when the input is not StoreKit 2 signed data.
    static func detect(_ bytes: [UInt8]) -> SignedDataInput? {
        let trimmed = trimWhiteSpace(bytes)
        guard let first = trimmed.first else { return nil }
        if first == UInt8(ascii: "{") {
            // Read strictly and within JSONLimits, or not at all (JSONInput.swift); a text over the
            // limits is named where the receipt parse fails (InputKind).
            guard case .object(let object) = JSONInput.read(bytes),
                let payload = object["signedPayload"]?.stringValue
            else { return nil }
            // One copy of the payload (the common case: no white space to trim).
            let utf8 = Array(payload.utf8)
            let jws = trimWhiteSpace(utf8)
            return SignedDataInput(jws: jws.count == utf8.count ? utf8 : Array(jws), isNotificationBody: true)
        }
        let base64url = trimmed.allSatisfy { byte in
            switch byte {
            // 0-9 A-Z a-z - _ . and, so that the JWS verifier names the mistake, = + /
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x2E, 0x3D, 0x2B, 0x2F: return true
            default: return false
            }
        }
        guard base64url, trimmed.contains(0x2E) else { return nil }
        return SignedDataInput(jws: Array(trimmed), isNotificationBody: false)
    }

    /// `bytes` without leading and trailing ASCII white space (space, tab, CR, LF).
    static func trimWhiteSpace(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[start...end]
    }

    /// The parsed JWS, or nil when it does not parse (the verifier then reports why).
    func parsed() -> CompactJWS? { try? CompactJWS(compact: jws) }

    /// The payload object of a JWS, read only if its ES256 signature verifies; otherwise nil.
    func verifiedPayloadObject() -> JSONObject? {
        guard let parsed = parsed(), (try? parsed.verifySignature()) != nil else { return nil }
        return try? JSONReader.read(parsed.payload).objectValue
    }

    /// The payload object WITHOUT verifying anything (inspect and dump only).
    func unverifiedPayloadObject() -> JSONObject? {
        guard let parsed = parsed() else { return nil }
        return try? JSONReader.read(parsed.payload).objectValue
    }

    /// The kind: `requested`, else a notification body's, else the payload's fields; a payload
    /// that cannot be read is taken as a transaction (its verifier then reports what is wrong).
    func kind(requested: SignedDataKind?, payload: JSONObject?) -> SignedDataKind {
        if let requested { return requested }
        if isNotificationBody { return .notification }
        return Self.kind(of: payload)
    }

    /// The kind the payload's members point to.
    static func kind(of payload: JSONObject?) -> SignedDataKind {
        guard let payload else { return .transaction }
        if payload["notificationType"] != nil || payload["notificationUUID"] != nil { return .notification }
        if payload["receiptCreationDate"] != nil || payload["receiptType"] != nil { return .appTransaction }
        if payload["autoRenewStatus"] != nil || payload["autoRenewProductId"] != nil { return .renewal }
        return .transaction
    }
}

extension JSONWriter {
    /// Writes a decoded JSON value as it was read: members in order, numbers as their literal text.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): json(Array(number.text.utf8))
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let object): self.object(object)
        }
    }

    mutating func object(_ object: JSONObject) {
        beginObject()
        for member in object.members {
            key(member.name)
            value(member.value)
        }
        endObject()
    }
}
