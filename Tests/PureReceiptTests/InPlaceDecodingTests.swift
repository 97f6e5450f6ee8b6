// Decoding without second copies: base64 decoded into its own buffer (`Base64.decode(inPlace:)`,
// `ReceiptValidator.receiptBytes(inPlace:)`), and a validated receipt's payload decoded where it
// lies in the input. Each must give exactly what the copying form gives: bytes, errors, offsets.

import Foundation
import PureReceipt
import PureX509
import Testing

@Suite("in-place decoding")
struct InPlaceDecodingTests {
    @Test(
        "RFC 4648 §4: base64 decoded in place equals the copying decoder",
        arguments: ["", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy", " Zm9v\r\nYmFy\n", "Zm9 vY g==\t"])
    func base64InPlace(_ text: String) throws {
        var bytes = Array(text.utf8)
        try Base64.decode(inPlace: &bytes)
        #expect(bytes == (try Base64.decode(text)))
    }

    @Test(
        "RFC 4648 §3.3: base64 refused in place gives the copying decoder's error and leaves the text unchanged",
        arguments: [
            "Zm9vYmFy!", "Zm9vYmFyZ", "Zm9vYm=y", "Zm9vYmFy====", "Zm9vYh==", "Zm9vYmFyZm9vYmFy-", "Zm9v\u{e9}",
        ])
    func base64InPlaceRefused(_ text: String) throws {
        var bytes = Array(text.utf8)
        var expected: Base64Error?
        do { _ = try Base64.decode(text) } catch { expected = error }
        #expect(expected != nil)
        do {
            try Base64.decode(inPlace: &bytes)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error == expected)
        }
        #expect(bytes == Array(text.utf8))
    }

    @Test("receiptBytes(inPlace:) gives receiptBytes(from:)'s bytes and errors")
    func receiptBytesInPlace() throws {
        let der = try AuthenticateFirstTests.vector("valid-der-sha256.der")
        let text = try AuthenticateFirstTests.vector("valid-der-sha256.b64")
        for input in [der, text, Array(Base64.encode(der).utf8)] {
            var bytes = input
            try ReceiptValidator.receiptBytes(inPlace: &bytes)
            #expect(bytes == der)
            #expect(bytes == (try ReceiptValidator.receiptBytes(from: input)))
        }
        let refused: [[UInt8]] = [[], Array("Zm9v!".utf8), Array("Zm9v".utf8), [UInt8](repeating: 0x41, count: 8)]
        for input in refused {
            var bytes = input
            let inPlace = Result { () throws(VerificationError) in
                try ReceiptValidator.receiptBytes(inPlace: &bytes)
            }
            let copying = Result { () throws(VerificationError) in try ReceiptValidator.receiptBytes(from: input) }
            guard case .failure(let error) = inPlace, case .failure(let expected) = copying else {
                Issue.record("accepted \(input.prefix(8))")
                continue
            }
            #expect(error.code == expected.code && error.message == expected.message && error.offset == expected.offset)
        }
    }

    /// The payload of `input` (one segment or several) as one array.
    static func payload(_ input: [UInt8]) throws -> [UInt8] {
        try SignedData.parse(try ReceiptValidator.receiptBytes(from: input)).contentBytes
    }

    @Test(
        "a receipt validated in place reports the offsets, values and records of its payload decoded alone",
        arguments: [
            "valid-inapp-10.der", "valid-der-sha256.der", "valid-der-sha256.b64", "valid-openssl-ber-noattr.der",
            "valid-sandbox.der", "valid-vpp.der",
        ])
    func validatedInPlace(_ name: String) throws {
        let input = try AuthenticateFirstTests.vector(name)
        var policy = try AuthenticateFirstTests.testRootPolicy()
        policy.currentTime = Instant(millisecondsSince1970: 0)
        let receipt = try ReceiptValidator.validate(input, policy: policy).receipt
        let alone = try AppReceipt.parse(payload: try Self.payload(input))
        func same(_ a: [ReceiptAttribute], _ b: [ReceiptAttribute]) -> Bool {
            a.map { [$0.type, $0.version, Int64($0.offset), Int64($0.valueOffset)] }
                == b.map { [$0.type, $0.version, Int64($0.offset), Int64($0.valueOffset)] }
                && a.map { Array($0.value) } == b.map { Array($0.value) }
        }
        #expect(same(receipt.rawAttributes, alone.rawAttributes))
        var streamed: [ReceiptAttribute] = []
        receipt.forEachRawAttribute { streamed.append($0) }  // the same attributes, one at a time
        #expect(same(streamed, alone.rawAttributes))
        #expect(receipt.rawAttributes == alone.rawAttributes)  // Equatable ignores where the bytes lie
        #expect(receipt.inAppPurchases.count == alone.inAppPurchases.count)
        for (purchase, expected) in zip(receipt.inAppPurchases, alone.inAppPurchases) {
            #expect(purchase.offset == expected.offset)
            #expect(same(purchase.rawAttributes, expected.rawAttributes))
            #expect(purchase.rawAttributes == expected.rawAttributes)
            #expect(purchase.productId == expected.productId)
            #expect(purchase.transactionId == expected.transactionId)
            #expect(purchase.attribute1709 == expected.attribute1709)
        }
        #expect(Array(receipt.bundleIdentifierData) == Array(alone.bundleIdentifierData))
        #expect(Array(receipt.opaqueValue) == Array(alone.opaqueValue))
        #expect(Array(receipt.sha1Hash) == Array(alone.sha1Hash))
        #expect(receipt.bundleId == alone.bundleId && receipt.receiptCreationDate == alone.receiptCreationDate)
    }

    @Test(
        "an in-app record keeps only its place in the payload (24 bytes, whatever it holds) and reads its fields there")
    func compactRecords() throws {
        // The memory bound of Docs/SECURITY.md rests on this size: 470 000 minimal records of 71 bytes
        // cost 11 MB, a third of their input, instead of 200 bytes each.
        #expect(MemoryLayout<InAppPurchase>.stride == 24)
        let input = try AuthenticateFirstTests.vector("valid-inapp-10.der")
        var policy = try AuthenticateFirstTests.testRootPolicy()
        policy.currentTime = Instant(millisecondsSince1970: 0)
        let purchases = try ReceiptValidator.validate(input, policy: policy).receipt.inAppPurchases
        #expect(purchases.count == 10)
        for purchase in purchases {
            // Every field is decoded from the record's own attributes, found again on each read.
            let raw = Dictionary(purchase.rawAttributes.map { ($0.type, $0) }, uniquingKeysWith: { a, _ in a })
            #expect(
                raw[1702].map { String(decoding: $0.value.dropFirst(2), as: UTF8.self) } == purchase.productId)
            #expect(
                raw[1703].map { String(decoding: $0.value.dropFirst(2), as: UTF8.self) }
                    == purchase.transactionId)
            #expect(purchase.quantity == raw[1701].flatMap { $0.value.last.map(Int64.init) })  // 02 01 nn
            #expect(purchase.purchaseDate.millisecondsSince1970 > 0)
        }
    }
}
