// Wycheproof ECDSA verification vectors for P-256 and P-384 with SHA-2 hashes, in DER
// (ecdsa_verify_schema_v1) and raw r ‖ s (ecdsa_p1363_verify_schema_v1) form, run against the
// checked-in expectations file Vectors/wycheproof/ecdsa-expectations.json.
// FIPS 186-5 §6.4.2, FIPS 186-5 §6.4.1 (the sha512 files on P-256 truncate the digest),
// RFC 3279 §2.2.3 (DER files), RFC 7518 §3.4 (p1363 files).

import Foundation
import PureCrypto
import PureReceiptTestSupport
import Testing

/// The parts of a Wycheproof ECDSA verify file we use.
private struct ECDSAVectorFile: Decodable {
    struct Key: Decodable {
        let curve: String
        let uncompressed: String
    }
    struct Group: Decodable {
        let publicKey: Key
        let sha: String
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

/// Vectors/wycheproof/ecdsa-expectations.json.
private struct ECDSAExpectations: Decodable {
    struct Decision: Decodable {
        let decision: String
        let reason: String
    }
    struct Counts: Decodable {
        let groups: Int
        let valid: Int
        let invalid: Int
        let acceptable: Int
    }
    let acceptable: [String: Decision]
    let flags: [String: String]
    let files: [String: Counts]

    static func load() throws -> ECDSAExpectations {
        let data = try #require(RSAVectors.data("wycheproof/ecdsa-expectations.json"))
        return try JSONDecoder().decode(ECDSAExpectations.self, from: data)
    }
}

private func ecdsaFileNames() -> [String] {
    (try? ECDSAExpectations.load().files.keys.sorted()) ?? []
}

private func hashAlgorithm(_ name: String) -> HashAlgorithm? {
    switch name {
    case "SHA-256": .sha256
    case "SHA-384": .sha384
    case "SHA-512": .sha512
    default: nil
    }
}

@Suite("Wycheproof ECDSA P-256/P-384")
struct WycheproofECDSATests {
    @Test("The expectations list exactly the ECDSA vector files present")
    func filesMatchExpectations() throws {
        let expectations = try ECDSAExpectations.load()
        let present = try FileManager.default.contentsOfDirectory(
            atPath: PackageFiles.vector("wycheproof").path
        ).filter { $0.hasPrefix("ecdsa_") && $0.hasSuffix("_test.json") }
        #expect(Set(present) == Set(expectations.files.keys))
        #expect(expectations.files.count == 9)
    }

    /// The files of the default run: P-256 with SHA-256 in both encodings and P-384 with SHA-384 (the
    /// truncated digest of P-256 with SHA-512 is also checked by ECDSAEdgeTests).
    static let sampledFiles = [
        "ecdsa_secp256r1_sha256_test.json", "ecdsa_secp256r1_sha256_p1363_test.json",
        "ecdsa_secp384r1_sha384_test.json",
    ]

    @Test(
        "FIPS 186-5 §6.4.2: every test verifies as its result says (a sample: 3 of the 9 files, every 64th test and the first of each result and flag set)",
        arguments: ecdsaFileNames().filter { sampledFiles.contains($0) })
    func vectors(file: String) throws {
        try Self.check(file: file, every: 64)
    }

    @Test(
        "every test of the file verifies as its result says (the whole file)", .fullTests, arguments: ecdsaFileNames())
    func fullVectors(file: String) throws {
        try Self.check(file: file, every: 1)
    }

    /// Reads `file`, classifies and counts every test against the expectations, and verifies every
    /// `stride`-th test plus the first test of each (result, flags) combination: every kind of case
    /// runs in the sample, and with a stride of 1 every test runs.
    static func check(file: String, every stride: Int) throws {
        let expectations = try ECDSAExpectations.load()
        let data = try #require(RSAVectors.data("wycheproof/\(file)"))
        let vectors = try JSONDecoder().decode(ECDSAVectorFile.self, from: data)
        let raw = vectors.schema == "ecdsa_p1363_verify_schema_v1.json"
        #expect(raw || vectors.schema == "ecdsa_verify_schema_v1.json")
        #expect(raw == file.contains("_p1363_"))

        var counts = (valid: 0, invalid: 0, acceptable: 0)
        var ran = 0
        var verified = 0
        var kindsVerified: Set<[String]> = []
        for group in vectors.testGroups {
            let curve: ECCurve = try #require(
                ["secp256r1": ECCurve.p256, "secp384r1": .p384][group.publicKey.curve], "curve")
            let hash = try #require(hashAlgorithm(group.sha), "hash \(group.sha)")
            let point = try #require(RSAVectors.bytes(hex: group.publicKey.uncompressed))
            let key = try ECPublicKey(curve: curve, sec1Point: point[...])
            // Every verdict twice: without and with the key's precomputed table (the other loop).
            let precomputed = key.withPrecomputedMultiples()
            #expect(!key.hasPrecomputedMultiples && precomputed.hasPrecomputedMultiples)
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
                    #expect(!decisions.isEmpty && decisions.allSatisfy { $0 != nil }, "tc \(test.tcId)")
                    shouldAccept = decisions.allSatisfy { $0 == "accept" }
                default:
                    Issue.record("tc \(test.tcId): unknown result \(test.result)")
                    continue
                }
                for flag in test.flags {
                    #expect(expectations.flags[flag] != nil, "flag \(flag) is not documented")
                }
                let kind = [test.result] + test.flags.sorted()
                defer { ran += 1 }
                guard ran % stride == 0 || !kindsVerified.contains(kind) else { continue }
                kindsVerified.insert(kind)
                let digest = hash.hash(message)
                for (key, form) in [(key, "plain"), (precomputed, "precomputed")] {
                    let accepted =
                        raw
                        ? key.isValidSignatureVarTime(raw: signature[...], digest: digest)
                        : key.isValidSignatureVarTime(der: signature[...], digest: digest)
                    #expect(
                        accepted == shouldAccept,
                        "\(file) tc \(test.tcId) (\(test.comment), \(test.flags)), \(form) key")
                }
                verified += 1
            }
        }
        let expected = try #require(expectations.files[file])
        #expect(vectors.testGroups.count == expected.groups)
        #expect(counts.valid == expected.valid)
        #expect(counts.invalid == expected.invalid)
        #expect(counts.acceptable == expected.acceptable)
        #expect(ran == vectors.numberOfTests)
        #expect(verified >= vectors.numberOfTests / stride)
        if stride == 1 { #expect(verified == vectors.numberOfTests) }
    }
}
