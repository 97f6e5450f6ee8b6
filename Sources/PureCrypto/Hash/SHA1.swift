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
public struct SHA1: HashFunction {
    /// 20 bytes.
    public static var digestSize: Int { 20 }
    /// 64 bytes.
    public static var blockSize: Int { 64 }

    // FIPS 180-4 §5.3.1: the initial hash value H(0).
    private var core = BlockBuffer(SHA1Core(state: (0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0)))

    public init() {}

    public mutating func update(_ bytes: [UInt8]) { core.update(bytes[...]) }

    public mutating func update(_ bytes: ArraySlice<UInt8>) { core.update(bytes) }

    public mutating func finalize() -> [UInt8] {
        let digest = core.finish(words: 5)
        self = SHA1()
        return digest
    }
}

/// The SHA-1 state and compression function.
struct SHA1Core: BlockCompressing {
    /// The intermediate hash value H(i).
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32)

    var stateWords: MessageBlock32 {
        MessageBlock(w: (state.0, state.1, state.2, state.3, state.4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// FIPS 180-4 §6.1.2: the SHA-1 hash computation for one message block.
    /// The message schedule W_t lives in sixteen locals used as a ring (W_t overwrites W_(t−16)).
    @inline(__always)
    mutating func compress(_ m: MessageBlock32) {
        var (w0, w1, w2, w3, w4, w5, w6, w7) = (m.w.0, m.w.1, m.w.2, m.w.3, m.w.4, m.w.5, m.w.6, m.w.7)
        var (w8, w9, w10, w11, w12, w13, w14, w15) = (m.w.8, m.w.9, m.w.10, m.w.11, m.w.12, m.w.13, m.w.14, m.w.15)
        var (a, b, c, d, e) = state
        // FIPS 180-4 §4.2.1: the constants K_t; §4.1.1: the functions f_t.
        // Rounds 0–19: f_t = Ch, K_t = 5a827999.
        roundCh(a, &b, c, d, &e, 0x5a827999 &+ w0)
        roundCh(e, &a, b, c, &d, 0x5a827999 &+ w1)
        roundCh(d, &e, a, b, &c, 0x5a827999 &+ w2)
        roundCh(c, &d, e, a, &b, 0x5a827999 &+ w3)
        roundCh(b, &c, d, e, &a, 0x5a827999 &+ w4)
        roundCh(a, &b, c, d, &e, 0x5a827999 &+ w5)
        roundCh(e, &a, b, c, &d, 0x5a827999 &+ w6)
        roundCh(d, &e, a, b, &c, 0x5a827999 &+ w7)
        roundCh(c, &d, e, a, &b, 0x5a827999 &+ w8)
        roundCh(b, &c, d, e, &a, 0x5a827999 &+ w9)
        roundCh(a, &b, c, d, &e, 0x5a827999 &+ w10)
        roundCh(e, &a, b, c, &d, 0x5a827999 &+ w11)
        roundCh(d, &e, a, b, &c, 0x5a827999 &+ w12)
        roundCh(c, &d, e, a, &b, 0x5a827999 &+ w13)
        roundCh(b, &c, d, e, &a, 0x5a827999 &+ w14)
        roundCh(a, &b, c, d, &e, 0x5a827999 &+ w15)
        schedule1(&w0, w2, w8, w13)
        roundCh(e, &a, b, c, &d, 0x5a827999 &+ w0)
        schedule1(&w1, w3, w9, w14)
        roundCh(d, &e, a, b, &c, 0x5a827999 &+ w1)
        schedule1(&w2, w4, w10, w15)
        roundCh(c, &d, e, a, &b, 0x5a827999 &+ w2)
        schedule1(&w3, w5, w11, w0)
        roundCh(b, &c, d, e, &a, 0x5a827999 &+ w3)
        schedule1(&w4, w6, w12, w1)
        // Rounds 20–39: f_t = Parity, K_t = 6ed9eba1.
        roundParity(a, &b, c, d, &e, 0x6ed9eba1 &+ w4)
        schedule1(&w5, w7, w13, w2)
        roundParity(e, &a, b, c, &d, 0x6ed9eba1 &+ w5)
        schedule1(&w6, w8, w14, w3)
        roundParity(d, &e, a, b, &c, 0x6ed9eba1 &+ w6)
        schedule1(&w7, w9, w15, w4)
        roundParity(c, &d, e, a, &b, 0x6ed9eba1 &+ w7)
        schedule1(&w8, w10, w0, w5)
        roundParity(b, &c, d, e, &a, 0x6ed9eba1 &+ w8)
        schedule1(&w9, w11, w1, w6)
        roundParity(a, &b, c, d, &e, 0x6ed9eba1 &+ w9)
        schedule1(&w10, w12, w2, w7)
        roundParity(e, &a, b, c, &d, 0x6ed9eba1 &+ w10)
        schedule1(&w11, w13, w3, w8)
        roundParity(d, &e, a, b, &c, 0x6ed9eba1 &+ w11)
        schedule1(&w12, w14, w4, w9)
        roundParity(c, &d, e, a, &b, 0x6ed9eba1 &+ w12)
        schedule1(&w13, w15, w5, w10)
        roundParity(b, &c, d, e, &a, 0x6ed9eba1 &+ w13)
        schedule1(&w14, w0, w6, w11)
        roundParity(a, &b, c, d, &e, 0x6ed9eba1 &+ w14)
        schedule1(&w15, w1, w7, w12)
        roundParity(e, &a, b, c, &d, 0x6ed9eba1 &+ w15)
        schedule1(&w0, w2, w8, w13)
        roundParity(d, &e, a, b, &c, 0x6ed9eba1 &+ w0)
        schedule1(&w1, w3, w9, w14)
        roundParity(c, &d, e, a, &b, 0x6ed9eba1 &+ w1)
        schedule1(&w2, w4, w10, w15)
        roundParity(b, &c, d, e, &a, 0x6ed9eba1 &+ w2)
        schedule1(&w3, w5, w11, w0)
        roundParity(a, &b, c, d, &e, 0x6ed9eba1 &+ w3)
        schedule1(&w4, w6, w12, w1)
        roundParity(e, &a, b, c, &d, 0x6ed9eba1 &+ w4)
        schedule1(&w5, w7, w13, w2)
        roundParity(d, &e, a, b, &c, 0x6ed9eba1 &+ w5)
        schedule1(&w6, w8, w14, w3)
        roundParity(c, &d, e, a, &b, 0x6ed9eba1 &+ w6)
        schedule1(&w7, w9, w15, w4)
        roundParity(b, &c, d, e, &a, 0x6ed9eba1 &+ w7)
        schedule1(&w8, w10, w0, w5)
        // Rounds 40–59: f_t = Maj, K_t = 8f1bbcdc.
        roundMaj(a, &b, c, d, &e, 0x8f1bbcdc &+ w8)
        schedule1(&w9, w11, w1, w6)
        roundMaj(e, &a, b, c, &d, 0x8f1bbcdc &+ w9)
        schedule1(&w10, w12, w2, w7)
        roundMaj(d, &e, a, b, &c, 0x8f1bbcdc &+ w10)
        schedule1(&w11, w13, w3, w8)
        roundMaj(c, &d, e, a, &b, 0x8f1bbcdc &+ w11)
        schedule1(&w12, w14, w4, w9)
        roundMaj(b, &c, d, e, &a, 0x8f1bbcdc &+ w12)
        schedule1(&w13, w15, w5, w10)
        roundMaj(a, &b, c, d, &e, 0x8f1bbcdc &+ w13)
        schedule1(&w14, w0, w6, w11)
        roundMaj(e, &a, b, c, &d, 0x8f1bbcdc &+ w14)
        schedule1(&w15, w1, w7, w12)
        roundMaj(d, &e, a, b, &c, 0x8f1bbcdc &+ w15)
        schedule1(&w0, w2, w8, w13)
        roundMaj(c, &d, e, a, &b, 0x8f1bbcdc &+ w0)
        schedule1(&w1, w3, w9, w14)
        roundMaj(b, &c, d, e, &a, 0x8f1bbcdc &+ w1)
        schedule1(&w2, w4, w10, w15)
        roundMaj(a, &b, c, d, &e, 0x8f1bbcdc &+ w2)
        schedule1(&w3, w5, w11, w0)
        roundMaj(e, &a, b, c, &d, 0x8f1bbcdc &+ w3)
        schedule1(&w4, w6, w12, w1)
        roundMaj(d, &e, a, b, &c, 0x8f1bbcdc &+ w4)
        schedule1(&w5, w7, w13, w2)
        roundMaj(c, &d, e, a, &b, 0x8f1bbcdc &+ w5)
        schedule1(&w6, w8, w14, w3)
        roundMaj(b, &c, d, e, &a, 0x8f1bbcdc &+ w6)
        schedule1(&w7, w9, w15, w4)
        roundMaj(a, &b, c, d, &e, 0x8f1bbcdc &+ w7)
        schedule1(&w8, w10, w0, w5)
        roundMaj(e, &a, b, c, &d, 0x8f1bbcdc &+ w8)
        schedule1(&w9, w11, w1, w6)
        roundMaj(d, &e, a, b, &c, 0x8f1bbcdc &+ w9)
        schedule1(&w10, w12, w2, w7)
        roundMaj(c, &d, e, a, &b, 0x8f1bbcdc &+ w10)
        schedule1(&w11, w13, w3, w8)
        roundMaj(b, &c, d, e, &a, 0x8f1bbcdc &+ w11)
        schedule1(&w12, w14, w4, w9)
        // Rounds 60–79: f_t = Parity, K_t = ca62c1d6.
        roundParity(a, &b, c, d, &e, 0xca62c1d6 &+ w12)
        schedule1(&w13, w15, w5, w10)
        roundParity(e, &a, b, c, &d, 0xca62c1d6 &+ w13)
        schedule1(&w14, w0, w6, w11)
        roundParity(d, &e, a, b, &c, 0xca62c1d6 &+ w14)
        schedule1(&w15, w1, w7, w12)
        roundParity(c, &d, e, a, &b, 0xca62c1d6 &+ w15)
        schedule1(&w0, w2, w8, w13)
        roundParity(b, &c, d, e, &a, 0xca62c1d6 &+ w0)
        schedule1(&w1, w3, w9, w14)
        roundParity(a, &b, c, d, &e, 0xca62c1d6 &+ w1)
        schedule1(&w2, w4, w10, w15)
        roundParity(e, &a, b, c, &d, 0xca62c1d6 &+ w2)
        schedule1(&w3, w5, w11, w0)
        roundParity(d, &e, a, b, &c, 0xca62c1d6 &+ w3)
        schedule1(&w4, w6, w12, w1)
        roundParity(c, &d, e, a, &b, 0xca62c1d6 &+ w4)
        schedule1(&w5, w7, w13, w2)
        roundParity(b, &c, d, e, &a, 0xca62c1d6 &+ w5)
        schedule1(&w6, w8, w14, w3)
        roundParity(a, &b, c, d, &e, 0xca62c1d6 &+ w6)
        schedule1(&w7, w9, w15, w4)
        roundParity(e, &a, b, c, &d, 0xca62c1d6 &+ w7)
        schedule1(&w8, w10, w0, w5)
        roundParity(d, &e, a, b, &c, 0xca62c1d6 &+ w8)
        schedule1(&w9, w11, w1, w6)
        roundParity(c, &d, e, a, &b, 0xca62c1d6 &+ w9)
        schedule1(&w10, w12, w2, w7)
        roundParity(b, &c, d, e, &a, 0xca62c1d6 &+ w10)
        schedule1(&w11, w13, w3, w8)
        roundParity(a, &b, c, d, &e, 0xca62c1d6 &+ w11)
        schedule1(&w12, w14, w4, w9)
        roundParity(e, &a, b, c, &d, 0xca62c1d6 &+ w12)
        schedule1(&w13, w15, w5, w10)
        roundParity(d, &e, a, b, &c, 0xca62c1d6 &+ w13)
        schedule1(&w14, w0, w6, w11)
        roundParity(c, &d, e, a, &b, 0xca62c1d6 &+ w14)
        schedule1(&w15, w1, w7, w12)
        roundParity(b, &c, d, e, &a, 0xca62c1d6 &+ w15)
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

/// W_t = ROTL^1(W_(t−3) ⊕ W_(t−8) ⊕ W_(t−14) ⊕ W_(t−16)), written into the slot of W_(t−16)
/// (FIPS 180-4 §6.1.2 step 1).
@inline(__always)
private func schedule1(_ w16: inout UInt32, _ w14: UInt32, _ w8: UInt32, _ w3: UInt32) {
    w16 = rotl(w3 ^ w8 ^ w14 ^ w16, 1)
}

// One round t of FIPS 180-4 §6.1.2 step 3, with the five working variables renamed instead of
// shifted: T = ROTL^5(a) + f_t(b, c, d) + e + K_t + W_t lands in `e` (the new a), and
// ROTL^30(b) in `b` (the new c). `kw` is K_t + W_t.

/// Rounds 0–19. FIPS 180-4 §4.1.1: Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z) = z ⊕ (x ∧ (y ⊕ z)).
@inline(__always)
private func roundCh(_ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ kw: UInt32) {
    e = rotl(a, 5) &+ (d ^ (b & (c ^ d))) &+ e &+ kw
    b = rotl(b, 30)
}

/// Rounds 20–39 and 60–79. FIPS 180-4 §4.1.1: Parity(x, y, z) = x ⊕ y ⊕ z.
@inline(__always)
private func roundParity(_ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ kw: UInt32) {
    e = rotl(a, 5) &+ (b ^ c ^ d) &+ e &+ kw
    b = rotl(b, 30)
}

/// Rounds 40–59. FIPS 180-4 §4.1.1: Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z)
/// = (x ∧ y) ∨ (z ∧ (x ∨ y)).
@inline(__always)
private func roundMaj(_ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ kw: UInt32) {
    e = rotl(a, 5) &+ ((b & c) | (d & (b | c))) &+ e &+ kw
    b = rotl(b, 30)
}
