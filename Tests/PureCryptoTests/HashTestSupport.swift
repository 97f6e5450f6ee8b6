// Helpers for the Hash*Tests suites: hex, algorithm lookup by name, vector file reading, and a
// seeded generator. Namespaced so other suites in this target can use the same short names.

import Foundation
import PureCrypto
import PureReceiptTestSupport

enum HashTestSupport {
    /// Lower-case hex of `bytes`.
    static func hex<S: Sequence<UInt8>>(_ bytes: S) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Bytes of a hex string (either case); nil if the string is not whole hex bytes.
    static func bytes(hex text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let high = nibble(digits[i]), let low = nibble(digits[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    /// The algorithm named like "sha256" (hashlib's spelling, used in Vectors/hash-lengths).
    static func algorithm(hashlibName: some StringProtocol) -> HashAlgorithm? {
        switch hashlibName {
        case "sha1": .sha1
        case "sha224": .sha224
        case "sha256": .sha256
        case "sha384": .sha384
        case "sha512": .sha512
        default: nil
        }
    }

    /// Text of a file under Vectors/, or nil when it cannot be read.
    static func vectorText(_ relativePath: String) -> String? {
        let url = PackageFiles.vector(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// SplitMix64: a small deterministic generator, so random-looking tests replay exactly.
struct HashTestRNG: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
