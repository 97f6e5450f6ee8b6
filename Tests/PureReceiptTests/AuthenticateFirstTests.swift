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

@Suite("authenticate first: checksTrustFirst")
struct TrustFirstTests {
    static func outcome(_ input: [UInt8], _ policy: ReceiptPolicy) -> String {
        do {
            _ = try ReceiptValidator.validate(input, policy: policy)
            return "valid"
        } catch {
            return "\(error.verdict.rawValue) \(error.code)"
        }
    }

    // Apple receipt rule (trust-first): with the opt-in, a signer no certificate path leads to an
    // anchor is refused before the payload is read; every other receipt gets the default's result.
    @Test(
        "Apple receipt rule (trust-first): every vector, under its own trust, gets the default's verdict and code",
        arguments: VectorSuite.cases)
    func sameAsDefault(_ testCase: VectorCase) async throws {
        let file = try #require(testCase["file"] as? String)
        let input = Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent(file)))
        let policy = try VectorSuiteTests.policy(for: testCase)
        var trustFirst = policy
        trustFirst.checksTrustFirst = true
        let expected = Self.outcome(input, policy)
        #expect(Self.outcome(input, trustFirst) == expected)
        // Through both chain caches, twice each: a miss (the path searched), then a hit (taken
        // from the cache by the trust-first check and by the chain verification).
        var local = VerifiedChainCache()
        let shared = ChainCache()
        for _ in 0..<2 {
            #expect(
                Self.describe { () throws(ReceiptValidationError) in
                    try ReceiptValidator.validate(input, policy: trustFirst, cache: &local)
                } == expected)
            let viaActor: String
            do {
                _ = try await ReceiptValidator.validate(input, policy: trustFirst, cache: shared)
                viaActor = "valid"
            } catch {
                viaActor = "\(error.verdict.rawValue) \(error.code)"
            }
            #expect(viaActor == expected)
        }
    }

    static func describe(_ run: () throws(ReceiptValidationError) -> VerifiedReceipt) -> String {
        do {
            _ = try run()
            return "valid"
        } catch {
            return "\(error.verdict.rawValue) \(error.code)"
        }
    }
}

extension TrustFirstTests {
    // Under Apple's root alone every vector's signer (the test PKI) is untrusted: trust-first refuses
    // each before its payload is read, so its result differs from the default exactly where the
    // default names a payload or signature fault first, and is then the chain's refusal.
    @Test(
        "Apple receipt rule (trust-first): an untrusted signer is refused as not authentic, even with a malformed payload"
    )
    func untrustedFirst() throws {
        var changed: [String] = []
        for testCase in VectorSuite.cases {
            let file = try #require(testCase["file"] as? String)
            let input = Array(try Data(contentsOf: VectorSuite.directory.appendingPathComponent(file)))
            var policy = ReceiptPolicy()
            let byDefault = Self.outcome(input, policy)
            policy.checksTrustFirst = true
            let trustFirst = Self.outcome(input, policy)
            #expect(trustFirst != "valid", "\(file) accepted under Apple's root")
            guard trustFirst != byDefault else { continue }
            changed.append(file)
            #expect(trustFirst.hasPrefix("not-authentic chain."), "\(file): \(byDefault) → \(trustFirst)")
        }
        // The forged receipt with a malformed record is one of them (AuthenticateFirstTests: malformed by default).
        #expect(changed.contains("malformed-date-inapp-expires-not-a-date.der"), "\(changed)")
    }

    @Test(
        "Apple receipt rule (trust-first): every corpus receipt gets the default's verdict and code",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus test skipped"))
    func corpusSameAsDefault() throws {
        let names = Corpus.receiptNames()
        #expect(names.count > 10)
        for name in names {
            let input = try Corpus.bytes(name)
            var policy = ReceiptPolicy()
            let byDefault = Self.outcome(input, policy)
            policy.checksTrustFirst = true
            #expect(Self.outcome(input, policy) == byDefault, "\(name)")
        }
    }
}
