// Foundation types at the edge (Docs/INTEGRATION.md, "Foundation types at the edge"): the library
// takes [UInt8] and Instant; an app converts Data, Date and UUID itself. These are the snippets of
// that section, compiled and checked here (test targets may import Foundation; the library may not).

import Foundation
import PureReceipt
import PureX509
import Testing

// The conversions exactly as the documentation shows them.
extension Instant {
    /// A Foundation date, to the nearest millisecond.
    init(_ date: Date) {
        self.init(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
}

extension Date {
    /// An instant as a Foundation date.
    init(_ instant: Instant) {
        self.init(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1000)
    }
}

extension UUID {
    /// The 16 bytes of the UUID in order (`identifierForVendor` as the receipt hash uses it).
    var bytes: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }
}

@Suite("Foundation interop: Date, Data and UUID at the edge")
struct FoundationInteropTests {
    static let receiptURL = VectorSuite.directory.appendingPathComponent("valid-der-sha256.der")

    static func policy() throws -> ReceiptPolicy {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.anchors = TrustAnchors(certificates: [try VectorSuite.certificate("pki/root.der")])
        return policy
    }

    @Test(
        "Instant ↔ Date round-trips every millisecond instant",
        arguments: [Int64(0), 1_741_944_413_000, 1_741_944_413_123, -1, -86_400_001, 4_102_444_799_999])
    func instantDate(milliseconds: Int64) {
        let instant = Instant(millisecondsSince1970: milliseconds)
        let date = Date(instant)
        // Date counts from 2001 internally: equal to well under a millisecond, not bit for bit.
        #expect(abs(date.timeIntervalSince1970 - Double(milliseconds) / 1000) < 0.000_001)
        #expect(Instant(date) == instant)
    }

    @Test("Date → Instant rounds to the nearest millisecond")
    func dateRounding() {
        #expect(Instant(Date(timeIntervalSince1970: 1.0004)) == Instant(millisecondsSince1970: 1000))
        #expect(Instant(Date(timeIntervalSince1970: 1.0006)) == Instant(millisecondsSince1970: 1001))
    }

    @Test("Data → [UInt8] validates; receipt bytes → Data round-trip")
    func dataBytes() throws {
        let data = try Data(contentsOf: Self.receiptURL)
        let verified = try ReceiptValidator.validate(Array(data), policy: try Self.policy())
        #expect(Date(verified.receipt.creationDate) == Date(timeIntervalSince1970: 1_741_944_413))
        #expect(
            Data(verified.receipt.opaqueValue)
                == Data([
                    0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6, 0x07, 0x18,
                    0x29, 0x3a, 0x4b, 0x5c, 0x6d, 0x7e, 0x8f, 0x90,
                ]))
    }

    @Test("UUID → 16 bytes in order, as identifierForVendor is hashed")
    func uuidBytes() throws {
        let uuid = try #require(UUID(uuidString: "01234567-89AB-CDEF-FEDC-BA9876543210"))
        #expect(
            uuid.bytes == [
                0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10,
            ])
    }

    @Test("a UUID's bytes pass the device check of the receipt made for that device, another UUID's fail")
    func uuidDeviceHash() throws {
        let bytes = Array(try Data(contentsOf: Self.receiptURL))
        var policy = try Self.policy()
        policy.deviceIdentifier = try #require(UUID(uuidString: "01234567-89ab-cdef-fedc-ba9876543210")).bytes
        #expect(throws: Never.self) { try ReceiptValidator.validate(bytes, policy: policy) }
        policy.deviceIdentifier = try #require(UUID(uuidString: "01234567-89AB-CDEF-FEDC-BA9876543211")).bytes
        let error = #expect(throws: VerificationError.self) {
            try ReceiptValidator.validate(bytes, policy: policy)
        }
        #expect(error?.verdict == .policyFailed)
    }
}
