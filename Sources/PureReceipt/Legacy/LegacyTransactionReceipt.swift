// LegacyTransactionReceipt: a parsed, unverified legacy transaction receipt (iOS 3–6
// `SKPaymentTransaction.transactionReceipt`): base64 of an old-style plist
//   { "signature" = "<base64 blob>"; "purchase-info" = "<base64 plist>"; "pod" = "…";
//     "signing-status" = "0"; ["environment" = "Sandbox";] }
// Accepts the base64 text or the plist text itself (first non-white-space byte `{`). Only
// `purchase-info` is signed; the other outer keys are kept but prove nothing.
// Refuses: what OpenStepPlist.swift and LegacySignatureBlob.swift refuse, a missing `signature` or
// `purchase-info`, and base64 that RFC 4648 §4 (Base64.swift, strict) refuses.

import PureDER

/// A legacy transaction receipt, parsed but not verified.
public struct LegacyTransactionReceipt: Sendable {
    /// The outer plist's pairs, in file order.
    public let entries: [LegacyPlistEntry]
    /// The decoded `signature` value.
    public let signatureBlob: LegacySignatureBlob
    /// The decoded `purchase-info` value: the signed bytes (after the version byte).
    public let purchaseInfoBytes: [UInt8]
    /// `purchase-info` parsed.
    public let purchaseInfo: LegacyPurchaseInfo

    /// `environment` as written; nil when absent, which means Production.
    public var environment: String? { value("environment") }
    /// The environment, `Production` when the key is absent (unsigned: use for routing only).
    public var environmentName: String { environment ?? "Production" }

    /// The outer value of `key` (keys compared as bytes).
    public func value(_ key: String) -> String? {
        entries.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    /// Parses base64 text of the plist, or the plist text itself.
    public init(_ input: [UInt8]) throws(LegacyReceiptError) {
        try self.init(try LegacyEnvelope(input))
    }

    /// The receipt of an envelope: its purchase-info read (for verification, only once the
    /// signature over it has verified).
    init(_ envelope: LegacyEnvelope) throws(LegacyReceiptError) {
        (entries, signatureBlob, purchaseInfoBytes) =
            (envelope.entries, envelope.signatureBlob, envelope.purchaseInfoBytes)
        purchaseInfo = LegacyPurchaseInfo(
            entries: try OpenStepPlistParser.dictionary(purchaseInfoBytes, part: "purchase-info"))
    }

    /// Whether `input`, after white space, starts with `{`: the plist text form rather than base64.
    public static func isPlistText(_ input: [UInt8]) -> Bool {
        input.first { !OpenStepPlistParser.isWhiteSpace($0) } == 0x7B
    }

    /// Whether `input` looks like a legacy receipt (plist text, or base64 of it) rather than
    /// another format; the full parse decides whether it is well formed.
    public static func isLegacyFormat(_ input: [UInt8]) -> Bool {
        if isPlistText(input) { return true }
        // Base64 of "{" starts with "e" followed by one of "w"…"z", "0"…"9", "+", "/".
        let body = Array(input.lazy.filter { !OpenStepPlistParser.isWhiteSpace($0) }.prefix(4))
        guard body.count == 4, let decoded = try? Base64.decode(body) else { return false }
        return isPlistText(decoded)
    }

    /// The base64-decoded value of a required key.
    static func decodedValue(_ key: String, in entries: [LegacyPlistEntry]) throws(LegacyReceiptError) -> [UInt8] {
        guard let entry = entries.first(where: { $0.key.utf8.elementsEqual(key.utf8) }) else {
            throw .init(.missingKey(key), at: 0, in: "receipt")
        }
        do { return try Base64.decode(Array(entry.value.utf8)) } catch {
            throw .init(.base64(error), at: entry.offset, in: "receipt")
        }
    }
}

/// A legacy receipt's envelope: the outer plist, the signature blob (version, signature, signing
/// certificate) and the signed purchase-info bytes, of which nothing is read.
struct LegacyEnvelope {
    let entries: [LegacyPlistEntry]
    let signatureBlob: LegacySignatureBlob
    let purchaseInfoBytes: [UInt8]

    init(_ input: [UInt8]) throws(LegacyReceiptError) {
        guard input.count <= Limits.maxLegacyReceiptBytes else { throw .init(.inputTooLarge, at: 0, in: "receipt") }
        let text: [UInt8]
        if LegacyTransactionReceipt.isPlistText(input) {
            text = input
        } else {
            do { text = try Base64.decode(input) } catch { throw .init(.base64(error), at: 0, in: "receipt") }
        }
        entries = try OpenStepPlistParser.dictionary(text, part: "receipt")
        let signature = try LegacyTransactionReceipt.decodedValue("signature", in: entries)
        purchaseInfoBytes = try LegacyTransactionReceipt.decodedValue("purchase-info", in: entries)
        signatureBlob = try LegacySignatureBlob(signature)
    }
}
