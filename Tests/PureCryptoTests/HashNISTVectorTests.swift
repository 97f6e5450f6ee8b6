// NIST CAVP SHA vectors (Vectors/nist, see its README.md): every ShortMsg and LongMsg message and
// the Monte Carlo chains, for SHA-1, SHA-224, SHA-256, SHA-384 and SHA-512.

import Foundation
import PureCrypto
import PureReceiptTestSupport
import Testing

/// One `Len` / `Msg` / `MD` record of a CAVP .rsp file.
private struct CAVPMessage {
    let bitLength: Int
    let message: [UInt8]
    let digest: [UInt8]
}

/// The records of one .rsp file: `[L = n]` (digest bytes), then key = value lines.
private struct CAVPFile {
    var digestLength: Int?
    var messages: [CAVPMessage] = []
    var seed: [UInt8]?
    var monteDigests: [(count: Int, digest: [UInt8])] = []
    var errors: [String] = []

    init(_ text: String) {
        var len: Int?
        var msg: [UInt8]?
        var count: Int?
        // The CAVP files end lines with CR LF, which Swift reads as one Character: split on isNewline.
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[L = "), line.hasSuffix("]") {
                digestLength = Int(line.dropFirst(5).dropLast())
                continue
            }
            let parts = line.components(separatedBy: " = ")
            guard parts.count == 2 else {
                errors.append("line \(number + 1): \(line)")
                continue
            }
            let (key, value) = (parts[0], parts[1])
            switch key {
            case "Len": len = Int(value)
            case "Msg": msg = HashTestSupport.bytes(hex: value)
            case "COUNT": count = Int(value)
            case "Seed": seed = HashTestSupport.bytes(hex: value)
            case "MD":
                guard let digest = HashTestSupport.bytes(hex: value) else {
                    errors.append("line \(number + 1): bad MD")
                    continue
                }
                if let l = len, let m = msg {
                    // The file writes Msg = 00 for the empty message: Len decides.
                    guard l % 8 == 0, l / 8 <= m.count else {
                        errors.append("line \(number + 1): Len \(l) vs Msg of \(m.count) bytes")
                        continue
                    }
                    messages.append(CAVPMessage(bitLength: l, message: Array(m.prefix(l / 8)), digest: digest))
                    (len, msg) = (nil, nil)
                } else if let c = count {
                    monteDigests.append((c, digest))
                    count = nil
                } else {
                    errors.append("line \(number + 1): MD without Len/Msg or COUNT")
                }
            default:
                errors.append("line \(number + 1): unknown key \(key)")
            }
        }
    }
}

/// "SHA256", the file-name prefix CAVP uses.
private func cavpPrefix(_ algorithm: HashAlgorithm) -> String {
    algorithm.name.replacingOccurrences(of: "-", with: "")
}

@Suite("NIST CAVP SHA vectors")
struct HashNISTVectorTests {
    static let messageFiles: [(HashAlgorithm, String, Int)] = HashAlgorithm.allCases.flatMap { algorithm in
        // Record counts of the byte-oriented files: one per byte length 0 ... blockSize, then
        // blockSize multiples for the long messages.
        let short = algorithm == .sha384 || algorithm == .sha512 ? 129 : 65
        let long = algorithm == .sha384 || algorithm == .sha512 ? 128 : 64
        return [
            (algorithm, "\(cavpPrefix(algorithm))ShortMsg.rsp", short),
            (algorithm, "\(cavpPrefix(algorithm))LongMsg.rsp", long),
        ]
    }

    // FIPS 180-4 §6.1.2, FIPS 180-4 §6.2.2, FIPS 180-4 §6.3, FIPS 180-4 §6.4.2, FIPS 180-4 §6.5: every digest depends on the
    // initial values (FIPS 180-4 §5.3.1, FIPS 180-4 §5.3.2, FIPS 180-4 §5.3.3, FIPS 180-4 §5.3.4, FIPS 180-4 §5.3.5), the constants
    // (FIPS 180-4 §4.2.1, FIPS 180-4 §4.2.2, FIPS 180-4 §4.2.3), the functions (FIPS 180-4 §4.1.2, FIPS 180-4 §4.1.3) and the
    // modular additions (FIPS 180-4 §3.2) of the hash computation: one wrong constant fails these files.
    @Test("ShortMsg and LongMsg digests", arguments: messageFiles)
    func messages(algorithm: HashAlgorithm, file: String, expectedCount: Int) throws {
        let text = try #require(HashTestSupport.vectorText("nist/\(file)"), "Vectors/nist/\(file) is missing")
        let parsed = CAVPFile(text)
        #expect(parsed.errors.isEmpty, "\(parsed.errors)")
        #expect(parsed.digestLength == algorithm.digestSize)
        #expect(parsed.messages.count == expectedCount)
        for vector in parsed.messages {
            let digest = algorithm.hash(vector.message)
            #expect(
                HashTestSupport.hex(digest) == HashTestSupport.hex(vector.digest), "\(file) Len = \(vector.bitLength)")
        }
    }

    /// SHAVS Figure 1 (the SHA Validation System's pseudorandom test): from a seed, 100 checkpoints, each
    /// the end of a 1000-step chain where every message is the concatenation of the previous three
    /// digests: MD_0 = MD_1 = MD_2 = Seed; for i in 3...1002 { M_i = MD_(i−3) ‖ MD_(i−2) ‖ MD_(i−1);
    /// MD_i = SHA(M_i) }; checkpoint j = MD_1002, which seeds checkpoint j + 1.
    @Test("Monte Carlo chains (the first 10 of 100 checkpoints)", arguments: HashAlgorithm.allCases)
    func monteCarlo(algorithm: HashAlgorithm) throws {
        try Self.monteCarlo(algorithm: algorithm, checkpoints: 10)
    }

    @Test("Monte Carlo chains, all 100 checkpoints", .fullTests, arguments: HashAlgorithm.allCases)
    func fullMonteCarlo(algorithm: HashAlgorithm) throws {
        try Self.monteCarlo(algorithm: algorithm, checkpoints: 100)
    }

    /// Checks the first `checkpoints` checkpoints of the file's chain (each chains from the one before).
    static func monteCarlo(algorithm: HashAlgorithm, checkpoints: Int) throws {
        let file = "\(cavpPrefix(algorithm))Monte.rsp"
        let text = try #require(HashTestSupport.vectorText("nist/\(file)"), "Vectors/nist/\(file) is missing")
        let parsed = CAVPFile(text)
        #expect(parsed.errors.isEmpty, "\(parsed.errors)")
        var seed = try #require(parsed.seed)
        #expect(seed.count == algorithm.digestSize)
        #expect(parsed.monteDigests.map(\.count) == Array(0..<100))
        for (count, expected) in parsed.monteDigests.prefix(checkpoints) {
            var (md0, md1, md2) = (seed, seed, seed)
            for _ in 3...1002 {
                // hash(segments:) hashes the concatenation without building it.
                let next = algorithm.hash(segments: [md0[...], md1[...], md2[...]])
                (md0, md1, md2) = (md1, md2, next)
            }
            seed = md2
            #expect(HashTestSupport.hex(seed) == HashTestSupport.hex(expected), "\(file) COUNT = \(count)")
            if seed != expected { break }  // later checkpoints chain from this one
        }
    }
}
