// The App Store Server API bearer token ("Generating JSON Web Tokens for API requests", Apple
// developer documentation): a compact JWS signed with ES256.
//   header  {"alg": "ES256", "kid": key ID, "typ": "JWT"}
//   payload {"iss": issuer ID, "iat": seconds, "exp": seconds, "aud": "appstoreconnect-v1",
//            "bid": bundle ID}
// Limits refused up front: exp more than 60 minutes after iat (Apple rejects such tokens), a
// lifetime of zero or less, an issue time before the epoch.

extension AppStoreSigner {
    /// The longest lifetime Apple accepts: `exp` at most 60 minutes after `iat`.
    public static let maximumTokenLifetime: Int64 = 3600

    /// A bearer token for the App Store Server API, valid from `issuedAt` (seconds since
    /// 1970-01-01T00:00:00Z, from the caller's clock) for `lifetime` seconds (1 … 3600).
    public func apiToken(
        issuedAt: Int64, lifetime: Int64 = 1200, nonce: NonceGeneration = .hedgedWithSystemRandom
    ) throws(SigningError) -> String {
        guard issuedAt >= 0 else { throw .issuedBeforeEpoch }
        guard lifetime >= 1, lifetime <= Self.maximumTokenLifetime else { throw .lifetimeOutOfRange(lifetime) }
        // issuedAt ≤ Int64.max and lifetime ≤ 3600: the sum can only overflow for absurd instants.
        let (expires, overflow) = issuedAt.addingReportingOverflow(lifetime)
        guard !overflow else { throw .lifetimeOutOfRange(lifetime) }
        var json = JSONText()
        json.beginObject()
        json.key("iss")
        json.string(issuerID)
        json.key("iat")
        json.integer(issuedAt)
        json.key("exp")
        json.integer(expires)
        json.key("aud")
        json.string("appstoreconnect-v1")
        json.key("bid")
        json.string(bundleID)
        json.endObject()
        return JOSEEncoding.compactJWS(header: header, payload: json.bytes, key: key, nonce: nonce)
    }
}
