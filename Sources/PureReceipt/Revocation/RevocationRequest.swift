// What revocation checking needs fetched, and how a caller's transport answers. The library never
// fetches: it says what it needs (a URL and, for OCSP, the exact request bytes) and judges the
// bytes it is given. `RevocationTransport` is the small protocol a caller implements over its
// HTTP client (PureReceiptFoundation ships one on URLSession); see Docs/INTEGRATION.md.

/// Where a status comes from.
public enum RevocationSource: String, Sendable, Hashable {
    /// An RFC 6960 OCSP response.
    case ocsp
    /// An RFC 5280 CRL.
    case crl
}

/// One fetch the library needs: POST `body` as `application/ocsp-request` to `url` (OCSP), or GET
/// `url` (CRL). Compare requests with `==` to share one fetch between certificates.
public struct RevocationRequest: Sendable, Hashable {
    /// OCSP or CRL.
    public let source: RevocationSource
    /// The http(s) URL from the certificate's authorityInfoAccess or cRLDistributionPoints.
    public let url: String
    /// The DER OCSPRequest to POST (empty for a CRL, which is fetched with GET).
    public let body: [UInt8]
    /// The nonce `body` carries (nil: none); the response must echo it.
    public let nonce: [UInt8]?

    /// A request (made by `RevocationSubject.requests`; public for transports' own tests).
    public init(source: RevocationSource, url: String, body: [UInt8], nonce: [UInt8]?) {
        self.source = source
        self.url = url
        self.body = body
        self.nonce = nonce
    }
}

/// Why a fetch failed, and whether trying again later can help.
public struct RevocationFetchFailure: Error, Sendable, Hashable {
    /// True for failures that may pass (timeouts, connection failures, HTTP 5xx, 429); false for
    /// ones that will not (a URL the transport cannot use, HTTP 4xx, a body over the size cap).
    public let isRetryable: Bool
    /// What happened, in a few words (e.g. "timed out after 10 s", "HTTP 503").
    public let reason: String

    /// A failure; `reason` is for people, `isRetryable` for callers deciding to retry.
    public init(isRetryable: Bool, reason: String) {
        self.isRetryable = isRetryable
        self.reason = reason
    }
}

// Embedded Swift has no existentials of non-class protocols and no concurrency runtime here: the
// synchronous core (RevocationEvaluation.swift, RevocationStore.swift) serves it without this.
// swift-format-ignore
#if !hasFeature(Embedded)
/// A caller's way of fetching what `RevocationRequest` names. Implementations must bound time
/// (a timeout) and size (at most `Limits.maxOCSPResponseBytes` for OCSP, `Limits.maxCRLBytes`
/// for CRLs) and never throw: every failure is a `RevocationFetchFailure`.
public protocol RevocationTransport: Sendable {
    /// The response body for `request`, or why there is none.
    func fetch(_ request: RevocationRequest) async -> Result<[UInt8], RevocationFetchFailure>
}
#endif
