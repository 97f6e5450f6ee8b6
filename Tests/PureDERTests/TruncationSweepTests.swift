// Truncation sweep: for multi-level structures (a certificate-shaped DER structure, an Xcode
// receipt-shaped BER envelope with six indefinite lengths, a BER structure mixing every length
// form), every proper prefix fails under the generic walker and the full input succeeds.

import PureDER
import Testing

/// Structures shaped like what the library reads, built by hand from X.690 encodings.
enum SweepFixtures {
    static let sha256WithRSA = tlv(0x30, tlv(0x06, hex("2A 86 48 86 F7 0D 01 01 0B")), hex("05 00"))
    static let rsaEncryption = tlv(0x30, tlv(0x06, hex("2A 86 48 86 F7 0D 01 01 01")), hex("05 00"))
    static let sha256 = tlv(0x30, tlv(0x06, hex("60 86 48 01 65 03 04 02 01")), hex("05 00"))

    static let name = tlv(
        0x30,
        tlv(0x31, tlv(0x30, tlv(0x06, hex("55 04 03")), tlv(0x13, Array("Test Root CA".utf8)))),
        tlv(0x31, tlv(0x30, tlv(0x06, hex("55 04 0A")), tlv(0x0C, Array("Pure Receipt ✓".utf8)))),
        tlv(0x31, tlv(0x30, tlv(0x06, hex("2A 86 48 86 F7 0D 01 09 01")), tlv(0x16, Array("a@b.example".utf8)))))

    /// A certificate-like nested DER structure: TBSCertificate with version, serial, algorithms,
    /// names, validity, an RSA SubjectPublicKeyInfo and extensions; signature algorithm; signature.
    static let certificate: [UInt8] = {
        let validity = tlv(0x30, utcTime("250101000000Z"), generalizedTime("20500101000000Z"))
        let rsaKey = tlv(0x30, tlv(0x02, [0x00] + Array(repeating: 0xC5, count: 256)), hex("02 03 01 00 01"))
        let spki = tlv(0x30, rsaEncryption, tlv(0x03, [0x00] + rsaKey))
        let extensions = tlv(
            0xA3,
            tlv(
                0x30,
                tlv(0x30, tlv(0x06, hex("55 1D 13")), hex("01 01 FF"), tlv(0x04, tlv(0x30, hex("01 01 FF")))),
                tlv(0x30, tlv(0x06, hex("55 1D 0F")), hex("01 01 FF"), tlv(0x04, hex("03 02 01 06"))),
                tlv(0x30, tlv(0x06, hex("2A 86 48 86 F7 63 64 06 0B 01")), tlv(0x04, hex("05 00")))))
        let tbs = tlv(
            0x30, tlv(0xA0, hex("02 01 02")), hex("02 09 00 80 01 02 03 04 05 06 07"), sha256WithRSA,
            name, validity, name, spki, extensions)
        return tlv(0x30, tbs, sha256WithRSA, tlv(0x03, [0x00] + Array(repeating: 0x5A, count: 256)))
    }()

    /// A receipt payload: a SET of attribute SEQUENCEs { type, version, OCTET STRING { value } }.
    static let payload = tlv(
        0x31,
        tlv(0x30, hex("02 01 02"), hex("02 01 01"), tlv(0x04, tlv(0x0C, Array("com.example.app".utf8)))),
        tlv(0x30, hex("02 01 03"), hex("02 01 01"), tlv(0x04, tlv(0x0C, Array("1.0".utf8)))),
        tlv(
            0x30, hex("02 01 11"), hex("02 01 01"),
            tlv(
                0x04,
                tlv(
                    0x31,
                    tlv(0x30, hex("02 02 06 A1"), hex("02 01 01"), tlv(0x04, hex("02 01 01"))),
                    tlv(
                        0x30, hex("02 02 06 A6"), hex("02 01 01"),
                        tlv(0x04, tlv(0x16, Array("2025-03-14T09:26:53Z".utf8))))))))

    /// ContentInfo { signedData, [0] SignedData { version, digestAlgorithms, encapContentInfo {
    /// data, [0] OCTET STRING (constructed) }, [0] certificates, signerInfos } } with six
    /// indefinite lengths, as Xcode writes StoreKit Testing receipts.
    static let xcodeReceipt: [UInt8] = {
        let signerInfo = tlv(
            0x30, hex("02 01 01"), tlv(0x30, name, hex("02 01 01")), sha256, rsaEncryption,
            tlv(0x04, Array(repeating: 0x77, count: 256)))
        return indefinite(
            0x30,
            tlv(0x06, hex("2A 86 48 86 F7 0D 01 07 02")),
            indefinite(
                0xA0,
                indefinite(
                    0x30,
                    hex("02 01 01"),
                    tlv(0x31, sha256),
                    indefinite(
                        0x30,
                        tlv(0x06, hex("2A 86 48 86 F7 0D 01 07 01")),
                        indefinite(0xA0, indefinite(0x24, tlv(0x04, payload)))),
                    tlv(0xA0, certificate),
                    tlv(0x31, signerInfo))))
    }()

    /// BER mixing definite, non-minimal and indefinite lengths, nested constructed OCTET STRINGs
    /// with empty segments, and a high tag number.
    static let mixedBER: [UInt8] = hex(
        """
        30 80
           BF 87 68 84 00 00 00 05 02 03 01 00 01
           24 80 04 81 02 AA BB 24 03 04 01 CC 04 00 24 80 00 00 00 00
           A1 80 30 82 00 03 01 01 FF 30 80 05 00 00 00 00 00
           31 81 00
        00 00
        """)
}

@Suite("Truncation sweep")
struct TruncationSweepTests {
    @Test(
        "every proper prefix fails and the full input succeeds",
        arguments: [
            ("certificate-like DER", SweepFixtures.certificate, EncodingRules.der),
            ("certificate-like DER read as BER", SweepFixtures.certificate, .ber),
            ("Xcode receipt-like BER envelope", SweepFixtures.xcodeReceipt, .ber),
            ("mixed BER length forms", SweepFixtures.mixedBER, .ber),
            ("receipt payload DER", SweepFixtures.payload, .der),
        ])
    func sweep(_ name: String, _ bytes: [UInt8], _ rules: EncodingRules) throws {
        let full = try walk(bytes, rules: rules)
        #expect(full.count > 10)
        let truncationKinds: [DERError.Kind] = [.truncated, .lengthPastEnd, .unterminatedIndefiniteLength]
        var accepted: [Int] = []
        var otherKinds: [String] = []
        for length in 0..<bytes.count {
            guard let error = derError({ _ = try walk(Array(bytes[..<length]), rules: rules) }) else {
                accepted.append(length)
                continue
            }
            if !truncationKinds.contains(error.kind) { otherKinds.append("\(length): \(error)") }
            if error.offset > length { otherKinds.append("\(length): offset past input: \(error)") }
        }
        #expect(accepted.isEmpty, "\(name): prefixes accepted: \(accepted)")
        #expect(otherKinds.isEmpty, "\(name): unexpected errors: \(otherKinds.prefix(5))")
        // One byte more is never accepted either.
        let error = try #require(derError { _ = try walk(bytes + [0x00], rules: rules) })
        #expect(error.kind == .trailingBytes)
        #expect(error.offset == bytes.count)
    }

    @Test("the Xcode-shaped envelope: six indefinite lengths, DER refuses it, the payload is found")
    func xcodeShape() throws {
        let bytes = SweepFixtures.xcodeReceipt
        var indefiniteCount = 0
        var cursor = try DERCursor(bytes, rules: .ber)
        try cursor.walk { element throws(DERError) in
            if element.isIndefinite { indefiniteCount += 1 }
        }
        #expect(indefiniteCount == 6)
        let error = try #require(derError { _ = try walk(bytes, rules: .der) })
        #expect(error.kind == .indefiniteLengthInDER)
        #expect(error.offset == 1)

        // Grammar-driven descent to the payload, as the CMS layer will do it.
        var contentInfo = try cursor.readSequence("ContentInfo")
        #expect(try contentInfo.readOID("contentType") == OID(1, 2, 840, 113549, 1, 7, 2))
        var explicit = try contentInfo.read(.contextConstructed(0), "content")
        var signedData = try explicit.readSequence("SignedData")
        #expect(try signedData.readInt64("version") == 1)
        _ = try signedData.readElement(.set, "digestAlgorithms")
        var encap = try signedData.readSequence("encapContentInfo")
        #expect(try encap.readOID("eContentType") == OID(1, 2, 840, 113549, 1, 7, 1))
        var eContent = try encap.read(.contextConstructed(0), "eContent")
        let value = try eContent.readOctetStringSegments("eContent")
        #expect(value.wasConstructed)
        #expect(value.concatenated() == SweepFixtures.payload)
        try eContent.expectEnd("eContent")
        try encap.expectEnd("encapContentInfo")
        let certificates = try signedData.readElement(.contextConstructed(0), "certificates")
        #expect(Array(certificates.content.remainingBytes) == SweepFixtures.certificate)
        _ = try signedData.readElement(.set, "signerInfos")
        try signedData.expectEnd("SignedData")
        try explicit.expectEnd("content")
        try contentInfo.expectEnd("ContentInfo")
        try cursor.expectEnd("receipt")
        #expect(try walk(value.concatenated()).count > 10)
    }
}
