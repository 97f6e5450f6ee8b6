// Wycheproof RSASSA-PKCS1-v1_5 verification vectors (Vectors/wycheproof/rsa_signature_*_test.json)
// run against the checked-in expectations file Vectors/wycheproof/expectations.json.

import Foundation
import PureCrypto
import PureReceiptTestSupport
import Testing

/// The parts of a Wycheproof rsassa_pkcs1_verify_schema_v1 file we use.
private struct WycheproofFile: Decodable {
    struct Group: Decodable {
        let keySize: Int
        let sha: String
        let publicKeyDer: String
        let tests: [Case]
    }
    struct Case: Decodable {
        let tcId: Int
        let comment: String
        let msg: String
        let sig: String
        let result: String
        let flags: [String]
    }
    let algorithm: String
    let schema: String
    let numberOfTests: Int
    let testGroups: [Group]
}

/// Vectors/wycheproof/expectations.json.
private struct Expectations: Decodable {
    struct Decision: Decodable {
        let decision: String
        let reason: String
    }
    struct RejectedGroup: Decodable {
        let file: String
        let group: Int
        let reason: String
    }
    struct Counts: Decodable, Equatable {
        let groups: Int
        let valid: Int
        let invalid: Int
        let acceptable: Int
    }
    let rejectedKeyGroups: [RejectedGroup]
    let acceptable: [String: Decision]
    let flags: [String: String]
    let files: [String: Counts]

    static func load() throws -> Expectations {
        let data = try #require(RSAVectors.data("wycheproof/expectations.json"))
        return try JSONDecoder().decode(Expectations.self, from: data)
    }
}

private func hashAlgorithm(wycheproofName name: String) -> HashAlgorithm? {
    switch name {
    case "SHA-1": .sha1
    case "SHA-224": .sha224
    case "SHA-256": .sha256
    case "SHA-384": .sha384
    case "SHA-512": .sha512
    default: nil
    }
}

private func expectationFileNames() -> [String] {
    guard let data = RSAVectors.data("wycheproof/expectations.json"),
        let decoded = try? JSONDecoder().decode(Expectations.self, from: data)
    else { return [] }
    return decoded.files.keys.sorted()
}

@Suite("Wycheproof RSA PKCS#1 v1.5")
struct WycheproofRSATests {
    @Test("The expectations list exactly the vector files present")
    func filesMatchExpectations() throws {
        let expectations = try Expectations.load()
        let present = try FileManager.default.contentsOfDirectory(
            atPath: PackageFiles.vector("wycheproof").path
        ).filter { $0.hasPrefix("rsa_signature_") && $0.hasSuffix("_test.json") }
        #expect(Set(present) == Set(expectations.files.keys))
        #expect(expectations.files.count == 13)
    }

    @Test(
        "Every test verifies as its result and the expectations say (a sample: the 2048-bit keys, every 32nd test and the first of each result and flag set)",
        arguments: expectationFileNames().filter {
            $0.hasPrefix("rsa_signature_2048_")
        })
    func vectors(file: String) throws {
        try Self.check(file: file, every: 32)
    }

    @Test(
        "Every test of the file verifies as its result and the expectations say", .fullTests,
        arguments: expectationFileNames())
    func fullVectors(file: String) throws {
        try Self.check(file: file, every: 1)
    }

    /// Reads `file`, classifies and counts every test against the expectations, and verifies every
    /// `stride`-th test plus the first test of each (result, flags) combination: every kind of case
    /// runs in the sample, and with a stride of 1 every test runs.
    static func check(file: String, every stride: Int) throws {
        let expectations = try Expectations.load()
        let data = try #require(RSAVectors.data("wycheproof/\(file)"))
        let vectors = try JSONDecoder().decode(WycheproofFile.self, from: data)
        #expect(vectors.algorithm == "RSASSA-PKCS1-v1_5")
        #expect(vectors.schema == "rsassa_pkcs1_verify_schema_v1.json")

        var counts = (valid: 0, invalid: 0, acceptable: 0)
        var ran = 0
        var verified = 0
        var kindsVerified: Set<[String]> = []
        var rejectedByKeyPolicy = 0
        for (groupIndex, group) in vectors.testGroups.enumerated() {
            let algorithm = try #require(hashAlgorithm(wycheproofName: group.sha), "hash \(group.sha)")
            let keyDER = try #require(RSAVectors.bytes(hex: group.publicKeyDer))
            let listedAsRejected = expectations.rejectedKeyGroups.contains { $0.file == file && $0.group == groupIndex }
            let key: RSAPublicKey
            do {
                key = try RSAPublicKey(subjectPublicKeyInfoDER: keyDER)
            } catch {
                // A refused key is fine only when the expectations say so; its tests count as rejected.
                #expect(listedAsRejected, "group \(groupIndex): key refused (\(error)) but not listed")
                rejectedByKeyPolicy += group.tests.count
                for test in group.tests {
                    #expect(test.result != "valid", "tc \(test.tcId) is valid but its key is refused")
                }
                continue
            }
            #expect(!listedAsRejected, "group \(groupIndex) listed as rejected but its key parses")
            #expect(key.modulusBitCount == group.keySize)

            for test in group.tests {
                let message = try #require(RSAVectors.bytes(hex: test.msg))
                let signature = try #require(RSAVectors.bytes(hex: test.sig))
                let shouldAccept: Bool
                switch test.result {
                case "valid":
                    shouldAccept = true
                    counts.valid += 1
                case "invalid":
                    shouldAccept = false
                    counts.invalid += 1
                case "acceptable":
                    counts.acceptable += 1
                    let decisions = test.flags.map { expectations.acceptable[$0]?.decision }
                    #expect(
                        !decisions.isEmpty && decisions.allSatisfy { $0 != nil },
                        "tc \(test.tcId): flags \(test.flags) lack an expectation")
                    shouldAccept = decisions.allSatisfy { $0 == "accept" }
                default:
                    Issue.record("tc \(test.tcId): unknown result \(test.result)")
                    continue
                }
                for flag in test.flags {
                    #expect(expectations.flags[flag] != nil, "flag \(flag) is not documented in expectations.json")
                }
                let kind = [test.result] + test.flags.sorted()
                defer { ran += 1 }
                guard ran % stride == 0 || !kindsVerified.contains(kind) else { continue }
                kindsVerified.insert(kind)
                var accepted = true
                var thrown: RSAError?
                do {
                    try key.verifyPKCS1v15(signature: signature[...], message: message[...], algorithm: algorithm)
                } catch {
                    accepted = false
                    thrown = error
                }
                #expect(accepted == shouldAccept, "tc \(test.tcId) (\(test.comment), \(test.flags))")
                if let thrown {
                    #expect(thrown == .invalidSignature, "tc \(test.tcId): failures must be opaque")
                }
                verified += 1
            }
        }
        let expected = try #require(expectations.files[file])
        #expect(vectors.testGroups.count == expected.groups)
        #expect(counts.valid == expected.valid)
        #expect(counts.invalid == expected.invalid)
        #expect(counts.acceptable == expected.acceptable)
        #expect(ran + rejectedByKeyPolicy == vectors.numberOfTests)
        #expect(verified >= ran / stride)
        if stride == 1 { #expect(verified == ran) }
    }
}
