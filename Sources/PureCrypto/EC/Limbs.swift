// Limbs: a fixed-size unsigned integer of up to six 64-bit words, the storage of every P-256 and
// P-384 field element and scalar (P-256 uses the low four words, P-384 all six).
//
// Accepts: big-endian byte strings of exactly 8·count bytes (32 for P-256, 48 for P-384).
// Deliberately does not: allocate (the words are stored properties, so values live in registers
// or on the stack), or run in constant time (`…VarTime` functions branch on values; every input
// of ECDSA verification is public).

/// Six little-endian 64-bit words; words at and above the curve's limb count are zero.
struct Limbs: Sendable, Equatable {
    var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0, w4: UInt64 = 0, w5: UInt64 = 0

    init() {}

    /// Words from least significant to most significant; omitted words are zero.
    init(
        _ w0: UInt64, _ w1: UInt64 = 0, _ w2: UInt64 = 0, _ w3: UInt64 = 0, _ w4: UInt64 = 0, _ w5: UInt64 = 0
    ) {
        (self.w0, self.w1, self.w2, self.w3, self.w4, self.w5) = (w0, w1, w2, w3, w4, w5)
    }

    /// Word `i` (0 = least significant). Indices outside 0...5 read as zero and ignore writes;
    /// every caller loops over 0..<count with count ≤ 6, so that never happens.
    subscript(i: Int) -> UInt64 {
        @inline(__always) get {
            switch i {
            case 0: w0
            case 1: w1
            case 2: w2
            case 3: w3
            case 4: w4
            case 5: w5
            default: 0
            }
        }
        @inline(__always) set {
            switch i {
            case 0: w0 = newValue
            case 1: w1 = newValue
            case 2: w2 = newValue
            case 3: w3 = newValue
            case 4: w4 = newValue
            case 5: w5 = newValue
            default: break
            }
        }
    }

    /// The integer whose big-endian encoding is `bytes`, which must be exactly 8·count bytes
    /// (count ≤ 6); nil otherwise.
    init?(bigEndian bytes: ArraySlice<UInt8>, count: Int) {
        guard count <= 6, bytes.count == 8 * count else { return nil }
        var index = bytes.startIndex
        for i in stride(from: count - 1, through: 0, by: -1) {
            var word: UInt64 = 0
            for _ in 0..<8 {
                word = (word << 8) | UInt64(bytes[index])
                index += 1
            }
            self[i] = word
        }
    }

    /// Bit `k` (0 = least significant); bits at or above 384 read as zero, and so does k < 0.
    @inline(__always)
    func bit(_ k: Int) -> UInt64 {
        guard k >= 0, k < 384 else { return 0 }
        return (self[k >> 6] >> UInt64(k & 63)) & 1
    }

    /// Whether every word is zero.
    var isZero: Bool { (w0 | w1 | w2 | w3 | w4 | w5) == 0 }

    /// Whether self < other, comparing the low `count` words. Variable time.
    func isLessThanVarTime(_ other: Limbs, count: Int) -> Bool {
        for i in stride(from: count - 1, through: 0, by: -1) where self[i] != other[i] {
            return self[i] < other[i]
        }
        return false
    }

    /// (self − other) mod 2^(64·count) and whether it borrowed.
    @inline(__always)
    func subtracting(_ other: Limbs, count: Int) -> (difference: Limbs, borrow: Bool) {
        var result = Limbs()
        var borrow = false
        for i in 0..<count {
            let (d1, o1) = self[i].subtractingReportingOverflow(other[i])
            let (d2, o2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
            result[i] = d2
            borrow = o1 || o2
        }
        return (result, borrow)
    }

    /// (self + other) mod 2^(64·count) and whether it carried.
    @inline(__always)
    func adding(_ other: Limbs, count: Int) -> (sum: Limbs, carry: Bool) {
        var result = Limbs()
        var carry = false
        for i in 0..<count {
            let (s1, o1) = self[i].addingReportingOverflow(other[i])
            let (s2, o2) = s1.addingReportingOverflow(carry ? 1 : 0)
            result[i] = s2
            carry = o1 || o2
        }
        return (result, carry)
    }
}
