// The signed formats: the API token, the signed requests and the promotional offer signature;
// their fields and claims, the limits refused up front, and every signature checked by
// PureCrypto's verifier and, when the tool is installed, by OpenSSL (`openssl dgst -verify`).

import Foundation
import PureCrypto
import PureDER
import PureJSON
import Testing

@testable import PureReceiptSigning

/// The signer of the tests: the test key with fixed identifiers.
func testSigner() throws -> AppStoreSigner {
    try AppStoreSigner(
        key: try SigningKey(fileContents: Array(TestKeys.pkcs8.utf8)), keyID: "ABCDEF1234",
        issuerID: "57246542-96fe-1a63-e053-0824d011072a", bundleID: "com.example.app")
}

/// The three parts of a compact JWS, decoded, after checking the signature with PureCrypto.
func decodeVerified(_ jws: String, key: SigningKey) throws -> (header: JSONObject, payload: JSONObject) {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
    try #require(parts.count == 3)
    let decode = { (part: [UInt8]) throws -> [UInt8] in try Base64.decode(part, in: 0..<part.count, .urlUnpadded) }
    let signature = try decode(parts[2])
    #expect(
        try key.publicKey.isValidSignatureVarTime(
            raw: signature[...], digest: SHA256.hash(parts[0] + [0x2E] + parts[1])))
    guard case .object(let header) = try JSONReader.read(try decode(parts[0])),
        case .object(let payload) = try JSONReader.read(try decode(parts[1]))
    else { throw SigningError.emptyField("test") }
    return (header, payload)
}

/// Whether openssl verifies a DER signature of `message` with the public key; nil when openssl is missing.
func opensslVerifies(der signature: [UInt8], message: [UInt8], key: SigningKey) -> Bool? {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signing-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = ["key.der": key.subjectPublicKeyInfo, "sig.der": signature, "message": message]
    for (name, bytes) in files { try? Data(bytes).write(to: directory.appendingPathComponent(name)) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "openssl", "dgst", "-sha256", "-verify", directory.appendingPathComponent("key.der").path, "-keyform", "DER",
        "-signature", directory.appendingPathComponent("sig.der").path,
        directory.appendingPathComponent("message").path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    if process.terminationStatus == 127 { return nil }
    return process.terminationStatus == 0
}

@Suite("Signed formats: API token, signed requests, promotional offer signature")
struct SignedFormatTests {
    @Test("API token: header and claims, ES256 verifies")
    func apiToken() throws {
        let signer = try testSigner()
        let token = try signer.apiToken(issuedAt: 1_700_000_000, lifetime: 1800)
        let (header, payload) = try decodeVerified(token, key: signer.key)
        #expect(
            header["alg"] == .string("ES256") && header["kid"] == .string("ABCDEF1234")
                && header["typ"] == .string("JWT"))
        #expect(payload.members.map(\.name) == ["iss", "iat", "exp", "aud", "bid"])
        #expect(payload["aud"] == .string("appstoreconnect-v1") && payload["bid"] == .string("com.example.app"))
        #expect(try payload["iat"]?.numberValue?.int64() == 1_700_000_000)
        #expect(try payload["exp"]?.numberValue?.int64() == 1_700_001_800)
    }

    /// Token requests refused up front.
    static let refusedTokens: [(name: String, issuedAt: Int64, lifetime: Int64, error: SigningError)] = [
        ("lifetime over 60 minutes", 1_700_000_000, 3601, .lifetimeOutOfRange(3601)),
        ("lifetime zero", 1_700_000_000, 0, .lifetimeOutOfRange(0)),
        ("negative lifetime", 1_700_000_000, -5, .lifetimeOutOfRange(-5)),
        ("issued before 1970", -1, 60, .issuedBeforeEpoch),
        ("expiry past Int64.max", Int64.max - 10, 60, .lifetimeOutOfRange(60)),
    ]

    @Test("API token limits refused up front", arguments: refusedTokens)
    func refusedToken(_ entry: (name: String, issuedAt: Int64, lifetime: Int64, error: SigningError)) throws {
        let signer = try testSigner()
        #expect(throws: entry.error, "\(entry.name)") {
            try signer.apiToken(issuedAt: entry.issuedAt, lifetime: entry.lifetime)
        }
    }

    @Test("signed requests: audience and claims of each kind, ES256 verifies")
    func signedRequests() throws {
        let signer = try testSigner()
        let cases: [(SignedRequestKind, String, [String])] = [
            (
                .promotionalOffer, #"{"productId":"p","offerIdentifier":"o","transactionId":"1"}"#,
                ["productId", "offerIdentifier", "transactionId"]
            ),
            (.promotionalOffer, #"{"productId":"p","offerIdentifier":"o"}"#, ["productId", "offerIdentifier"]),
            (
                .introductoryOfferEligibility, #"{"productId":"p","allowIntroductoryOffer":false,"transactionId":"1"}"#,
                ["productId", "allowIntroductoryOffer", "transactionId"]
            ),
            (.advancedCommerce, #"{"request":"eyJhIjoxfQ=="}"#, ["request"]),
        ]
        for (kind, claims, names) in cases {
            guard case .object(let object) = try JSONReader.read(claims) else { continue }
            let jws = try signer.signedRequest(
                kind, claims: object, issuedAt: 1_700_000_000, requestNonce: "5F1A2B3C-1111-2222-3333-444455556666")
            let (header, payload) = try decodeVerified(jws, key: signer.key)
            #expect(header.members.map(\.name) == ["alg", "kid", "typ"])
            #expect(payload.members.map(\.name) == ["iss", "iat", "aud", "bid", "nonce"] + names)
            #expect(payload["aud"] == .string(kind.rawValue))
            #expect(payload["nonce"] == .string("5f1a2b3c-1111-2222-3333-444455556666"))
        }
    }

    @Test("Advanced Commerce: a request object is written compactly and base64-encoded")
    func advancedCommerceObject() throws {
        let signer = try testSigner()
        guard case .object(let object) = try JSONReader.read(#"{"request":{"a": 1, "b": ["x"]}}"#) else { return }
        let jws = try signer.signedRequest(
            .advancedCommerce, claims: object, issuedAt: 0, requestNonce: "5f1a2b3c-1111-2222-3333-444455556666")
        let (_, payload) = try decodeVerified(jws, key: signer.key)
        #expect(payload["request"] == .string(Base64.encode(Array(#"{"a":1,"b":["x"]}"#.utf8))))
    }

    /// Claims refused for a kind.
    static let refusedClaims: [(name: String, kind: SignedRequestKind, claims: String, error: SigningError)] = [
        (
            "reserved iss", .promotionalOffer, #"{"iss":"x","productId":"p","offerIdentifier":"o"}"#,
            .reservedClaim("iss")
        ),
        ("reserved nonce", .promotionalOffer, #"{"nonce":"x"}"#, .reservedClaim("nonce")),
        (
            "misspelt claim", .promotionalOffer, #"{"productID":"p","offerIdentifier":"o"}"#,
            .unknownClaim("productID", accepted: "productId, offerIdentifier, transactionId")
        ),
        ("missing offerIdentifier", .promotionalOffer, #"{"productId":"p"}"#, .missingClaim("offerIdentifier")),
        ("empty productId", .promotionalOffer, #"{"productId":"","offerIdentifier":"o"}"#, .emptyField("productId")),
        (
            "allowIntroductoryOffer as text", .introductoryOfferEligibility,
            #"{"productId":"p","allowIntroductoryOffer":"yes","transactionId":"1"}"#,
            .claimType("allowIntroductoryOffer", expected: "true or false")
        ),
        (
            "transactionId missing", .introductoryOfferEligibility, #"{"productId":"p","allowIntroductoryOffer":true}"#,
            .missingClaim("transactionId")
        ),
        (
            "request as a number", .advancedCommerce, #"{"request":5}"#,
            .claimType("request", expected: "a base64 string or a JSON object")
        ),
    ]

    @Test("signed request claims refused up front", arguments: refusedClaims)
    func refusedClaim(_ entry: (name: String, kind: SignedRequestKind, claims: String, error: SigningError)) throws {
        let signer = try testSigner()
        guard case .object(let object) = try JSONReader.read(entry.claims) else { return }
        #expect(throws: entry.error, "\(entry.name)") {
            try signer.signedRequest(
                entry.kind, claims: object, issuedAt: 0, requestNonce: "5f1a2b3c-1111-2222-3333-444455556666")
        }
    }

    @Test("promotional offer V1: the U+2063-joined payload, lowercased token and nonce; DER verifies, with OpenSSL too")
    func promotionalOffer() throws {
        let signer = try testSigner()
        let nonce = "5F1A2B3C-1111-2222-3333-444455556666"
        let token = "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE"
        let payload = try signer.promotionalOfferPayload(
            productIdentifier: "com.example.monthly", offerIdentifier: "half-price", appAccountToken: token,
            nonce: nonce,
            timestamp: 1_700_000_000_123)
        let expected = [
            "com.example.app", "ABCDEF1234", "com.example.monthly", "half-price", token.lowercased(),
            nonce.lowercased(),
            "1700000000123",
        ].joined(separator: "\u{2063}")
        #expect(payload == expected)
        let signature = try Base64.decode(
            try signer.promotionalOfferSignature(
                productIdentifier: "com.example.monthly", offerIdentifier: "half-price", appAccountToken: token,
                nonce: nonce,
                timestamp: 1_700_000_000_123))
        let message = Array(payload.utf8)
        #expect(try signer.key.publicKey.isValidSignatureVarTime(der: signature[...], digest: SHA256.hash(message)))
        if let verified = opensslVerifies(der: signature, message: message, key: signer.key) {
            #expect(verified, "openssl dgst -sha256 -verify")
        } else {
            print("SKIPPED: openssl is not installed; the OpenSSL check of the offer signature did not run")
        }
    }

    /// Promotional offer inputs refused up front.
    static let refusedOffers: [(name: String, product: String, token: String, nonce: String, error: SigningError)] = [
        ("nonce not a UUID", "p", "", "12345", .notAUUID("nonce")),
        (
            "app account token not a UUID", "p", "alice", "5f1a2b3c-1111-2222-3333-444455556666",
            .notAUUID("app account token")
        ),
        (
            "separator in the product", "p\u{2063}x", "", "5f1a2b3c-1111-2222-3333-444455556666",
            .separatorInField("product identifier")
        ),
        ("empty product", "", "", "5f1a2b3c-1111-2222-3333-444455556666", .emptyField("product identifier")),
    ]

    @Test("promotional offer inputs refused up front", arguments: refusedOffers)
    func refusedOffer(_ entry: (name: String, product: String, token: String, nonce: String, error: SigningError))
        throws
    {
        let signer = try testSigner()
        #expect(throws: entry.error, "\(entry.name)") {
            try signer.promotionalOfferSignature(
                productIdentifier: entry.product, offerIdentifier: "o", appAccountToken: entry.token,
                nonce: entry.nonce,
                timestamp: 0)
        }
    }

    @Test("ES256 signatures of many keys verify with PureCrypto and OpenSSL")
    func manyKeys() throws {
        var skipped = false
        for i in 0..<8 {
            let key = try SigningKey(rawScalar: SHA256.hash(Array("key \(i)".utf8)))
            let message = Array("message \(i)".utf8)
            let signature = key.signature(for: message)
            #expect(try key.publicKey.isValidSignatureVarTime(der: signature.der[...], digest: SHA256.hash(message)))
            guard let verified = opensslVerifies(der: signature.der, message: message, key: key) else {
                skipped = true
                continue
            }
            #expect(verified)
        }
        if skipped { print("SKIPPED: openssl is not installed; the OpenSSL checks did not run") }
    }
}
