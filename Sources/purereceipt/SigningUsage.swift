// Usage of the signing commands (`purereceipt sign`, `purereceipt token`).

extension Usage {
    static let sign = """
        usage: purereceipt sign promotional-offer --key FILE --key-id ID --bundle-id ID --product-id ID
                                 --offer-id ID --app-account-token UUID --nonce UUID --timestamp MILLISECONDS
               purereceipt sign jws --kind KIND --key FILE --key-id ID --issuer-id ID --bundle-id ID
                                 [--claims FILE]
        promotional-offer: the promotional offer signature (version 1): base64 of the DER ECDSA
        signature over bundle ID, key ID, product, offer, app account token, nonce and timestamp
        joined by U+2063. --app-account-token may be '' (an empty string).
        jws: a signed request (compact JWS, ES256) of KIND promotional-offer,
        introductory-offer-eligibility or advanced-commerce, with iss, iat (now), aud, bid and a
        fresh nonce; the kind's own claims are one JSON object on standard input (or --claims FILE):
          promotional-offer               {"productId", "offerIdentifier", "transactionId" (optional)}
          introductory-offer-eligibility  {"productId", "allowIntroductoryOffer": true|false, "transactionId"}
          advanced-commerce               {"request": base64 text, or the request as a JSON object}
          --key FILE           the private key: a .p8 file from App Store Connect (PKCS #8 PEM), an
                               EC PRIVATE KEY (PEM or DER) or a raw 32-byte scalar; '-' reads it from
                               standard input (then the claims need --claims FILE). Never printed.
        exit status: 0 signed; 2 the key or the claims cannot be used; 64 usage error
        """

    static let token = """
        usage: purereceipt token --key FILE --key-id ID --issuer-id ID --bundle-id ID [--expires-in SECONDS]
        Prints an App Store Server API bearer token (compact JWS, ES256): iss, iat (now), exp,
        aud "appstoreconnect-v1", bid.
          --expires-in SECONDS lifetime, 1 … 3600 (Apple refuses tokens valid for over 60 minutes);
                               default 1200
          --key FILE           as for sign ('-' for standard input)
        exit status: 0 printed; 2 the key cannot be used; 64 usage error
        """

    static let verifyPublicKey = """
        usage: purereceipt verify --public-key FILE [JWS-FILE]
        Verifies a compact JWS signed with ES256 by the private key of FILE (a SubjectPublicKeyInfo,
        PEM "PUBLIC KEY" or DER; P-256), such as the requests and tokens 'sign' and 'token' make: no
        certificate chain, no x5c. Prints the header and payload JSON.
        exit status: 0 the signature verifies; 1 it does not; 2 not a JWS, or not a P-256 key;
                     64 usage error
        """
}
