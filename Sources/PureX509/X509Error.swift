// X509Error: the one error type of certificate parsing, signature checks and chain building.
//
// Every error names what failed (a `Kind` with a stable `code`) and, where one is concerned, the
// certificate by its subject. The subject is kept as its encoded bytes (a slice of the input, no
// copy) and rendered only when the message is read, at most `DistinguishedName.maxRendered`
// characters of it: names are attacker-sized, and an error may be made at every dead end of a
// path search. Encoding errors keep the PureDER error, which carries the absolute
// byte offset and the field being read. Signature failures collapse into one opaque case
// (`badSignature`): the RSA layer says nothing about why, and neither do we.

public import PureDER

/// Why a certificate was refused or a chain could not be verified.
public struct X509Error: Error, Sendable {
    /// What went wrong. Codes in the comments are what `code` returns.
    public enum Kind: Sendable {
        /// The DER is malformed (or a value breaks an RFC 5280 structural rule); see the DER error's
        /// offset and context. Code: the `DERError.code`, e.g. `der.truncated`.
        case encoding(DERError)
        /// A version other than v1 or v3 (v2 is refused on purpose: see TBSCertificate.swift).
        /// `x509.unsupportedVersion`
        case unsupportedVersion
        /// Certificate.signatureAlgorithm differs from TBSCertificate.signature. `x509.algorithmMismatch`
        case algorithmMismatch
        /// A signature algorithm outside sha*WithRSAEncryption / ecdsa-with-SHA*, or with wrong
        /// parameters. `x509.unsupportedSignatureAlgorithm`
        case unsupportedSignatureAlgorithm(OID)
        /// A key type, curve or curve encoding (implicit/explicit parameters) we cannot use.
        /// `x509.unsupportedPublicKey`
        case unsupportedPublicKey(String)
        /// A key of a supported type whose encoding or values are invalid. `x509.badPublicKey`
        case badPublicKey(String)
        /// The same extension OID twice in one certificate. `x509.duplicateExtension`
        case duplicateExtension(OID)
        /// A decoded extension whose value is malformed. `x509.badExtension`
        case badExtension(OID)
        /// `chain.signerNotFound`: the certificate that should sign was not found.
        case signerNotFound
        /// `chain.untrusted`: no path to a trust anchor.
        case untrusted
        /// `chain.certificateExpired`: a certificate of the path is not valid at the verification time.
        case certificateExpired
        /// `chain.leafMarkerMissing`: the leaf lacks the extension the rules require of it
        /// (`PathRules.leafMarker`, named here).
        case leafMarkerMissing(OID)
        /// `chain.intermediateMarkerMissing`: the leaf's issuer lacks the extension the rules require
        /// of it (`PathRules.issuerMarker`).
        case intermediateMarkerMissing
        /// `chain.notCA`: an issuing certificate is not a CA (basicConstraints, keyUsage, pathLen).
        case notCA
        /// `chain.unknownCriticalExtension`: a critical extension this library does not process.
        case unknownCriticalExtension(OID)
        /// `chain.keyTooSmall`: an RSA key below the policy's minimum size.
        case keyTooSmall
        /// `chain.tooLong`: more than `Limits.maxChainLength` certificates, or more than the policy allows.
        case chainTooLong
        /// `chain.tooShort`: the path ends at an anchor that is the marked issuer itself, short of the
        /// length the rules require.
        case chainTooShort
        /// `signature.invalid`: a signature did not verify (no detail, on purpose).
        case badSignature
        /// `code`, the caller's: a self-issued leaf of a kind the caller's rules name and refuse
        /// (`PathRules.selfIssuedLeafRefusal`).
        case refused(code: String)
        /// `chain.keyUsage`: the leaf's keyUsage extension does not allow digitalSignature.
        case keyUsageNotAllowed
    }

    /// What went wrong.
    public let kind: Kind
    /// The subject of the certificate concerned (nil when none is), as encoded.
    public let subject: DistinguishedName?

    /// An error of `kind`, naming the certificate by its subject when known.
    public init(_ kind: Kind, certificate subject: DistinguishedName? = nil) {
        self.kind = kind
        self.subject = subject
    }

    /// An encoding error.
    package init(_ error: DERError) {
        self.init(.encoding(error))
    }

    /// True for `chainTooShort` (path building prefers any other path's error to it).
    var isChainTooShort: Bool {
        if case .chainTooShort = kind { return true }
        return false
    }

    /// A stable machine-readable code (used in test expectations and JSON output).
    public var code: String {
        switch kind {
        case .encoding(let error): return error.code
        case .unsupportedVersion: return "x509.unsupportedVersion"
        case .algorithmMismatch: return "x509.algorithmMismatch"
        case .unsupportedSignatureAlgorithm: return "x509.unsupportedSignatureAlgorithm"
        case .unsupportedPublicKey: return "x509.unsupportedPublicKey"
        case .badPublicKey: return "x509.badPublicKey"
        case .duplicateExtension: return "x509.duplicateExtension"
        case .badExtension: return "x509.badExtension"
        case .signerNotFound: return "chain.signerNotFound"
        case .untrusted: return "chain.untrusted"
        case .certificateExpired: return "chain.certificateExpired"
        case .leafMarkerMissing: return "chain.leafMarkerMissing"
        case .intermediateMarkerMissing: return "chain.intermediateMarkerMissing"
        case .notCA: return "chain.notCA"
        case .unknownCriticalExtension: return "chain.unknownCriticalExtension"
        case .keyTooSmall: return "chain.keyTooSmall"
        case .chainTooLong: return "chain.tooLong"
        case .chainTooShort: return "chain.tooShort"
        case .badSignature: return "signature.invalid"
        case .refused(let code): return code
        case .keyUsageNotAllowed: return "chain.keyUsage"
        }
    }

}

/// Runs a PureDER read and reports its failure as an X509 encoding error.
func der<T>(_ body: () throws(DERError) -> T) throws(X509Error) -> T {
    do {
        return try body()
    } catch {
        throw X509Error(error)
    }
}
