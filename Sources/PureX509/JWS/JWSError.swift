// JWSError: why a compact JWS, its header, its signature or its certificate chain was refused.
//
// Every error has a stable machine-readable `code` (`jws.…`), the byte offset in the compact
// serialization where the problem was found (0 when it concerns the whole), and a short detail
// (the header member, the JSON error code or the certificate error). A wrong signature is one
// opaque case, `jws.signatureInvalid`.

import PureDER

/// An error found while reading or verifying a compact JWS.
public struct JWSError: Error, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable {
        /// Not exactly three dot-separated parts.
        case partCount = "jws.partCount"
        /// A part is not strict base64url (or an `x5c` entry not strict base64).
        case base64 = "jws.base64"
        /// The protected header is not a strict JSON object (the detail is the JSON error code).
        case headerJSON = "jws.headerJSON"
        /// A header member is missing or of the wrong type (the detail names it).
        case headerMember = "jws.headerMember"
        /// `alg` is not `ES256`.
        case algorithmNotAllowed = "jws.algorithmNotAllowed"
        /// The header carries `crit`.
        case criticalHeader = "jws.criticalHeader"
        /// The signature is not 64 bytes (raw r ‖ s of ES256).
        case signatureLength = "jws.signatureLength"
        /// Input larger than `JSONLimits.maxInputBytes`, or more `x5c` entries than `Limits.maxCertificates`.
        case inputTooLarge = "limit.jws.size"
        /// An `x5c` certificate does not parse (the detail is the certificate error code).
        case certificate = "jws.certificate"
        /// The certificate chain fails the caller's rules (the detail is the X.509 error code).
        case chain = "jws.chain"
        /// The signing key is not a P-256 key.
        case keyType = "jws.keyType"
        /// The signature does not verify.
        case signatureInvalid = "jws.signatureInvalid"
        /// The payload is not a strict JSON object (the detail is the JSON error code).
        case payloadJSON = "jws.payloadJSON"
    }

    /// What went wrong.
    public let kind: Kind
    /// Byte offset in the compact serialization (0 when the problem concerns the whole header);
    /// for a `jws.base64` error in an `x5c` entry (named by `detail`), the offset inside that entry.
    public let offset: Int
    /// The header member, JSON error code or certificate error concerned; may be empty.
    public let detail: String

    /// An error of `kind` at byte `offset`, naming what is concerned in `detail`.
    public init(_ kind: Kind, at offset: Int = 0, _ detail: String = "") {
        self.kind = kind
        self.offset = offset
        self.detail = detail
    }

    /// A stable machine-readable code, e.g. `jws.algorithmNotAllowed`.
    public var code: String { kind.rawValue }

}
