// SHA-1 (FIPS 180-4 §6.1), byte-oriented.
//
// Accepts: any sequence of whole bytes, fed in pieces of any size.
// Does not check: the 2^64 − 1 bit message length limit of FIPS 180-4 §1 (see HashFunction.swift).
// SHA-1 is here because App Store receipts signed before 2024 use it and the receipt's device check
// (attribute 5) is a SHA-1 digest; collision resistance is broken, so nothing new should rely on it.
// Timing depends only on the message length, never on its contents.
//
// FIPS 180-4 §3.2: "addition (+) is performed modulo 2^32" — every `&+` on UInt32 in this file is
// that addition; wrapping is the specified behaviour, not an overflow.

/// SHA-1 (FIPS 180-4 §6.1): 20-byte digest.
public struct SHA1: HashFunction, BlockHashFunction {
    /// 20 bytes.
    public static var digestSize: Int { 20 }

    // FIPS 180-4 §5.3.1: the initial hash value H(0).
    var core = BlockBuffer(SHA1Core(state: (0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0)))

    public init() {}
}

/// The SHA-1 state and compression function.
struct SHA1Core: BlockCompressing {
    /// The intermediate hash value H(i).
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32)

    var stateWords: MessageBlock32 {
        MessageBlock(w: (state.0, state.1, state.2, state.3, state.4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// FIPS 180-4 §6.1.2: the SHA-1 hash computation for one message block, in five passes of
    /// sixteen rounds.
    @inline(__always)
    mutating func compress(_ m: MessageBlock32) {
        var w = m
        var (a, b, c, d, e) = state
        // Sixteen rounds rename the five working variables sixteen times, i.e. rotate them by one:
        // each pass starts from the names the previous one left (see `sixteenRounds`).
        sixteenRounds(&a, &b, &c, &d, &e, &w, pass: 0)
        sixteenRounds(&e, &a, &b, &c, &d, &w, pass: 1)
        sixteenRounds(&d, &e, &a, &b, &c, &w, pass: 2)
        sixteenRounds(&c, &d, &e, &a, &b, &w, pass: 3)
        sixteenRounds(&b, &c, &d, &e, &a, &w, pass: 4)
        // FIPS 180-4 §6.1.2 step 4: H(i) = H(i−1) + the working variables.
        state.0 &+= a
        state.1 &+= b
        state.2 &+= c
        state.3 &+= d
        state.4 &+= e
    }
}

// FIPS 180-4 §3.2: ROTL^n(x) = (x << n) ∨ (x >> (32 − n)).
@inline(__always)
private func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &<< n) | (x &>> (32 &- n)) }

/// Rounds t = 16·pass … 16·pass + 15 of FIPS 180-4 §6.1.2 step 3 (`pass` is a constant at every
/// call, so after inlining each round's function and constant are fixed). The message schedule W_t
/// lives in sixteen words used as a ring: after the first pass, step 1 computes each W_t just before
/// its round, W_t = ROTL^1(W_(t−3) ⊕ W_(t−8) ⊕ W_(t−14) ⊕ W_(t−16)), into the slot of W_(t−16).
/// The working variables are renamed from one round to the next instead of shifted (see `round`).
@inline(__always)
private func sixteenRounds(
    _ a: inout UInt32, _ b: inout UInt32, _ c: inout UInt32, _ d: inout UInt32, _ e: inout UInt32,
    _ w: inout MessageBlock32, pass: Int
) {
    @inline(__always) func next(_ w16: UInt32, _ w14: UInt32, _ w8: UInt32, _ w3: UInt32) -> UInt32 {
        pass > 0 ? rotl(w3 ^ w8 ^ w14 ^ w16, 1) : w16
    }
    let t = 16 * pass
    w.w.0 = next(w.w.0, w.w.2, w.w.8, w.w.13)
    round(t, a, &b, c, d, &e, w.w.0)
    w.w.1 = next(w.w.1, w.w.3, w.w.9, w.w.14)
    round(t + 1, e, &a, b, c, &d, w.w.1)
    w.w.2 = next(w.w.2, w.w.4, w.w.10, w.w.15)
    round(t + 2, d, &e, a, b, &c, w.w.2)
    w.w.3 = next(w.w.3, w.w.5, w.w.11, w.w.0)
    round(t + 3, c, &d, e, a, &b, w.w.3)
    w.w.4 = next(w.w.4, w.w.6, w.w.12, w.w.1)
    round(t + 4, b, &c, d, e, &a, w.w.4)
    w.w.5 = next(w.w.5, w.w.7, w.w.13, w.w.2)
    round(t + 5, a, &b, c, d, &e, w.w.5)
    w.w.6 = next(w.w.6, w.w.8, w.w.14, w.w.3)
    round(t + 6, e, &a, b, c, &d, w.w.6)
    w.w.7 = next(w.w.7, w.w.9, w.w.15, w.w.4)
    round(t + 7, d, &e, a, b, &c, w.w.7)
    w.w.8 = next(w.w.8, w.w.10, w.w.0, w.w.5)
    round(t + 8, c, &d, e, a, &b, w.w.8)
    w.w.9 = next(w.w.9, w.w.11, w.w.1, w.w.6)
    round(t + 9, b, &c, d, e, &a, w.w.9)
    w.w.10 = next(w.w.10, w.w.12, w.w.2, w.w.7)
    round(t + 10, a, &b, c, d, &e, w.w.10)
    w.w.11 = next(w.w.11, w.w.13, w.w.3, w.w.8)
    round(t + 11, e, &a, b, c, &d, w.w.11)
    w.w.12 = next(w.w.12, w.w.14, w.w.4, w.w.9)
    round(t + 12, d, &e, a, b, &c, w.w.12)
    w.w.13 = next(w.w.13, w.w.15, w.w.5, w.w.10)
    round(t + 13, c, &d, e, a, &b, w.w.13)
    w.w.14 = next(w.w.14, w.w.0, w.w.6, w.w.11)
    round(t + 14, b, &c, d, e, &a, w.w.14)
    w.w.15 = next(w.w.15, w.w.1, w.w.7, w.w.12)
    round(t + 15, a, &b, c, d, &e, w.w.15)
}

/// Round t of FIPS 180-4 §6.1.2 step 3, with the five working variables renamed instead of
/// shifted: T = ROTL^5(a) + f_t(b, c, d) + e + K_t + W_t lands in `e` (the new a), and ROTL^30(b)
/// in `b` (the new c).
@inline(__always)
private func round(_ t: Int, _ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ w: UInt32) {
    // FIPS 180-4 §4.1.1: the functions f_t; §4.2.1: the constants K_t.
    let f: UInt32
    let k: UInt32
    switch t {
    case 0..<20:
        // Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z) = z ⊕ (x ∧ (y ⊕ z)).
        (f, k) = (d ^ (b & (c ^ d)), 0x5a827999)
    case 40..<60:
        // Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z) = (x ∧ y) ∨ (z ∧ (x ∨ y)).
        (f, k) = ((b & c) | (d & (b | c)), 0x8f1bbcdc)
    default:
        // Parity(x, y, z) = x ⊕ y ⊕ z, in rounds 20–39 and 60–79.
        (f, k) = (b ^ c ^ d, t < 40 ? 0x6ed9eba1 : 0xca62c1d6)
    }
    e = rotl(a, 5) &+ f &+ e &+ (k &+ w)
    b = rotl(b, 30)
}
