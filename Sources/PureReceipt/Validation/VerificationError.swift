// VerificationError: the one error every verify call of the three formats throws (app receipts,
// StoreKit 2 signed data, legacy transaction receipts): a verdict class, a stable code, a byte
// offset where one applies, and a message naming what was found, what was expected and where.
//
// The message is built only when it is read, from the error of the layer that failed (kept as
// is), and carries at most `DistinguishedName.maxRendered` characters of any text taken from the
// input, escaped for display.

import PureDER
import PureJSON
import PureX509

/// Why an input was not accepted.
public struct VerificationError: Error, Sendable, Equatable {
    /// The three classes of failure, in the order checks run.
    public enum Verdict: String, Sendable {
        /// Not a well-formed input (encoding, envelope, payload, limits).
        case malformed
        /// Well-formed, but the signature, chain or trust check failed.
        case notAuthentic = "not-authentic"
        /// Genuine, but a check the caller asked for failed (bundle id, version, device, environment).
        case policyFailed = "policy-failed"
        /// Genuine offline, but revocation checking under `require` could not establish a fresh good
        /// status for a certificate (responder unreachable, only stale, forged or mismatched
        /// responses, `unknown`): neither accepted nor refused; retrying later can help.
        case undetermined
    }

    /// What failed, as the layer that found it reported it; rendered only by `message`.
    enum Detail: Sendable {
        case cms(CMSError)
        case x509(X509Error)
        case jws(JWSError)
        /// Apple's refusal of StoreKit data's signer (AppleJWSTrust.swift), its words chosen by
        /// `code`, with its detail.
        case signer(String)
        case storeKit(StoreKitError)
        case receipt(ReceiptError)
        case legacy(LegacyReceiptError)
        /// A policy comparison: the field, the value the input names (nil: absent), the expected one.
        case mismatch(field: String, found: String?, expected: String)
        /// A revocation outcome that decided the verdict (revoked, or no fresh good status).
        case revocation(RevocationReport.Entry)
        /// A fixed sentence.
        case text(String)
    }

    /// The class of failure: malformed, not authentic, or a policy check that failed.
    public let verdict: Verdict
    /// Stable machine-readable code, e.g. `der.lengthPastEnd`, `chain.certificateExpired`, `policy.bundleId`.
    public let code: String
    /// Byte offset in the input (or in the part `message` names), where one applies.
    public let offset: Int?
    let detail: Detail

    /// An error with a fixed message (for a tool's own input checks; the library builds its own).
    public init(_ verdict: Verdict, code: String, message: String, offset: Int? = nil) {
        self.init(verdict, code: code, .text(message), offset: offset)
    }

    init(_ verdict: Verdict, code: String, _ detail: Detail, offset: Int? = nil) {
        self.verdict = verdict
        self.code = code
        self.detail = detail
        self.offset = offset
    }

    /// Equal when verdict, code and offset are.
    public static func == (lhs: VerificationError, rhs: VerificationError) -> Bool {
        lhs.verdict == rhs.verdict && lhs.code == rhs.code && lhs.offset == rhs.offset
    }

    /// The verifyReceipt status this failure maps to: 21002 malformed, 21003 not authentic or not
    /// for this app/device, 21010 a VPP receipt past its expiration (attribute 21), 21005 (Apple's
    /// "receipt server is temporarily not available") undetermined.
    public var status: Int {
        switch verdict {
        case .malformed: return 21002
        case .notAuthentic: return 21003
        case .policyFailed: return code == "policy.receiptExpired" ? 21010 : 21003
        case .undetermined: return 21005
        }
    }

    static func from(_ error: CMSError) -> VerificationError {
        VerificationError(
            error.isMalformed ? .malformed : .notAuthentic, code: error.code, .cms(error), offset: error.offset)
    }

    static func from(_ error: ReceiptError) -> VerificationError {
        VerificationError(.malformed, code: error.code, .receipt(error), offset: error.offset)
    }

    static func from(_ error: StoreKitError) -> VerificationError {
        VerificationError(.malformed, code: error.code, .storeKit(error), offset: error.offset)
    }

    static func from(_ error: JWSError) -> VerificationError {
        switch error.kind {
        case .chain, .keyType, .signatureInvalid, .algorithmNotAllowed:
            return VerificationError(.notAuthentic, code: error.code, .jws(error), offset: error.offset)
        default:
            return VerificationError(.malformed, code: error.code, .jws(error), offset: error.offset)
        }
    }

    /// Apple's refusal of StoreKit data's signer before its path is searched (AppleJWSTrust.swift):
    /// `jws.chainShape` (x5c lacks the certificates the path needs) or `jws.xcodeNotAllowed`
    /// (Xcode-signed data where Apple's signature is required); not authentic, at offset 0 like
    /// the JWS errors.
    static func signer(_ code: String, _ detail: String) -> VerificationError {
        VerificationError(.notAuthentic, code: code, .signer(detail), offset: 0)
    }

    /// Input that is no receipt at all (empty, too large, neither DER/BER nor base64), at offset 0.
    static func malformedInput(_ code: String, _ message: String) -> VerificationError {
        VerificationError(.malformed, code: code, .text(message), offset: 0)
    }

    /// A check of the caller's policy that failed.
    static func policy(_ code: String, _ message: String) -> VerificationError {
        VerificationError(.policyFailed, code: code, .text(message))
    }

    /// A policy comparison that failed: `field` names `found`, the caller expected `expected`.
    static func mismatch(_ code: String, _ field: String, found: String?, expected: String) -> VerificationError {
        VerificationError(.policyFailed, code: code, .mismatch(field: field, found: found, expected: expected))
    }
}
