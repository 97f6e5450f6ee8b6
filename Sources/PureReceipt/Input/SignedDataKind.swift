// SignedDataKind: which of the five StoreKit 2 payloads a compact JWS carries, so that the
// command-line tool and a batch of inputs choose the same verifier for it.
//
// The kind comes from the caller when it knows it (the field the data came in, `--kind`), from a
// notification body, or else from the payload's members, read only once the ES256 signature over
// the payload has verified. The kind chooses which verifier runs and nothing more: each verifier
// checks structure, signature and chain first, so no choice can turn a forgery or a malformed
// input into a genuine verdict. A payload that cannot be read is taken for a transaction (its
// verifier then says what is wrong with it).

import PureJSON
import PureX509

/// The kind of StoreKit 2 signed data: which verifier of `SignedDataVerifier` takes it.
public enum SignedDataKind: String, CaseIterable, Sendable {
    /// A signed transaction: `verifyTransaction`.
    case transaction
    /// Signed renewal info: `verifyRenewalInfo`.
    case renewal
    /// A signed AppTransaction: `verifyAppTransaction`.
    case appTransaction = "app-transaction"
    /// A notification's signed payload: `verifyNotification`.
    case notification
    /// A Retention Messaging realtime request's signed payload: `verifyRealtimeRequest`.
    case realtimeRequest = "realtime-request"

    /// The name used in reports (`kind` in JSON output).
    package var reportName: String {
        switch self {
        case .transaction: return "transaction"
        case .renewal: return "renewal-info"
        case .appTransaction: return "app-transaction"
        case .notification: return "notification"
        case .realtimeRequest: return "realtime-request"
        }
    }

    /// The kind the payload's members point to.
    package static func of(_ payload: JSONObject?) -> SignedDataKind {
        guard let payload else { return .transaction }
        if payload["notificationType"] != nil || payload["notificationUUID"] != nil { return .notification }
        if payload["requestIdentifier"] != nil, payload["userLocale"] != nil { return .realtimeRequest }
        if payload["receiptCreationDate"] != nil || payload["receiptType"] != nil { return .appTransaction }
        if payload["autoRenewStatus"] != nil || payload["autoRenewProductId"] != nil { return .renewal }
        return .transaction
    }

    /// The kind whose members the payload has, or nil when no kind's are there: a notification
    /// (`notificationType` or `notificationUUID`), a realtime request (`requestIdentifier` and
    /// `userLocale`), an app transaction (`receiptCreationDate` or `receiptType`), renewal info
    /// (`autoRenewStatus` or `autoRenewProductId`), a transaction (`transactionId`).
    package static func identified(by payload: JSONObject) -> SignedDataKind? {
        let kind = of(payload)
        return kind != .transaction || payload["transactionId"] != nil ? kind : nil
    }

    /// The refusal of a `named` kind whose members the verified payload does not have: it holds
    /// data of kind `members`, and is never checked as the wrong kind.
    package static func mismatch(members: SignedDataKind, named: SignedDataKind) -> VerificationError {
        VerificationError(
            .malformed, code: "input.kindMismatch",
            .text("the verified payload has the members of kind \(members.rawValue), not of \(named.rawValue)"))
    }
}
