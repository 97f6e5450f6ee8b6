// purereceipt sign promotional-offer | jws: the promotional offer signature (version 1, base64 on
// stdout) and the signed requests (compact JWS on stdout) of Docs/SIGNING.md.

import Foundation
import PureJSON
import PureReceiptSigning

enum SignCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let what = arguments.first else {
            usageError("sign: expected promotional-offer or jws", command: "sign")
        }
        let rest = Array(arguments.dropFirst())
        switch what {
        case "promotional-offer": return promotionalOffer(rest)
        case "jws": return jws(rest)
        case "--help", "-h":
            print(Usage.sign)
            return ExitCode.genuine
        default: usageError("sign: expected promotional-offer or jws, not '\(what)'", command: "sign")
        }
    }

    static func promotionalOffer(_ arguments: [String]) -> Int32 {
        let required = ["--product-id", "--offer-id", "--app-account-token", "--nonce", "--timestamp"]
        let options = SigningInput.options(
            arguments, command: "sign", valued: Set(["--key", "--key-id", "--bundle-id"] + required))
        for name in required where options.last(name) == nil {
            usageError("sign promotional-offer: \(name) is required", command: "sign")
        }
        guard let timestamp = Int64(options.last("--timestamp") ?? ""), timestamp >= 0 else {
            usageError("sign promotional-offer: --timestamp must be milliseconds since 1970", command: "sign")
        }
        let signer = SigningInput.signer(options, command: "sign", issuer: false)
        do {
            print(
                try signer.promotionalOfferSignature(
                    productIdentifier: options.last("--product-id") ?? "",
                    offerIdentifier: options.last("--offer-id") ?? "",
                    appAccountToken: options.last("--app-account-token") ?? "", nonce: options.last("--nonce") ?? "",
                    timestamp: timestamp))
            return ExitCode.genuine
        } catch {
            usageError("sign promotional-offer: \(error.description)", command: "sign")
        }
    }

    static func jws(_ arguments: [String]) -> Int32 {
        let options = SigningInput.options(
            arguments, command: "sign",
            valued: ["--kind", "--key", "--key-id", "--issuer-id", "--bundle-id", "--claims"])
        let kinds: [String: SignedRequestKind] = [
            "promotional-offer": .promotionalOffer, "introductory-offer-eligibility": .introductoryOfferEligibility,
            "advanced-commerce": .advancedCommerce,
        ]
        guard let kind = kinds[options.last("--kind") ?? ""] else {
            usageError(
                "sign jws: --kind must be promotional-offer, introductory-offer-eligibility or advanced-commerce",
                command: "sign")
        }
        // The key and the claims cannot both come from standard input.
        let claimsPath = options.last("--claims") ?? "-"
        if claimsPath == "-" && options.last("--key") == "-" {
            usageError("sign jws: with --key - the claims come from --claims FILE", command: "sign")
        }
        let signer = SigningInput.signer(options, command: "sign")
        let claimsBytes = SigningInput.read(claimsPath, limit: SigningInput.maxClaimsBytes, what: "claims")
        guard let document = try? JSONReader.read(claimsBytes), case .object(let claims) = document else {
            fail("claims: expected one JSON object of the request's own claims", ExitCode.malformed)
        }
        do {
            print(
                try signer.signedRequest(
                    kind, claims: claims, issuedAt: SigningInput.now(), requestNonce: UUID().uuidString.lowercased()))
            return ExitCode.genuine
        } catch {
            fail("claims: \(error.description)", ExitCode.malformed)
        }
    }
}
