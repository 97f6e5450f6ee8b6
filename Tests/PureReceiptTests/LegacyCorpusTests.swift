// Legacy transaction receipts from ../shared/corpus/legacy: genuine at their purchase dates with
// every value MANIFEST.md lists; a one-byte change in purchase-info or the signature breaks them.

import Foundation
import PureCrypto
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

enum LegacyCorpus {
    static let directory = PackageFiles.corpus("legacy")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: directory.path) }
    static let v2 = "appreceiptvalidator_legacy-v2-sandbox_2015.b64"
    static let v3 = "koenrh_legacy-v3-subscription_2017.b64"

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The plist text of a corpus file with `key`'s base64 value decoded, changed by `edit`, re-encoded.
    static func tampered(_ name: String, key: String, _ edit: (inout [UInt8]) -> Void) throws -> [UInt8] {
        var text = String(decoding: try Base64.decode(try bytes(name)), as: UTF8.self)
        let receipt = try LegacyTransactionReceipt(try bytes(name))
        let old = try #require(receipt.value(key))
        var decoded = try Base64.decode(old)
        edit(&decoded)
        text = text.replacingOccurrences(of: old, with: Base64.encode(decoded))
        return Array(text.utf8)
    }
}

@Suite(
    "Legacy receipts from the corpus",
    .enabled(if: LegacyCorpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"))
struct LegacyCorpusTests {
    @Test("version 2 sandbox receipt (2015): genuine at its purchase date, MANIFEST values")
    func versionTwo() throws {
        let verified = try LegacyReceiptValidator.validate(
            try LegacyCorpus.bytes(LegacyCorpus.v2), policy: LegacyReceiptPolicy(bundleIdentifier: .anyApp))
        let receipt = verified.receipt
        #expect(receipt.signatureBlob.version == 2)
        #expect(receipt.signatureBlob.signature.count == 128)
        #expect(receipt.environment == "Sandbox")
        #expect(receipt.value("pod") == "100")
        #expect(receipt.value("signing-status") == "0")
        let leaf = receipt.signatureBlob.certificate
        #expect(leaf.subject.description.contains("PurchaseReceiptCertificate"))
        #expect(leaf.subject.description.contains("Apple iTunes Store"))
        guard case .rsa(let key) = leaf.publicKey else {
            Issue.record("leaf key is not RSA")
            return
        }
        #expect(key.modulusBitCount == 1024)
        #expect(verified.hasWeakKey)
        #expect(leaf.notBefore.description.hasPrefix("2014-06-07"))
        #expect(leaf.notAfter.description.hasPrefix("2016-05-18"))
        #expect(verified.chain.count == 3)
        #expect(verified.chain[1].sha256Fingerprint() == LegacyCertificates.iTunesStoreCASHA256)
        #expect(verified.chain[2].sha256Fingerprint() == TrustAnchors.appleIncRootSHA256)
        let info = receipt.purchaseInfo
        #expect(info.entries.count == 19)
        #expect(info.purchaseDate == Instant(millisecondsSince1970: 1_447_821_281_000))
        #expect(info["purchase-date"] == "2015-11-18 04:34:41 Etc/GMT")
        #expect(info.expiresDate == Instant(millisecondsSince1970: 1_448_346_881_000))
        #expect(info.originalTransactionId == "1000000180636226")
        #expect(info.transactionId == "1000000181298734")
        #expect(info.bundleId == "com.mbaasy.ios.demo")
        #expect(info.productId == "yearly")
        #expect(info.quantity == 1)
        #expect(verified.validityInstant == Instant(millisecondsSince1970: 1_447_821_281_000))
        #expect(
            info.expiresDateRenderings
                == .init(
                    milliseconds: "1448346881000", etcGMT: "2015-11-24 06:34:41 Etc/GMT",
                    losAngeles: "2015-11-23 22:34:41 America/Los_Angeles"))
        #expect(info.purchaseDateRenderings.losAngeles == "2015-11-17 20:34:41 America/Los_Angeles")
        #expect(info.originalPurchaseDateRenderings.milliseconds == "1447778081000")
        // MANIFEST: byte-identical to the NEGATIVE sample kept in receipts/ for the PKCS #7 parser.
        let negative = "appreceiptvalidator_NEGATIVE-legacy-ios6-transaction-receipt.b64"
        #expect(try Corpus.bytes(negative) == LegacyCorpus.bytes(LegacyCorpus.v2))
    }

    @Test("version 3 production receipt (2017): genuine at its purchase date, MANIFEST values")
    func versionThree() throws {
        let input = try LegacyCorpus.bytes(LegacyCorpus.v3)
        #expect(input.count == 5029)
        #expect(SHA256.hash(input) == bytesFromHex("3cceabaa695451723ca44d1f2c6ff0582c120041fc3f4ee7d7580593bac165ad"))
        let verified = try LegacyReceiptValidator.validate(
            input, policy: LegacyReceiptPolicy(bundleIdentifier: .anyApp))
        let receipt = verified.receipt
        #expect(receipt.signatureBlob.version == 3)
        #expect(receipt.signatureBlob.signature.count == 256)
        #expect(receipt.environment == nil)
        #expect(receipt.environmentName == "Production")
        let leaf = receipt.signatureBlob.certificate
        #expect(leaf.subject.description.contains("Mac App Store and iTunes Store Receipt Signing"))
        #expect(leaf.notBefore.description.hasPrefix("2015-11-13"))
        #expect(leaf.notAfter.description.hasPrefix("2023-02-07"))
        #expect(!verified.hasWeakKey)
        #expect(verified.chain[1].sha256Fingerprint() == LegacyCertificates.wwdr2013SHA256)
        let info = receipt.purchaseInfo
        #expect(info.entries.count == 23)
        #expect(info.bundleId == "com.blendle.trending")
        #expect(info.bundleVersion == "7000")
        #expect(info.productId == "com.blendle.trending.premium_subscription.monthly")
        #expect(info.transactionId == "160000408504141")
        #expect(info.originalTransactionId == "160000408504141")
        #expect(info.purchaseDate == Instant(millisecondsSince1970: 1_514_048_624_000))
        #expect(info["purchase-date"] == "2017-12-23 17:03:44 Etc/GMT")
        #expect(info.expiresDate == Instant(millisecondsSince1970: 1_516_727_024_000))
        #expect(info.appAppleId == "947936149")
        #expect(info.versionExternalIdentifier == "825366855")
        #expect(info.isTrialPeriod == false)
        #expect(info.isInIntroOfferPeriod == false)
        #expect(info.webOrderLineItemId == "160000091314729")
        #expect(info.uniqueVendorIdentifier == "D895D8DB-AEDF-4530-B7E5-E0C9A9A394B6")
    }

    @Test(
        "Apple legacy rule (validity-at-purchase): both leaves have expired by now",
        arguments: [LegacyCorpus.v2, LegacyCorpus.v3])
    func expiredNow(name: String) throws {
        let policy = LegacyReceiptPolicy(
            bundleIdentifier: .anyApp, validityInstant: Instant(millisecondsSince1970: 1_800_000_000_000))
        let error = #expect(throws: VerificationError.self) {
            try LegacyReceiptValidator.validate(try LegacyCorpus.bytes(name), policy: policy)
        }
        #expect(error?.code == "chain.certificateExpired")
    }

    @Test(
        "Apple legacy rule (signed-bytes): one byte changed in purchase-info or the signature",
        arguments: [LegacyCorpus.v2, LegacyCorpus.v3])
    func oneByteChanged(name: String) throws {
        for (key, index) in [("purchase-info", 40), ("signature", 1), ("signature", 100)] {
            let input = try LegacyCorpus.tampered(name, key: key) { $0[index] ^= 0x01 }
            let error = #expect(throws: VerificationError.self, "\(key)[\(index)]") {
                try LegacyReceiptValidator.validate(input, policy: LegacyReceiptPolicy(bundleIdentifier: .anyApp))
            }
            #expect(error?.code == "signature.invalid")
            #expect(error?.verdict == .notAuthentic)
        }
    }

    @Test("the same corpus file as plain plist text verifies too")
    func plistText() throws {
        let text = try Base64.decode(try LegacyCorpus.bytes(LegacyCorpus.v2))
        #expect(
            try LegacyReceiptValidator.validate(text, policy: LegacyReceiptPolicy(bundleIdentifier: .anyApp)).receipt
                .signatureBlob.version == 2)
    }

    @Test("policy: bundle id, product id, environment compared as bytes")
    func policyChecks() throws {
        let input = try LegacyCorpus.bytes(LegacyCorpus.v3)
        let ok = LegacyReceiptPolicy(
            bundleIdentifier: "com.blendle.trending",
            productIdentifier: "com.blendle.trending.premium_subscription.monthly", environments: ["Production"])
        _ = try LegacyReceiptValidator.validate(input, policy: ok)
        let cases: [(LegacyReceiptPolicy, String)] = [
            (LegacyReceiptPolicy(bundleIdentifier: "com.blendle.Trending"), "policy.bundleId"),
            (LegacyReceiptPolicy(bundleIdentifier: .anyApp, productIdentifier: "monthly"), "policy.productId"),
            (LegacyReceiptPolicy(bundleIdentifier: .anyApp, environments: ["Sandbox"]), "policy.environment"),
        ]
        for (policy, code) in cases {
            let error = #expect(throws: VerificationError.self) {
                try LegacyReceiptValidator.validate(input, policy: policy)
            }
            #expect(error?.code == code)
        }
    }

    @Test("built-in intermediates equal the corpus files and their pinned SHA-256")
    func builtInCertificates() throws {
        let certs = LegacyCorpus.directory.deletingLastPathComponent().appendingPathComponent("certs")
        let pairs: [(Certificate?, URL, [UInt8])] = [
            (
                LegacyCertificates.iTunesStoreCA,
                LegacyCorpus.directory.appendingPathComponent("koenrh_AppleITunesStoreCA.cer"),
                bytesFromHex("447ad65484610f20fdc33804c8597a1e208fbe4ef9c5653485cc7d3df730c016")
            ),
            (
                LegacyCertificates.wwdr2013, certs.appendingPathComponent("extracted_AppleWWDRCA-G1-2013to2023.cer"),
                bytesFromHex("ce057691d730f89ca25e916f7335f4c8a15713dcd273a658c024023f8eb809c2")
            ),
            (
                LegacyCertificates.appleIncRoot,
                certs.appendingPathComponent("tpinappreceipt_AppleIncRootCertificate.cer"),
                bytesFromHex("b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024")
            ),
        ]
        for (certificate, file, fingerprint) in pairs {
            let shipped = try #require(certificate)
            #expect(shipped.sha256Fingerprint() == fingerprint)
            #expect(Array(shipped.derEncoded) == Array(try Data(contentsOf: file)))
        }
        #expect(LegacyCertificates.iTunesStoreCASHA256 == pairs[0].2)
        #expect(LegacyCertificates.wwdr2013SHA256 == pairs[1].2)
    }

    @Test("verifyReceipt JSON: status 0, purchase-info keys with _ in file order, string values")
    func json() throws {
        let verified = try LegacyReceiptValidator.validate(
            try LegacyCorpus.bytes(LegacyCorpus.v2), policy: LegacyReceiptPolicy(bundleIdentifier: .anyApp))
        let document = VerifyReceiptJSON.render(verified, pretty: false)
        #expect(document.status == 0)
        #expect(
            document.text.hasPrefix(
                #"{"status":0,"receipt":{"original_purchase_date_pst":"2015-11-17 08:34:41 America/Los_Angeles","purchase_date_ms":"1447821281000","#
            ))
        #expect(document.text.hasSuffix(#""quantity":"1"}}"#))
        let object = try JSONSerialization.jsonObject(with: Data(document.text.utf8)) as? [String: Any]
        let receipt = try #require(object?["receipt"] as? [String: String])
        #expect(receipt.count == 19)
        #expect(receipt["expires_date"] == "1448346881000")
        #expect(receipt["web_order_line_item_id"] == "1000000030938713")
    }
}

@Suite("Built-in legacy certificates")
struct LegacyBuiltInCertificateTests {
    @Test("each decodes, and its SHA-256 equals the pinned fingerprint (no corpus needed)")
    func pinned() throws {
        let iTunes = try #require(LegacyCertificates.iTunesStoreCA)
        let wwdr = try #require(LegacyCertificates.wwdr2013)
        let root = try #require(LegacyCertificates.appleIncRoot)
        #expect(iTunes.sha256Fingerprint() == LegacyCertificates.iTunesStoreCASHA256)
        #expect(wwdr.sha256Fingerprint() == LegacyCertificates.wwdr2013SHA256)
        #expect(root.sha256Fingerprint() == TrustAnchors.appleIncRootSHA256)
        #expect(iTunes.issuer == root.subject && wwdr.issuer == root.subject)
        #expect(iTunes.subject.description.contains("Apple iTunes Store Certification Authority"))
    }
}

/// Hex string → bytes (test input only).
func bytesFromHex(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        out.append(UInt8(text[index..<next], radix: 16) ?? 0)
        index = next
    }
    return out
}
