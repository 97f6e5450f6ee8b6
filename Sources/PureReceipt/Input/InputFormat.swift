// InputFormat: which of the three formats an input is, so that every verify, inspect and dump —
// the command-line tool's and an embedder's — dispatches the same way.
//
// Recognised (white space around the input allowed):
//   - StoreKit 2 signed data: a compact JWS (only base64 characters, either alphabet, `=`, and
//     dots, with at least one dot: a malformed JWS still goes to the JWS verifier, which says what
//     is wrong with it), or a notification body, a strict JSON object with a string member
//     `signedPayload` (App Store Server Notifications V2), read within bounds (JSONInput.swift);
//   - a legacy transaction receipt: an old-style plist (`{` not followed by JSON), or base64 of one
//     (tested after the JWS test: base64 of a JWS header also decodes to text starting with `{`);
//   - anything else is taken for an app receipt (DER, BER or base64), whose verifier names what
//     is wrong with it.
// Detection chooses which verifier runs and nothing more: each verifier authenticates its input on
// its own, so no choice can turn a forgery or a malformed input into a genuine verdict.

import PureJSON

/// The format of an input, and the bytes its verifier takes.
public enum InputFormat: Sendable, Equatable {
    /// An app receipt (PKCS #7 SignedData: DER, BER or base64): `ReceiptValidator`.
    case appReceipt
    /// A legacy transaction receipt (old-style plist or base64 of one): `LegacyReceiptValidator`.
    case legacyReceipt
    /// StoreKit 2 signed data: `jws` is the compact JWS (a notification body's `signedPayload`
    /// when `notificationBody`): `SignedDataVerifier`.
    case signedData(jws: [UInt8], notificationBody: Bool)

    /// The format of `bytes`.
    public static func detect(_ bytes: [UInt8]) -> InputFormat {
        let trimmed = trimWhiteSpace(bytes)
        guard let first = trimmed.first else { return .appReceipt }
        if first == UInt8(ascii: "{") {
            // Read strictly and within bounds, or not at all (JSONInput.swift).
            if case .object(let object) = JSONInput.read(bytes), let payload = object["signedPayload"]?.stringValue {
                // One copy of the payload (the common case: no white space to trim).
                let utf8 = Array(payload.utf8)
                let jws = trimWhiteSpace(utf8)
                return .signedData(jws: jws.count == utf8.count ? utf8 : Array(jws), notificationBody: true)
            }
        }
        let jwsCharacters = trimmed.allSatisfy { byte in
            switch byte {
            // 0-9 A-Z a-z - _ . and, so that the JWS verifier names the mistake, = + /
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x2E, 0x3D, 0x2B, 0x2F: return true
            default: return false
            }
        }
        // Before the legacy test: base64 of a JWS header (`{"`) also decodes to text starting with `{`,
        // and base64 never has a dot.
        if jwsCharacters, trimmed.contains(0x2E) { return .signedData(jws: Array(trimmed), notificationBody: false) }
        return LegacyTransactionReceipt.isLegacyFormat(bytes) ? .legacyReceipt : .appReceipt
    }

    /// `bytes` without the spaces, tabs and line breaks around it.
    package static func trimWhiteSpace(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[start...end]
    }
}
