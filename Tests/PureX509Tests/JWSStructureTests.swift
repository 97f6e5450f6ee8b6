// Compact JWS structure (RFC 7515 §7.1): parts, base64url, the protected header, the signature
// length. Signatures are not verified here (JWSVerificationTests does that).

import Foundation
import PureJSON
import PureX509
import Testing

/// RFC 4648 §5 base64url without padding.
func base64url(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
}

/// A compact JWS from a header JSON text, payload and signature (nothing is signed).
func compactJWS(
    header: String, payload: [UInt8] = Array("{}".utf8), signature: [UInt8] = [UInt8](repeating: 1, count: 64)
)
    -> [UInt8]
{
    Array((base64url(Array(header.utf8)) + "." + base64url(payload) + "." + base64url(signature)).utf8)
}

/// A header with `alg` ES256 and the committed synthetic root as the one x5c certificate.
func es256Header(extra: String = "") throws -> String {
    let root = try readBytes(pkiDirectory.appendingPathComponent("root.der"))
    return "{\"alg\":\"ES256\"\(extra),\"x5c\":[\"\(Data(root).base64EncodedString())\"]}"
}

func jwsFailure(_ bytes: [UInt8]) -> JWSError? {
    do {
        _ = try CompactJWS(compact: bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("JWS compact structure (RFC 7515)", .enabled(if: pkiPresent, "needs Vectors/pki"))
struct JWSStructureTests {
    @Test("RFC 7515 §7.1: a well-formed compact JWS parses into header, payload, signature, signing input")
    func wellFormed() throws {
        let header = try es256Header(extra: ",\"typ\":\"JWT\",\"kid\":\"k1\",\"other\":[1]")
        let bytes = compactJWS(header: header, payload: Array("{\"a\":1}".utf8))
        let jws = try CompactJWS(compact: bytes)
        #expect(jws.payload == Array("{\"a\":1}".utf8))
        #expect(jws.signature.count == 64)
        #expect(jws.certificates.count == 1)
        #expect(jws.type == "JWT" && jws.keyID == "k1")
        #expect(jws.header["other"] != nil)  // RFC 7515 §4: unknown members are ignored, kept
        let secondDot = try #require(bytes.lastIndex(of: 0x2E))
        #expect(Array(jws.signingInput) == Array(bytes[0..<secondDot]))
    }

    @Test("RFC 7515 §7.1: exactly three parts")
    func partCount() throws {
        let good = String(decoding: compactJWS(header: try es256Header()), as: UTF8.self)
        #expect(jwsFailure(Array("abc".utf8))?.kind == .partCount)
        #expect(jwsFailure(Array("a.b".utf8))?.kind == .partCount)
        #expect(jwsFailure(Array((good + ".").utf8))?.kind == .partCount)  // trailing dot: four parts
        #expect(jwsFailure(Array((good + ".AAAA").utf8))?.kind == .partCount)
        #expect(jwsFailure([])?.kind == .partCount)
    }

    @Test("RFC 7515 §2: base64url only, no padding, no white space, canonical trailing bits")
    func base64urlParts() throws {
        let good = String(decoding: compactJWS(header: try es256Header()), as: UTF8.self)
        let parts = good.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let headerLength = parts[0].utf8.count
        // Padding on the signature (64 bytes → 86 characters + "==" in padded form).
        #expect(jwsFailure(Array((good + "==").utf8)) == JWSError(.base64, at: good.utf8.count, "signature"))
        // Standard-alphabet characters, white space, a trailing newline.
        #expect(jwsFailure(Array((parts[0] + "." + "e30+" + "." + parts[2]).utf8))?.kind == .base64)
        #expect(jwsFailure(Array((parts[0] + "." + "e3 0" + "." + parts[2]).utf8))?.kind == .base64)
        #expect(jwsFailure(Array((good + "\n").utf8)) == JWSError(.base64, at: good.utf8.count, "signature"))
        // "e31" decodes "{}" with non-zero trailing bits (canonical is "e30").
        #expect(
            jwsFailure(Array((parts[0] + ".e31." + parts[2]).utf8))
                == JWSError(.base64, at: headerLength + 3, "payload"))
        // A length of 1 mod 4 is no encoding.
        #expect(jwsFailure(Array((parts[0] + ".e30AA." + parts[2]).utf8))?.kind == .base64)
        // Empty payload is allowed by the syntax (the policy layer needs JSON, not here).
        #expect(jwsFailure(Array((parts[0] + ".." + parts[2]).utf8)) == nil)
    }

    @Test("RFC 7515 §4.1.1: alg must be ES256; none, HS256, RS256, ES384, es256 are refused")
    func algorithm() throws {
        for alg in ["none", "HS256", "RS256", "ES384", "PS256", "es256", "ES256 ", ""] {
            let header = try es256Header().replacingOccurrences(of: "\"ES256\"", with: "\"\(alg)\"")
            #expect(jwsFailure(compactJWS(header: header))?.kind == .algorithmNotAllowed, "\(alg)")
        }
        let numeric = try es256Header().replacingOccurrences(of: "\"ES256\"", with: "256")
        #expect(jwsFailure(compactJWS(header: numeric))?.kind == .algorithmNotAllowed)
        let missing = try es256Header().replacingOccurrences(of: "\"alg\":\"ES256\",", with: "")
        #expect(jwsFailure(compactJWS(header: missing)) == JWSError(.headerMember, at: 0, "alg"))
    }

    @Test("RFC 7515 §4.1.11: crit is refused; RFC 7515 §4.1.2: jku, jwk, x5u are refused")
    func criticalAndKeySources() throws {
        #expect(jwsFailure(compactJWS(header: try es256Header(extra: ",\"crit\":[\"b64\"]")))?.kind == .criticalHeader)
        for name in ["jku", "jwk", "x5u"] {
            let header = try es256Header(extra: ",\"\(name)\":\"x\"")
            #expect(jwsFailure(compactJWS(header: header)) == JWSError(.headerMember, at: 0, name))
        }
        #expect(
            jwsFailure(compactJWS(header: try es256Header(extra: ",\"typ\":1")))
                == JWSError(.headerMember, at: 0, "typ"))
        #expect(
            jwsFailure(compactJWS(header: try es256Header(extra: ",\"kid\":null")))
                == JWSError(.headerMember, at: 0, "kid"))
    }

    @Test("RFC 7515 §4.1.6: x5c is a non-empty array of standard base64 DER certificates")
    func x5c() throws {
        let root = try readBytes(pkiDirectory.appendingPathComponent("leaf.der"))
        let std = Data(root).base64EncodedString()
        #expect(std.hasSuffix("=") && std.contains("+"))  // the padding and alphabet cases below bite
        let cases: [(String, JWSError.Kind)] = [
            ("{\"alg\":\"ES256\"}", .headerMember),
            ("{\"alg\":\"ES256\",\"x5c\":[]}", .headerMember),
            ("{\"alg\":\"ES256\",\"x5c\":\"\(std)\"}", .headerMember),
            ("{\"alg\":\"ES256\",\"x5c\":[1]}", .headerMember),
            ("{\"alg\":\"ES256\",\"x5c\":[\"\(base64url(root))\"]}", .base64),  // base64url, not base64
            ("{\"alg\":\"ES256\",\"x5c\":[\"\(std.replacingOccurrences(of: "=", with: ""))\"]}", .base64),
            ("{\"alg\":\"ES256\",\"x5c\":[\"\(std)\\n\"]}", .base64),
            ("{\"alg\":\"ES256\",\"x5c\":[\"AAAA\"]}", .certificate),
            (
                "{\"alg\":\"ES256\",\"x5c\":[" + Array(repeating: "\"\(std)\"", count: 17).joined(separator: ",")
                    + "]}",
                .inputTooLarge
            ),
        ]
        for (header, kind) in cases {
            #expect(jwsFailure(compactJWS(header: header))?.kind == kind, "\(header.prefix(60))")
        }
    }

    @Test("RFC 7515 §4: the header is a strict JSON object (duplicate names refused)")
    func headerJSON() throws {
        #expect(jwsFailure(compactJWS(header: "[1]")) == JWSError(.headerJSON, at: 0, "not an object"))
        #expect(jwsFailure(compactJWS(header: "{\"alg\":\"ES256\""))?.kind == .headerJSON)
        let duplicate = try es256Header(extra: ",\"alg\":\"none\"")
        #expect(jwsFailure(compactJWS(header: duplicate))?.kind == .headerJSON)
        #expect(jwsFailure(compactJWS(header: duplicate))?.detail.hasPrefix("json.duplicateKey") == true)
    }

    @Test("RFC 7518 §3.4: the signature is exactly 64 bytes; a DER ECDSA signature is refused")
    func signatureLength() throws {
        let header = try es256Header()
        for count in [0, 63, 65, 70, 72] {
            let failure = jwsFailure(compactJWS(header: header, signature: [UInt8](repeating: 2, count: count)))
            #expect(failure?.kind == .signatureLength, "\(count)")
        }
        // A DER SEQUENCE { INTEGER r, INTEGER s } of 70 bytes is the common confusion.
        let der: [UInt8] =
            [0x30, 0x44, 0x02, 0x20] + [UInt8](repeating: 3, count: 32) + [0x02, 0x20]
            + [UInt8](repeating: 4, count: 32)
        #expect(jwsFailure(compactJWS(header: header, signature: der))?.kind == .signatureLength)
    }

    @Test("Oversized input is refused before any decoding")
    func size() {
        let big = [UInt8](repeating: 0x41, count: JSONLimits.maxInputBytes + 1)
        #expect(jwsFailure(big) == JWSError(.inputTooLarge))
    }

    @Test(
        "RFC 7515 §7.1: every corpus JWS parses: ES256, x5c of 1 or 3 certificates, 64-byte signature",
        .enabled(if: corpusPresent, "needs ../shared/corpus"))
    func corpus() throws {
        let folder = corpusDirectory.appendingPathComponent("jws")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jws") }
            .sorted()
        #expect(names.count >= 6)
        for name in names {
            let jws = try CompactJWS(compact: readBytes(folder.appendingPathComponent(name)))
            #expect(jws.signature.count == 64)
            #expect(jws.certificates.count == (name.contains("xcode") ? 1 : 3), "\(name)")
            #expect(jws.keyID == (name.contains("xcode") ? "Apple_Xcode_Key" : nil), "\(name)")
            #expect((try? JSONReader.read(jws.payload).objectValue) != nil, "\(name)")
        }
    }
}
