// VerifyReceiptJSON: the verifyReceipt response document, checked key by key and type by type on a
// real receipt, plus failure documents and endpoint emulation.

import Foundation
import PureReceipt
import Testing

@Suite(
    "verifyReceipt-compatible JSON", .enabled(if: SweepCorpus.isAvailable, "needs ../shared/corpus (absent: skipped)"))
struct VerifyReceiptJSONTests {
    static func verified(_ name: String) throws -> VerifiedReceipt {
        try ReceiptValidator.validate(
            SweepCorpus.bytes("receipts/" + name), policy: ReceiptPolicy(bundleIdentifier: .anyApp))
    }

    static func object(_ text: String) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(json as? [String: Any])
    }

    static let request = Instant(millisecondsSince1970: 1_700_000_000_123)

    @Test("a production receipt: every receipt field with its verifyReceipt type")
    func productionReceipt() throws {
        let document = VerifyReceiptJSON.render(
            try Self.verified("tpinappreceipt_production-ios-wwdrG5-sha256_2024.der"), requestDate: Self.request)
        #expect(document.status == 0)
        let top = try Self.object(document.text)
        #expect(top["status"] as? Int == 0)
        #expect(top["environment"] as? String == "Production")
        let receipt = try #require(top["receipt"] as? [String: Any])
        #expect(receipt["receipt_type"] as? String == "Production")
        // Numbers inside `receipt` are JSON numbers; NSNumber carries them exactly.
        #expect((receipt["adam_id"] as? NSNumber)?.uint64Value == 690_661_663)
        #expect((receipt["app_item_id"] as? NSNumber)?.uint64Value == 690_661_663)
        #expect((receipt["download_id"] as? NSNumber)?.uint64Value == 74_011_462_945_433)
        #expect((receipt["version_external_identifier"] as? NSNumber)?.uint64Value == 863_855_306)
        #expect(receipt["bundle_id"] as? String == "org.getpure.pure-iphone")
        #expect(receipt["application_version"] as? String == "15741")
        #expect(receipt["original_application_version"] as? String == "434")
        #expect(receipt["receipt_creation_date"] as? String == "2024-02-23 17:27:16 Etc/GMT")
        #expect(receipt["receipt_creation_date_ms"] as? String == "1708709236000")
        #expect(receipt["receipt_creation_date_pst"] as? String == "2024-02-23 09:27:16 America/Los_Angeles")
        #expect(receipt["original_purchase_date"] as? String == "2016-08-16 15:15:43 Etc/GMT")
        #expect(receipt["original_purchase_date_pst"] as? String == "2016-08-16 08:15:43 America/Los_Angeles")
        #expect(receipt["request_date_ms"] as? String == "1700000000123")
        #expect(receipt["expiration_date"] == nil)
        let inApp = try #require(receipt["in_app"] as? [[String: Any]])
        #expect(inApp.count == 4)
        for entry in inApp {
            for (key, value) in entry { #expect(value is String, "in_app.\(key) must be a string") }
        }
        let third = inApp[2]
        #expect(third["product_id"] as? String == "org.getpure.pure.Month")
        #expect(third["transaction_id"] as? String == "340001264290434")
        #expect(third["original_transaction_id"] as? String == "340001196262039")
        #expect(third["web_order_line_item_id"] as? String == "340000580178733")
        #expect(third["quantity"] as? String == "1")
        #expect(third["is_trial_period"] as? String == "false")
        #expect(third["is_in_intro_offer_period"] as? String == "false")
        #expect(third["promotional_offer_id"] as? String == "org.getpure.pure.Month.Offer.3M.PayToGo")
        #expect(third["purchase_date"] as? String == "2023-07-28 13:54:08 Etc/GMT")
        #expect(third["purchase_date_pst"] as? String == "2023-07-28 06:54:08 America/Los_Angeles")
        #expect(third["expires_date"] as? String == "2023-08-28 13:54:08 Etc/GMT")
        #expect(third["expires_date_ms"] as? String == "1693230848000")
        #expect(third["cancellation_date"] == nil)
    }

    @Test("a sandbox receipt says Sandbox, and endpoint emulation gives 21007 and 21008")
    func endpoints() throws {
        let sandbox = try Self.verified("revenuecat_sandbox-ios-9iap-sha1_2020.der")
        let plain = try Self.object(VerifyReceiptJSON.render(sandbox, requestDate: Self.request).text)
        #expect(plain["environment"] as? String == "Sandbox")
        #expect((plain["receipt"] as? [String: Any])?["receipt_type"] as? String == "ProductionSandbox")
        let toProduction = VerifyReceiptJSON.render(sandbox, endpoint: .production, requestDate: Self.request)
        #expect(toProduction.status == 21007)
        #expect(try Self.object(toProduction.text)["status"] as? Int == 21007)
        #expect(VerifyReceiptJSON.render(sandbox, endpoint: .sandbox, requestDate: Self.request).status == 0)
        let production = try Self.verified("tpinappreceipt_production-ios-wwdrG5-sha256_2024.der")
        #expect(VerifyReceiptJSON.render(production, endpoint: .sandbox, requestDate: Self.request).status == 21008)
    }

    @Test("the document written in pieces is byte for byte the whole document, for every endpoint and layout")
    func streamed() throws {
        // 187 in-app purchases: about 164 KB of pretty JSON, so several pieces of about 64 KB.
        let receipt = try Self.verified("tpinappreceipt_sandbox-ios-187iap-sha1_2020.der")
        for endpoint in [VerifyReceiptEndpoint.any, .production, .sandbox] {
            for pretty in [true, false] {
                let whole = VerifyReceiptJSON.render(
                    receipt, endpoint: endpoint, requestDate: Self.request, pretty: pretty)
                var pieces: [[UInt8]] = []
                let status = VerifyReceiptJSON.render(
                    receipt, endpoint: endpoint, requestDate: Self.request, pretty: pretty
                ) { pieces.append($0) }
                #expect(status == whole.status)
                #expect(pieces.joined().elementsEqual(whole.bytes), "\(endpoint) pretty: \(pretty)")
                // A piece is handed over once it passes 64 KB: at most that plus one purchase (< 4 KB).
                #expect(pieces.allSatisfy { $0.count < (1 << 16) + 4096 })
                #expect(pieces.count >= (status == 0 && pretty ? 3 : 1))
            }
        }
    }

    @Test("the compact document is the pretty one's JSON value, on one line without spaces around separators")
    func compactLayout() throws {
        for name in [
            "tpinappreceipt_sandbox-ios-187iap-sha1_2020.der", "tpinappreceipt_production-ios-wwdrG5-sha256_2024.der",
        ] {
            let receipt = try Self.verified(name)
            let pretty = VerifyReceiptJSON.render(receipt, requestDate: Self.request).text
            let compact = VerifyReceiptJSON.render(receipt, requestDate: Self.request, pretty: false).text
            #expect(NSDictionary(dictionary: try Self.object(compact)).isEqual(to: try Self.object(pretty)), "\(name)")
            #expect(!compact.contains("\n") && !compact.contains("\": ") && !compact.contains(", "), "\(name)")
            #expect(compact.contains("\"in_app\":[{\"quantity\":\"1\",\"product_id\":\""), "\(name)")
        }
    }

    @Test("failures carry status, reason code, verdict and message")
    func failures() throws {
        let receipt = try SweepCorpus.bytes("receipts/revenuecat_sandbox-ios-9iap-sha1_2020.der")
        var truncated = receipt
        truncated.removeLast()
        for (input, status, verdict) in [
            (truncated, 21002, "malformed"), ([UInt8](receipt.prefix(0)), 21002, "malformed"),
        ] {
            do {
                _ = try ReceiptValidator.validate(input, policy: ReceiptPolicy(bundleIdentifier: .anyApp))
                Issue.record("accepted")
            } catch {
                let object = try Self.object(VerifyReceiptJSON.render(error).text)
                #expect(object["status"] as? Int == status)
                #expect(object["verdict"] as? String == verdict)
                #expect((object["reason"] as? String)?.isEmpty == false)
                #expect((object["message"] as? String)?.isEmpty == false)
            }
        }
        var tampered = receipt
        tampered[tampered.count - 10] ^= 0x01  // inside the signature
        do {
            _ = try ReceiptValidator.validate(tampered, policy: ReceiptPolicy(bundleIdentifier: .anyApp))
            Issue.record("accepted")
        } catch {
            let object = try Self.object(VerifyReceiptJSON.render(error).text)
            #expect(object["status"] as? Int == 21003)
            #expect(object["reason"] as? String == "signature.invalid")
        }
    }
}
