// Certificate names reach messages escaped: a subject holding terminal escapes, line breaks and a
// bidi override renders (DistinguishedName.description) and is reported (X509Error) without them.

import PureDER
import PureReceipt
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
        do {
            _ = try verifyChain(
                leaf: certificate, pool: [], anchors: TrustAnchors(certificates: []), rules: .apple,
                at: DERTime(secondsSince1970: 1_700_000_000))
            Issue.record("verified")
        } catch {
            #expect(error.certificate == rendered)
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }
}
