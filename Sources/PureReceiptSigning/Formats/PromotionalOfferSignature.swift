// The promotional offer signature, version 1 ("Generating a signature for promotional offers",
// Apple developer documentation; the fields as Apple's server libraries join them): ECDSA P-256
// with SHA-256 over the UTF-8 of
//   appBundleID ⁣ keyIdentifier ⁣ productIdentifier ⁣ offerIdentifier ⁣ appAccountToken ⁣ nonce ⁣ timestamp
// joined by U+2063 (INVISIBLE SEPARATOR), the app account token and the nonce lowercased, the
// timestamp in decimal milliseconds; the result is the standard base64 of the DER signature.
// Refused up front: a field holding U+2063 (it would shift the fields), a nonce that is not a
// UUID, an app account token that is neither empty nor a UUID, an empty product or offer.

import PureDER

extension AppStoreSigner {
    /// The base64 DER signature an app passes to StoreKit with a promotional offer (version 1).
    /// `appAccountToken` may be empty; `timestamp` is milliseconds since 1970 from the caller's clock.
    public func promotionalOfferSignature(
        productIdentifier: String, offerIdentifier: String, appAccountToken: String, nonce offerNonce: String,
        timestamp: Int64, nonce: NonceGeneration = .hedgedWithSystemRandom
    ) throws(SigningError) -> String {
        let payload = try promotionalOfferPayload(
            productIdentifier: productIdentifier, offerIdentifier: offerIdentifier,
            appAccountToken: appAccountToken, nonce: offerNonce, timestamp: timestamp)
        return Base64.encode(key.signature(for: Array(payload.utf8), nonce: nonce).der)
    }

    /// The signed text (see the file header), after the checks.
    func promotionalOfferPayload(
        productIdentifier: String, offerIdentifier: String, appAccountToken: String, nonce: String, timestamp: Int64
    ) throws(SigningError) -> String {
        guard !productIdentifier.isEmpty else { throw .emptyField("product identifier") }
        guard !offerIdentifier.isEmpty else { throw .emptyField("offer identifier") }
        guard isUUID(nonce) else { throw .notAUUID("nonce") }
        guard appAccountToken.isEmpty || isUUID(appAccountToken) else { throw .notAUUID("app account token") }
        guard timestamp >= 0 else { throw .issuedBeforeEpoch }
        let fields = [
            bundleID, keyID, productIdentifier, offerIdentifier, appAccountToken.lowercased(), nonce.lowercased(),
        ]
        let names = ["bundle identifier", "key identifier", "product identifier", "offer identifier", "", ""]
        for (field, name) in zip(fields, names) where field.unicodeScalars.contains("\u{2063}") {
            throw .separatorInField(name)
        }
        return (fields + [String(timestamp)]).joined(separator: "\u{2063}")
    }
}
