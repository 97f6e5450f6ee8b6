// Comparison of secret-dependent byte strings (digests, MACs) without an early exit.
//
// Accepts: any two byte sequences.
// Does not hide: the lengths — sequences of different length compare unequal at once. The contents
// are combined with OR of XORs over every position, so the time does not depend on where (or
// whether) they differ. Swift offers no optimisation barrier; the loop has no data-dependent branch
// to begin with, and a compiler would have to invent one to exit early.

/// Constant-time equality of two byte sequences (length may leak; contents do not).
public func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    constantTimeEqual(a[...], b[...])
}

/// Constant-time equality of two byte slices (length may leak; contents do not).
/// Slices are compared by position from their own start indices.
public func constantTimeEqual(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    let count = a.count
    guard count == b.count else { return false }
    let (aStart, bStart) = (a.startIndex, b.startIndex)
    var difference: UInt8 = 0
    // By offset from both starts (not `zip`): the compiler then compares many bytes per instruction.
    for offset in 0..<count {
        difference |= a[aStart + offset] ^ b[bStart + offset]
    }
    return difference == 0
}
