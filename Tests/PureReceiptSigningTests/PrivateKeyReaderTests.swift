// The key readers: PKCS #8 (RFC 5958 §2), SEC 1 ECPrivateKey (RFC 5915 §3), PEM (RFC 7468) and
// raw scalars; every refusal a typed error, and no error or description carrying key bytes.
// The keys below are throwaway test keys made with openssl for this file.

import Foundation
import PureDER
import Testing

@testable import PureReceiptSigning

enum TestKeys {
    static let pkcs8 = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQggS67QGw5Z7YKSzjL
        RPlUylsiaKbsubt8vU4qsyy6wVahRANCAARVqSh7Y91meCXCVbtHEVTT16lSvQYd
        eXyHm9WBuSnh+KC6NRHyuc4/x6KjiSK7fLmqF7c58qeALV5ulm02cRHT
        -----END PRIVATE KEY-----
        """
    static let sec1 = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIIEuu0BsOWe2Cks4y0T5VMpbImim7Lm7fL1OKrMsusFWoAoGCCqGSM49
        AwEHoUQDQgAEVakoe2PdZnglwlW7RxFU09epUr0GHXl8h5vVgbkp4figujUR8rnO
        P8eio4kiu3y5qhe3OfKngC1ebpZtNnER0w==
        -----END EC PRIVATE KEY-----
        """
    static let scalar = hex("812ebb406c3967b60a4b38cb44f954ca5b2268a6ecb9bb7cbd4e2ab32cbac156")
    static let point = hex(
        "0455a9287b63dd667825c255bb471154d3d7a952bd061d797c879bd581b929e1f8"
            + "a0ba3511f2b9ce3fc7a2a38922bb7cb9aa17b739f2a7802d5e6e966d367111d3")
    static let p384 = """
        -----BEGIN PRIVATE KEY-----
        MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDCkY2qTVKVPpdX2rh5j
        XaepB0hKdVYDjJ3Fp7/GgN+QkBb/BivDiCzdyEocM+qyqFChZANiAATgD7oa5wIY
        Kuf7/8/29aU0g+u3Gr72IjW+TlnFADEusv98s0x/wvMNo9AlI02dtPL3hWSROp7m
        7gvXXlqG+gpTQIMzK2yTi612Q1kAINaQhsx4VYxMWVVzS4+AMqe7Dk8=
        -----END PRIVATE KEY-----
        """
    static let ed25519 = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIEyiImWHL4jgOhyKwWryMKZKzLlaAAZ9ugLDKU6ZxW7C
        -----END PRIVATE KEY-----
        """
    static let rsa = """
        -----BEGIN PRIVATE KEY-----
        MIIBVAIBADANBgkqhkiG9w0BAQEFAASCAT4wggE6AgEAAkEAsDqYzH0UjJKDu02n
        m3Wnlo4guAl8lOoKOGyLS4G0P8hZr9EnbRe9U3vPHjMqTi/21rn3bGz/xaZwnda7
        6U/9EwIDAQABAkEAjh3DKW1ZS/+/0iXOm5TnIIffpOqpmCGhOl12e97OcHwYBFnL
        8hdA6Zc+WjhM73Ltptfdw7ink1vQ9nha4wnzYQIhANlPPgdJhYfbwGl44gVIQL19
        IWQMBnDTwp5JLwx1fvVjAiEAz5rwSjU8S1QcI0iLlF03NlGhWYdrmDEPmmwNzP4t
        AJECIDQLln+ITELNjre0C+3X8Clx3p1ng+Nh1Cq0vF/vhAihAiAwR58EEvdPqWLV
        zcQwH7F8X2V/lZ+vCBHR3rki6CV9EQIgXVk6899azVAzS2aL/veeIvjeYvv7u4Mr
        BMjRMfljiDs=
        -----END PRIVATE KEY-----
        """
    static let encrypted = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAhF0ElyuyURFQICCAAw
        DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEECOfy2INtByFpmpHejxIr3UEgZDs
        Y+5Qo27TJV4syKyncoT/dNZHdSOMsBPoT3ojTn6oY4Py97sJNz85QXokj0piVPul
        XJy8Qu4qwWp8VWM3LA/sHzW24twjv3AbRQQfa84YQwLTQn+65kpoLSuEBw8mdBKB
        E07POcIDI0GPDFLkNFyhW6lTTn6h+yqaB66IEvyjduCJXiRp6KrPYrAHDzPSOGU=
        -----END ENCRYPTED PRIVATE KEY-----
        """
    /// The SEC 1 key above with another key's public point.
    static let mismatchedSEC1 =
        "MHcCAQEEIIEuu0BsOWe2Cks4y0T5VMpbImim7Lm7fL1OKrMsusFWoAoGCCqGSM49AwEHoUQDQgAEFmH5BsY8iBidTycC31WlsBzF"
        + "z57nBYUveEJck3b7CV/5Tb96tRdZw6iHEY3nF8+5bEhkZpKaIL3XNwq0AoK6tw=="

    static func der(_ pem: String) -> [UInt8] {
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return (try? Base64.decode(body)) ?? []
    }
}

@Suite("Private keys: PKCS #8, SEC 1, raw scalars")
struct PrivateKeyReaderTests {
    /// Every accepted form of the same key.
    static let accepted: [(name: String, bytes: [UInt8])] = [
        ("RFC 5958 §2 PKCS #8 PEM (.p8)", Array(TestKeys.pkcs8.utf8)),
        ("RFC 5958 §2 PKCS #8 DER", TestKeys.der(TestKeys.pkcs8)),
        ("RFC 5915 §3 SEC 1 PEM", Array(TestKeys.sec1.utf8)),
        ("RFC 5915 §3 SEC 1 DER", TestKeys.der(TestKeys.sec1)),
        ("raw 32-byte scalar", TestKeys.scalar),
        ("PEM with text around it and CR LF", Array(("notes\r\n" + TestKeys.pkcs8 + "\r\ntrailer").utf8)),
    ]

    @Test("RFC 5958 §2, RFC 5915 §3: every form gives the same key and public point", arguments: accepted)
    func accepts(_ form: (name: String, bytes: [UInt8])) throws {
        let key = try SigningKey(fileContents: form.bytes)
        #expect(key.publicKeyPoint == TestKeys.point, "\(form.name)")
    }

    static let order = hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
    static var orderMinusOne: [UInt8] {
        var bytes = order
        bytes[31] -= 1
        return bytes
    }

    /// Refused inputs, each with the error it must give.
    static let refused: [(name: String, bytes: [UInt8], error: SigningKeyError)] = [
        ("empty", [], .unrecognizedFormat),
        ("text that is no key", Array("hello".utf8), .unrecognizedFormat),
        ("encrypted PKCS #8", Array(TestKeys.encrypted.utf8), .encrypted),
        (
            "legacy encrypted PEM",
            Array(
                TestKeys.sec1.replacingOccurrences(of: "KEY-----\n", with: "KEY-----\nProc-Type: 4,ENCRYPTED\n").utf8),
            .encrypted
        ),
        ("RSA in PKCS #8", Array(TestKeys.rsa.utf8), .unsupportedAlgorithm),
        ("Ed25519 in PKCS #8", Array(TestKeys.ed25519.utf8), .unsupportedAlgorithm),
        (
            "RSA PRIVATE KEY label", Array("-----BEGIN RSA PRIVATE KEY-----\nAA==\n-----END RSA PRIVATE KEY-----".utf8),
            .unsupportedAlgorithm
        ),
        ("P-384 in PKCS #8", Array(TestKeys.p384.utf8), .unsupportedCurve),
        ("scalar 0", [UInt8](repeating: 0, count: 32), .scalarOutOfRange),
        ("scalar n", order, .scalarOutOfRange),
        ("scalar 2^256 − 1", [UInt8](repeating: 0xff, count: 32), .scalarOutOfRange),
        (
            "SEC 1 with another key's public point", (try? Base64.decode(TestKeys.mismatchedSEC1)) ?? [],
            .publicKeyMismatch
        ),
        (
            "PEM without END",
            Array(TestKeys.pkcs8.replacingOccurrences(of: "-----END PRIVATE KEY-----", with: "").utf8),
            .malformed(field: "PEM (no END line)")
        ),
        (
            "PEM with bad base64", Array(TestKeys.pkcs8.replacingOccurrences(of: "MIGH", with: "M!GH").utf8),
            .malformed(field: "PEM base64")
        ),
        (
            "PKCS #8 DER cut short", Array(TestKeys.der(TestKeys.pkcs8).dropLast()),
            .malformed(field: "PrivateKeyInfo or ECPrivateKey")
        ),
        (
            "PKCS #8 with trailing bytes", TestKeys.der(TestKeys.pkcs8) + [0],
            .malformed(field: "PrivateKeyInfo or ECPrivateKey")
        ),
    ]

    @Test("refused keys give their typed error, never a trap", arguments: refused)
    func refuses(_ entry: (name: String, bytes: [UInt8], error: SigningKeyError)) {
        #expect(throws: entry.error, "\(entry.name)") { try SigningKey(fileContents: entry.bytes) }
    }

    @Test("n − 1 is the largest scalar accepted")
    func largestScalar() throws {
        _ = try SigningKey(rawScalar: Self.orderMinusOne)
    }

    @Test("descriptions, dumps and errors hold no key bytes")
    func noKeyMaterialShown() throws {
        let key = try SigningKey(fileContents: Array(TestKeys.pkcs8.utf8))
        var dumped = ""
        dump(key, to: &dumped)
        let scalarHex = TestKeys.scalar.map { String(format: "%02x", $0) }.joined()
        let decimalBytes = TestKeys.scalar.map(String.init).joined(separator: ", ")
        for text in [key.description, key.debugDescription, "\(key)", String(reflecting: key), dumped] {
            #expect(!text.lowercased().contains(scalarHex))
            #expect(!text.contains(decimalBytes))
        }
        for entry in Self.refused {
            #expect(!String(describing: entry.error).contains(scalarHex))
        }
    }
}
