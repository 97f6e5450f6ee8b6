// Certificate parsing on synthetic certificates: what the accepted subset contains, and one named
// negative case per rule, each asserting its error code.

import PureDER
import PureX509
import Testing

/// One malformed certificate and the code its parse must fail with.
struct ParseCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let code: String
    var testDescription: String { name }

    init(_ name: String, _ code: String, _ bytes: [UInt8]) {
        self.name = name
        self.code = code
        self.bytes = bytes
    }

    init(_ name: String, _ code: String, _ change: (inout CertificateParts) -> Void) {
        self.init(name, code, CertificateParts.with(change).encoded)
    }
}

private let basicConstraintsCA = DER.extension("2.5.29.19", critical: true, DER.sequence(DER.true))

let malformedCertificates: [ParseCase] = {
    let good = CertificateParts().encoded
    return [
        ParseCase("truncated certificate", "der.lengthPastEnd", Array(good.dropLast(10))),
        ParseCase("empty input", "der.truncated", []),
        ParseCase("trailing bytes after the certificate", "der.trailingBytes", good + [0x00]),
        ParseCase("BER indefinite length", "der.indefiniteLengthInDER", [0x30, 0x80] + good.dropFirst(4) + [0, 0]),
        // RFC 5280 §4.1.1.2: signatureAlgorithm MUST equal tbsCertificate.signature.
        ParseCase("outer/inner algorithm mismatch (sha1 vs sha256)", "x509.algorithmMismatch") {
            $0.outerAlgorithm = DER.algorithm("1.2.840.113549.1.1.5", DER.null)
        },
        ParseCase("outer/inner algorithm mismatch (NULL vs absent parameters)", "x509.algorithmMismatch") {
            $0.outerAlgorithm = DER.algorithm("1.2.840.113549.1.1.11")
        },
        // RFC 5280 §4.2: at most one instance of a particular extension.
        ParseCase("duplicate extension", "x509.duplicateExtension") {
            $0.extensions = [basicConstraintsCA, basicConstraintsCA]
        },
        // RFC 5280 §4.1.2.9: extensions only in v3.
        ParseCase("extensions in a v1 certificate", "der.invalidValue") {
            $0.version = nil
            $0.extensions = [basicConstraintsCA]
        },
        // RFC 5280 §4.1.2.8: unique identifiers only in v2 or v3.
        ParseCase("issuerUniqueID in a v1 certificate", "der.invalidValue") {
            $0.version = nil
            $0.uniqueIdentifiers = [0x81, 0x02, 0x00, 0x42]
        },
        // RFC 5280 §4.1.2.2: serial numbers up to 20 octets.
        ParseCase("serial number of 21 octets", "der.invalidValue") {
            $0.serialNumber = DER.integer([0x01] + [UInt8](repeating: 0x22, count: 20))
        },
        ParseCase("empty serial number", "der.invalidValue") { $0.serialNumber = [0x02, 0x00] },
        ParseCase("non-minimal serial number", "der.invalidValue") { $0.serialNumber = DER.integer([0x00, 0x01]) },
        ParseCase("validity with month 13", "der.invalidValue") {
            $0.validity = DER.sequence(DER.utcTime("201301000000Z"), DER.utcTime("400101000000Z"))
        },
        ParseCase("validity without seconds", "der.invalidValue") {
            $0.validity = DER.sequence(DER.utcTime("2001010000Z"), DER.utcTime("400101000000Z"))
        },
        // RFC 5280 §4.1.2.5.1 / §4.1.2.5.2: UTCTime and GeneralizedTime in Zulu, with seconds.
        ParseCase("validity with a local-time offset", "der.invalidValue") {
            $0.validity = DER.sequence(DER.utcTime("200101000000+0100"), DER.utcTime("400101000000Z"))
        },
        ParseCase("validity with fractional GeneralizedTime", "der.invalidValue") {
            $0.validity = DER.sequence(DER.utcTime("200101000000Z"), DER.generalizedTime("20400101000000.5Z"))
        },
        ParseCase("validity with one time only", "der.truncated") {
            $0.validity = DER.sequence(DER.utcTime("200101000000Z"))
        },
        ParseCase("validity as an OCTET STRING", "der.unexpectedTag") {
            $0.validity = DER.sequence(DER.octetString([0x32]), DER.utcTime("400101000000Z"))
        },
        ParseCase("unsupported signature algorithm md5WithRSAEncryption", "x509.unsupportedSignatureAlgorithm") {
            $0.innerAlgorithm = DER.algorithm("1.2.840.113549.1.1.4", DER.null)
        },
        ParseCase("unsupported signature algorithm RSASSA-PSS", "x509.unsupportedSignatureAlgorithm") {
            $0.innerAlgorithm = DER.algorithm("1.2.840.113549.1.1.10", DER.sequence())
        },
        // RFC 4055 §5: the shaNWithRSAEncryption OIDs, parameters NULL (or absent).
        ParseCase("sha256WithRSAEncryption with non-NULL parameters", "x509.unsupportedSignatureAlgorithm") {
            $0.innerAlgorithm = DER.algorithm("1.2.840.113549.1.1.11", DER.integer([0]))
        },
        // RFC 5758 §3.2: ecdsa-with-SHA256 parameters MUST be absent.
        ParseCase("ecdsa-with-SHA256 with NULL parameters", "x509.unsupportedSignatureAlgorithm") {
            $0.innerAlgorithm = DER.algorithm("1.2.840.10045.4.3.2", DER.null)
        },
        // RFC 5280 §4.1.2.1: versions v1, v2, v3; v2 is refused on purpose.
        ParseCase("version v2", "x509.unsupportedVersion") { $0.version = DER.explicit(0, DER.integer([0x01])) },
        ParseCase("version 5", "x509.unsupportedVersion") { $0.version = DER.explicit(0, DER.integer([0x04])) },
        ParseCase("version v1 encoded explicitly (DER DEFAULT)", "der.invalidValue") {
            $0.version = DER.explicit(0, DER.integer([0x00]))
        },
        // RFC 5280 §4.1: Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension.
        ParseCase("empty extensions list", "der.invalidValue") {
            $0.rawExtensionsField = DER.explicit(3, DER.sequence())
        },
        ParseCase("critical FALSE encoded (DER DEFAULT)", "der.invalidValue") {
            $0.extensions = [DER.sequence(DER.oid("2.5.29.19"), [0x01, 0x01, 0x00], DER.octetString(DER.sequence()))]
        },
        ParseCase("more than Limits.maxExtensions extensions", "limit.count") {
            $0.extensions = (0...Limits.maxExtensions).map { DER.extension("1.3.6.1.4.1.32473.9.\($0)", DER.null) }
        },
        ParseCase("field after extensions", "der.trailingBytes") {
            $0.extensions = [basicConstraintsCA]
            $0.tbsTrailing = DER.null
        },
        // RFC 3279 §2.2.1: the RSA signature octets fill the BIT STRING, no unused bits.
        ParseCase("signature BIT STRING with unused bits", "der.invalidValue") {
            $0.signatureValue = DER.bitString([0x5A, 0x5A, 0x58], unused: 3)
        },
        // RFC 5280 §4.1.2.4: RelativeDistinguishedName ::= SET SIZE (1..MAX) OF AttributeTypeAndValue.
        ParseCase("empty RDN in the issuer", "der.invalidValue") { $0.issuer = DER.sequence(DER.set()) },
        ParseCase("attribute without a value in the subject", "der.truncated") {
            $0.subject = DER.sequence(DER.set(DER.sequence(DER.oid("2.5.4.3"))))
        },
        ParseCase("unsupported key algorithm (DSA)", "x509.unsupportedPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.algorithm("1.2.840.10040.4.1"), DER.bitString([0x02, 0x01, 0x05]))
        },
        // RFC 5480 §2.1.1 (namedCurve only) and RFC 5480 §2.1.1.1 (the curves we accept: P-256, P-384).
        ParseCase("unsupported EC curve (P-521)", "x509.unsupportedPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.sequence(DER.oid("1.2.840.10045.2.1"), DER.oid("1.3.132.0.35")),
                DER.bitString([0x04] + [UInt8](repeating: 1, count: 132)))
        },
        // RFC 5480 §2.2: the first octet of the point says whether it is compressed; only 04 (uncompressed) is accepted.
        ParseCase("EC P-256 point in compressed form", "x509.badPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.sequence(DER.oid("1.2.840.10045.2.1"), DER.oid("1.2.840.10045.3.1.7")),
                DER.bitString([0x02] + [UInt8](repeating: 1, count: 32)))
        },
        // SEC 1 §2.3.4 and SEC 1 §3.2.2.1: the point must be in range, on the curve, not the identity.
        ParseCase("EC P-256 point not on the curve", "x509.badPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.sequence(DER.oid("1.2.840.10045.2.1"), DER.oid("1.2.840.10045.3.1.7")),
                DER.bitString([0x04] + [UInt8](repeating: 1, count: 64)))
        },
        ParseCase("EC P-256 point with X = p", "x509.badPublicKey") {
            let p: [UInt8] =
                [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 12)
                + [UInt8](repeating: 0xFF, count: 12)
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.sequence(DER.oid("1.2.840.10045.2.1"), DER.oid("1.2.840.10045.3.1.7")),
                DER.bitString([0x04] + p + [UInt8](repeating: 1, count: 32)))
        },
        ParseCase("EC P-384 point at infinity", "x509.badPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.sequence(DER.oid("1.2.840.10045.2.1"), DER.oid("1.3.132.0.34")), DER.bitString([0x00]))
        },
        // RFC 5480 §2.1.1: "implicitCurve and specifiedCurve MUST NOT be used in PKIX".
        ParseCase("EC key with implicitCurve (NULL) parameters", "x509.unsupportedPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.sequence(DER.oid("1.2.840.10045.2.1"), DER.null),
                DER.bitString([0x04] + [UInt8](repeating: 1, count: 64)))
        },
        ParseCase("EC key with specifiedCurve parameters", "x509.unsupportedPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.sequence(DER.oid("1.2.840.10045.2.1"), DER.sequence(DER.integer([0x01]))),
                DER.bitString([0x04] + [UInt8](repeating: 1, count: 64)))
        },
        // RFC 3279 §2.3.1: rsaEncryption parameters MUST be NULL.
        ParseCase("rsaEncryption without NULL parameters", "x509.badPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.algorithm("1.2.840.113549.1.1.1"),
                DER.bitString(
                    DER.sequence(
                        DER.integer([0x00, 0xC5] + [UInt8](repeating: 0xA7, count: 255)),
                        DER.integer([0x03]))))
        },
        ParseCase("RSA-512 key", "x509.badPublicKey") {
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.algorithm("1.2.840.113549.1.1.1", DER.null),
                DER.bitString(
                    DER.sequence(
                        DER.integer([0x00, 0xC5] + [UInt8](repeating: 0xA7, count: 63)),
                        DER.integer([0x03]))))
        },
        // RFC 5280 §4.2.1.9: pathLenConstraint INTEGER (0..MAX).
        ParseCase("basicConstraints with a negative pathLenConstraint", "x509.badExtension") {
            $0.extensions = [DER.extension("2.5.29.19", critical: true, DER.sequence(DER.true, DER.integer([0xFF])))]
        },
        ParseCase("basicConstraints with trailing bytes", "x509.badExtension") {
            $0.extensions = [DER.extension("2.5.29.19", DER.sequence(DER.true) + DER.null)]
        },
        ParseCase("keyUsage of three octets", "x509.badExtension") {
            $0.extensions = [DER.extension("2.5.29.15", critical: true, DER.bitString([0x80, 0x00, 0x80], unused: 7))]
        },
        ParseCase("keyUsage with non-zero unused bits", "x509.badExtension") {
            $0.extensions = [DER.extension("2.5.29.15", critical: true, DER.bitString([0x81], unused: 1))]
        },
        // RFC 5280 §4.2.1.3: at least one keyUsage bit is set.
        ParseCase("keyUsage with no bit set", "x509.badExtension") {
            $0.extensions = [DER.extension("2.5.29.15", critical: true, DER.bitString([0x00]))]
        },
        // RFC 5280 §4.2.1.12: ExtKeyUsageSyntax ::= SEQUENCE SIZE (1..MAX) OF KeyPurposeId.
        ParseCase("empty extendedKeyUsage", "x509.badExtension") {
            $0.extensions = [DER.extension("2.5.29.37", DER.sequence())]
        },
        // RFC 5280 §4.2.1.4: a policy OID MUST NOT appear more than once.
        ParseCase("certificatePolicies naming a policy twice", "x509.badExtension") {
            let policy = DER.sequence(DER.oid("2.23.140.1.2.1"))
            $0.extensions = [DER.extension("2.5.29.32", DER.sequence(policy, policy))]
        },
        // RFC 5280 §4.2.1.1: AuthorityKeyIdentifier fields [0], [1], [2] in order.
        ParseCase("authorityKeyIdentifier fields out of order", "x509.badExtension") {
            $0.extensions = [DER.extension("2.5.29.35", DER.sequence([0x82, 0x01, 0x01], [0x80, 0x01, 0x09]))]
        },
        // RFC 5280 §4.2.1.2: SubjectKeyIdentifier ::= KeyIdentifier (OCTET STRING).
        ParseCase("subjectKeyIdentifier not an OCTET STRING", "x509.badExtension") {
            $0.extensions = [DER.extension("2.5.29.14", DER.integer([0x01]))]
        },
    ]
}()

@Suite("Certificate parsing")
struct CertificateParsingTests {
    @Test("malformed certificates are refused with a precise code", arguments: malformedCertificates)
    func malformed(_ testCase: ParseCase) {
        #expect(x509ErrorCode { () throws(X509Error) in try Certificate(derEncoded: testCase.bytes) } == testCase.code)
    }

    @Test("the default synthetic certificate parses with the expected fields")
    func defaults() throws {
        let certificate = try Certificate(derEncoded: CertificateParts().encoded)
        #expect(certificate.version == 3)
        #expect(Array(certificate.serialNumber) == [0x01])
        #expect(certificate.signatureAlgorithm == .rsaPKCS1v15(.sha256))
        #expect(certificate.subject.description == "CN=Test Subject")
        #expect(certificate.issuer.description == "CN=Test Issuer")
        #expect(certificate.notBefore == time("2020-01-01T00:00:00Z"))
        #expect(certificate.notAfter == time("2040-01-01T00:00:00Z"))
        #expect(certificate.isValid(at: time("2020-01-01T00:00:00Z")), "notBefore is inclusive")
        #expect(certificate.isValid(at: time("2040-01-01T00:00:00Z")), "notAfter is inclusive")
        #expect(!certificate.isValid(at: time("2019-12-31T23:59:59Z")))
        #expect(!certificate.isValid(at: time("2040-01-01T00:00:01Z")))
        guard case .rsa(let key) = certificate.publicKey else {
            Issue.record("expected an RSA key")
            return
        }
        #expect(key.modulusBitCount == 2048)
        #expect(certificate.extensions.all.isEmpty)
        #expect(certificate.signature.count == 256)
        #expect(Array(certificate.derEncoded) == CertificateParts().encoded)
        #expect(Array(certificate.tbsCertificate) == CertificateParts().tbs)
    }

    @Test("accepted variants: v1, zero/negative/20-octet serials, absent RSA parameters, unique IDs in v3")
    func acceptedVariants() throws {
        let v1 = try Certificate(derEncoded: CertificateParts.with { $0.version = nil }.encoded)
        #expect(v1.version == 1)
        let zero = try Certificate(derEncoded: CertificateParts.with { $0.serialNumber = DER.integer([0x00]) }.encoded)
        #expect(Array(zero.serialNumber) == [0x00])
        let negative = try Certificate(
            derEncoded: CertificateParts.with { $0.serialNumber = DER.integer([0xFE]) }.encoded)
        #expect(Array(negative.serialNumber) == [0xFE])
        let twenty = [UInt8](repeating: 0x7F, count: 20)
        let long = try Certificate(derEncoded: CertificateParts.with { $0.serialNumber = DER.integer(twenty) }.encoded)
        #expect(Array(long.serialNumber) == twenty)
        let absent = try Certificate(
            derEncoded: CertificateParts.with {
                $0.innerAlgorithm = DER.algorithm("1.2.840.113549.1.1.11")
            }.encoded)
        #expect(absent.signatureAlgorithm == .rsaPKCS1v15(.sha256))
        let unique = try Certificate(
            derEncoded: CertificateParts.with {
                $0.uniqueIdentifiers = [0x81, 0x02, 0x00, 0x42, 0x82, 0x02, 0x00, 0x43]
                $0.extensions = [basicConstraintsCA]
            }.encoded)
        #expect(unique.extensions.basicConstraints?.isCA == true)
        let generalized = try Certificate(
            derEncoded: CertificateParts.with {
                $0.validity = DER.sequence(
                    DER.generalizedTime("19991231235959Z"), DER.generalizedTime("20991231235959Z"))
            }.encoded)
        #expect(generalized.notBefore == time("1999-12-31T23:59:59Z"))
        #expect(generalized.notAfter == time("2099-12-31T23:59:59Z"))
    }

    @Test("a certificate parsed in place inside a larger buffer")
    func inPlace() throws {
        let encoded = CertificateParts().encoded
        let buffer: [UInt8] = [0xDE, 0xAD] + encoded + [0xBE, 0xEF]
        let certificate = try Certificate(in: buffer, range: 2..<(2 + encoded.count))
        #expect(Array(certificate.derEncoded) == encoded)
        #expect(certificate.derEncoded.startIndex == 2)
        #expect(
            x509ErrorCode { () throws(X509Error) in
                try Certificate(in: buffer, range: 2..<(3 + encoded.count))
            } == "der.trailingBytes")
        #expect(
            x509ErrorCode { () throws(X509Error) in
                try Certificate(in: buffer, range: 2..<(buffer.count + 5))
            } == "der.lengthPastEnd")
    }

    @Test("single-byte mutations of a certificate with extensions never trap")
    func mutations() {
        let encoded = CertificateParts.with {
            // An EC key keeps each parse cheap (no RSA key preparation); the point is never used.
            $0.subjectPublicKeyInfo = DER.sequence(
                DER.sequence(DER.oid("1.2.840.10045.2.1"), DER.oid("1.2.840.10045.3.1.7")),
                DER.bitString([0x04] + [UInt8](repeating: 1, count: 64)))
            $0.signatureValue = DER.bitString([UInt8](repeating: 0x5A, count: 8))
            $0.uniqueIdentifiers = [0x81, 0x02, 0x00, 0x42]
            $0.extensions = [
                basicConstraintsCA, DER.extension("2.5.29.15", critical: true, DER.bitString([0x06], unused: 1)),
                DER.extension("2.5.29.35", DER.sequence([0x80, 0x02, 0x0A, 0x0B])),
                DER.extension("2.5.29.32", DER.sequence(DER.sequence(DER.oid("2.23.140.1.2.1")))),
            ]
        }.encoded
        var outcomes: [String: Int] = [:]
        for position in encoded.indices {
            for value: UInt8 in [0x00, 0xFF, 0x80, encoded[position] ^ 0x01] where value != encoded[position] {
                var mutated = encoded
                mutated[position] = value
                outcomes[x509ErrorCode { () throws(X509Error) in try Certificate(derEncoded: mutated) }, default: 0] +=
                    1
            }
        }
        #expect(outcomes.values.reduce(0, +) >= encoded.count * 3)
        #expect(outcomes.count > 5, "many distinct outcomes: \(outcomes)")
    }

    @Test("every prefix of a certificate is refused without trapping")
    func everyPrefix() {
        let encoded = CertificateParts.with { $0.extensions = [basicConstraintsCA] }.encoded
        var refused = 0
        for length in 0..<encoded.count {
            if x509ErrorCode({ () throws(X509Error) in try Certificate(derEncoded: Array(encoded[..<length])) })
                != "no error"
            {
                refused += 1
            }
        }
        #expect(refused == encoded.count)
    }
}
