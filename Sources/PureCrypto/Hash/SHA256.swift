// SHA-256 and SHA-224 (FIPS 180-4 §6.2 and §6.3), byte-oriented.
//
// Accepts: any sequence of whole bytes, fed in pieces of any size.
// Does not check: the 2^64 − 1 bit message length limit of FIPS 180-4 §1 (see HashFunction.swift).
// Timing depends only on the message length, never on its contents.
//
// FIPS 180-4 §3.2: "addition (+) is performed modulo 2^32" — every `&+` on UInt32 in this file is
// that addition; wrapping is the specified behaviour, not an overflow.

/// SHA-256 (FIPS 180-4 §6.2): 32-byte digest.
public struct SHA256: HashFunction {
    public static var digestSize: Int { 32 }
    public static var blockSize: Int { 64 }

    // FIPS 180-4 §5.3.3: H(0) = the first 32 bits of the fractional parts of the square roots of the
    // first eight primes.
    static let initialHash: SHA256Core.State = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )

    private var core = BlockBuffer(SHA256Core(state: initialHash))

    public init() {}

    public mutating func update(_ bytes: [UInt8]) { core.update(bytes[...]) }

    public mutating func update(_ bytes: ArraySlice<UInt8>) { core.update(bytes) }

    public mutating func finalize() -> [UInt8] {
        let digest = core.finish(words: 8)
        self = SHA256()
        return digest
    }
}

/// SHA-224 (FIPS 180-4 §6.3): SHA-256 with its own initial value, truncated to 28 bytes.
public struct SHA224: HashFunction {
    public static var digestSize: Int { 28 }
    public static var blockSize: Int { 64 }

    // FIPS 180-4 §5.3.2: H(0) = the second 32 bits of the fractional parts of the square roots of
    // the 9th through 16th primes.
    static let initialHash: SHA256Core.State = (
        0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
        0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
    )

    private var core = BlockBuffer(SHA256Core(state: initialHash))

    public init() {}

    public mutating func update(_ bytes: [UInt8]) { core.update(bytes[...]) }

    public mutating func update(_ bytes: ArraySlice<UInt8>) { core.update(bytes) }

    public mutating func finalize() -> [UInt8] {
        // FIPS 180-4 §6.3: "The 224-bit message digest ... is H0 ‖ H1 ‖ ... ‖ H6", the leftmost 224 bits.
        let digest = core.finish(words: 7)
        self = SHA224()
        return digest
    }
}

/// The SHA-256 state and compression function, shared by SHA-256 and SHA-224.
struct SHA256Core: BlockCompressing {
    typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    /// The intermediate hash value H(i).
    var state: State

    var stateWords: MessageBlock32 {
        MessageBlock(
            w: (state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// FIPS 180-4 §6.2.2: the SHA-256 hash computation for one message block.
    /// The message schedule W_t lives in sixteen locals used as a ring (W_t overwrites W_(t−16)).
    @inline(__always)
    mutating func compress(_ m: MessageBlock32) {
        var (w0, w1, w2, w3, w4, w5, w6, w7) = (m.w.0, m.w.1, m.w.2, m.w.3, m.w.4, m.w.5, m.w.6, m.w.7)
        var (w8, w9, w10, w11, w12, w13, w14, w15) = (m.w.8, m.w.9, m.w.10, m.w.11, m.w.12, m.w.13, m.w.14, m.w.15)
        var (a, b, c, d, e, f, g, h) = state
        // FIPS 180-4 §4.2.2: K_0 ... K_63 are the first 32 bits of the fractional parts of the cube
        // roots of the first sixty-four primes; they appear below as the round constants in order.
        round256(a, b, c, &d, e, f, g, &h, 0x428a2f98 &+ w0)
        round256(h, a, b, &c, d, e, f, &g, 0x71374491 &+ w1)
        round256(g, h, a, &b, c, d, e, &f, 0xb5c0fbcf &+ w2)
        round256(f, g, h, &a, b, c, d, &e, 0xe9b5dba5 &+ w3)
        round256(e, f, g, &h, a, b, c, &d, 0x3956c25b &+ w4)
        round256(d, e, f, &g, h, a, b, &c, 0x59f111f1 &+ w5)
        round256(c, d, e, &f, g, h, a, &b, 0x923f82a4 &+ w6)
        round256(b, c, d, &e, f, g, h, &a, 0xab1c5ed5 &+ w7)
        round256(a, b, c, &d, e, f, g, &h, 0xd807aa98 &+ w8)
        round256(h, a, b, &c, d, e, f, &g, 0x12835b01 &+ w9)
        round256(g, h, a, &b, c, d, e, &f, 0x243185be &+ w10)
        round256(f, g, h, &a, b, c, d, &e, 0x550c7dc3 &+ w11)
        round256(e, f, g, &h, a, b, c, &d, 0x72be5d74 &+ w12)
        round256(d, e, f, &g, h, a, b, &c, 0x80deb1fe &+ w13)
        round256(c, d, e, &f, g, h, a, &b, 0x9bdc06a7 &+ w14)
        round256(b, c, d, &e, f, g, h, &a, 0xc19bf174 &+ w15)
        schedule256(&w0, w1, w9, w14)
        round256(a, b, c, &d, e, f, g, &h, 0xe49b69c1 &+ w0)
        schedule256(&w1, w2, w10, w15)
        round256(h, a, b, &c, d, e, f, &g, 0xefbe4786 &+ w1)
        schedule256(&w2, w3, w11, w0)
        round256(g, h, a, &b, c, d, e, &f, 0x0fc19dc6 &+ w2)
        schedule256(&w3, w4, w12, w1)
        round256(f, g, h, &a, b, c, d, &e, 0x240ca1cc &+ w3)
        schedule256(&w4, w5, w13, w2)
        round256(e, f, g, &h, a, b, c, &d, 0x2de92c6f &+ w4)
        schedule256(&w5, w6, w14, w3)
        round256(d, e, f, &g, h, a, b, &c, 0x4a7484aa &+ w5)
        schedule256(&w6, w7, w15, w4)
        round256(c, d, e, &f, g, h, a, &b, 0x5cb0a9dc &+ w6)
        schedule256(&w7, w8, w0, w5)
        round256(b, c, d, &e, f, g, h, &a, 0x76f988da &+ w7)
        schedule256(&w8, w9, w1, w6)
        round256(a, b, c, &d, e, f, g, &h, 0x983e5152 &+ w8)
        schedule256(&w9, w10, w2, w7)
        round256(h, a, b, &c, d, e, f, &g, 0xa831c66d &+ w9)
        schedule256(&w10, w11, w3, w8)
        round256(g, h, a, &b, c, d, e, &f, 0xb00327c8 &+ w10)
        schedule256(&w11, w12, w4, w9)
        round256(f, g, h, &a, b, c, d, &e, 0xbf597fc7 &+ w11)
        schedule256(&w12, w13, w5, w10)
        round256(e, f, g, &h, a, b, c, &d, 0xc6e00bf3 &+ w12)
        schedule256(&w13, w14, w6, w11)
        round256(d, e, f, &g, h, a, b, &c, 0xd5a79147 &+ w13)
        schedule256(&w14, w15, w7, w12)
        round256(c, d, e, &f, g, h, a, &b, 0x06ca6351 &+ w14)
        schedule256(&w15, w0, w8, w13)
        round256(b, c, d, &e, f, g, h, &a, 0x14292967 &+ w15)
        schedule256(&w0, w1, w9, w14)
        round256(a, b, c, &d, e, f, g, &h, 0x27b70a85 &+ w0)
        schedule256(&w1, w2, w10, w15)
        round256(h, a, b, &c, d, e, f, &g, 0x2e1b2138 &+ w1)
        schedule256(&w2, w3, w11, w0)
        round256(g, h, a, &b, c, d, e, &f, 0x4d2c6dfc &+ w2)
        schedule256(&w3, w4, w12, w1)
        round256(f, g, h, &a, b, c, d, &e, 0x53380d13 &+ w3)
        schedule256(&w4, w5, w13, w2)
        round256(e, f, g, &h, a, b, c, &d, 0x650a7354 &+ w4)
        schedule256(&w5, w6, w14, w3)
        round256(d, e, f, &g, h, a, b, &c, 0x766a0abb &+ w5)
        schedule256(&w6, w7, w15, w4)
        round256(c, d, e, &f, g, h, a, &b, 0x81c2c92e &+ w6)
        schedule256(&w7, w8, w0, w5)
        round256(b, c, d, &e, f, g, h, &a, 0x92722c85 &+ w7)
        schedule256(&w8, w9, w1, w6)
        round256(a, b, c, &d, e, f, g, &h, 0xa2bfe8a1 &+ w8)
        schedule256(&w9, w10, w2, w7)
        round256(h, a, b, &c, d, e, f, &g, 0xa81a664b &+ w9)
        schedule256(&w10, w11, w3, w8)
        round256(g, h, a, &b, c, d, e, &f, 0xc24b8b70 &+ w10)
        schedule256(&w11, w12, w4, w9)
        round256(f, g, h, &a, b, c, d, &e, 0xc76c51a3 &+ w11)
        schedule256(&w12, w13, w5, w10)
        round256(e, f, g, &h, a, b, c, &d, 0xd192e819 &+ w12)
        schedule256(&w13, w14, w6, w11)
        round256(d, e, f, &g, h, a, b, &c, 0xd6990624 &+ w13)
        schedule256(&w14, w15, w7, w12)
        round256(c, d, e, &f, g, h, a, &b, 0xf40e3585 &+ w14)
        schedule256(&w15, w0, w8, w13)
        round256(b, c, d, &e, f, g, h, &a, 0x106aa070 &+ w15)
        schedule256(&w0, w1, w9, w14)
        round256(a, b, c, &d, e, f, g, &h, 0x19a4c116 &+ w0)
        schedule256(&w1, w2, w10, w15)
        round256(h, a, b, &c, d, e, f, &g, 0x1e376c08 &+ w1)
        schedule256(&w2, w3, w11, w0)
        round256(g, h, a, &b, c, d, e, &f, 0x2748774c &+ w2)
        schedule256(&w3, w4, w12, w1)
        round256(f, g, h, &a, b, c, d, &e, 0x34b0bcb5 &+ w3)
        schedule256(&w4, w5, w13, w2)
        round256(e, f, g, &h, a, b, c, &d, 0x391c0cb3 &+ w4)
        schedule256(&w5, w6, w14, w3)
        round256(d, e, f, &g, h, a, b, &c, 0x4ed8aa4a &+ w5)
        schedule256(&w6, w7, w15, w4)
        round256(c, d, e, &f, g, h, a, &b, 0x5b9cca4f &+ w6)
        schedule256(&w7, w8, w0, w5)
        round256(b, c, d, &e, f, g, h, &a, 0x682e6ff3 &+ w7)
        schedule256(&w8, w9, w1, w6)
        round256(a, b, c, &d, e, f, g, &h, 0x748f82ee &+ w8)
        schedule256(&w9, w10, w2, w7)
        round256(h, a, b, &c, d, e, f, &g, 0x78a5636f &+ w9)
        schedule256(&w10, w11, w3, w8)
        round256(g, h, a, &b, c, d, e, &f, 0x84c87814 &+ w10)
        schedule256(&w11, w12, w4, w9)
        round256(f, g, h, &a, b, c, d, &e, 0x8cc70208 &+ w11)
        schedule256(&w12, w13, w5, w10)
        round256(e, f, g, &h, a, b, c, &d, 0x90befffa &+ w12)
        schedule256(&w13, w14, w6, w11)
        round256(d, e, f, &g, h, a, b, &c, 0xa4506ceb &+ w13)
        schedule256(&w14, w15, w7, w12)
        round256(c, d, e, &f, g, h, a, &b, 0xbef9a3f7 &+ w14)
        schedule256(&w15, w0, w8, w13)
        round256(b, c, d, &e, f, g, h, &a, 0xc67178f2 &+ w15)
        // FIPS 180-4 §6.2.2 step 4: H(i) = H(i−1) + the working variables.
        state.0 &+= a
        state.1 &+= b
        state.2 &+= c
        state.3 &+= d
        state.4 &+= e
        state.5 &+= f
        state.6 &+= g
        state.7 &+= h
    }
}

// FIPS 180-4 §4.1.2, equations 4.2–4.7. ROTR^n(x) = (x >> n) | (x << (32 − n)).

@inline(__always)
private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }

/// W_t = σ1(W_(t−2)) + W_(t−7) + σ0(W_(t−15)) + W_(t−16), written into the slot of W_(t−16)
/// (FIPS 180-4 §6.2.2 step 1).
@inline(__always)
private func schedule256(_ w16: inout UInt32, _ w15: UInt32, _ w7: UInt32, _ w2: UInt32) {
    // σ0(x) = ROTR^7(x) ⊕ ROTR^18(x) ⊕ SHR^3(x) = ROTR^7(x ⊕ ROTR^11(x)) ⊕ SHR^3(x);
    // σ1(x) = ROTR^17(x) ⊕ ROTR^19(x) ⊕ SHR^10(x) = ROTR^17(x ⊕ ROTR^2(x)) ⊕ SHR^10(x).
    // (Rotation distributes over ⊕; the nested form needs fewer register copies.)
    let s0 = rotr(w15 ^ rotr(w15, 11), 7) ^ (w15 &>> 3)
    let s1 = rotr(w2 ^ rotr(w2, 2), 17) ^ (w2 &>> 10)
    w16 = s1 &+ w7 &+ s0 &+ w16
}

/// One round t of FIPS 180-4 §6.2.2 step 3, with the eight working variables renamed instead of
/// shifted: on return `h` holds T1 + T2 (the new a) and `d` holds d + T1 (the new e).
/// `kw` is K_t + W_t.
@inline(__always)
private func round256(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
) {
    // Σ1(x) = ROTR^6(x) ⊕ ROTR^11(x) ⊕ ROTR^25(x); Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z) = z ⊕ (x ∧ (y ⊕ z)).
    // Σ0 and Σ1 lie on the chain from one round to the next, so they are written as three
    // independent rotations (three operations deep) rather than nested as
    // ROTR(x ⊕ ROTR(x ⊕ ROTR(x))) (fewer instructions, five deep): 0.92× the time on AMD Zen 5 for
    // 9 % more instructions (Docs/PERFORMANCE.md). The schedule's σ0 and σ1 are off that chain and
    // stay nested. Additions are ordered so that Σ1, ready last, comes last.
    let t1 = h &+ kw &+ (g ^ (e & (f ^ g))) &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25))
    // Σ0(x) = ROTR^2(x) ⊕ ROTR^13(x) ⊕ ROTR^22(x);
    // Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z) = y ⊕ ((x ⊕ y) ∧ (y ⊕ z)).
    let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ (b ^ ((a ^ b) & (b ^ c)))
    d = d &+ t1
    h = t1 &+ t2
}
