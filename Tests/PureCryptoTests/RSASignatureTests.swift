// PKCS #1 v1.5 verification edge cases: signature integers at and around the range limits,
// wrong lengths, wrong digests, and Bleichenbacher's 2006 e = 3 forgeries (short padding with
// trailing garbage; garbage inside the padding), built here with a small integer cube root.

import Foundation
import PureCrypto
import Testing

/// Plain (non-modular) integer arithmetic on little-endian limbs, for building forgeries.
private enum Plain {
    static func limbs(bigEndian bytes: [UInt8]) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: max(1, (bytes.count + 7) / 8))
        for (distance, byte) in bytes.reversed().enumerated() {
            out[distance / 8] |= UInt64(byte) << UInt64(8 * (distance % 8))
        }
        return out
    }
    static func bigEndian(_ limbs: [UInt64], length: Int) -> [UInt8] {
        (0..<length).reversed().map { distance in
            distance / 8 < limbs.count
                ? UInt8(truncatingIfNeeded: limbs[distance / 8] >> UInt64(8 * (distance % 8))) : 0
        }
    }
    static func multiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: a.count + b.count)
        for i in 0..<a.count {
            var carry: UInt64 = 0
            for j in 0..<b.count {
                let (high, low) = a[i].multipliedFullWidth(by: b[j])
                let (s1, c1) = low.addingReportingOverflow(out[i + j])
                let (s2, c2) = s1.addingReportingOverflow(carry)
                out[i + j] = s2
                carry = high &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
            }
            out[i + b.count] = carry
        }
        return out
    }
    static func cube(_ a: [UInt64]) -> [UInt64] { multiply(multiply(a, a), a) }
    static func compare(_ a: [UInt64], _ b: [UInt64]) -> Int {
        for index in stride(from: max(a.count, b.count) - 1, through: 0, by: -1) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
    static func bit(_ a: [UInt64], _ i: Int) -> Bool { i / 64 < a.count && (a[i / 64] >> UInt64(i % 64)) & 1 == 1 }
    static func setting(_ a: [UInt64], _ i: Int) -> [UInt64] {
        var out = a
        while out.count <= i / 64 { out.append(0) }
        out[i / 64] |= 1 << UInt64(i % 64)
        return out
    }
    /// ⌊∛target⌋, bit by bit from the top.
    static func cubeRoot(_ target: [UInt64]) -> [UInt64] {
        var root: [UInt64] = [0]
        let topBit = (target.count * 64) / 3 + 1
        for i in stride(from: topBit, through: 0, by: -1) {
            let candidate = setting(root, i)
            if compare(cube(candidate), target) <= 0 { root = candidate }
        }
        return root
    }
    /// x with x³ ≡ target (mod 2^bits) for odd target (Hensel lifting one bit at a time).
    static func cubeRootModPowerOfTwo(_ target: [UInt64], bits: Int) -> [UInt64] {
        var x: [UInt64] = [1]
        for i in 1..<bits where bit(cube(x), i) != bit(target, i) {
            x = setting(x, i)
        }
        return x
    }
}

/// A Wycheproof group's key and the first valid test in it.
private struct WycheproofSample {
    let key: RSAPublicKey
    let message: [UInt8]
    let signature: [UInt8]

    static func load(file: String, group: Int) throws -> WycheproofSample {
        let data = try #require(RSAVectors.data("wycheproof/\(file)"))
        let object = try JSONSerialization.jsonObject(with: data)
        let root = try #require(object as? [String: Any])
        let groups = try #require(root["testGroups"] as? [[String: Any]])
        let keyHex = try #require(groups[group]["publicKeyDer"] as? String)
        let tests = try #require(groups[group]["tests"] as? [[String: Any]])
        let valid = try #require(tests.first { $0["result"] as? String == "valid" })
        let messageHex = try #require(valid["msg"] as? String)
        let signatureHex = try #require(valid["sig"] as? String)
        let keyDER = try #require(RSAVectors.bytes(hex: keyHex))
        return WycheproofSample(
            key: try RSAPublicKey(subjectPublicKeyInfoDER: keyDER),
            message: try #require(RSAVectors.bytes(hex: messageHex)),
            signature: try #require(RSAVectors.bytes(hex: signatureHex)))
    }
}

private let sha256Prefix: [UInt8] = [
    0x30, 0x31, 0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
]

@Suite("RSA PKCS#1 v1.5 verification")
struct RSASignatureTests {
    @Test("A valid signature verifies, prehashed and from the message, also from a slice")
    func validSignature() throws {
        let sample = try WycheproofSample.load(file: "rsa_signature_2048_sha256_test.json", group: 0)
        try sample.key.verifyPKCS1v15(
            signature: sample.signature[...], message: sample.message[...], algorithm: .sha256)
        let digest = HashAlgorithm.sha256.hash(sample.message)
        try sample.key.verifyPKCS1v15(signature: sample.signature[...], digest: digest, algorithm: .sha256)
        let padded = [0xAA, 0xBB] + sample.signature + [0xCC]
        try sample.key.verifyPKCS1v15(
            signature: padded[2..<(2 + sample.signature.count)], digest: digest, algorithm: .sha256)
    }

    // RFC 8017 §8.2.2 (|S| = k, EM' compared in full) and RFC 8017 §5.2.2 (RSAVP1: s < n): named rejections.
    @Test("Signature integers and lengths that must be rejected")
    func rejectedSignatures() throws {
        let sample = try WycheproofSample.load(file: "rsa_signature_2048_sha256_test.json", group: 0)
        let key = sample.key
        let k = key.modulusByteCount
        let n = key.modulusBytes
        let digest = HashAlgorithm.sha256.hash(sample.message)
        var nPlusOne = n  // n < 256^k − 1 here (its top byte is not 0xFF), so no carry leaves the array
        for index in stride(from: k - 1, through: 0, by: -1) {
            nPlusOne[index] &+= 1
            if nPlusOne[index] != 0 { break }
        }
        #expect(n[0] != 0xFF)
        var nMinusOne = n
        nMinusOne[k - 1] -= 1  // n is odd
        var flipped = sample.signature
        flipped[k / 2] ^= 0x01
        let cases: [(String, [UInt8])] = [
            ("s = 0", [UInt8](repeating: 0, count: k)),
            ("s = 1", [UInt8](repeating: 0, count: k - 1) + [1]),
            ("s = n - 1", nMinusOne),
            ("s = n", n),
            ("s = n + 1", nPlusOne),
            ("s = 256^k - 1", [UInt8](repeating: 0xFF, count: k)),
            ("length k - 1", Array(sample.signature.dropFirst())),
            ("length k + 1 (leading zero)", [0] + sample.signature),
            ("length k + 1 (trailing zero)", sample.signature + [0]),
            ("empty", []),
            ("one bit flipped", flipped),
        ]
        for (name, signature) in cases {
            #expect(throws: RSAError.invalidSignature, "\(name)") {
                try key.verifyPKCS1v15(signature: signature[...], digest: digest, algorithm: .sha256)
            }
        }
        let wrongDigests: [(String, [UInt8], HashAlgorithm)] = [
            // RFC 8017 §9.2: EMSA-PKCS1-v1_5 for another digest or length is a different EM, refused by the comparison.
            ("digest one byte short", Array(digest.dropLast()), .sha256),
            ("digest one byte long", digest + [0], .sha256),
            ("digest altered", digest.map { $0 ^ 0x80 }, .sha256),
            ("right bytes, SHA-224 claimed", Array(digest.prefix(28)), .sha224),
            ("SHA-384 of the message", HashAlgorithm.sha384.hash(sample.message), .sha384),
            ("SHA-1 of the message", HashAlgorithm.sha1.hash(sample.message), .sha1),
            ("empty digest", [], .sha256),
        ]
        for (name, wrong, algorithm) in wrongDigests {
            #expect(throws: RSAError.invalidSignature, "\(name)") {
                try key.verifyPKCS1v15(signature: sample.signature[...], digest: wrong, algorithm: algorithm)
            }
        }
    }

    @Test(
        "Bleichenbacher 2006: e = 3, short padding with trailing garbage",
        arguments: [("rsa_signature_2048_sha256_test.json", 1), ("rsa_signature_3072_sha256_test.json", 1)])
    func shortPaddingForgery(file: String, group: Int) throws {
        let key = try WycheproofSample.load(file: file, group: group).key
        #expect(key.exponentBytes == [3])
        let k = key.modulusByteCount
        let message = Array("Bleichenbacher was here".utf8)
        let digest = HashAlgorithm.sha256.hash(message)
        // Wanted: EM = 00 01 FF 00 ‖ DigestInfo ‖ H ‖ garbage, the garbage absorbing the cube root's error.
        let prefix: [UInt8] = [0x00, 0x01, 0xFF, 0x00] + sha256Prefix + digest
        let garbageBits = 8 * (k - prefix.count)
        // Aim at the middle of the interval [prefix·2^g, (prefix+1)·2^g).
        let target = Plain.setting(
            Plain.limbs(bigEndian: prefix + [UInt8](repeating: 0, count: k - prefix.count)), garbageBits - 1)
        let s = Plain.cubeRoot(target)
        let em = Plain.bigEndian(Plain.cube(s), length: k + 8)
        #expect(em.prefix(8).allSatisfy { $0 == 0 }, "s³ < 256^k")
        #expect(Array(em.dropFirst(8).prefix(prefix.count)) == prefix, "the forgery has the lenient-parser shape")
        #expect(Plain.compare(Plain.cube(s), Plain.limbs(bigEndian: key.modulusBytes)) < 0, "s³ < n, so s³ mod n = s³")
        let signature = Plain.bigEndian(s, length: k)
        #expect(throws: RSAError.invalidSignature) {
            try key.verifyPKCS1v15(signature: signature[...], message: message[...], algorithm: .sha256)
        }
    }

    @Test(
        "Bleichenbacher 2006 variant: e = 3, garbage inside the padding",
        arguments: [("rsa_signature_2048_sha256_test.json", 1), ("rsa_signature_3072_sha256_test.json", 1)])
    func garbageInPaddingForgery(file: String, group: Int) throws {
        let key = try WycheproofSample.load(file: file, group: group).key
        let k = key.modulusByteCount
        // A message whose SHA-256 ends in an odd byte, so the suffix has an odd cube root mod 2^bits.
        var counter = 0
        var message: [UInt8] = []
        var digest: [UInt8] = []
        repeat {
            message = Array("forged \(counter)".utf8)
            digest = HashAlgorithm.sha256.hash(message)
            counter += 1
        } while digest[digest.count - 1] & 1 == 0
        // Wanted: EM = 00 01 FF×8 ‖ garbage ‖ 00 ‖ DigestInfo ‖ H. The low bits come from a cube
        // root modulo 2^(8·|suffix|), the high bits from an ordinary cube root.
        let head: [UInt8] = [0x00, 0x01] + [UInt8](repeating: 0xFF, count: 8)
        let suffix: [UInt8] = [0x00] + sha256Prefix + digest
        let suffixBits = 8 * suffix.count
        let low = Plain.cubeRootModPowerOfTwo(Plain.limbs(bigEndian: suffix), bits: suffixBits)
        let target = Plain.setting(
            Plain.limbs(bigEndian: head + [UInt8](repeating: 0, count: k - head.count)), 8 * (k - head.count) - 1)
        var s = Plain.cubeRoot(target)
        for i in 0..<suffixBits {  // replace the low bits of s by the modular root
            let wanted = Plain.bit(low, i)
            if Plain.bit(s, i) != wanted { s[i / 64] ^= 1 << UInt64(i % 64) }
        }
        let em = Plain.bigEndian(Plain.cube(s), length: k)
        #expect(Array(em.prefix(head.count)) == head, "forged head")
        #expect(Array(em.suffix(suffix.count)) == suffix, "forged DigestInfo and hash at the end")
        #expect(
            em[head.count..<(k - suffix.count)] != ArraySlice(repeating: 0xFF, count: k - suffix.count - head.count),
            "the middle is garbage, not padding")
        let signature = Plain.bigEndian(s, length: k)
        #expect(throws: RSAError.invalidSignature) {
            try key.verifyPKCS1v15(signature: signature[...], message: message[...], algorithm: .sha256)
        }
    }
}
