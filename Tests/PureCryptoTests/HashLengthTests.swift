// Every message length 0 ... 1000 for every algorithm, against Vectors/hash-lengths/expected.tsv
// (written by generate.py next to it from Python's hashlib). Covers every padding boundary.

import Foundation
import PureCrypto
import Testing

@Suite("SHA digests of lengths 0...1000")
struct HashLengthTests {
    /// The stream generate.py documents: x_0 = 1, x_(n+1) = (1103515245 x_n + 12345) mod 2^31,
    /// byte_n = (x_(n+1) >> 16) mod 256.
    static func pattern(count: Int) -> [UInt8] {
        var x: UInt64 = 1
        return (0..<count).map { _ in
            x = (1_103_515_245 * x + 12345) % (1 << 31)
            return UInt8(truncatingIfNeeded: x >> 16)
        }
    }

    @Test("the Swift stream starts like generate.py's")
    func patternPrefix() {
        // x_1 = 1103527590 = 0x41c6_7ea6, so byte_0 = 0xc6; the next three were printed by generate.py's
        // pattern(4).
        #expect(Self.pattern(count: 4) == [0xc6, 0x7e, 0x81, 0x6b])
    }

    // FIPS 180-4 §5.1.1 and FIPS 180-4 §5.1.2: lengths 0...1000 cross every padding boundary (the length field in the same or in an extra block).
    @Test("every row of expected.tsv, all five algorithms")
    func everyLength() throws {
        let text = try #require(
            HashTestSupport.vectorText("hash-lengths/expected.tsv"), "Vectors/hash-lengths/expected.tsv missing")
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }
        let header = try #require(lines.first).split(separator: "\t")
        #expect(header.first == "length")
        let algorithms = header.dropFirst().compactMap { HashTestSupport.algorithm(hashlibName: $0) }
        #expect(Set(algorithms) == Set(HashAlgorithm.allCases))
        let rows = lines.dropFirst()
        #expect(rows.count == 1001)
        let stream = Self.pattern(count: 1000)
        for row in rows {
            let fields = row.split(separator: "\t")
            try #require(fields.count == algorithms.count + 1, "malformed row \(row)")
            let length = try #require(Int(fields[0]))
            let message = stream[0..<length]
            for (algorithm, expected) in zip(algorithms, fields.dropFirst()) {
                #expect(HashTestSupport.hex(algorithm.hash(message)) == expected, "\(algorithm.name) length \(length)")
            }
        }
    }
}
