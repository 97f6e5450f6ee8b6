// StoreKit 2 signed data on the command line: recognising it among the inputs, choosing the kind
// of payload, and writing decoded JSON back out.
//
// Which inputs are signed data is the library's detection (InputFormat.swift), shared with
// verify, inspect, dump and embedders.
//
// The kind (transaction, renewal info, AppTransaction, notification, Retention Messaging realtime
// request) comes from `--kind`, or from the payload's fields, read only once the ES256 signature
// over it has verified; a `{"signedPayload": …}` body is a notification unless its payload is a
// realtime request's (Apple wraps both the same way). The kind picks which verifier runs; every verifier checks structure, signature and
// chain first, so the choice never turns a forgery or a malformed input into a genuine verdict.

import PureJSON
import PureReceipt
import PureX509

/// A compact JWS found in the input.
struct SignedDataInput {
    /// The compact serialization's bytes, without surrounding white space.
    let jws: [UInt8]
    /// True when the input was a notification or realtime request body (`{"signedPayload": "…"}`).
    let isNotificationBody: Bool

    /// The JWS in `bytes`, or nil when the input is not StoreKit 2 signed data.
    /// The signed data `bytes` carries, when the library's detection names it StoreKit 2 data.
    static func detect(_ bytes: [UInt8]) -> SignedDataInput? {
        guard case .signedData(let jws, let body) = InputFormat.detect(bytes) else { return nil }
        return SignedDataInput(jws: jws, isNotificationBody: body)
    }

    static func trimWhiteSpace(_ bytes: [UInt8]) -> ArraySlice<UInt8> { InputFormat.trimWhiteSpace(bytes) }

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

    /// The kind: `requested`, else a body's (a realtime request when its payload is one, else a
    /// notification), else the payload's fields; a payload that cannot be read is taken as a
    /// transaction (its verifier then reports what is wrong).
    func kind(requested: SignedDataKind?, payload: JSONObject?) -> SignedDataKind {
        if let requested { return requested }
        if isNotificationBody { return Self.kind(of: payload) == .realtimeRequest ? .realtimeRequest : .notification }
        return Self.kind(of: payload)
    }

    /// The kind the payload's members point to.
    static func kind(of payload: JSONObject?) -> SignedDataKind { SignedDataKind.of(payload) }
}
