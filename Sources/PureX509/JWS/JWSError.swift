// JWSError: why a compact JWS, its header, its signature or its certificate chain was refused.
//
// Every error has a stable machine-readable `code` (`jws.…`), the byte offset in the compact
// serialization where the problem was found (0 when it concerns the whole), and a short detail
// (the header member, the JSON error code or the certificate error). A wrong signature is one
// opaque case, `jws.signatureInvalid`.

import PureDER

/// An error found while reading or verifying a compact JWS.
public struct JWSError: Error, Sendable, Equatable, CustomStringConvertible {
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
        /// `x5c` does not have the shape the policy requires (count, or the anchor is not trusted).
        case chainShape = "jws.chainShape"
        /// The certificate chain fails the policy (the detail is the X.509 error code).
        case chain = "jws.chain"
        /// Xcode-signed data where Apple's PKI is required (opt in with `JWSSignerPolicy.xcode`).
        case xcodeNotAllowed = "jws.xcodeNotAllowed"
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

    /// What was found, in words, then the detail and where: e.g. "the signature does not verify
    /// with x5c[0]'s key", "x5c certificate chain refused (chain.untrusted)".
    public var description: String {
        let what: String
        switch kind {
        case .partCount: what = "not a compact JWS: expected three dot-separated parts"
        case .base64: what = "not strict base64url"
        case .headerJSON: what = "the protected header is not a strict JSON object"
        case .headerMember: what = "header member missing or of the wrong type"
        case .algorithmNotAllowed: what = "header alg is not ES256"
        case .criticalHeader: what = "the header carries crit, which is never understood"
        case .signatureLength: what = "the signature is not 64 bytes (ES256 r ‖ s)"
        case .inputTooLarge: what = "larger than the limit"
        case .certificate: what = "an x5c certificate does not parse"
        case .chainShape: what = "x5c does not have the certificates Apple's data carries"
        case .chain: what = "x5c certificate chain refused"
        case .xcodeNotAllowed: what = "Xcode-signed data, where Apple's signature is required"
        case .keyType: what = "the signing certificate's key is not P-256"
        case .signatureInvalid: what = "the signature does not verify with x5c[0]'s key"
        case .payloadJSON: what = "the payload is not a strict JSON object"
        }
        return what + (detail.isEmpty ? "" : " (\(detail.displayEscaped))") + (offset > 0 ? " at byte \(offset)" : "")
    }
}
