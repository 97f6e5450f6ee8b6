// RevocationError: why an OCSP response or a CRL was not used to establish a certificate's status.
//
// Every case means the same thing to a caller: the bytes prove nothing about the certificate, and
// a status must be obtained elsewhere (another fetch, another source). A response with a status
// is never an error: `revoked` and `unknown` are statuses (RevocationStatus.swift).
public import PureDER

/// Why a revocation response (OCSP) or list (CRL) was refused.
public struct RevocationError: Error, Sendable {
    /// What went wrong. Codes in the comments are what `code` returns.
    public enum Kind: Sendable {
        /// Malformed DER (see the DER error's offset and field). Code: the `DERError.code`.
        case encoding(DERError)
        /// A certificate carried in the response is malformed. Code: the `X509Error.code`.
        case certificate(X509Error)
        /// More bytes than `Limits.maxOCSPResponseBytes` / `Limits.maxCRLBytes`. `revocation.tooLarge`
        case tooLarge
        /// OCSPResponseStatus other than successful(0), e.g. 6 unauthorized. `revocation.responseStatus`
        case responseStatus(Int64)
        /// A responseType other than id-pkix-ocsp-basic, or a CertID hash other than SHA-1/SHA-256.
        /// `revocation.unsupported`
        case unsupported(OID)
        /// Neither the issuing CA nor a certificate in the response matches the responderID.
        /// `revocation.responderNotFound`
        case responderNotFound
        /// The signer is a delegated responder not authorized by the issuing CA: not issued (and
        /// signed) by it, without id-kp-OCSPSigning, or not valid now. `revocation.responderNotAuthorized`
        case responderNotAuthorized
        /// The signature over the response or CRL does not verify. `revocation.signature`
        case badSignature
        /// No SingleResponse names the certificate asked about (hash, issuer name/key, serial), or
        /// the CRL's issuer is not the certificate's. `revocation.mismatch`
        case mismatch
        /// thisUpdate is after now plus `Limits.revocationClockSkewSeconds`. `revocation.notYetValid`
        case notYetValid(DERTime)
        /// nextUpdate is before now. `revocation.stale`
        case stale(DERTime)
        /// A nonce was sent and the response does not echo it. `revocation.nonce`
        case nonceMismatch
        /// A critical extension this library does not process (a delta CRL, an indirect CRL entry).
        /// `revocation.criticalExtension`
        case criticalExtension(OID)
    }

    /// What went wrong.
    public let kind: Kind

    /// An error of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// Byte offset in the response or CRL, for encoding errors.
    public var offset: Int? {
        if case .encoding(let error) = kind { return error.offset }
        return nil
    }

    /// A stable machine-readable code.
    public var code: String {
        switch kind {
        case .encoding(let error): return error.code
        case .certificate(let error): return error.code
        case .tooLarge: return "revocation.tooLarge"
        case .responseStatus: return "revocation.responseStatus"
        case .unsupported: return "revocation.unsupported"
        case .responderNotFound: return "revocation.responderNotFound"
        case .responderNotAuthorized: return "revocation.responderNotAuthorized"
        case .badSignature: return "revocation.signature"
        case .mismatch: return "revocation.mismatch"
        case .notYetValid: return "revocation.notYetValid"
        case .stale: return "revocation.stale"
        case .nonceMismatch: return "revocation.nonce"
        case .criticalExtension: return "revocation.criticalExtension"
        }
    }
}

/// Runs a PureDER or X.509 read, reporting its failure as a revocation error.
func revocation<T>(_ body: () throws(DERError) -> T) throws(RevocationError) -> T {
    do { return try body() } catch { throw RevocationError(.encoding(error)) }
}

/// Runs an X.509 read or check, reporting its failure as a revocation error.
func revocationX509<T>(_ body: () throws(X509Error) -> T) throws(RevocationError) -> T {
    do { return try body() } catch {
        if case .encoding(let inner) = error.kind { throw RevocationError(.encoding(inner)) }
        throw RevocationError(.certificate(error))
    }
}
