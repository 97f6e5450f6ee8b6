// The project's synthetic receipts (Vectors/receipts, expectations.json) at the CMS level only:
// payload and policy checks belong to the receipt layer, so a case whose expected error is
// `payload.*` or `policy.*` must pass CMS verification, a `cms.*`/`signature.*`/`chain.*` case must
// fail with that code (or a listed alternative), and a `der.*`/`limit.*`/`input.*` case must either
// fail here with its code (envelope, certificates, signer infos) or pass (the fault is in the
// payload, which this layer does not read).

import Foundation
import PureDER
import PureReceipt
import Testing

@testable import PureX509

/// One entry of expectations.json, reduced to what the CMS layer needs.
struct CMSVectorCase: CustomTestStringConvertible, Sendable {
    let id: String
    let file: String
    let trust: [String]
    let allowXcode: Bool
    let policyAt: String?
    let expectedCreation: String?
    let error: String?
    let alternatives: [String]
    var testDescription: String { id }

    /// What the CMS layer must do with this case.
    enum Outcome: Equatable {
        case verifies
        case failsWith([String])
        case failsHereOrPasses([String])
    }
    var outcome: Outcome {
        guard let error else { return .verifies }
        let codes = [error] + alternatives
        switch error.prefix(while: { $0 != "." }) {
        case "payload", "policy": return .verifies
        case "cms", "signature", "chain": return .failsWith(codes)
        default: return .failsHereOrPasses(codes)
        }
    }
}

func loadVectorCases() -> [CMSVectorCase] {
    let url = CMSFixtures.vectorReceipts.appendingPathComponent("expectations.json")
    guard let data = try? Data(contentsOf: url),
        let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let cases = root["cases"] as? [[String: Any]]
    else { return [] }
    return cases.compactMap { entry in
        guard let file = entry["file"] as? String else { return nil }
        let trust: [String]
        if let one = entry["trust"] as? String { trust = [one] } else { trust = entry["trust"] as? [String] ?? [] }
        let policy = entry["policy"] as? [String: Any] ?? [:]
        let expect = entry["expect"] as? [String: Any] ?? [:]
        return CMSVectorCase(
            id: entry["id"] as? String ?? file, file: file, trust: trust,
            allowXcode: policy["allowXcode"] as? Bool ?? false, policyAt: policy["at"] as? String,
            expectedCreation: expect["creationDate"] as? String, error: entry["error"] as? String,
            alternatives: entry["errorAlternatives"] as? [String] ?? [])
    }
}

/// The receipt bytes of a vector file (`.b64` files are decoded like a server would).
func vectorBytes(_ file: String) throws -> [UInt8] {
    let raw = try CMSFixtures.vector(file)
    guard file.hasSuffix(".b64") else { return raw }
    let text = String(decoding: raw, as: UTF8.self)
    return [UInt8](try #require(Data(base64Encoded: text, options: .ignoreUnknownCharacters)))
}

/// Parses and verifies a vector the way the receipt layer will: anchors from `trust`, the Apple
/// rules first, then — only when the case opts in and supplies the xcode anchor — `.xcode` with the
/// Xcode certificate as the anchor.
func verifyVector(_ vector: CMSVectorCase) throws -> CMSError? {
    let bytes = try vectorBytes(vector.file)
    let signedData: SignedData
    do {
        signedData = try SignedData.parse(bytes)
    } catch {
        return error
    }
    let created = receiptCreationDate(payload: signedData.contentBytes).flatMap(CMSFixtures.time)
    let time = try #require(created ?? vector.policyAt.flatMap(CMSFixtures.time), "no time for \(vector.id)")
    if let expected = vector.expectedCreation, let created {
        #expect(CMSFixtures.time(expected) == created, "creation date read from the payload of \(vector.id)")
    }
    var certificates: [Certificate] = []
    for name in vector.trust where name != "apple" {
        certificates.append(
            try Certificate(
                derEncoded: CMSFixtures.read(
                    CMSFixtures.vectorPKI.appendingPathComponent("\(name == "test-root" ? "root" : name).der"))))
    }
    let anchors = vector.trust == ["apple"] ? TrustAnchors.appleIncRoot : TrustAnchors(certificates: certificates)
    let appleError = cmsError { () throws(CMSError) in try signedData.verify(anchors: anchors, rules: .apple, at: time)
    }
    guard appleError != nil, vector.allowXcode, vector.trust.contains("xcode") else { return appleError }
    let xcode = try Certificate(derEncoded: CMSFixtures.read(CMSFixtures.vectorPKI.appendingPathComponent("xcode.der")))
    return cmsError { () throws(CMSError) in
        try signedData.verify(anchors: TrustAnchors(certificates: [xcode]), rules: .xcode, at: time)
    }
}

// Skipped, visibly, until Vectors/receipts/expectations.json exists.
@Suite("CMS synthetic receipt vectors", .enabled(if: CMSFixtures.vectorsAvailable, "needs Vectors/receipts"))
struct CMSVectorTests {
    static let cases = loadVectorCases()

    @Test("the suite holds the expected kinds of cases")
    func coverage() {
        let cases = Self.cases
        #expect(cases.count >= 100)
        #expect(cases.filter { $0.outcome == .verifies }.count >= 30)
        #expect(cases.filter { if case .failsWith = $0.outcome { true } else { false } }.count >= 30)
    }

    @Test("CMS outcome matches expectations.json", arguments: cases)
    func outcome(vector: CMSVectorCase) throws {
        let error = try verifyVector(vector)
        switch vector.outcome {
        case .verifies:
            #expect(error == nil, "\(vector.id): \(String(describing: error))")
        case .failsWith(let codes):
            let code = try #require(error, "\(vector.id) verified but must fail with \(codes)").code
            #expect(codes.contains(code), "\(vector.id): got \(code), expected \(codes)")
        case .failsHereOrPasses(let codes):
            guard let error else { return }  // payload-level fault: the receipt layer reports it
            #expect(error.isMalformed, "\(vector.id): \(error)")
            // input.* codes are the receipt layer's names for empty / non-ASN.1 input.
            if !codes.allSatisfy({ $0.hasPrefix("input.") }) {
                #expect(codes.contains(error.code), "\(vector.id): got \(error.code), expected \(codes)")
            }
        }
    }
}
