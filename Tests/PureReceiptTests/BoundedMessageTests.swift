// Messages carry at most `maxDisplayedCharacters` (256) characters of any one text taken from
// input, escaped for display: a legacy receipt's duplicate key, a JWS header value, the longest
// object identifier. The verdict and code do not depend on the text.

import PureDER
import PureReceipt
import PureX509
import Testing

@Suite("Bounded messages: text from input is cut and escaped")
struct BoundedMessageTests {
    /// 600 characters that start with a terminal escape sequence.
    let hostile = "\u{1b}[31mRED" + String(repeating: "A", count: 600)

    @Test("truncated and displayBounded: at most 256 characters, then …; shorter text unchanged")
    func boundedText() {
        #expect(maxDisplayedCharacters == 256)
        #expect("abc".truncated(to: 3) == "abc")
        #expect("abcd".truncated(to: 3) == "abc…")
        #expect(String(repeating: "x", count: 256).displayBounded == String(repeating: "x", count: 256))
        let bounded = hostile.displayBounded
        #expect(bounded.hasPrefix("\\u{1b}[31mRED"))
        #expect(bounded.hasSuffix("A…"))
        // 256 characters of input, ESC counted as one, written as the 6 characters of its escape.
        #expect(bounded.count == 256 + 5 + 1)
        #expect(!bounded.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test("the longest object identifier (64 arcs, about 1 240 characters) in a message: 256 and …")
    func longObjectIdentifier() throws {
        // 1.2, then 62 sub-identifiers of nine octets each (2^63 − 1 = 9223372036854775807): 64 arcs.
        let arc: [UInt8] = [UInt8](repeating: 0xFF, count: 8) + [0x7F]
        let content: [UInt8] = [0x2A] + Array(repeating: arc, count: Limits.maxOIDComponents - 2).flatMap { $0 }
        let oid = try OID(contentBytes: content)
        // The dotted text itself is whole (the dump and inspect reports show it all) ...
        #expect(oid.description.count > 1_200)
        #expect(oid.description.hasPrefix("1.2.9223372036854775807.9223372036854775807."))
        // ... and a message carries 256 characters of it.
        for message in [
            X509Error(.unknownCriticalExtension(oid)).description,
            X509Error(.unsupportedSignatureAlgorithm(oid)).description,
            X509Error(.duplicateExtension(oid)).description,
        ] {
            #expect(message.contains("1.2.9223372036854775807."))
            #expect(message.contains("…"))
            #expect(message.count < 256 + 60)
        }
    }

    @Test("a legacy receipt's duplicate key: the message carries 256 escaped characters of it")
    func legacyDuplicateKey() throws {
        let key = "\"\\033[31mRED" + String(repeating: "A", count: 600) + "\""  // \033: ESC, octal
        let plist = Array("{ \(key) = \"1\"; \(key) = \"2\"; }".utf8)
        let error = try #require(throws: LegacyReceiptError.self) { try LegacyTransactionReceipt(plist) }
        #expect(error.code == "legacy.duplicateKey")
        let message = error.description
        #expect(message.contains("duplicate key \"\\u{1b}[31mRED"))
        #expect(message.contains("A…\""))
        #expect(!message.unicodeScalars.contains { $0.value == 0x1B })
        #expect(message.count < 256 + 100)
    }

    @Test("a JWS header alg of 600 characters: the message carries 256 escaped characters of it")
    func jwsAlgorithm() throws {
        let header = "{\"alg\":\"\\u001b[31mRED\(String(repeating: "A", count: 600))\"}"
        // base64url (RFC 4648 §5) without padding, from standard base64.
        let encoded = String(
            Base64.encode(Array(header.utf8)).compactMap { c -> Character? in
                c == "=" ? nil : c == "+" ? "-" : c == "/" ? "_" : c
            })
        let policy = SignedDataPolicy(bundleId: "com.example", environment: .sandbox)
        let error = try #require(throws: VerificationError.self) {
            try SignedDataVerifier.verifyTransaction(Array((encoded + ".e30.AAAA").utf8), policy: policy)
        }
        #expect(error.code == "jws.algorithmNotAllowed")
        #expect(error.verdict == .notAuthentic)
        #expect(error.message.contains("(\\u{1b}[31mRED"))
        #expect(error.message.contains("A…)"))
        #expect(!error.message.unicodeScalars.contains { $0.value == 0x1B })
        #expect(error.message.count < 256 + 100)
    }
}
