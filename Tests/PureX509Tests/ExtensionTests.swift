// Extension decoding and name rendering on synthetic certificates.

import PureDER
import PureX509
import Testing

@Suite("Extensions and names")
struct ExtensionTests {
    @Test("the six decoded extensions, and an unknown one kept raw with its criticality")
    func decoded() throws {
        let unknownValue = DER.utf8("opaque")
        let parts = CertificateParts.with {
            $0.extensions = [
                DER.extension("2.5.29.19", critical: true, DER.sequence(DER.true, DER.integer([0x03]))),
                // keyCertSign (5) and cRLSign (6): 0000 0110, one unused bit.
                DER.extension("2.5.29.15", critical: true, DER.bitString([0x06], unused: 1)),
                DER.extension("2.5.29.37", DER.sequence(DER.oid("1.3.6.1.5.5.7.3.3"), DER.oid("1.3.6.1.5.5.7.3.1"))),
                DER.extension("2.5.29.14", DER.octetString([0x01, 0x02, 0x03])),
                DER.extension("2.5.29.35", DER.sequence([0x80, 0x02, 0x0A, 0x0B], [0x82, 0x01, 0x07])),
                DER.extension(
                    "2.5.29.32",
                    DER.sequence(
                        DER.sequence(
                            DER.oid("1.2.840.113635.100.5.1"),
                            DER.sequence(DER.sequence(DER.oid("1.3.6.1.5.5.7.2.1"), DER.tlv(0x16, Array("x".utf8))))),
                        DER.sequence(DER.oid("2.23.140.1.2.1")))),
                DER.extension("1.2.840.113635.100.6.2.1", DER.null),
                DER.extension("1.3.6.1.4.1.32473.1.1", critical: true, unknownValue),
            ]
        }
        let extensions = try Certificate(derEncoded: parts.encoded).extensions
        #expect(extensions.basicConstraints == BasicConstraints(isCA: true, pathLenConstraint: 3))
        #expect(extensions.keyUsage == [.keyCertSign, .cRLSign])
        #expect(extensions.extendedKeyUsage?.map(\.description) == ["1.3.6.1.5.5.7.3.3", "1.3.6.1.5.5.7.3.1"])
        #expect(extensions.subjectKeyIdentifier.map(Array.init) == [0x01, 0x02, 0x03])
        #expect(extensions.authorityKeyIdentifier.map(Array.init) == [0x0A, 0x0B])
        #expect(extensions.certificatePolicies?.map(\.description) == ["1.2.840.113635.100.5.1", "2.23.140.1.2.1"])
        #expect(extensions.contains(OID(1, 2, 840, 113_635, 100, 6, 2, 1)))
        #expect(!extensions.contains(OID(1, 2, 840, 113_635, 100, 6, 11, 1)))
        #expect(extensions.all.count == 8)
        let unknown = try #require(extensions.all.last)
        #expect(unknown.oid.description == "1.3.6.1.4.1.32473.1.1")
        #expect(unknown.critical)
        #expect(Array(unknown.value) == unknownValue)
        #expect(extensions.all.map(\.critical) == [true, true, false, false, false, false, false, true])
    }

    @Test("keyUsage bit numbering: digitalSignature is the first bit, decipherOnly the ninth")
    func keyUsageBits() throws {
        func usage(_ bitString: [UInt8]) throws -> KeyUsage? {
            try Certificate(
                derEncoded: CertificateParts.with {
                    $0.extensions = [DER.extension("2.5.29.15", bitString)]
                }.encoded
            ).extensions.keyUsage
        }
        #expect(try usage(DER.bitString([0x80], unused: 7)) == .digitalSignature)
        #expect(try usage(DER.bitString([0x86], unused: 1)) == [.digitalSignature, .keyCertSign, .cRLSign])
        #expect(try usage(DER.bitString([0x00, 0x80], unused: 7)) == .decipherOnly)
        #expect(try usage(DER.bitString([0xFF, 0x80], unused: 7)).map(\.rawValue) == 0x1FF)
        // Trailing zero bits (not DER, X.690 §11.2.2) are tolerated, as two Debian roots write them.
        #expect(try usage(DER.bitString([0x06, 0x00], unused: 7)) == [.keyCertSign, .cRLSign])
    }

    @Test("basicConstraints: empty SEQUENCE means not a CA, pathLen absent")
    func basicConstraintsDefaults() throws {
        let certificate = try Certificate(
            derEncoded: CertificateParts.with {
                $0.extensions = [DER.extension("2.5.29.19", critical: true, DER.sequence())]
            }.encoded)
        #expect(certificate.extensions.basicConstraints == BasicConstraints(isCA: false, pathLenConstraint: nil))
    }

    // RFC 4514 §3: short names (CN, OU, O, C, …) for the common attribute types.
    @Test("names render most specific first, unknown types dotted, undecodable values as hex")
    func nameRendering() throws {
        let name = DER.sequence(
            DER.set(DER.sequence(DER.oid("2.5.4.6"), DER.printable("US"))),
            DER.set(DER.sequence(DER.oid("2.5.4.10"), DER.utf8("Apple Inc."))),
            DER.set(
                DER.sequence(DER.oid("2.5.4.11"), DER.utf8("A, B")),
                DER.sequence(DER.oid("1.2.3.4"), DER.tlv(0x16, Array("x".utf8)))),
            DER.set(DER.sequence(DER.oid("2.5.4.3"), DER.tlv(0x0C, [0xFF, 0xFE]))))
        let certificate = try Certificate(derEncoded: CertificateParts.with { $0.subject = name }.encoded)
        #expect(certificate.subject.description == "CN=#0c02fffe, OU=A\\, B+1.2.3.4=x, O=Apple Inc., C=US")
        #expect(Array(certificate.subject.derEncoded) == name)
    }

    @Test("names compare by bytes: the same text in another string type is another name")
    func nameEquality() throws {
        let utf8 = try Certificate(
            derEncoded: CertificateParts.with {
                $0.subject = DER.sequence(DER.set(DER.sequence(DER.oid("2.5.4.3"), DER.utf8("Same"))))
            }.encoded)
        let printable = try Certificate(
            derEncoded: CertificateParts.with {
                $0.subject = DER.sequence(DER.set(DER.sequence(DER.oid("2.5.4.3"), DER.printable("Same"))))
            }.encoded)
        #expect(utf8.subject.description == printable.subject.description)
        #expect(utf8.subject != printable.subject)
        #expect(utf8.issuer == printable.issuer)
        #expect(!utf8.isSelfIssued)
    }
}
