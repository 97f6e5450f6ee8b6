// BigUInt: an unsigned big integer held as fixed 64-bit limbs, least significant limb first.
//
// Accepts: any big-endian byte string (leading zero bytes allowed and ignored), converted to a
// chosen number of limbs; conversion back to a big-endian byte string of a chosen length
// (RFC 8017 §4.1 I2OSP).
// Deliberately does not: grow or shrink (every operation works on a fixed limb count chosen
// once per operation), represent negative numbers, or run in constant time where it says
// `VarTime`. Values here are public (signatures, moduli, exponents).

/// An unsigned integer of a fixed number of 64-bit limbs, least significant limb first.
///
/// Invariant: `limbs.count >= 1`. The limb count is part of the value's shape; operations
/// that combine two values require equal limb counts and say so.
package struct BigUInt: Sendable, Equatable {
    /// Little-endian limbs: `limbs[0]` holds bits 0…63.
    package var limbs: [UInt64]

    /// The value zero with `limbCount` limbs (at least one).
    package init(zeroWithLimbCount limbCount: Int) {
        limbs = [UInt64](repeating: 0, count: max(limbCount, 1))
    }

    /// Wraps limbs given least significant first; an empty array becomes a single zero limb.
    package init(limbs: [UInt64]) {
        self.limbs = limbs.isEmpty ? [0] : limbs
    }

    /// Decodes big-endian bytes (RFC 8017 §4.2 OS2IP) into exactly `limbCount` limbs.
    /// Returns nil when the value does not fit in `limbCount` limbs. Leading zero bytes are
    /// ignored, so any number of them is accepted.
    package init?(bigEndian bytes: ArraySlice<UInt8>, limbCount: Int) {
        guard limbCount >= 1 else { return nil }
        var first = bytes.startIndex
        while first < bytes.endIndex, bytes[first] == 0 { first += 1 }
        let significant = bytes.endIndex - first
        let (capacity, overflow) = limbCount.multipliedReportingOverflow(by: 8)
        guard !overflow, significant <= capacity else { return nil }
        var limbs = [UInt64](repeating: 0, count: limbCount)
        // From the least significant byte: whole limbs by one 8-byte load each (offset 0 of the
        // buffer is bytes.startIndex, so the load covers bytes[index − 8 ..< index], inside
        // first..<endIndex), then the fewer than 8 bytes left into the next limb. significant ≤
        // 8·limbCount, so the bytes run out before the limbs do.
        var (index, limb) = (bytes.endIndex, 0)
        unsafe bytes.withUnsafeBytes { raw in
            while index - first >= 8, limb < limbCount {
                let word = unsafe raw.loadUnaligned(fromByteOffset: index - 8 - bytes.startIndex, as: UInt64.self)
                (limbs[limb], index, limb) = (UInt64(bigEndian: word), index - 8, limb + 1)
            }
        }
        for shift in stride(from: UInt64(0), to: 64, by: 8) where index > first && limb < limbCount {
            index -= 1
            limbs[limb] |= UInt64(bytes[index]) << shift
        }
        self.limbs = limbs
    }

    /// Decodes big-endian bytes into the smallest limb count that holds them (at least one).
    package init(bigEndian bytes: ArraySlice<UInt8>) {
        var first = bytes.startIndex
        while first < bytes.endIndex, bytes[first] == 0 { first += 1 }
        let significant = bytes.endIndex - first
        let count = max(significant / 8 + (significant % 8 == 0 ? 0 : 1), 1)
        // The failable initializer succeeds: `count * 8 ≥ significant` by construction.
        self = BigUInt(bigEndian: bytes, limbCount: count) ?? BigUInt(zeroWithLimbCount: 1)
    }

    /// Number of significant bits (0 for the value zero).
    package var bitCount: Int {
        var index = limbs.count
        while index > 0 {
            index -= 1
            let limb = limbs[index]
            if limb != 0 { return index * 64 + (64 - limb.leadingZeroBitCount) }
        }
        return 0
    }

    /// True when the least significant bit is set.
    package var isOdd: Bool { limbs[0] & 1 == 1 }

    /// RFC 8017 §4.1 I2OSP: the value as exactly `length` big-endian bytes, or nil when the
    /// value needs more than `length` bytes ("integer too large").
    package func bigEndianBytes(length: Int) -> [UInt8]? {
        guard length >= 0 else { return nil }
        let needed = (bitCount + 7) / 8
        guard needed <= length else { return nil }
        var out = [UInt8](repeating: 0, count: length)
        // From the last byte: whole limbs by one 8-byte store each into out[index − 8 ..< index]
        // (index ≥ 8, index ≤ length = out.count), then the low bytes of the next limb until out is
        // full. The value's bytes beyond `length` are zero (needed ≤ length): nothing is lost.
        var (index, limb) = (length, 0)
        unsafe out.withUnsafeMutableBytes { raw in
            while index >= 8, limb < limbs.count {
                unsafe raw.storeBytes(of: limbs[limb].bigEndian, toByteOffset: index - 8, as: UInt64.self)
                (index, limb) = (index - 8, limb + 1)
            }
        }
        var word = limb < limbs.count ? limbs[limb] : 0
        while index > 0 {
            index -= 1
            out[index] = UInt8(truncatingIfNeeded: word)  // the low byte, by intent
            word >>= 8
        }
        return out
    }
}

/// Compares two little-endian limb arrays of any lengths as unsigned integers; missing high
/// limbs count as zero. Returns -1, 0 or 1. Timing depends on the values.
package func compareLimbsVarTime(_ a: [UInt64], _ b: [UInt64]) -> Int {
    var index = max(a.count, b.count)
    while index > 0 {
        index -= 1
        let x = index < a.count ? a[index] : 0
        let y = index < b.count ? b[index] : 0
        if x != y { return x < y ? -1 : 1 }
    }
    return 0
}
