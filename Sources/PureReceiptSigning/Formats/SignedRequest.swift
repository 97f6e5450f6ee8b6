// The signed requests an app passes to StoreKit ("Generating JWS to sign App Store requests",
// Apple developer documentation): compact JWS, ES256, header {"alg", "kid", "typ": "JWT"}, payload
//   {"iss": issuer ID, "iat": seconds, "aud": the kind's audience, "bid": bundle ID,
//    "nonce": a fresh UUID, …the kind's own claims}
// with the audiences and claims Apple's server libraries use (`JWSSignatureCreator`):
//   promotional offer (V2)          aud "promotional-offer": productId, offerIdentifier (strings),
//                                   transactionId (string, optional)
//   introductory offer eligibility  aud "introductory-offer-eligibility": productId (string),
//                                   allowIntroductoryOffer (Boolean), transactionId (string)
//   Advanced Commerce in-app        aud "advanced-commerce-api": request, the base64 of the
//                                   request's JSON (given as that string, or as the object,
//                                   which is then written compactly and base64-encoded here)
// Claims the signer sets itself are refused from the caller, and so are claims the kind does not
// define (a misspelt name would otherwise be signed and ignored by the App Store).

import PureDER
public import PureJSON

/// The kinds of signed request, each with its audience (`aud`).
public enum SignedRequestKind: String, Sendable, CaseIterable {
    /// A promotional offer, signature version 2.
    case promotionalOffer = "promotional-offer"
    /// Whether the customer may get an introductory offer.
    case introductoryOfferEligibility = "introductory-offer-eligibility"
    /// An Advanced Commerce API in-app request.
    case advancedCommerce = "advanced-commerce-api"

    /// (claim, JSON type, required) of the kind's own claims.
    var claims: [(name: String, type: String, required: Bool)] {
        switch self {
        case .promotionalOffer:
            return [
                ("productId", "a string", true), ("offerIdentifier", "a string", true),
                ("transactionId", "a string", false),
            ]
        case .introductoryOfferEligibility:
            return [
                ("productId", "a string", true), ("allowIntroductoryOffer", "true or false", true),
                ("transactionId", "a string", true),
            ]
        case .advancedCommerce:
            return [("request", "a base64 string or a JSON object", true)]
        }
    }
}

extension AppStoreSigner {
    /// The claims the signer writes itself.
    static let reservedClaims: Set<String> = ["iss", "iat", "exp", "aud", "bid", "nonce"]

    /// A signed request of `kind` with the kind's own `claims`, issued at `issuedAt` (seconds since
    /// 1970, from the caller's clock) with the payload nonce `requestNonce` (a fresh UUID from the
    /// caller, lowercased here).
    public func signedRequest(
        _ kind: SignedRequestKind, claims: JSONObject, issuedAt: Int64, requestNonce: String,
        nonce: NonceGeneration = .hedgedWithSystemRandom
    ) throws(SigningError) -> String {
        guard issuedAt >= 0 else { throw .issuedBeforeEpoch }
        guard isUUID(requestNonce) else { throw .notAUUID("nonce") }
        let accepted = kind.claims.map { $0.name }.joined(separator: ", ")
        for member in claims.members {
            if Self.reservedClaims.contains(member.name) { throw .reservedClaim(member.name) }
            guard kind.claims.contains(where: { $0.name == member.name }) else {
                throw .unknownClaim(member.name, accepted: accepted)
            }
        }
        var json = JSONText()
        json.beginObject()
        json.key("iss")
        json.string(issuerID)
        json.key("iat")
        json.integer(issuedAt)
        json.key("aud")
        json.string(kind.rawValue)
        json.key("bid")
        json.string(bundleID)
        json.key("nonce")
        json.string(requestNonce.lowercased())
        for claim in kind.claims {
            guard let value = claims[claim.name] else {
                if claim.required { throw .missingClaim(claim.name) }
                continue
            }
            json.key(claim.name)
            switch (claim.name, value) {
            case ("allowIntroductoryOffer", .bool): json.value(value)
            case ("request", .object):
                var request = JSONText()
                request.value(value)
                json.string(Base64.encode(request.bytes))
            case ("request", .string(let text)), ("productId", .string(let text)),
                ("offerIdentifier", .string(let text)), ("transactionId", .string(let text)):
                guard !text.isEmpty else { throw .emptyField(claim.name) }
                json.string(text)
            default: throw .claimType(claim.name, expected: claim.type)
            }
        }
        json.endObject()
        return JOSEEncoding.compactJWS(header: header, payload: json.bytes, key: key, nonce: nonce)
    }
}
