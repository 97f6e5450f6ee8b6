// ReceiptValidationError: the one error `ReceiptValidator` throws, with the verdict class, a stable
// code, a message naming what failed and where, and the verifyReceipt status it maps to.

import PureDER
import PureX509

/// Why a receipt was not accepted.
public struct ReceiptValidationError: Error, Sendable, CustomStringConvertible {
    /// The three classes of failure, in the order checks run.
    public enum Verdict: String, Sendable {
        /// Not a well-formed receipt (encoding, CMS structure, payload, limits).
        case malformed
        /// Well-formed, but the signature, chain or trust check failed.
        case notAuthentic = "not-authentic"
        /// Genuine, but a check the caller asked for failed (bundle id, version, device, environment).
        case policyFailed = "policy-failed"
    }

    /// The class of failure: malformed, not authentic, or a policy check that failed.
    public let verdict: Verdict
    /// Stable machine-readable code, e.g. `der.lengthPastEnd`, `chain.certificateExpired`, `policy.bundleId`.
    public let code: String
    /// What failed and where, for people.
    public let message: String
    /// Byte offset in the receipt, where one applies.
    public let offset: Int?

    package init(_ verdict: Verdict, code: String, _ message: String, offset: Int? = nil) {
        self.verdict = verdict
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(verdict.rawValue): \(message) [\(code)]" }

    /// The verifyReceipt status this failure maps to: 21002 malformed, 21003 not authentic or not
    /// for this app/device, 21010 a VPP receipt past its expiration (attribute 21).
    public var status: Int {
        switch verdict {
        case .malformed: return 21002
        case .notAuthentic: return 21003
        case .policyFailed: return code == "policy.receiptExpired" ? 21010 : 21003
        }
    }

    static func from(_ error: DERError) -> ReceiptValidationError {
        ReceiptValidationError(.malformed, code: error.code, error.description, offset: error.offset)
    }

    static func from(_ error: CMSError) -> ReceiptValidationError {
        ReceiptValidationError(
            error.isMalformed ? .malformed : .notAuthentic, code: error.code, error.description,
            offset: error.offset)
    }

    static func from(_ error: ReceiptError) -> ReceiptValidationError {
        ReceiptValidationError(.malformed, code: error.code, error.description, offset: error.offset)
    }

    static func policy(_ code: String, _ message: String) -> ReceiptValidationError {
        ReceiptValidationError(.policyFailed, code: code, message)
    }
}
