// constantTimeEqual: equal inputs, a difference at every position, different lengths, slices.

import PureCrypto
import Testing

@Suite("constantTimeEqual")
struct HashConstantTimeTests {
    static let digest: [UInt8] = (0..<32).map { UInt8($0 * 7 + 1) }

    @Test("equal sequences compare equal", arguments: [0, 1, 20, 32, 64])
    func equal(length: Int) {
        let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        #expect(constantTimeEqual(a, a))
        #expect(constantTimeEqual(a, Array(a)))
        #expect(constantTimeEqual(a[...], a[...]))
    }

    @Test("a difference in any position, by any bit, is found", arguments: 0..<32)
    func differsAt(position: Int) {
        for bit in 0..<8 {
            var b = Self.digest
            b[position] ^= 1 << UInt8(bit)
            #expect(!constantTimeEqual(Self.digest, b), "bit \(bit)")
            #expect(!constantTimeEqual(b, Self.digest), "bit \(bit), swapped")
        }
    }

    static let lengthCases: [(String, [UInt8], [UInt8])] = [
        ("empty vs one byte", [], [0]),
        ("prefix", Array(digest.prefix(31)), digest),
        ("extension with zero", digest, digest + [0]),
        ("SHA-1 length vs SHA-256 length", Array(digest.prefix(20)), digest),
    ]

    @Test("different lengths are unequal", arguments: lengthCases)
    func differentLengths(label: String, a: [UInt8], b: [UInt8]) {
        #expect(!constantTimeEqual(a, b), "\(label)")
        #expect(!constantTimeEqual(b, a), "\(label), swapped")
    }

    @Test("slices compare by position from their own start")
    func slices() {
        let long = [9, 9] + Self.digest + [9]
        #expect(constantTimeEqual(long[2..<34], Self.digest[...]))
        #expect(!constantTimeEqual(long[1..<33], Self.digest[...]))
        #expect(!constantTimeEqual(long[2..<33], Self.digest[...]))
    }
}
