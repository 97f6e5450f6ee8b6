// CMSError: the one error type of the CMS layer (ContentInfo, SignedData, SignerInfo and their
// verification).
//
// Every error says what went wrong and, where the input is to blame, the absolute byte offset.
// Encoding errors carry the DERError unchanged (its code is kept); certificate, chain and signature
// failures carry the X509Error unchanged (its code is kept, e.g. `chain.untrusted`,
// `signature.invalid`). `isMalformed` splits the verdict: malformed input versus input that is
// well formed but not authentic.

public import PureDER

/// Why a CMS SignedData could not be parsed or did not verify.
public struct CMSError: Error, Sendable {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The DER/BER is malformed, or a limit in `Limits` was exceeded.
        case encoding(DERError)
        /// Well-formed ASN.1 that breaks a rule of RFC 5652 (the text says which).
        case structure(String)
        /// The EncapsulatedContentInfo has no eContent (a detached signature): nothing to verify.
        case detachedContent
        /// Verification needs exactly one SignerInfo; this many were present.
        case signerCount(Int)
        /// `cms.structure`: eContentType is this, not the content type the caller's rules require
        /// (`CMSRules.contentType`).
        case contentType(OID)
        /// The SignerInfo's algorithms disagree: signatureAlgorithm names another digest than
        /// digestAlgorithm, or digestAlgorithm is not listed in SignedData.digestAlgorithms.
        case algorithmMismatch
        /// A digest or signature algorithm outside the allow-list.
        case unsupportedAlgorithm(OID)
        /// The messageDigest signed attribute does not equal the digest of the content.
        case messageDigestMismatch
        /// The contentType signed attribute does not equal eContentType.
        case contentTypeMismatch
        /// The signed attributes break a structural rule of RFC 5652 §5.3/§11 (missing or repeated
        /// contentType/messageDigest, not exactly one value, value of the wrong type).
        case signedAttributes(String)
        /// A certificate, the signer key, the signature or the chain failed (`signature.invalid`,
        /// `chain.*`, or a certificate's own error code).
        case chain(X509Error)
    }

    /// What went wrong.
    public let kind: Kind
    /// Absolute offset in the input where the problem was found, when it is tied to one place.
    public let offset: Int?

    init(_ kind: Kind, at offset: Int?) {
        self.kind = kind
        self.offset = offset
    }

    /// An encoding error, located where the DER layer found it.
    init(_ error: DERError) {
        self.init(.encoding(error), at: error.offset)
    }

    /// A certificate/chain/signature error. Encoding errors inside a certificate stay encoding errors.
    package init(_ error: X509Error, at offset: Int?) {
        if case .encoding(let derError) = error.kind {
            self.init(.encoding(derError), at: derError.offset)
        } else {
            self.init(.chain(error), at: offset)
        }
    }

    /// A stable machine-readable code (used in vector expectations and JSON).
    public var code: String {
        switch kind {
        case .encoding(let error): return error.code
        case .structure, .contentType: return "cms.structure"
        case .detachedContent: return "cms.detachedContent"
        case .signerCount: return "cms.signerCount"
        case .algorithmMismatch: return "cms.algorithmMismatch"
        case .unsupportedAlgorithm: return "cms.unsupportedAlgorithm"
        case .messageDigestMismatch: return "cms.messageDigestMismatch"
        case .contentTypeMismatch: return "cms.contentTypeMismatch"
        // Structural rules of the signed attributes: reported as structure, like the rest of RFC 5652.
        case .signedAttributes: return "cms.structure"
        case .chain(let error): return error.code
        }
    }

    /// True when the input is malformed (the verdict "malformed"); false when it is well
    /// formed but not authentic (bad signature, mismatching attributes, untrusted chain, …).
    public var isMalformed: Bool {
        switch kind {
        case .encoding, .structure, .contentType, .detachedContent, .signerCount, .signedAttributes: return true
        case .algorithmMismatch, .unsupportedAlgorithm, .messageDigestMismatch, .contentTypeMismatch, .chain:
            return false
        }
    }

}

/// Runs a DER-layer read and reports its failure as a `CMSError`.
@inline(__always)
func readDER<T>(_ body: () throws(DERError) -> T) throws(CMSError) -> T {
    do {
        return try body()
    } catch {
        throw CMSError(error)
    }
}
