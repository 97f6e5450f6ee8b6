// RSASSA-PKCS1-v1_5 with SHA-1 and SHA-2 from the NIST CAVP files (SigVer15_186-3.rsp:
// expected P/F; SigGen15_186-2.txt: every signature verifies) and the RSA Laboratories file
// pkcs1v15sign-vectors.txt (SHA-1, every signature verifies). Provenance: Vectors/rsa/README.md.
//
// Keys our policy refuses (modulus < 1024 bits) are counted and asserted, never skipped
// silently; none of these three files has one, and the counts below say so.

import PureCrypto
import PureReceiptTestSupport
import Testing

/// One key/message/signature entry of a vector file.
private struct Entry {
    let line: Int
    let modulus: [UInt8]
    let exponent: [UInt8]
    let algorithm: HashAlgorithm
    let message: [UInt8]
    let signature: [UInt8]
    let expectValid: Bool
}

/// A vector file line that could not be parsed.
private struct VectorParseError: Error, CustomStringConvertible {
    let line: Int
    var description: String { "unparsable vector at line \(line)" }
}

private func need<T>(_ value: T?, _ line: Int) throws -> T {
    guard let value else { throw VectorParseError(line: line) }
    return value
}

private func nistHash(_ name: String) -> HashAlgorithm? {
    switch name {
    case "SHA1": .sha1
    case "SHA224": .sha224
    case "SHA256": .sha256
    case "SHA384": .sha384
    case "SHA512": .sha512
    default: nil
    }
}

/// Hex of a NIST integer field; an odd digit count is a dropped leading zero nibble.
private func nistBytes(_ text: Substring) -> [UInt8]? {
    RSAVectors.bytes(hex: text.count % 2 == 1 ? "0" + text : text)
}

/// Parses CAVP "SigVer15"/"SigGen15" files: `[mod = N]`, `n = …`, optional per-test `e = …`,
/// then `SHAAlg`, `Msg`, `S`, and (SigVer only) `Result = P|F`.
private func parseCAVP(_ text: String, hasResult: Bool) throws -> [Entry] {
    var entries: [Entry] = []
    var n: [UInt8] = []
    var e: [UInt8] = []
    var algorithm: HashAlgorithm?
    var message: [UInt8]?
    var signature: [UInt8]?
    // "\r\n" is one Character in Swift, so split on any newline Character.
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
        guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#"), !line.hasPrefix("[") else { continue }
        let name = line[..<equals].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        switch name {
        case "n": n = try need(nistBytes(value[...]), index + 1)
        case "e": e = try need(nistBytes(value[...]), index + 1)
        case "SHAAlg": algorithm = try need(nistHash(value), index + 1)
        case "Msg": message = try need(nistBytes(value[...]), index + 1)
        case "S":
            signature = try need(nistBytes(value[...]), index + 1)
            if !hasResult {
                entries.append(
                    Entry(
                        line: index + 1, modulus: n, exponent: e, algorithm: try need(algorithm, index + 1),
                        message: try need(message, index + 1), signature: try need(signature, index + 1),
                        expectValid: true))
            }
        case "Result":
            entries.append(
                Entry(
                    line: index + 1, modulus: n, exponent: e, algorithm: try need(algorithm, index + 1),
                    message: try need(message, index + 1), signature: try need(signature, index + 1),
                    expectValid: value.hasPrefix("P")))
        default: continue
        }
    }
    return entries
}

/// Parses the RSA Laboratories file: per example a public "# Modulus:"/"# Exponent:" pair, then
/// "# Message to be signed:" / "# Signature:" pairs, each followed by lines of spaced hex.
private func parseRSALabs(_ text: String) throws -> [Entry] {
    var entries: [Entry] = []
    var inPublicKey = false
    var label = ""
    var hexLines = ""
    var n: [UInt8] = []
    var e: [UInt8] = []
    var message: [UInt8] = []
    var lineNumber = 0
    func finish() throws {
        defer {
            label = ""
            hexLines = ""
        }
        guard !label.isEmpty else { return }
        let value = try need(RSAVectors.bytes(hex: hexLines), lineNumber)
        switch label {
        case "Modulus" where inPublicKey: n = value
        case "Exponent" where inPublicKey: e = value
        case "Message to be signed": message = value
        case "Signature":
            entries.append(
                Entry(
                    line: lineNumber, modulus: n, exponent: e, algorithm: .sha1,
                    message: message, signature: value, expectValid: true))
        default: break
        }
    }
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
        lineNumber += 1
        let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("#") {
            try finish()
            if line == "# Public key" { inPublicKey = true }
            if line == "# Private key" { inPublicKey = false }
            if line.hasSuffix(":") { label = String(line.dropFirst(2).dropLast()) }
        } else if line.isEmpty {
            if !hexLines.isEmpty { try finish() }
        } else if !label.isEmpty {
            hexLines += line
        }
    }
    try finish()
    return entries
}

/// Runs every `stride`-th entry and the first entry of each (modulus size, hash, expected result)
/// combination, so a sample still holds every kind of case; with a stride of 1, every entry.
/// Returns (verified as expected, refused by key policy, not run).
private func run(_ entries: [Entry], file: String, every stride: Int) -> (checked: Int, refusedKeys: Int, notRun: Int) {
    var checked = 0
    var refused = 0
    var notRun = 0
    var kindsRun: Set<String> = []
    for (index, entry) in entries.enumerated() {
        let kind = "\(entry.modulus.count) \(entry.algorithm) \(entry.expectValid)"
        guard index % stride == 0 || !kindsRun.contains(kind) else {
            notRun += 1
            continue
        }
        kindsRun.insert(kind)
        let key: RSAPublicKey
        do {
            key = try RSAPublicKey(modulus: entry.modulus, exponent: entry.exponent)
        } catch {
            let bits = BigUIntBits.count(entry.modulus)
            #expect(
                bits < 1024 && error == .modulusSizeUnsupported(bits: bits, at: nil),
                "\(file):\(entry.line): key refused: \(error)")
            refused += 1
            continue
        }
        var accepted = true
        do {
            try key.verifyPKCS1v15(
                signature: entry.signature[...], message: entry.message[...],
                algorithm: entry.algorithm)
        } catch {
            accepted = false
            #expect(error == .invalidSignature)
        }
        #expect(accepted == entry.expectValid, "\(file):\(entry.line)")
        checked += 1
    }
    return (checked, refused, notRun)
}

/// Bit length of a big-endian magnitude (for the key-policy assertion).
private enum BigUIntBits {
    static func count(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (bytes.count - first) * 8 - bytes[first].leadingZeroBitCount
    }
}

@Suite("RSA vector files")
struct RSAVectorFileTests {
    /// The stride of the default run's sample (PURERECEIPT_FULL_TESTS=1 runs every entry).
    static let sampleStride = 12

    @Test("NIST SigVer15_186-3: P verifies, F is rejected (a sample: every 12th entry and the first of each kind)")
    func sigVer() throws { try Self.sigVer(every: Self.sampleStride) }

    @Test("NIST SigVer15_186-3: every entry", .fullTests)
    func fullSigVer() throws { try Self.sigVer(every: 1) }

    @Test("NIST SigGen15_186-2: every signature verifies (a sample: every 12th entry and the first of each kind)")
    func sigGen() throws { try Self.sigGen(every: Self.sampleStride) }

    @Test("NIST SigGen15_186-2: every entry", .fullTests)
    func fullSigGen() throws { try Self.sigGen(every: 1) }

    @Test(
        "RSA Laboratories pkcs1v15sign-vectors: every SHA-1 signature verifies (a sample: every 12th entry and the first of each kind)"
    )
    func rsaLabs() throws { try Self.rsaLabs(every: Self.sampleStride) }

    @Test("RSA Laboratories pkcs1v15sign-vectors: every entry", .fullTests)
    func fullRSALabs() throws { try Self.rsaLabs(every: 1) }

    static func sigVer(every stride: Int) throws {
        let text = try #require(RSAVectors.text("rsa/SigVer15_186-3.rsp"))
        let entries = try parseCAVP(text, hasResult: true)
        #expect(entries.count == 270)
        #expect(entries.filter(\.expectValid).count == 45)
        #expect(entries.filter { $0.algorithm == .sha1 }.count == 54)
        let (checked, refused, notRun) = run(entries, file: "SigVer15_186-3.rsp", every: stride)
        #expect(refused == 0, "no modulus below 1024 bits in this file")
        #expect(checked + notRun == 270)
        #expect(checked >= 270 / stride)
    }

    static func sigGen(every stride: Int) throws {
        let text = try #require(RSAVectors.text("rsa/SigGen15_186-2.txt"))
        let entries = try parseCAVP(text, hasResult: false)
        #expect(entries.count == 250)
        #expect(entries.filter { $0.algorithm == .sha1 }.count == 50)
        let (checked, refused, notRun) = run(entries, file: "SigGen15_186-2.txt", every: stride)
        #expect(refused == 0, "no modulus below 1024 bits in this file")
        #expect(checked + notRun == 250)
        #expect(checked >= 250 / stride)
    }

    static func rsaLabs(every stride: Int) throws {
        let text = try #require(RSAVectors.text("rsa/pkcs1v15sign-vectors.txt"))
        let entries = try parseRSALabs(text)
        #expect(entries.count == 300)
        #expect(Set(entries.map(\.modulus)).count == 15)
        let (checked, refused, notRun) = run(entries, file: "pkcs1v15sign-vectors.txt", every: stride)
        #expect(refused == 0, "keys are 1024…2048 bits")
        #expect(checked + notRun == 300)
        #expect(checked >= 300 / stride)
    }
}
