// purereceipt token / sign / verify --public-key: the spellings scripts rely on, their exit
// statuses (0 signed, 2 a key that cannot be used, 64 usage) and the round trip, with the
// throwaway test keys of Vectors/signing/keys/.

import Foundation
import Testing

@Suite("Signing commands")
struct SigningCLITests {
    static let key = "Vectors/signing/keys/p256-pkcs8.pem"
    static let publicKey = "Vectors/signing/keys/p256-public.pem"
    static let ids = [
        "--key-id", "ABCDEF1234", "--issuer-id", "57246542-96fe-1a63-e053-0824d011072a", "--bundle-id",
        "com.example.app",
    ]

    @Test("token, then verify --public-key: a round trip")
    func tokenRoundTrip() async throws {
        let token = try await CLI.run(["token", "--key", Self.key, "--expires-in", "600"] + Self.ids)
        #expect(token.status == 0, "\(token)")
        let verified = try await CLI.run(["verify", "--public-key", Self.publicKey], stdin: Data(token.stdout.utf8))
        #expect(verified.status == 0, "\(verified)")
        #expect(verified.stdout.contains(#""aud":"appstoreconnect-v1""#))
    }

    @Test("sign jws for each kind verifies; a changed payload does not (exit 1)")
    func signedRequests() async throws {
        let claims: [(String, String)] = [
            ("promotional-offer", #"{"productId":"p","offerIdentifier":"o"}"#),
            ("introductory-offer-eligibility", #"{"productId":"p","allowIntroductoryOffer":true,"transactionId":"1"}"#),
            ("advanced-commerce", #"{"request":{"operation":"x"}}"#),
        ]
        for (kind, json) in claims {
            let signed = try await CLI.run(
                ["sign", "jws", "--kind", kind, "--key", Self.key] + Self.ids, stdin: Data(json.utf8))
            #expect(signed.status == 0, "\(signed)")
            let verified = try await CLI.run(
                ["verify", "--public-key", Self.publicKey], stdin: Data(signed.stdout.utf8))
            #expect(verified.status == 0, "\(kind): \(verified)")
            var parts = signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").map(
                String.init)
            parts[1] = "eyJpc3MiOiJ4In0"  // {"iss":"x"}
            let forged = try await CLI.run(
                ["verify", "--public-key", Self.publicKey], stdin: Data(parts.joined(separator: ".").utf8))
            #expect(forged.status == 1, "\(kind): \(forged)")
        }
    }

    @Test("sign promotional-offer prints a base64 DER signature")
    func promotionalOffer() async throws {
        let result = try await CLI.run(
            [
                "sign", "promotional-offer", "--key", Self.key, "--key-id", "ABCDEF1234", "--bundle-id",
                "com.example.app",
                "--product-id", "p", "--offer-id", "o", "--app-account-token", "", "--nonce",
                "5f1a2b3c-1111-2222-3333-444455556666", "--timestamp", "1700000000000",
            ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("MEU") || result.stdout.hasPrefix("MEQ") || result.stdout.hasPrefix("MEY"))
    }

    /// Command lines refused before any key is read (exit 64).
    static let usageErrors: [(name: String, arguments: [String])] = [
        ("token without --key-id", ["token", "--key", key, "--issuer-id", "i", "--bundle-id", "b"]),
        ("token lifetime over an hour", ["token", "--key", key, "--expires-in", "3601"] + ids),
        ("token lifetime zero", ["token", "--key", key, "--expires-in", "0"] + ids),
        ("sign with no subcommand", ["sign"]),
        ("sign jws with an unknown kind", ["sign", "jws", "--kind", "refund", "--key", key] + ids),
        ("key and claims both on standard input", ["sign", "jws", "--kind", "promotional-offer", "--key", "-"] + ids),
        (
            "promotional offer without --nonce",
            ["sign", "promotional-offer", "--key", key, "--key-id", "k", "--bundle-id", "b"]
        ),
        ("an unknown option", ["token", "--private-key-text", "x"] + ids),
    ]

    @Test("usage errors exit 64", arguments: usageErrors)
    func usage(_ entry: (name: String, arguments: [String])) async throws {
        let result = try await CLI.run(entry.arguments)
        #expect(result.status == 64, "\(entry.name): \(result)")
    }

    /// Keys that cannot be used (exit 2), whose stderr must not echo the key.
    static let badKeys = [
        "Vectors/signing/keys/rsa512-pkcs8.pem", "Vectors/signing/keys/p256-encrypted.pem",
        "Vectors/signing/keys/p384-pkcs8.pem", "Vectors/signing/keys/ed25519-pkcs8.pem", "Vectors/signing/README.md",
        "Vectors/signing/keys/missing.pem",
    ]

    @Test("a key that cannot be used exits 2, and stderr shows none of it", arguments: badKeys)
    func badKey(_ path: String) async throws {
        let result = try await CLI.run(["token", "--key", path] + Self.ids)
        #expect(result.status == 2, "\(path): \(result)")
        #expect(result.stdout.isEmpty)
        let keyText = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        for line in keyText.split(separator: "\n") where !line.hasPrefix("-----") && line.count > 16 {
            #expect(!result.stderr.contains(line), "\(path): stderr quotes the key")
        }
    }
}
