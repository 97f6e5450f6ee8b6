// NIST CAVP FIPS 186-3 ECDSA SigVer, the P-256 and P-384 sections with SHA-224/256/384/512
// (Vectors/ecdsa/SigVer-P256-P384-SHA2.rsp, extracted by Vectors/ecdsa/extract-sigver.py).
// FIPS 186-5 §6.4.2: every "P" verifies, every "F" (message, R, S or Q changed) does not; a
// changed Q may be refused already as a key (SEC 1 §3.2.2.1), which counts as not verifying.

import PureCrypto
import PureReceiptTestSupport
import Testing

@Suite("NIST CAVP ECDSA SigVer P-256/P-384")
struct ECDSACAVPTests {
    @Test(
        "FIPS 186-5 §6.4.2: CAVP SigVer P-256/P-384 with SHA-2, 120 cases (a sample: every 8th and the first of each kind)"
    )
    func sigVer() throws {
        try Self.sigVer(every: 8)
    }

    @Test("CAVP SigVer P-256/P-384 with SHA-2, every one of the 120 cases", .fullTests)
    func fullSigVer() throws {
        try Self.sigVer(every: 1)
    }

    /// Reads every case and verifies every `stride`-th one plus the first of each (curve, result)
    /// combination (the result names what an F case changed); with a stride of 1, every case.
    static func sigVer(every stride: Int) throws {
        let text = try #require(RSAVectors.text("ecdsa/SigVer-P256-P384-SHA2.rsp"))
        var curve = ECCurve.p256
        var hash = HashAlgorithm.sha256
        var fields: [String: String] = [:]
        var counts = (pass: 0, fail: 0, keyRefused: 0)
        var verifiedCases = 0
        var kindsVerified: Set<String> = []
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("[") {
                curve = line.hasPrefix("[P-256") ? .p256 : .p384
                hash = try #require(
                    ["SHA-224]": HashAlgorithm.sha224, "SHA-256]": .sha256, "SHA-384]": .sha384, "SHA-512]": .sha512][
                        String(line.split(separator: ",").last ?? "")])
                continue
            }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            fields[parts[0]] = parts[1]
            guard parts[0] == "Result" else { continue }
            let expected = parts[1].hasPrefix("P")
            if expected { counts.pass += 1 } else { counts.fail += 1 }
            let kind = "\(curve) \(parts[1])"  // P, or F with what was changed
            defer { fields = [:] }
            guard (counts.pass + counts.fail - 1) % stride == 0 || !kindsVerified.contains(kind) else { continue }
            kindsVerified.insert(kind)
            verifiedCases += 1
            let message = try #require(RSAVectors.bytes(hex: fields["Msg"] ?? ""))
            let size = curve.coordinateByteCount
            func padded(_ name: String) throws -> [UInt8] {
                let bytes = try #require(RSAVectors.bytes(hex: fields[name] ?? ""))
                try #require(bytes.count <= size)
                return [UInt8](repeating: 0, count: size - bytes.count) + bytes
            }
            let point = [0x04] + (try padded("Qx")) + (try padded("Qy"))
            let signature = (try padded("R")) + (try padded("S"))
            let verified: Bool
            do {
                let key = try ECPublicKey(curve: curve, sec1Point: point[...])
                verified = key.isValidSignatureVarTime(raw: signature[...], digest: hash.hash(message))
            } catch {
                counts.keyRefused += 1
                verified = false
            }
            #expect(verified == expected, "\(curve) \(hash) Msg \(fields["Msg"]?.prefix(16) ?? "")")
        }
        #expect(counts.pass == 24)
        #expect(counts.fail == 96)
        #expect(verifiedCases >= 120 / stride)
        print(
            "CAVP SigVer: \(counts.pass) P, \(counts.fail) F, \(verifiedCases) verified (\(counts.keyRefused) refused as keys)"
        )
    }
}
