// Tampering: one flipped bit inside the signed regions of a genuine receipt — the eContent, the
// signature, every certificate's TBSCertificate (and the signed attributes, where present) — must
// make verification fail, with an error of the right class. At least 200 positions per receipt,
// spread evenly over the regions.

import Foundation
import PureDER
import PureReceipt
import PureReceiptTestSupport
import Testing

@testable import PureX509

/// A genuine receipt, how to verify it, and where its signed regions lie.
struct TamperSubject: CustomTestStringConvertible, Sendable {
    let name: String
    let load: @Sendable () throws -> [UInt8]
    let anchors: @Sendable () throws -> TrustAnchors
    let policy: @Sendable () throws -> CMSRules
    let created: String
    var testDescription: String { name }
}

let tamperSubjects: [TamperSubject] = [
    TamperSubject(
        name: "Apple SHA-1 (2017)",
        load: { try CMSFixtures.receipt("appreceiptvalidator_production-macos-sha1-knowndevice_2017.der") },
        anchors: { .appleIncRoot }, policy: { .apple }, created: "2017-09-04T09:01:20Z"),
    TamperSubject(
        name: "Apple SHA-256 WWDR G5 (2024)",
        load: { try CMSFixtures.receipt("tpinappreceipt_production-ios-wwdrG5-sha256_2024.der") },
        anchors: { .appleIncRoot }, policy: { .apple }, created: "2024-02-23T17:27:16Z"),
    TamperSubject(
        name: "Xcode BER (2023)",
        load: { try CMSFixtures.receipt("asl-swift_xcode-app-receipt-with-transaction_2023.der") },
        anchors: { TrustAnchors(certificates: [try storeKitCertificate()]) },
        policy: { .xcode }, created: "2023-10-19T01:45:40Z"),
]

/// Evenly spread positions inside `range` (all of them when the range is smaller).
func spread(_ range: Range<Int>, count: Int) -> [Int] {
    guard range.count > count else { return Array(range) }
    return (0..<count).map { range.lowerBound + $0 * range.count / count }
}

/// Flips one bit at `position` and returns the CMS error (nil if the tampered receipt still verified).
func tamperedOutcome(_ bytes: [UInt8], at position: Int, anchors: TrustAnchors, rules policy: CMSRules, time: DERTime)
    -> CMSError?
{
    var tampered = bytes
    tampered[position] ^= UInt8(1) << UInt8(position % 8)
    return cmsError { () throws(CMSError) in
        try SignedData.parse(tampered).verify(anchors: anchors, rules: policy, at: time)
    }
}

/// Codes a flipped certificate byte may produce: the certificate no longer parses, no longer chains,
/// no longer matches the signer identifier or key, or its signature no longer verifies.
func isCertificateFailure(_ code: String) -> Bool {
    ["der.", "limit.", "x509.", "chain.", "signature."].contains { code.hasPrefix($0) }
}

// Skipped, visibly, when ../shared/corpus is absent.
@Suite("CMS tampering", .enabled(if: CMSFixtures.corpusAvailable, "needs ../shared/corpus"))
struct CMSTamperTests {
    // RFC 5652 §5.6: the verifier recomputes the digest of the content it holds; RFC 5280 §4.1.1.3: each
    // certificate signature covers the DER TBSCertificate bytes as they lie in the receipt.
    @Test(
        "a flipped bit in eContent, signature or any TBSCertificate fails verification (an eighth of the positions)",
        arguments: tamperSubjects)
    func flippedBitFails(subject: TamperSubject) throws {
        try Self.flippedBitFails(subject: subject, fraction: 8)
    }

    @Test(
        "a flipped bit in eContent, signature or any TBSCertificate fails verification (at least 200 positions)",
        .fullTests, arguments: tamperSubjects)
    func fullFlippedBitFails(subject: TamperSubject) throws {
        try Self.flippedBitFails(subject: subject, fraction: 1)
    }

    /// Tampers with 1/`fraction` of the (at least 200) positions, spread evenly over the same regions.
    static func flippedBitFails(subject: TamperSubject, fraction: Int) throws {
        let bytes = try subject.load()
        let anchors = try subject.anchors()
        let policy = try subject.policy()
        let time = try #require(CMSFixtures.time(subject.created))
        let signedData = try SignedData.parse(bytes)
        _ = try signedData.verify(anchors: anchors, rules: policy, at: time)  // genuine to begin with
        let signer = try #require(signedData.signerInfos.first)

        var tested = 0
        for segment in signedData.content.segments {
            for position in spread(segment, count: 90 / fraction / signedData.content.segments.count) {
                let error = tamperedOutcome(bytes, at: position, anchors: anchors, rules: policy, time: time)
                #expect(error?.code == "signature.invalid", "eContent byte \(position): \(String(describing: error))")
                tested += 1
            }
        }
        let signatureRange = signer.signature.startIndex..<signer.signature.endIndex
        for position in spread(signatureRange, count: 50 / fraction) {
            let error = tamperedOutcome(bytes, at: position, anchors: anchors, rules: policy, time: time)
            #expect(error?.code == "signature.invalid", "signature byte \(position): \(String(describing: error))")
            tested += 1
        }
        let perCertificate = 90 / fraction / signedData.certificates.count
        for certificate in signedData.certificates {
            let tbs = certificate.tbsCertificate
            for position in spread(tbs.startIndex..<tbs.endIndex, count: perCertificate) {
                let error = tamperedOutcome(bytes, at: position, anchors: anchors, rules: policy, time: time)
                #expect(
                    error.map { isCertificateFailure($0.code) } == true,
                    "TBSCertificate byte \(position) of \(certificate.subject): \(String(describing: error))")
                tested += 1
            }
        }
        #expect(tested >= 200 / fraction)
    }

    @Test(
        "a flipped bit in the signed attributes fails verification (their first 16 octets and every 4th)",
        .enabled(if: CMSFixtures.vectorsAvailable, "needs Vectors/receipts"))
    func flippedSignedAttributeFails() throws {
        try Self.flippedSignedAttributeFails(every: 4)
    }

    @Test(
        "a flipped bit in any octet of the signed attributes fails verification", .fullTests,
        .enabled(if: CMSFixtures.vectorsAvailable, "needs Vectors/receipts"))
    func fullFlippedSignedAttributeFails() throws {
        try Self.flippedSignedAttributeFails(every: 1)
    }

    /// Tampers with the first 16 octets of the signed attributes and every `stride`-th one (every
    /// octet with a stride of 1).
    static func flippedSignedAttributeFails(every stride: Int) throws {
        let bytes = try CMSFixtures.vector("valid-openssl-ber-signed-attributes.der")
        let anchors = try StructureFixture.anchors()
        let signedData = try SignedData.parse(bytes)
        _ = try signedData.verify(anchors: anchors, rules: .apple, at: StructureFixture.created)
        let attributes = try #require(signedData.signerInfos.first?.signedAttributes)
        var codes: Set<String> = []
        let range = attributes.encodedRange
        for position in range where (position - range.lowerBound) % stride == 0 || position < range.lowerBound + 16 {
            let error = tamperedOutcome(
                bytes, at: position, anchors: anchors, rules: .apple, time: StructureFixture.created)
            let code = try #require(error?.code, "signed attribute byte \(position) still verified")
            codes.insert(code)
        }
        // Content bytes give messageDigestMismatch/contentTypeMismatch or a bad signature; header bytes
        // give encoding or structure errors. Nothing else.
        let allowed: Set = [
            "signature.invalid", "cms.messageDigestMismatch", "cms.contentTypeMismatch", "cms.structure",
        ]
        #expect(codes.allSatisfy { allowed.contains($0) || $0.hasPrefix("der.") || $0.hasPrefix("limit.") }, "\(codes)")
        #expect(codes.contains("signature.invalid"))
        #expect(codes.contains("cms.messageDigestMismatch"))
    }
}

// Robustness: every proper prefix of a receipt (DER and BER) is refused with a malformed-input
// error, and never traps; a flipped bit anywhere in the envelope headers is refused too.
@Suite("CMS truncation", .enabled(if: CMSFixtures.corpusAvailable, "needs ../shared/corpus"))
struct CMSTruncationTests {
    @Test(
        "every proper prefix fails to parse",
        arguments: [
            "appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der",
            "asl-swift_xcode-app-receipt-with-transaction_2023.der",
        ])
    func prefixesFail(file: String) throws {
        let bytes = try CMSFixtures.receipt(file)
        _ = try SignedData.parse(bytes)
        for length in 0..<bytes.count {
            let error = cmsError { () throws(CMSError) in try SignedData.parse(Array(bytes[..<length])) }
            #expect(error?.isMalformed == true, "prefix of \(length) bytes: \(String(describing: error))")
        }
    }

    @Test("a flipped bit in the envelope headers fails verification")
    func envelopeHeaderFlipsFail() throws {
        let bytes = try CMSFixtures.receipt("asl-swift_xcode-app-receipt-with-transaction_2023.der")
        let storeKit = try storeKitCertificate()
        let signedData = try SignedData.parse(bytes)
        let time = try #require(CMSFixtures.time("2023-10-19T01:45:40Z"))
        // Every byte except the payload, the certificate and the signature value (sampled by the
        // suite above): identifiers, lengths, end-of-contents octets, OIDs, versions, the sid.
        let certificate = try #require(signedData.certificates.first?.derEncoded.indices)
        let signature = signedData.signerInfos[0].signature.indices
        let positions = (0..<bytes.count).filter { position in
            !signedData.content.segments.contains { $0.contains(position) } && !certificate.contains(position)
                && !signature.contains(position)
        }
        #expect(positions.count > 200)
        for position in positions {
            for bit in 0..<8 {
                var tampered = bytes
                tampered[position] ^= UInt8(1) << UInt8(bit)
                let error = cmsError { () throws(CMSError) in
                    try SignedData.parse(tampered).verify(
                        anchors: TrustAnchors(certificates: [storeKit]),
                        rules: .xcode, at: time)
                }
                #expect(error != nil, "bit \(bit) of byte \(position) still verified")
            }
        }
    }
}
