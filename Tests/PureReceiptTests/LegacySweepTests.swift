// Sweeps over a synthetic legacy receipt (Vectors/legacy/valid-v3.b64): every prefix of its plist
// text is refused as malformed with a typed error, and every single-bit change of its signed
// purchase-info or of its signature blob is refused (never accepted, never a trap).

import Foundation
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

@Suite("Sweeps over a legacy receipt")
struct LegacySweepTests {
    static func fixture() throws -> (text: [UInt8], policy: LegacyReceiptPolicy) {
        let vectors = LegacyVectors.directory
        let text = try Base64.decode(Array(try Data(contentsOf: vectors.appendingPathComponent("valid-v3.b64"))))
        let root = try VectorSuite.certificate("pki/root.der")
        let intermediate = try VectorSuite.certificate("pki/intermediate.der")
        return (
            text,
            LegacyReceiptPolicy(
                bundleIdentifier: .anyApp, anchors: TrustAnchors(certificates: [root]), intermediates: [intermediate])
        )
    }

    @Test("every proper prefix of the plist text is malformed")
    func prefixes() throws {
        let (text, policy) = try Self.fixture()
        _ = try LegacyReceiptValidator.validate(text, policy: policy)
        for length in 0..<text.count {
            let error = #expect(throws: LegacyReceiptError.self, "prefix \(length)") {
                try LegacyTransactionReceipt(Array(text[..<length]))
            }
            #expect(error.map { $0.offset <= length } == true, "prefix \(length): \(String(describing: error))")
        }
    }

    @Test(
        "Apple legacy rule (signed-bytes): one bit changed in purchase-info or the signature blob (its first and last 16 octets and every 32nd)"
    )
    func bitFlips() throws {
        for key in ["purchase-info", "signature"] { try Self.bitFlips(key, every: 32) }
    }

    @Test(
        "one bit changed anywhere in purchase-info or the signature blob", .fullTests,
        arguments: ["purchase-info", "signature"])
    func fullBitFlips(key: String) throws {
        try Self.bitFlips(key, every: 1)
    }

    /// Flips a bit in the first and last 16 octets of the blob under `key` and in every `stride`-th
    /// octet (every octet with a stride of 1).
    static func bitFlips(_ key: String, every stride: Int) throws {
        let (text, policy) = try Self.fixture()
        let receipt = try LegacyTransactionReceipt(text)
        let string = String(decoding: text, as: UTF8.self)
        let value = try #require(receipt.value(key))
        let decoded = try Base64.decode(value)
        for index in decoded.indices where index % stride == 0 || index < 16 || index >= decoded.count - 16 {
            var changed = decoded
            changed[index] ^= 0x10
            let input = Array(string.replacingOccurrences(of: value, with: Base64.encode(changed)).utf8)
            #expect(throws: VerificationError.self, "\(key)[\(index)]") {
                try LegacyReceiptValidator.validate(input, policy: policy)
            }
        }
    }
}
