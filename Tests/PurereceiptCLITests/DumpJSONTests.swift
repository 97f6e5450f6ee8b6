// dump --json: the dump as one JSON document for each format (Sources/purereceipt/DumpJSON.swift,
// README "dump --json"), nothing verified; on input that is not well-formed, a failure document
// and exit 2.

import Foundation
import Testing

@Suite("purereceipt dump --json")
struct DumpJSONTests {
    @Test(
        "testDumpJSONOfAnAppReceiptListsTheTextDumpsElements",
        arguments: [MainReceipt.path, CLI.vector("valid-xcode-signed.der")])
    func testDumpJSONOfAnAppReceiptListsTheTextDumpsElements(_ path: String) async throws {
        let result = try await CLI.run(["dump", "--json", path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let document = try result.jsonObject()
        #expect(document["format"] as? String == "app-receipt")
        #expect(document["verified"] as? Bool == false)
        #expect(document["bytes"] as? Int == (try CLI.bytes(path)).count)
        let elements = try #require(document["elements"] as? [[String: Any]])
        let first = try #require(elements.first)
        #expect(first["offset"] as? Int == 0 && first["depth"] as? Int == 0 && first["tag"] as? String == "SEQUENCE")
        // One element per line of the text dump (its first line is the column header).
        let text = try await CLI.run(["dump", path])
        #expect(elements.count == text.stdout.split(separator: "\n").count - 1, "\(text)")
        let bundle = try #require(elements.first { ($0["attribute"] as? [String: Any])?["type"] as? Int == 2 })
        #expect((bundle["attribute"] as? [String: Any])?["name"] as? String == "bundle id")
        if path == MainReceipt.path {
            #expect(elements.contains { $0["value"] as? String == MainReceipt.bundleID })
            #expect(!elements.contains { $0["tag"] as? String == "end-of-contents" })
        } else {
            // BER: indefinite lengths (null) and their end-of-contents octets.
            #expect(elements.contains { $0["length"] is NSNull })
            #expect(elements.contains { $0["tag"] as? String == "end-of-contents" && $0["length"] as? Int == 0 })
        }
    }

    @Test("testDumpJSONOfAJWSHasHeaderCertificatesPayloadAndSignature")
    func testDumpJSONOfAJWSHasHeaderCertificatesPayloadAndSignature() async throws {
        let result = try await CLI.run(["dump", "--json", "Vectors/jws/transaction-valid.jws"])
        #expect(result.status == 0, "\(result)")
        let document = try result.jsonObject()
        #expect(document["format"] as? String == "jws")
        #expect(document["verified"] as? Bool == false)
        #expect(document["notification_body"] as? Bool == false)
        #expect((document["header"] as? [String: Any])?["alg"] as? String == "ES256")
        #expect((document["certificates"] as? [[String: Any]])?.count == 3)
        #expect((document["payload"] as? [String: Any])?["bundleId"] as? String == "com.example.vectors")
        #expect((document["signature_hex"] as? String)?.count == 128)
    }

    @Test("testDumpJSONOfALegacyReceiptHasPairsWithOffsetsAndTheBlob")
    func testDumpJSONOfALegacyReceiptHasPairsWithOffsetsAndTheBlob() async throws {
        let result = try await CLI.run(["dump", "--json", "Vectors/legacy/valid-v1.b64"])
        #expect(result.status == 0, "\(result)")
        let document = try result.jsonObject()
        #expect(document["format"] as? String == "legacy-transaction-receipt")
        #expect(document["verified"] as? Bool == false)
        let receipt = try #require(document["receipt"] as? [[String: Any]])
        #expect(receipt.contains { $0["key"] as? String == "purchase-info" && $0["offset"] is Int })
        let info = try #require(document["purchase_info"] as? [String: Any])
        let pairs = try #require(info["pairs"] as? [[String: Any]])
        #expect(pairs.contains { $0["key"] as? String == "product-id" })
        let blob = try #require(document["signature_blob"] as? [String: Any])
        #expect(blob["version"] as? Int == 1)
        #expect((blob["certificate"] as? [String: Any])?["bytes"] is Int)
    }

    @Test(
        "testDumpJSONOfMalformedInputIsAFailureDocument",
        arguments: [
            ("Vectors/legacy/malformed-trailing-bytes.b64", "legacy.trailingBytes"),
            ("Vectors/jws/trailing-dot.jws", "jws.partCount"), ("Vectors/pki/root.pem", "input.certificate"),
        ])
    func testDumpJSONOfMalformedInputIsAFailureDocument(_ path: String, _ code: String) async throws {
        let result = try await CLI.run(["dump", "--json", path])
        #expect(result.status == 2, "\(result)")
        let document = try result.jsonObject()
        #expect(document["verdict"] as? String == "malformed", "\(result)")
        #expect((document["reason"] ?? document["code"]) as? String == code, "\(result)")
        #expect(result.stderr.contains(code), "\(result)")
    }
}
