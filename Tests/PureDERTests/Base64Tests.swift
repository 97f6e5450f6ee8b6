// Tests for Base64: RFC 4648 §10 vectors, round trips against Foundation, white space, every
// rejection rule with its offset for each option set (`.wrapped`, `.unwrapped`, `.urlUnpadded`,
// and padding optional), ranges inside a larger input, and a large input.

import Foundation
import PureDER
import PureReceiptTestSupport
import Testing

@Suite("Base64")
struct Base64Tests {
    @Test(
        "RFC 4648 §10 test vectors",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
        ])
    func rfcVectors(_ plain: String, _ encoded: String) throws {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(try Base64.decode(encoded) == Array(plain.utf8))
        #expect(try Base64.decode(Array(encoded.utf8)) == Array(plain.utf8))
        #expect(try decode(encoded, .unwrapped) == Array(plain.utf8))
        // RFC 4648 §5: the same vectors in base64url, "=" omitted as RFC 7515 §2 requires.
        let unpadded = encoded.replacingOccurrences(of: "=", with: "")
        #expect(try decode(unpadded, .urlUnpadded) == Array(plain.utf8))
        #expect(try decode(unpadded, .optional) == Array(plain.utf8))
        #expect(try decode(encoded, .optional) == Array(plain.utf8))
    }

    @Test("every alphabet character decodes to its value (RFC 4648 §4 Table 1, §5 Table 2)")
    func alphabet() throws {
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        let bytes = try Base64.decode(alphabet)
        #expect(Base64.encode(bytes) == alphabet)
        #expect(bytes == [UInt8](Data(base64Encoded: alphabet) ?? Data()))
        let url = alphabet.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        #expect(try decode(url, .urlUnpadded) == bytes)
    }

    @Test("round trip of random data, agreeing with Foundation")
    func randomRoundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let encoded = Base64.encode(bytes)
            #expect(encoded == Data(bytes).base64EncodedString())
            #expect(try Base64.decode(encoded) == bytes)
            #expect(try decode(encoded, .unwrapped) == bytes)
            // Foundation's line-wrapped form (CR LF every 64 characters) decodes too.
            let wrapped = Data(bytes).base64EncodedString(options: [.lineLength64Characters])
            #expect(try Base64.decode(wrapped) == bytes)
            let url = encoded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(try decode(url, .urlUnpadded) == bytes)
        }
    }

    @Test(
        "white space (space, tab, CR, LF) is ignored anywhere",
        arguments: [
            "Zm9v\r\nYmFy", " Zm9vYmFy", "Zm9vYmFy\n", "Z m 9 v Y m F y", "\tZm9v\tYmFy\t", "Zm9vYmFy\r\n\r\n",
        ])
    func whiteSpace(_ text: String) throws {
        #expect(try Base64.decode(text) == Array("foobar".utf8))
    }

    @Test("white space around and between padding", arguments: ["Zg==\n", "Zg= =", "Z g = = ", "Zm8=\r\n"])
    func whiteSpaceWithPadding(_ text: String) throws {
        let decoded = try Base64.decode(text)
        #expect(decoded == Array("f".utf8) || decoded == Array("fo".utf8))
    }

    struct Rejection: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let error: Base64Error
        var testDescription: String { name }
    }

    /// `.wrapped`: receipts sent as text, legacy receipt values, PEM bodies.
    static let rejections: [Rejection] = [
        // RFC 4648 §3.3: characters outside the alphabet are rejected; RFC 4648 §4: the standard alphabet, not base64url.
        Rejection(name: "URL-safe minus", text: "Zm9v-A==", error: .invalidCharacter(offset: 4, byte: 0x2D)),
        Rejection(name: "URL-safe underscore", text: "Zm9v_A==", error: .invalidCharacter(offset: 4, byte: 0x5F)),
        Rejection(
            name: "vertical tab is not white space", text: "Zm9v\u{0B}", error: .invalidCharacter(offset: 4, byte: 0x0B)
        ),
        Rejection(name: "form feed", text: "\u{0C}Zm9v", error: .invalidCharacter(offset: 0, byte: 0x0C)),
        Rejection(name: "NUL", text: "Zm\u{0}9v", error: .invalidCharacter(offset: 2, byte: 0x00)),
        Rejection(name: "period", text: "Zm9v.", error: .invalidCharacter(offset: 4, byte: 0x2E)),
        Rejection(name: "non-ASCII (first UTF-8 byte)", text: "Zm9vé", error: .invalidCharacter(offset: 4, byte: 0xC3)),
        Rejection(
            name: "offset counts UTF-8 bytes", text: "ZmZm\r\n Zm9v!", error: .invalidCharacter(offset: 11, byte: 0x21)),
        // RFC 4648 §3.2: padding is required, so the length is a multiple of 4.
        Rejection(name: "unpadded 2 chars", text: "Zm9vYg", error: .invalidLength(6)),
        Rejection(name: "unpadded 3 chars", text: "Zm9vYmE", error: .invalidLength(7)),
        Rejection(name: "single char", text: "Z", error: .invalidLength(1)),
        Rejection(name: "half padding", text: "Zm9vYg=", error: .invalidLength(7)),
        Rejection(name: "length counts without white space", text: "Zm9\nvY", error: .invalidLength(5)),
        Rejection(name: "padding alone", text: "=", error: .invalidPadding(offset: 0)),
        Rejection(name: "padding first", text: "=Zg=", error: .invalidPadding(offset: 0)),
        Rejection(name: "padding second", text: "Z===", error: .invalidPadding(offset: 1)),
        Rejection(name: "three pads", text: "Zg===", error: .invalidPadding(offset: 4)),
        Rejection(name: "two pads after three chars", text: "Zm8==", error: .invalidPadding(offset: 4)),
        Rejection(name: "padding as fifth char", text: "Zm9v=", error: .invalidPadding(offset: 4)),
        Rejection(name: "data after padding", text: "Zg==Zg==", error: .invalidPadding(offset: 4)),
        Rejection(name: "data inside padding", text: "Zm9=v", error: .invalidPadding(offset: 4)),
        Rejection(name: "data after padding and white space", text: "Zg==\nA", error: .invalidPadding(offset: 5)),
        Rejection(name: "trailing bits xx==", text: "Zh==", error: .nonZeroTrailingBits(offset: 1)),
        Rejection(name: "trailing bits xxx=", text: "Zm9=", error: .nonZeroTrailingBits(offset: 2)),
        Rejection(name: "trailing bits after white space", text: "Zm9v\nZ/==", error: .nonZeroTrailingBits(offset: 6)),
        // Errors are reported in input order: a later fault hides the trailing bits.
        Rejection(name: "trailing bits, then data", text: "Zh==Zg==", error: .invalidPadding(offset: 4)),
    ]

    @Test("named rejections with offsets (.wrapped)", arguments: rejections)
    func rejects(_ r: Rejection) {
        #expect(throws: r.error) { try Base64.decode(r.text) }
        #expect(throws: r.error) { try Base64.decode(Array(r.text.utf8)) }
        #expect(throws: r.error) { try decode(r.text, .wrapped) }
    }

    /// `.unwrapped`: JWS `x5c` entries (RFC 7515 §4.1.6). The length is known before reading, so it
    /// is checked first; `=` may only be one of the last two bytes, followed only by `=`.
    static let unwrappedRejections: [Rejection] = [
        Rejection(name: "URL-safe minus", text: "Zm9v-A==", error: .invalidCharacter(offset: 4, byte: 0x2D)),
        // White space is a character like any other here.
        Rejection(name: "LF inside", text: "Zm9v\nZm8=", error: .invalidLength(9)),
        Rejection(
            name: "LF, length a multiple of 4", text: "Zm9\nZm8=", error: .invalidCharacter(offset: 3, byte: 0x0A)),
        Rejection(name: "trailing LF", text: "Zm8\n", error: .invalidCharacter(offset: 3, byte: 0x0A)),
        Rejection(name: "space", text: "Zm 9", error: .invalidCharacter(offset: 2, byte: 0x20)),
        // RFC 4648 §3.2: padding required; the length is checked before the characters.
        Rejection(name: "unpadded", text: "Zm9vYg", error: .invalidLength(6)),
        Rejection(name: "bad character and bad length", text: "!m9vY", error: .invalidLength(5)),
        Rejection(name: "extra padding", text: "Zm8==", error: .invalidLength(5)),
        Rejection(name: "padding second", text: "Z===", error: .invalidPadding(offset: 1)),
        Rejection(name: "padding inside, data last", text: "Zm=v", error: .invalidPadding(offset: 2)),
        Rejection(name: "padding then data", text: "Zg==Zg==", error: .invalidPadding(offset: 2)),
        Rejection(name: "four pads after a group", text: "Zm9v====", error: .invalidPadding(offset: 4)),
        Rejection(name: "six pads", text: "Zg======", error: .invalidPadding(offset: 2)),
        Rejection(name: "trailing bits xx==", text: "Zh==", error: .nonZeroTrailingBits(offset: 1)),
        Rejection(name: "trailing bits xxx=", text: "Zm9=", error: .nonZeroTrailingBits(offset: 2)),
    ]

    @Test("named rejections with offsets (.unwrapped)", arguments: unwrappedRejections)
    func rejectsUnwrapped(_ r: Rejection) {
        #expect(throws: r.error) { try decode(r.text, .unwrapped) }
    }

    /// `.urlUnpadded`: the three JWS parts (RFC 7515 §2).
    static let urlRejections: [Rejection] = [
        // RFC 4648 §5: `-` and `_` replace `+` and `/`.
        Rejection(name: "standard plus", text: "e30+", error: .invalidCharacter(offset: 3, byte: 0x2B)),
        Rejection(name: "standard slash", text: "Zm/v", error: .invalidCharacter(offset: 2, byte: 0x2F)),
        // RFC 7515 §2: "with all trailing '=' characters omitted".
        Rejection(name: "padding", text: "Zg==", error: .invalidCharacter(offset: 2, byte: 0x3D)),
        Rejection(name: "white space", text: "e3 0", error: .invalidCharacter(offset: 2, byte: 0x20)),
        Rejection(name: "trailing LF", text: "Zm9v\n", error: .invalidLength(5)),
        Rejection(name: "trailing LF, length 3 mod 4", text: "Zm\n", error: .invalidCharacter(offset: 2, byte: 0x0A)),
        // A length of 1 mod 4 is no encoding; checked before the characters.
        Rejection(name: "one leftover character", text: "e30AA", error: .invalidLength(5)),
        Rejection(name: "bad character and bad length", text: "!", error: .invalidLength(1)),
        // RFC 4648 §3.5: canonical trailing bits.
        Rejection(name: "trailing bits xx", text: "Zh", error: .nonZeroTrailingBits(offset: 1)),
        Rejection(name: "trailing bits xxx", text: "e31", error: .nonZeroTrailingBits(offset: 2)),
    ]

    @Test("named rejections with offsets (.urlUnpadded)", arguments: urlRejections)
    func rejectsURL(_ r: Rejection) {
        #expect(throws: r.error) { try decode(r.text, .urlUnpadded) }
    }

    /// Padding optional, standard alphabet, white space skipped.
    static let optionalRejections: [Rejection] = [
        Rejection(name: "one leftover character", text: "Zm9vY", error: .invalidLength(5)),
        Rejection(name: "half padding", text: "Zm9vYg=", error: .invalidLength(7)),
        Rejection(name: "padding after a whole group", text: "Zm9v=", error: .invalidPadding(offset: 4)),
        Rejection(name: "trailing bits, unpadded", text: "Zh", error: .nonZeroTrailingBits(offset: 1)),
        Rejection(name: "trailing bits, padded", text: "Zm9=", error: .nonZeroTrailingBits(offset: 2)),
    ]

    @Test("named rejections with offsets (padding optional)", arguments: optionalRejections)
    func rejectsOptional(_ r: Rejection) {
        #expect(throws: r.error) { try decode(r.text, .optional) }
    }

    @Test("a range inside a larger input: offsets are indices into the whole input")
    func range() throws {
        let text = Array("xx.Zm9v.Zh.Zg==".utf8)
        #expect(try Base64.decode(text, in: 3..<7, .urlUnpadded) == Array("foo".utf8))
        #expect(try Base64.decode(text, in: 3..<3, .urlUnpadded) == [])
        #expect(throws: Base64Error.nonZeroTrailingBits(offset: 9)) {
            try Base64.decode(text, in: 8..<10, .urlUnpadded)
        }
        #expect(throws: Base64Error.invalidLength(5)) { try Base64.decode(text, in: 3..<8, .urlUnpadded) }
        #expect(throws: Base64Error.invalidCharacter(offset: 7, byte: 0x2E)) {
            try Base64.decode(text, in: 3..<10, .wrapped)
        }
        #expect(try Base64.decode(text, in: 11..<15, .unwrapped) == Array("f".utf8))
        #expect(throws: Base64Error.invalidLength(3)) { try Base64.decode(text, in: 11..<14, .optional) }
        // Without white space, `=` must end the range (not the whole input).
        let padded = Array("Zg==Zg==".utf8)
        #expect(try Base64.decode(padded, in: 0..<4, .unwrapped) == Array("f".utf8))
        #expect(throws: Base64Error.invalidPadding(offset: 2)) { try Base64.decode(padded, in: 0..<8, .unwrapped) }
        #expect(Base64Error.invalidLength(5).offset == nil)
        #expect(Base64Error.invalidPadding(offset: 3).offset == 3)
    }

    // RFC 4648 §3.5: pad bits must be zero (canonical encoding).
    @Test("trailing-bit rule: exactly one accepted encoding per final byte")
    func trailingBitsExhaustive() throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var accepted1 = 0
        var accepted2 = 0
        var acceptedURL = 0
        for c in alphabet {
            if (try? Base64.decode([0x5A, c, 0x3D, 0x3D])) != nil { accepted1 += 1 }
            if (try? Base64.decode([0x5A, 0x6D, c, 0x3D])) != nil { accepted2 += 1 }
            let url = c == 0x2B ? 0x2D : c == 0x2F ? 0x5F : c
            if (try? Base64.decode([0x5A, url], in: 0..<2, .urlUnpadded)) != nil { acceptedURL += 1 }
        }
        #expect(accepted1 == 4)  // 2 data bits in the second character: 4 of 64 have zero low bits
        #expect(accepted2 == 16)  // 4 data bits in the third character
        #expect(acceptedURL == 4)
    }

    @Test("every single-byte input is classified without trapping, under every option set")
    func singleBytes() {
        for b in UInt8.min...UInt8.max {
            let input: [UInt8] = [0x5A, 0x6D, 0x39, 0x76, b, 0x5A, 0x67, 0x3D, 0x3D]
            let isWhite = b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A
            if isWhite {
                #expect((try? Base64.decode(input)) == Array("foof".utf8))
            } else {
                #expect(throws: Base64Error.self) { try Base64.decode(input) }
            }
            for options in [Base64.Options.unwrapped, .urlUnpadded, .optional] {
                _ = try? Base64.decode(input, in: 0..<input.count, options)
                _ = try? Base64.decode([b], in: 0..<1, options)
                _ = try? Base64.decode([0x5A, 0x6D, b], in: 0..<3, options)
            }
        }
    }

    @Test("large input: 4 MiB round trip, and Foundation agrees")
    func large() throws {
        // xorshift64 fill: cheap in debug builds, and the content only needs to vary.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes = [UInt8](repeating: 0, count: 4 * 1024 * 1024 + 1)
        for i in bytes.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            bytes[i] = UInt8(truncatingIfNeeded: state)
        }
        let encoded = Base64.encode(bytes)
        #expect(encoded.utf8.count == (bytes.count + 2) / 3 * 4)
        #expect(encoded == Data(bytes).base64EncodedString())
        #expect(try Base64.decode(encoded) == bytes)
    }

    @Test("corpus base64 receipts decode to their DER files", .enabled(if: corpusAvailable, "../shared/corpus absent"))
    func corpus() throws {
        let dir = corpusReceipts
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".b64") }
        var matched = 0
        for name in names {
            let derURL = dir.appendingPathComponent(String(name.dropLast(4)) + ".der")
            guard FileManager.default.fileExists(atPath: derURL.path) else { continue }
            let text = try PackageFiles.bytes(dir.appendingPathComponent(name))
            let der = try PackageFiles.bytes(derURL)
            #expect(try Base64.decode(text) == der, "\(name)")
            matched += 1
        }
        #expect(matched > 0)
    }

    private func decode(_ text: String, _ options: Base64.Options) throws(Base64Error) -> [UInt8] {
        let bytes = Array(text.utf8)
        return try Base64.decode(bytes, in: 0..<bytes.count, options)
    }
}

extension Base64.Options {
    /// Padding optional, otherwise `.wrapped`: no caller uses it; tested so it stays correct.
    static let optional = Base64.Options(alphabet: .standard, padding: .optional, whitespace: true)
}

/// The shared corpus's receipts (outside the project): present on CI and the development machines.
private let corpusReceipts = PackageFiles.corpus("receipts")
private let corpusAvailable = PackageFiles.exists(corpusReceipts)
