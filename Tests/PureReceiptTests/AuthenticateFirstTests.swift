// Authenticate first (ReceiptValidator.swift, ScannedReceipt.swift, PayloadScan.swift): before the
// signature is checked only the envelope, the payload's top level and attribute 12 are read; the
// payload is decoded only once a trusted key signed it. Verdicts are those of decoding first: a
// payload no trusted key signed is checked (AppReceipt.check, keeping nothing) before it is called
// not authentic, so a malformed one is reported as malformed, with the decoder's own error.

import Foundation
import PureReceipt
import PureX509
import Testing

@Suite("authenticate first: order of checks")
struct AuthenticateFirstTests {
    static func vector(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent(name)))
    }

    static func testRootPolicy() throws -> ReceiptPolicy {
        var policy = ReceiptPolicy()
        policy.anchors = TrustAnchors(certificates: [try VectorSuite.certificate("pki/root.der")])
        return policy
    }

    static func error(_ input: [UInt8], _ policy: ReceiptPolicy) -> ReceiptValidationError? {
        do {
            _ = try ReceiptValidator.validate(input, policy: policy)
            return nil
        } catch {
            return error
        }
    }

    // Apple receipt rule (authenticate-first): no in-app record is decoded before the signature and
    // path hold; RFC 5652 §5.6: the signature is verified to determine whether the content was altered.
    @Test(
        "Apple receipt rule (authenticate-first): a forged receipt with a malformed in-app record is malformed, as decoded first"
    )
    func forgedMalformedRecord() throws {
        let input = try Self.vector("malformed-date-inapp-expires-not-a-date.der")
        // Signed by the test PKI: under the test root the payload is decoded and its record refused.
        let underTestRoot = try #require(Self.error(input, try Self.testRootPolicy()))
        #expect(underTestRoot.verdict == .malformed)
        // Under Apple's root only, the same bytes are forged; the check of the unsigned payload
        // reports the record exactly as the decoder does.
        let forged = try #require(Self.error(input, ReceiptPolicy()))
        #expect(forged.verdict == .malformed, "\(forged.code): \(forged.message)")
        #expect(forged.code == underTestRoot.code && forged.offset == underTestRoot.offset)
        // With the signature broken, under the test root too.
        var flipped = input
        flipped[flipped.count - 1] ^= 0x01
        let badSignature = try #require(Self.error(flipped, try Self.testRootPolicy()))
        #expect(badSignature.verdict == .malformed, "\(badSignature.code): \(badSignature.message)")
        #expect(badSignature.code == underTestRoot.code && badSignature.offset == underTestRoot.offset)
        // `parseUnverified` (tools) decodes everything and reports the same record.
        do {
            _ = try ReceiptValidator.parseUnverified(input)
            Issue.record("parseUnverified accepted the malformed record")
        } catch {
            #expect(error.code == forged.code && error.offset == forged.offset)
        }
    }

    @Test("Apple receipt rule (authenticate-first): a forged well-formed receipt is not authentic")
    func forgedWellFormed() throws {
        let input = try Self.vector("valid-der-sha256.der")
        let forged = try #require(Self.error(input, ReceiptPolicy()))
        #expect(forged.verdict == .notAuthentic, "\(forged.code): \(forged.message)")
    }

    @Test(
        "Apple receipt rule (authenticate-first): a malformed top level or creation date is malformed, even forged",
        arguments: ["malformed-attribute-missing-version.der", "malformed-attr-12-wrong-type.der"])
    func malformedBeforeSignature(_ name: String) throws {
        let input = try Self.vector(name)
        let forged = try #require(Self.error(input, ReceiptPolicy()))
        let genuine = try #require(Self.error(input, try Self.testRootPolicy()))
        #expect(forged.verdict == .malformed)
        // Same error whether or not a trusted key signed it, and the same the full decoder reports.
        #expect(forged.code == genuine.code)
        #expect(forged.offset == genuine.offset)
        do {
            _ = try ReceiptValidator.parseUnverified(input)
            Issue.record("parseUnverified accepted \(name)")
        } catch {
            #expect(error.code == forged.code)
            #expect(error.offset == forged.offset)
        }
    }
}
