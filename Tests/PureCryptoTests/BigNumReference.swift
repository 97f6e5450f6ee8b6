// A deliberately naive reference for the BigNum tests: bit-serial modular arithmetic on
// little-endian UInt64 limbs. Slow and obviously correct; shares no code with BigNum/.

/// BigNumRNG (the SplitMix64 recipe): a tiny deterministic generator so that random tests are reproducible.
struct BigNumRNG {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A random value of exactly `count` limbs with all bits at and above `bits` cleared.
    mutating func limbs(count: Int, belowBit bits: Int) -> [UInt64] {
        var out = (0..<count).map { _ in next() }
        for index in 0..<count {
            let low = index * 64
            if low >= bits {
                out[index] = 0
            } else if bits - low < 64 {
                out[index] &= (1 << UInt64(bits - low)) - 1
            }
        }
        return out
    }
}

enum Reference {
    static func compare(_ a: [UInt64], _ b: [UInt64]) -> Int {
        for index in stride(from: a.count - 1, through: 0, by: -1) where a[index] != b[index] {
            return a[index] < b[index] ? -1 : 1
        }
        return 0
    }

    static func bitLength(_ a: [UInt64]) -> Int {
        for index in stride(from: a.count - 1, through: 0, by: -1) where a[index] != 0 {
            return index * 64 + 64 - a[index].leadingZeroBitCount
        }
        return 0
    }

    /// (a + b) mod n for a, b < n.
    static func addMod(_ a: [UInt64], _ b: [UInt64], _ n: [UInt64]) -> [UInt64] {
        var sum = [UInt64](repeating: 0, count: a.count)
        var carry = false
        for index in 0..<a.count {
            let (s1, c1) = a[index].addingReportingOverflow(b[index])
            let (s2, c2) = s1.addingReportingOverflow(carry ? 1 : 0)
            sum[index] = s2
            carry = c1 || c2
        }
        if carry || compare(sum, n) >= 0 {
            var borrow = false
            for index in 0..<sum.count {
                let (d1, b1) = sum[index].subtractingReportingOverflow(n[index])
                let (d2, b2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
                sum[index] = d2
                borrow = b1 || b2
            }
        }
        return sum
    }

    /// (a · b) mod n for a, b < n, by double-and-add over the bits of a.
    static func mulMod(_ a: [UInt64], _ b: [UInt64], _ n: [UInt64]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: n.count)
        for bit in stride(from: bitLength(a) - 1, through: 0, by: -1) {
            result = addMod(result, result, n)
            if (a[bit / 64] >> UInt64(bit % 64)) & 1 == 1 {
                result = addMod(result, b, n)
            }
        }
        return result
    }

    /// x^e mod n for x < n; e as big-endian bytes.
    static func powMod(_ x: [UInt64], _ e: [UInt8], _ n: [UInt64]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: n.count)
        result[0] = 1
        if n.count == 1 && n[0] == 1 { result[0] = 0 }
        for byte in e {
            for bit in stride(from: 7, through: 0, by: -1) {
                result = mulMod(result, result, n)
                if (byte >> UInt8(bit)) & 1 == 1 { result = mulMod(result, x, n) }
            }
        }
        return result
    }

    /// 2^power mod n by repeated doubling of 1.
    static func powerOfTwoMod(_ power: Int, _ n: [UInt64]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: n.count)
        result[0] = 1
        for _ in 0..<power { result = addMod(result, result, n) }
        return result
    }
}
