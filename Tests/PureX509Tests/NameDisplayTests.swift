// Certificate names reach messages escaped: a subject holding terminal escapes, line breaks and a
// bidi override renders (DistinguishedName.description) and is reported (X509Error) without them;
// a name of tens of kilobytes renders bounded, and one over Limits.maxNameBytes is refused.

import PureDER
import Testing

@testable import PureX509

@Suite("Certificate names in messages")
struct NameDisplayTests {
    @Test("display rule: certificate names in descriptions and chain errors are escaped")
    func hostileNameIsEscaped() throws {
        let hostile = "Evil\u{1b}]0;title\u{7}\r\nCN=Apple Root CA\u{202e}\u{85}"
        let parts = CertificateParts.with {
            $0.subject = DER.name(hostile)
            $0.issuer = DER.name(hostile)
        }
        let certificate = try Certificate(derEncoded: parts.encoded)
        let rendered = certificate.subject.description
        #expect(rendered == "CN=Evil\\u{1b}]0\\;title\\u{7}\\u{d}\\u{a}CN\\=Apple Root CA\\u{202e}\\u{85}")
        // Rules with a leaf marker that refuse a self-issued leaf lacking it under a code of their own.
        let rules = PathRules(leafMarker: OID(1, 3, 6, 1, 4, 1, 32473, 1), selfIssuedLeafRefusal: "chain.example")
        do {
            _ = try verifyChain(
                leaf: certificate, pool: [], anchors: TrustAnchors(certificates: []), rules: rules,
                at: DERTime(secondsSince1970: 1_700_000_000))
            Issue.record("verified")
        } catch {
            #expect(error.code == "chain.example")
            #expect(error.certificate == rendered)
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("bounded-error rule: a name of tens of kilobytes renders as at most maxRendered characters, escaped")
    func hugeNameRendersBounded() throws {
        // Just under Limits.maxNameBytes of encoding each.
        let escapeHeavy = String(repeating: "\u{1b}\u{202e}\"\\", count: 10_000)
        let hangul = String(repeating: "한", count: 20_000)
        for value in [escapeHeavy, hangul] {
            let parts = CertificateParts.with {
                $0.subject = DER.name(value)
                $0.issuer = DER.name(value)
            }
            let certificate = try Certificate(derEncoded: parts.encoded)
            let rendered = certificate.subject.description
            // Cut before escaping: at most maxRendered characters of name, each escaped to at most
            // "\u{xxxxx}" (9 characters), plus the ellipsis.
            #expect(rendered.count <= DistinguishedName.maxRendered * 9 + 1)
            #expect(rendered.hasSuffix("…"))
            #expect(!rendered.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x202e })
            let error = X509Error(.badSignature, certificate: certificate.subject)
            #expect(error.description.count <= DistinguishedName.maxRendered * 9 + 100)
        }
    }

    @Test("limit rule: a name over Limits.maxNameBytes is refused while parsing, as OpenSSL refuses one over 1 MiB")
    func oversizedNameRefused() throws {
        let value = String(repeating: "x", count: Limits.maxNameBytes)
        let parts = CertificateParts.with { $0.subject = DER.name(value) }
        let code = x509ErrorCode { () throws(X509Error) in try Certificate(derEncoded: parts.encoded) }
        #expect(code == "limit.inputSize")
    }
}
