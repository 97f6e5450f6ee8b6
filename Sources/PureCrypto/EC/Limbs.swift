// Limbs: a fixed-size unsigned integer of up to six 64-bit words, the storage of every P-256 and
// P-384 field element and scalar (P-256 uses the low four words, P-384 all six).
//
// Accepts: big-endian byte strings of exactly 8·count bytes (32 for P-256, 48 for P-384).
// Deliberately does not: allocate (the words are stored properties, so values live in registers
// or on the stack), or run in constant time (`…VarTime` functions branch on values; every input
// of ECDSA verification is public).

/// Six little-endian 64-bit words; words at and above the curve's limb count are zero.
/// Stored properties, so values live in registers. The hot paths (`adding`, `subtracting`,
/// `Residue.multiplyVarTime`) name the words directly, with `count > 4` tests the specialiser folds:
/// measured (callgrind, P-256 verify), loops through the subscript's `switch` cost over twice the
/// instructions, and a SIMD8 store about 1.5 times (vector shuffles).
struct Limbs: Sendable, Equatable {
    var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0, w4: UInt64 = 0, w5: UInt64 = 0

    init() {}

    /// Words from least significant to most significant; omitted words are zero.
    init(
        _ w0: UInt64, _ w1: UInt64 = 0, _ w2: UInt64 = 0, _ w3: UInt64 = 0, _ w4: UInt64 = 0, _ w5: UInt64 = 0
    ) {
        (self.w0, self.w1, self.w2, self.w3, self.w4, self.w5) = (w0, w1, w2, w3, w4, w5)
    }

    /// Word `i` (0 = least significant), for the cold paths. Indices outside 0...5 read as zero
    /// and ignore writes; every caller passes 0 ≤ i < count ≤ 6.
    subscript(i: Int) -> UInt64 {
        get {
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
        set {
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
        guard count <= 6, bytes.count == 8 * count, let value = BigUInt(bigEndian: bytes, limbCount: count)
        else { return nil }
        for i in 0..<count { self[i] = value.limbs[i] }
    }

    /// Bit `k` (0 = least significant); bits at or above 384 read as zero, and so does k < 0.
    @inline(__always)
    func bit(_ k: Int) -> UInt64 {
        guard k >= 0, k < 384 else { return 0 }
        // k < 384, so k >> 6 ≤ 5 is a valid word index.
        return (self[k >> 6] >> UInt64(k & 63)) & 1
    }

    /// (top·2^(64·count) + self) / 2, rounded down, for top ∈ {0, 1} and count ∈ 1...6.
    func halved(top: UInt64, count: Int) -> Limbs {
        var r = Limbs(
            w0 >> 1 | w1 << 63, w1 >> 1 | w2 << 63, w2 >> 1 | w3 << 63, w3 >> 1 | w4 << 63, w4 >> 1 | w5 << 63,
            w5 >> 1)
        r[count - 1] |= top << 63
        return r
    }

    /// `self` if keep is true, else `other`, by masks instead of a branch (a branch on these
    /// values is mispredicted about half the time: measured, see Docs/PERFORMANCE.md).
    @inline(__always)
    func selecting(_ other: Limbs, keepSelf keep: Bool) -> Limbs {
        let m = 0 &- UInt64(keep ? 1 : 0)  // all ones or zero
        return Limbs(
            w0 & m | other.w0 & ~m, w1 & m | other.w1 & ~m, w2 & m | other.w2 & ~m, w3 & m | other.w3 & ~m,
            w4 & m | other.w4 & ~m, w5 & m | other.w5 & ~m)
    }

    /// Whether every word is zero.
    var isZero: Bool { (w0 | w1 | w2 | w3 | w4 | w5) == 0 }

    /// Whether self < other, comparing the low `count` words. Variable time.
    func isLessThanVarTime(_ other: Limbs, count: Int) -> Bool {
        subtracting(other, count: count).borrow  // self − other borrows exactly when self < other
    }

    /// (self − other) mod 2^(64·count) and whether it borrowed (count is 4 or 6).
    @inline(__always)
    func subtracting(_ other: Limbs, count: Int) -> (difference: Limbs, borrow: Bool) {
        var r = Limbs()
        var borrow: UInt64 = 0
        r.w0 = subtractBorrow(w0, other.w0, &borrow)
        r.w1 = subtractBorrow(w1, other.w1, &borrow)
        r.w2 = subtractBorrow(w2, other.w2, &borrow)
        r.w3 = subtractBorrow(w3, other.w3, &borrow)
        if count > 4 {
            r.w4 = subtractBorrow(w4, other.w4, &borrow)
            r.w5 = subtractBorrow(w5, other.w5, &borrow)
        }
        return (r, borrow != 0)
    }

    /// (self + other) mod 2^(64·count) and whether it carried (count is 4 or 6).
    @inline(__always)
    func adding(_ other: Limbs, count: Int) -> (sum: Limbs, carry: Bool) {
        var r = Limbs()
        var carry: UInt64 = 0
        r.w0 = addCarry(w0, other.w0, &carry)
        r.w1 = addCarry(w1, other.w1, &carry)
        r.w2 = addCarry(w2, other.w2, &carry)
        r.w3 = addCarry(w3, other.w3, &carry)
        if count > 4 {
            r.w4 = addCarry(w4, other.w4, &carry)
            r.w5 = addCarry(w5, other.w5, &carry)
        }
        return (r, carry != 0)
    }
}

/// a + b + carry (carry ∈ {0, 1}); the new carry, in {0, 1} (the sum is < 2^65). On UInt128 where
/// every supported version has it (see `mulAdd`): one add-with-carry per word. Measured (callgrind,
/// assembly): the earlier forms (overflow flags as Bools, or the carry recomputed from the top
/// bits) cost P-384 verification over 30 % more instructions, and the flags became branches.
/// `_low`/`_high` rather than conversions, and the portable form on wasm32: see `mulAdd`.
@inline(__always)
func addCarry(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || arch(wasm32)
        return addCarryPortable(a, b, &carry)
    #else
        let t = UInt128(_low: a, _high: 0) &+ UInt128(_low: b, _high: 0) &+ UInt128(_low: carry, _high: 0)
        carry = t._high
        return t._low
    #endif
}

/// `addCarry` on 64-bit words only (carries as comparisons; at most one of the two sums wraps, as
/// a + b ≤ 2^64 − 2 when it wraps). Tested against `addCarry` on every platform.
@inline(__always)
func addCarryPortable(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
    let s1 = a &+ b  // modulo 2^64 by intent; the carries are recovered by the comparisons
    let s2 = s1 &+ carry
    carry = (s1 < a ? 1 : 0) | (s2 < s1 ? 1 : 0)
    return s2
}

/// a − b − borrow (borrow ∈ {0, 1}); the new borrow. Borrows as comparisons, which compile to one
/// sub-with-borrow per word (measured: 16 instructions for six words; a UInt128 difference gave 43).
@inline(__always)
func subtractBorrow(_ a: UInt64, _ b: UInt64, _ borrow: inout UInt64) -> UInt64 {
    let d1 = a &- b  // modulo 2^64 by intent; the borrows are recovered by the comparisons
    let d2 = d1 &- borrow
    borrow = (a < b ? 1 : 0) | (d1 < borrow ? 1 : 0)
    return d2
}
