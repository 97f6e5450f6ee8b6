// Four-word (256-bit) integers and the word operations of constant-time P-256 arithmetic.
//
// Accepts: any words. Every function here runs the same instructions whatever the values:
// carries and borrows are words (0 or 1) computed by add-with-carry, never branches; a choice
// between two values is a mask (all ones or all zero) applied to both.
// Deliberately does not: share code with the verifier's `…VarTime` arithmetic in PureCrypto, which
// is free to branch on public values. Swift gives no optimisation barrier, so the absence of
// secret-dependent branches is checked on the compiled code by `.ci/constant-time` (callgrind).

/// A 256-bit unsigned integer as four little-endian 64-bit words, held in stored properties (in
/// registers or on the stack, never on the heap).
struct WordsConstantTime: Sendable {
    var w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3)
    }

    static var zero: WordsConstantTime { WordsConstantTime(0, 0, 0, 0) }

    /// The integer whose big-endian encoding is the 32 bytes at `start` (the caller checks that
    /// 32 bytes are there).
    init(bigEndian bytes: [UInt8], at start: Int) {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for i in 0..<8 {
            words.3 = words.3 << 8 | UInt64(bytes[start + i])
            words.2 = words.2 << 8 | UInt64(bytes[start + 8 + i])
            words.1 = words.1 << 8 | UInt64(bytes[start + 16 + i])
            words.0 = words.0 << 8 | UInt64(bytes[start + 24 + i])
        }
        self.init(words.0, words.1, words.2, words.3)
    }

    /// The 32-byte big-endian encoding.
    var bigEndianBytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        for i in 0..<8 {
            let shift = UInt64(56 - 8 * i)
            out[i] = UInt8(truncatingIfNeeded: w3 >> shift)
            out[8 + i] = UInt8(truncatingIfNeeded: w2 >> shift)
            out[16 + i] = UInt8(truncatingIfNeeded: w1 >> shift)
            out[24 + i] = UInt8(truncatingIfNeeded: w0 >> shift)
        }
        return out
    }

    /// (self − other) mod 2^256 and the borrow out (0 or 1).
    @inline(__always)
    func subtracting(_ other: WordsConstantTime) -> (WordsConstantTime, UInt64) {
        var borrow: UInt64 = 0
        let r0 = subtractBorrowConstantTime(w0, other.w0, &borrow)
        let r1 = subtractBorrowConstantTime(w1, other.w1, &borrow)
        let r2 = subtractBorrowConstantTime(w2, other.w2, &borrow)
        let r3 = subtractBorrowConstantTime(w3, other.w3, &borrow)
        return (WordsConstantTime(r0, r1, r2, r3), borrow)
    }

    /// (self + other) mod 2^256 and the carry out (0 or 1).
    @inline(__always)
    func adding(_ other: WordsConstantTime) -> (WordsConstantTime, UInt64) {
        var carry: UInt64 = 0
        let r0 = addCarryConstantTime(w0, other.w0, &carry)
        let r1 = addCarryConstantTime(w1, other.w1, &carry)
        let r2 = addCarryConstantTime(w2, other.w2, &carry)
        let r3 = addCarryConstantTime(w3, other.w3, &carry)
        return (WordsConstantTime(r0, r1, r2, r3), carry)
    }

    /// `self` where mask is all ones, `other` where it is zero.
    @inline(__always)
    func selecting(_ other: WordsConstantTime, mask m: UInt64) -> WordsConstantTime {
        WordsConstantTime(
            w0 & m | other.w0 & ~m, w1 & m | other.w1 & ~m, w2 & m | other.w2 & ~m, w3 & m | other.w3 & ~m)
    }

    /// All ones when every word is zero, else zero.
    @inline(__always)
    var zeroMask: UInt64 { isZeroMaskConstantTime(w0 | w1 | w2 | w3) }

    /// All ones when self < other, else zero.
    @inline(__always)
    func lessThanMask(_ other: WordsConstantTime) -> UInt64 { 0 &- subtracting(other).1 }
}

/// All ones when x = 0, else zero: the top bit of ¬x ∧ (x − 1) is set exactly when x = 0.
@inline(__always)
func isZeroMaskConstantTime(_ x: UInt64) -> UInt64 {
    0 &- ((~x & (x &- 1)) >> 63)
}

/// All ones when a = b, else zero.
@inline(__always)
func equalMaskConstantTime(_ a: UInt64, _ b: UInt64) -> UInt64 { isZeroMaskConstantTime(a ^ b) }

/// a + b + carry (carry ∈ {0, 1}); the new carry in {0, 1}. On UInt128 where every supported OS
/// version has it: one add-with-carry per word; elsewhere the carries are comparisons, which
/// compilers turn into the same flags (checked on Linux by `.ci/constant-time`).
@inline(__always)
func addCarryConstantTime(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || arch(wasm32)
        let s1 = a &+ b  // modulo 2^64 by intent; the carries are recovered below
        let s2 = s1 &+ carry
        carry = ((a & b) | ((a | b) & ~s1)) >> 63 | ((s1 & ~s2) >> 63)
        return s2
    #else
        let t = UInt128(_low: a, _high: 0) &+ UInt128(_low: b, _high: 0) &+ UInt128(_low: carry, _high: 0)
        carry = t._high
        return t._low
    #endif
}

/// a − b − borrow (borrow ∈ {0, 1}); the new borrow in {0, 1}. As a + ¬b + (1 − borrow), whose
/// carry out is 1 − the borrow out: the addition above, so one subtract-with-borrow per word where
/// the compiler sees UInt128 (a UInt128 difference compiles to longer code).
@inline(__always)
func subtractBorrowConstantTime(_ a: UInt64, _ b: UInt64, _ borrow: inout UInt64) -> UInt64 {
    var carry = 1 &- borrow
    let d = addCarryConstantTime(a, ~b, &carry)
    borrow = 1 &- carry
    return d
}

/// x·y + a + b as (high, low); never wraps: (2^64 − 1)² + 2(2^64 − 1) = 2^128 − 1.
@inline(__always)
func mulAddConstantTime(_ x: UInt64, _ y: UInt64, _ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || arch(wasm32)
        let (high, low) = x.multipliedFullWidth(by: y)
        var carry: UInt64 = 0
        let s1 = addCarryConstantTime(low, a, &carry)
        let c1 = carry
        carry = 0
        let s2 = addCarryConstantTime(s1, b, &carry)
        return (high &+ c1 &+ carry, s2)  // cannot wrap: the bound above
    #else
        let product = UInt128(_low: x, _high: 0) &* UInt128(_low: y, _high: 0)
        let t = product &+ UInt128(_low: a, _high: 0) &+ UInt128(_low: b, _high: 0)
        return (t._high, t._low)
    #endif
}
