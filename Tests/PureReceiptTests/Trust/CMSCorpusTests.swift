// Real receipts from ../shared/corpus (never copied into the project): every receipt parses;
// Apple-signed ones verify under the pinned Apple Inc. root at their own creation date and fail
// once their certificates have expired; Xcode receipts verify only with the StoreKit certificate.
// Creation dates are hard-coded from MANIFEST.md (the payload parser is a later layer).

import Foundation
import PureCrypto
import PureDER
import PureReceipt
import Testing

@testable import PureX509

/// A corpus receipt and what MANIFEST.md says about it.
struct CorpusReceipt: CustomTestStringConvertible, Sendable {
    let file: String
    /// Receipt creation date (attribute 12) in UTC.
    let created: String
    let digest: HashAlgorithm
    /// True for Xcode StoreKit-testing receipts (self-signed StoreKit certificate, BER).
    let xcode: Bool
    var testDescription: String { file }
}

/// MANIFEST.md "Receipts" table. Xcode dates with offsets converted to UTC
/// (2020-07-22T18:33:15+0100 → 17:33:15Z, 2020-10-16T14:29:30+0300 → 11:29:30Z).
let corpusReceipts: [CorpusReceipt] = [
    CorpusReceipt(
        file: "appreceiptvalidator_production-macos-sha1-knowndevice_2017.der", created: "2017-09-04T09:01:20Z",
        digest: .sha1, xcode: false),
    CorpusReceipt(
        file: "appreceiptvalidator_production-macos-wwdrG5-sha256-knowndevice_2023.der",
        created: "2023-08-28T10:24:05Z", digest: .sha256, xcode: false),
    CorpusReceipt(
        file: "appreceiptvalidator_sandbox-ios-7iap-wwdr2008_2015.der", created: "2015-08-13T07:50:46Z", digest: .sha1,
        xcode: false),
    CorpusReceipt(
        file: "appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der", created: "2017-09-11T09:38:34Z",
        digest: .sha1, xcode: false),
    CorpusReceipt(
        file: "appreceiptvalidator_sandbox-ios-wwdrG7-sha1-knowndevice_2023.der", created: "2023-02-22T14:30:15Z",
        digest: .sha1, xcode: false),
    CorpusReceipt(
        file: "fullsailor-pkcs7_sandbox-ios-1707-1718-attrs_2016.der", created: "2016-07-23T06:21:11Z", digest: .sha1,
        xcode: false),
    CorpusReceipt(
        file: "kvitto_production-macos-xcodeapp-wwdr2008_2015.der", created: "2015-09-22T08:55:28Z", digest: .sha1,
        xcode: false),
    CorpusReceipt(
        file: "kvitto_sandbox-ios-6iap-wwdr2008_2015.der", created: "2015-05-25T15:22:10Z", digest: .sha1, xcode: false),
    CorpusReceipt(
        file: "revenuecat_sandbox-ios-9iap-sha1_2020.der", created: "2020-07-22T17:39:08Z", digest: .sha1, xcode: false),
    CorpusReceipt(
        file: "revenuecat_sandbox-ios-sha1_2018.der", created: "2018-11-13T16:46:31Z", digest: .sha1, xcode: false),
    CorpusReceipt(
        file: "tpinappreceipt_production-ios-wwdrG5-sha256_2024.der", created: "2024-02-23T17:27:16Z", digest: .sha256,
        xcode: false),
    CorpusReceipt(
        file: "tpinappreceipt_sandbox-ios-187iap-sha1_2020.der", created: "2020-05-06T18:28:49Z", digest: .sha1,
        xcode: false),
    CorpusReceipt(
        file: "tpinappreceipt_sandbox-ios-9iap-sha1_2016.der", created: "2016-08-27T06:06:32Z", digest: .sha1,
        xcode: false),
    CorpusReceipt(
        file: "tpinappreceipt_sandbox-ios-wwdrG5-sha256-knowndevice_2025.der", created: "2025-12-26T18:39:47Z",
        digest: .sha256, xcode: false),
    CorpusReceipt(
        file: "tpinappreceipt_sandbox-macos-sha1_2020.der", created: "2020-10-30T10:54:04Z", digest: .sha1, xcode: false
    ),
    CorpusReceipt(
        file: "asl-swift_xcode-app-receipt-empty_2023.der", created: "2023-10-19T01:18:54Z", digest: .sha256,
        xcode: true),
    CorpusReceipt(
        file: "asl-swift_xcode-app-receipt-with-transaction_2023.der", created: "2023-10-19T01:45:40Z", digest: .sha256,
        xcode: true),
    CorpusReceipt(
        file: "kvitto_xcode12-storekit_2020.der", created: "2020-10-16T11:29:30Z", digest: .sha256, xcode: true),
    CorpusReceipt(
        file: "tpinappreceipt_xcode12-storekit-rsaEncryption_2020.der", created: "2020-07-22T17:33:15Z",
        digest: .sha256, xcode: true),
]

/// The StoreKit testing certificate (C10), the anchor an Xcode opt-in supplies.
func storeKitCertificate() throws -> Certificate {
    try Certificate(
        derEncoded: CMSFixtures.read(
            CMSFixtures.certs.appendingPathComponent("tpinappreceipt_StoreKitTestCertificate.cer")))
}

/// The analysis date of MANIFEST.md: every leaf in the corpus has expired by then.
let corpusNow = DERTime(secondsSince1970: 1_795_219_200)  // 2026-11-21T00:00:00Z

// Skipped, visibly, when ../shared/corpus is absent (CI always has it).
@Suite("CMS corpus receipts", .enabled(if: CMSFixtures.corpusAvailable, "needs ../shared/corpus"))
struct CMSCorpusTests {
    @Test("the table covers every receipt in the corpus except NEGATIVE inputs")
    func tableIsComplete() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: CMSFixtures.receipts.path)
            .filter { $0.hasSuffix(".der") && !$0.contains("NEGATIVE") }
        #expect(Set(names) == Set(corpusReceipts.map(\.file)))
        #expect(CMSFixtures.time("2026-11-21T00:00:00Z") == corpusNow)
    }

    @Test("parses: one SignerInfo, eContentType id-data, the digest MANIFEST.md names", arguments: corpusReceipts)
    func parses(receipt: CorpusReceipt) throws {
        let signedData = try SignedData.parse(CMSFixtures.receipt(receipt.file))
        #expect(signedData.contentType == CMSObjectIdentifier.data)
        #expect(signedData.signerInfos.count == 1)
        #expect(signedData.signerInfos.first?.digestAlgorithm == receipt.digest)
        #expect(signedData.signerInfos.first?.signedAttributes == nil)
        #expect(signedData.certificates.count == (receipt.xcode ? 1 : 3))
        #expect(signedData.content.wasConstructed == receipt.xcode)
        #expect(signedData.contentBytes.first == 0x31)  // the payload is a SET
    }

    // Apple receipt rule (validity-at-creation-date), Apple receipt rule (pinned-root), Apple receipt rule (certificate-set-order): real receipts, chain order.
    @Test(
        "Apple receipts verify under the pinned Apple root at their creation date",
        arguments: corpusReceipts.filter { !$0.xcode })
    func appleReceiptVerifies(receipt: CorpusReceipt) throws {
        let signedData = try SignedData.parse(CMSFixtures.receipt(receipt.file))
        let created = try #require(CMSFixtures.time(receipt.created))
        let verified = try signedData.verify(anchors: .appleIncRoot, rules: .apple, at: created)
        #expect(verified.chain.count == 3)
        #expect(verified.digestAlgorithm == receipt.digest)
        #expect(verified.signatureAlgorithm == .rsaEncryption)
        #expect(!verified.hadSignedAttributes)
        #expect(verified.content == signedData.contentBytes)
        #expect(verified.chain.last?.sha256Fingerprint() == TrustAnchors.appleIncRootSHA256)
    }

    @Test(
        "Apple receipts fail at 2026-11-21 with chain.certificateExpired naming the certificate",
        arguments: corpusReceipts.filter { !$0.xcode })
    func appleReceiptExpiredNow(receipt: CorpusReceipt) throws {
        let signedData = try SignedData.parse(CMSFixtures.receipt(receipt.file))
        let error = try #require(
            cmsError { () throws(CMSError) in
                try signedData.verify(anchors: .appleIncRoot, rules: .apple, at: corpusNow)
            })
        #expect(error.code == "chain.certificateExpired")
        #expect(!error.isMalformed)
        guard case .chain(let chainError) = error.kind else {
            Issue.record("expected a chain error, got \(error)")
            return
        }
        // The certificate named is one of the receipt's certificates that had expired by then.
        let named = try #require(chainError.certificate)
        let expired = signedData.certificates.filter { !$0.isValid(at: corpusNow) }.map(\.subject.description)
        #expect(expired.contains(named))
    }

    // The StoreKit certificate is self-issued and lacks Apple's leaf marker; the chain code names
    // that case before any path building: chain.xcodeNotAllowed (not chain.untrusted, and not
    // chain.signerNotFound: the signer certificate is in the receipt and the signature is good).
    @Test(
        "Xcode receipts fail under the Apple root with chain.xcodeNotAllowed",
        arguments: corpusReceipts.filter(\.xcode))
    func xcodeReceiptRefusedByApplePolicy(receipt: CorpusReceipt) throws {
        let signedData = try SignedData.parse(CMSFixtures.receipt(receipt.file))
        let created = try #require(CMSFixtures.time(receipt.created))
        let error = cmsError { () throws(CMSError) in
            try signedData.verify(anchors: .appleIncRoot, rules: .apple, at: created)
        }
        #expect(error?.code == "chain.xcodeNotAllowed")
        #expect(error?.isMalformed == false)
    }

    // All four Xcode receipts carry the byte-identical StoreKit certificate (C10, SHA-256
    // ff0ba36e…c864fe), the asl-swift 2023 ones included (checked with openssl and below).
    @Test(
        "Xcode receipts verify with the StoreKit certificate as the anchor under .xcode",
        arguments: corpusReceipts.filter(\.xcode))
    func xcodeReceiptVerifiesWithOptIn(receipt: CorpusReceipt) throws {
        let storeKit = try storeKitCertificate()
        let signedData = try SignedData.parse(CMSFixtures.receipt(receipt.file))
        #expect(signedData.certificates.first?.derEncoded.elementsEqual(storeKit.derEncoded) == true)
        let created = try #require(CMSFixtures.time(receipt.created))
        let verified = try signedData.verify(
            anchors: TrustAnchors(certificates: [storeKit]), rules: .xcode,
            at: created)
        #expect(verified.chain.count == 1)
        #expect(verified.digestAlgorithm == .sha256)
        // The StoreKit certificate is valid 2020-04-01 → 2040-03-27: "now" verifies too.
        _ = try signedData.verify(
            anchors: TrustAnchors(certificates: [storeKit]), rules: .xcode,
            at: corpusNow)
    }

    @Test(
        "an Apple receipt under the .xcode policy is untrusted",
        arguments: corpusReceipts.filter { !$0.xcode }.prefix(3))
    func appleReceiptUnderXcodePolicy(receipt: CorpusReceipt) throws {
        let storeKit = try storeKitCertificate()
        let signedData = try SignedData.parse(CMSFixtures.receipt(receipt.file))
        let created = try #require(CMSFixtures.time(receipt.created))
        let error = cmsError { () throws(CMSError) in
            try signedData.verify(
                anchors: TrustAnchors(certificates: [storeKit]), rules: .xcode, at: created)
        }
        #expect(error?.code == "chain.untrusted")
    }

    @Test("each .b64 file decodes to the bytes of its .der")
    func base64MatchesDER() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: CMSFixtures.receipts.path)
            .filter { $0.hasSuffix(".b64") && !$0.contains("NEGATIVE") }
        #expect(names.count >= 10)
        for name in names {
            let text = try String(contentsOf: CMSFixtures.receipts.appendingPathComponent(name), encoding: .utf8)
            let decoded = try #require(Data(base64Encoded: text, options: .ignoreUnknownCharacters), "\(name)")
            let der = try CMSFixtures.receipt(name.replacingOccurrences(of: ".b64", with: ".der"))
            #expect([UInt8](decoded) == der, "\(name)")
        }
    }

    @Test("NEGATIVE inputs fail cleanly with a CMSError")
    func negativeInputsFail() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: CMSFixtures.receipts.path)
            .filter { $0.contains("NEGATIVE") }
        #expect(names.count == 2)
        for name in names {
            var bytes = try CMSFixtures.receipt(name)
            if name.hasSuffix(".b64"), let text = String(bytes: bytes, encoding: .utf8),
                let decoded = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
            {
                // Parse both the text as given and its decoding.
                #expect(cmsError { () throws(CMSError) in try SignedData.parse(bytes) } != nil, "\(name) as text")
                bytes = [UInt8](decoded)
            }
            let error = cmsError { () throws(CMSError) in try SignedData.parse(bytes) }
            #expect(error != nil, "\(name)")
            #expect(error?.isMalformed == true, "\(name): \(String(describing: error))")
        }
    }
}
