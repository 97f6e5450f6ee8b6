// Authenticate first, in one order (ReceiptValidator.swift, AuthenticatedReceipt.swift,
// PayloadScan.swift): the envelope, then the signer's path of certificate signatures to an anchor,
// then the signature over the payload; only then is anything of the payload read (attribute 12,
// the instant the path is checked at), and only then decoded. A receipt that is both forged and
// malformed is not authentic: nothing is decoded from content whose signature has not verified.

import Foundation
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

@Suite("authenticate first: order of checks")
struct AuthenticateFirstTests {
    static func vector(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent(name)))
    }

    static func testRootPolicy() throws -> ReceiptPolicy {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.anchors = TrustAnchors(certificates: [try VectorSuite.certificate("pki/root.der")])
        return policy
    }

    static func error(_ input: [UInt8], _ policy: ReceiptPolicy) -> VerificationError? {
        do {
            _ = try ReceiptValidator.validate(input, policy: policy)
            return nil
        } catch {
            return error
        }
    }

    // Apple receipt rule (authenticate-first): no in-app record is decoded before the signature and
    // path hold; RFC 5652 §5.6: the signature is verified to determine whether the content was altered.
    @Test("Apple receipt rule (authenticate-first): a forged receipt with a malformed in-app record is not authentic")
    func forgedMalformedRecord() throws {
        let input = try Self.vector("malformed-date-inapp-expires-not-a-date.der")
        // Signed by the test PKI: under the test root the payload is decoded and its record refused.
        let underTestRoot = try #require(Self.error(input, try Self.testRootPolicy()))
        #expect(underTestRoot.verdict == .malformed)
        #expect(underTestRoot.code.hasPrefix("payload."), "\(underTestRoot.code)")
        // Under Apple's root only, the same bytes are forged: refused at the signer's path, unread.
        let forged = try #require(Self.error(input, ReceiptPolicy(bundleIdentifier: .anyApp)))
        #expect(forged.verdict == .notAuthentic, "\(forged.code): \(forged.message)")
        #expect(forged.code.hasPrefix("chain."), "\(forged.code)")
        // With the signature broken, under the test root: the signature's refusal, unread.
        var flipped = input
        flipped[flipped.count - 1] ^= 0x01
        let badSignature = try #require(Self.error(flipped, try Self.testRootPolicy()))
        #expect(badSignature.verdict == .notAuthentic, "\(badSignature.code): \(badSignature.message)")
        #expect(badSignature.code == "signature.invalid")
        // `parseUnverified` (tools, never a verdict) decodes everything and reports the record.
        do {
            _ = try ReceiptValidator.parseUnverified(input)
            Issue.record("parseUnverified accepted the malformed record")
        } catch {
            #expect(error.code == underTestRoot.code && error.offset == underTestRoot.offset)
        }
    }

    @Test("Apple receipt rule (authenticate-first): a forged well-formed receipt is not authentic")
    func forgedWellFormed() throws {
        let input = try Self.vector("valid-der-sha256.der")
        let forged = try #require(Self.error(input, ReceiptPolicy(bundleIdentifier: .anyApp)))
        #expect(forged.verdict == .notAuthentic, "\(forged.code): \(forged.message)")
    }

    @Test(
        "Apple receipt rule (authenticate-first): a malformed top level or creation date is malformed when signed by a trusted key, not authentic when forged",
        arguments: ["malformed-attribute-missing-version.der", "malformed-attr-12-wrong-type.der"])
    func malformedPayloadByTrust(_ name: String) throws {
        let input = try Self.vector(name)
        let forged = try #require(Self.error(input, ReceiptPolicy(bundleIdentifier: .anyApp)))
        let genuine = try #require(Self.error(input, try Self.testRootPolicy()))
        #expect(forged.verdict == .notAuthentic)
        #expect(forged.code.hasPrefix("chain."), "\(forged.code)")
        #expect(genuine.verdict == .malformed)
        // Signed by a trusted key, the error is the one the full decoder reports.
        do {
            _ = try ReceiptValidator.parseUnverified(input)
            Issue.record("parseUnverified accepted \(name)")
        } catch {
            #expect(error.code == genuine.code)
            #expect(error.offset == genuine.offset)
        }
    }
}

@Suite("authenticate first: one order, with and without a chain cache")
struct OneOrderTests {
    static func outcome(_ input: [UInt8], _ policy: ReceiptPolicy) -> String {
        describe { () throws(VerificationError) in try ReceiptValidator.validate(input, policy: policy) }
    }

    static func describe(_ run: () throws(VerificationError) -> VerifiedReceipt) -> String {
        do {
            _ = try run()
            return "valid"
        } catch {
            return "\(error.verdict.rawValue) \(error.code)"
        }
    }

    // Apple receipt rule (authenticate-first): the order is the same through both chain caches: a
    // miss (the path searched) and a hit (the path remembered) give the uncached result.
    @Test(
        "Apple receipt rule (authenticate-first): every 16th vector, under its own trust, gets the same result through both caches",
        arguments: FullTests.sample(VectorSuite.cases, every: 16))
    func cachesAgree(_ testCase: VectorCase) async throws {
        try await Self.compareCaches(testCase)
    }

    @Test(
        "every vector, under its own trust, gets the same result through both caches", .fullTests,
        arguments: VectorSuite.cases)
    func fullCachesAgree(_ testCase: VectorCase) async throws {
        try await Self.compareCaches(testCase)
    }

    static func compareCaches(_ testCase: VectorCase) async throws {
        let file = try #require(testCase["file"] as? String)
        let input = Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent(file)))
        let policy = try VectorSuiteTests.policy(for: testCase)
        let expected = Self.outcome(input, policy)
        var local = VerifiedChainCache()
        let shared = ChainCache()
        for _ in 0..<2 {
            #expect(
                Self.describe { () throws(VerificationError) in
                    try ReceiptValidator.validate(input, policy: policy, cache: &local)
                } == expected)
            let viaActor: String
            do {
                _ = try await shared.withCache { (cache) throws(VerificationError) in
                    try ReceiptValidator.validate(input, policy: policy, cache: &cache)
                }
                viaActor = "valid"
            } catch {
                viaActor = "\(error.verdict.rawValue) \(error.code)"
            }
            #expect(viaActor == expected)
        }
    }

    // Under Apple's root alone every vector's signer (the test PKI) is untrusted: each is refused at
    // the envelope (malformed) or at the signer (not authentic, a chain, certificate-signature or
    // signer-field code), and never with a payload code: nothing of an untrusted payload is read.
    @Test("Apple receipt rule (authenticate-first): under Apple's root no payload of every 8th vector is read")
    func untrustedPayloadUnread() throws {
        try Self.untrustedPayloadUnread(every: 8)
    }

    @Test("under Apple's root no vector's payload is read (every vector)", .fullTests)
    func fullUntrustedPayloadUnread() throws {
        try Self.untrustedPayloadUnread(every: 1)
    }

    static func untrustedPayloadUnread(every stride: Int) throws {
        for testCase in FullTests.sample(VectorSuite.cases, every: stride) {
            let file = try #require(testCase["file"] as? String)
            let input = Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent(file)))
            let outcome = Self.outcome(input, ReceiptPolicy(bundleIdentifier: .anyApp))
            #expect(outcome != "valid", "\(file) accepted under Apple's root")
            #expect(!outcome.contains(" payload.") && !outcome.contains("policy"), "\(file): \(outcome)")
            if outcome.hasPrefix("not-authentic") {
                // The signer's path (chain., or signature. for a certificate signature on it) or
                // the envelope's signer fields (cms.): never anything read from the payload.
                let signerCodes = ["not-authentic chain.", "not-authentic signature.", "not-authentic cms."]
                #expect(signerCodes.contains { outcome.hasPrefix($0) }, "\(file): \(outcome)")
            }
        }
    }
}
