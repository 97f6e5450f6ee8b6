// SHA-512 and SHA-384 (FIPS 180-4 §6.4 and §6.5), byte-oriented.
//
// Accepts: any sequence of whole bytes, fed in pieces of any size.
// Does not check: the 2^128 − 1 bit message length limit of FIPS 180-4 §1; the byte counter is 64
// bits, so messages of 2^64 bytes or more (unreachable in practice) would get a wrong length field.
// Timing depends only on the message length, never on its contents.
//
// FIPS 180-4 §3.2: "addition (+) is performed modulo 2^64" for SHA-384/512 — every `&+` on UInt64
// in this file is that addition; wrapping is the specified behaviour, not an overflow.

/// SHA-512 (FIPS 180-4 §6.4): 64-byte digest.
public struct SHA512: HashFunction {
    public static var digestSize: Int { 64 }
    public static var blockSize: Int { 128 }

    // FIPS 180-4 §5.3.5: H(0) = the first 64 bits of the fractional parts of the square roots of the
    // first eight primes.
    static let initialHash: SHA512Core.State = (
        0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179
    )

    private var core = BlockBuffer(SHA512Core(state: initialHash))

    public init() {}

    public mutating func update(_ bytes: [UInt8]) { core.update(bytes[...]) }

    public mutating func update(_ bytes: ArraySlice<UInt8>) { core.update(bytes) }

    public mutating func finalize() -> [UInt8] {
        let digest = core.finish(words: 8)
        self = SHA512()
        return digest
    }
}

/// SHA-384 (FIPS 180-4 §6.5): SHA-512 with its own initial value, truncated to 48 bytes.
public struct SHA384: HashFunction {
    public static var digestSize: Int { 48 }
    public static var blockSize: Int { 128 }

    // FIPS 180-4 §5.3.4: H(0) = the first 64 bits of the fractional parts of the square roots of the
    // 9th through 16th primes.
    static let initialHash: SHA512Core.State = (
        0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
        0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4
    )

    private var core = BlockBuffer(SHA512Core(state: initialHash))

    public init() {}

    public mutating func update(_ bytes: [UInt8]) { core.update(bytes[...]) }

    public mutating func update(_ bytes: ArraySlice<UInt8>) { core.update(bytes) }

    public mutating func finalize() -> [UInt8] {
        // FIPS 180-4 §6.5: "The 384-bit message digest ... is H0 ‖ H1 ‖ ... ‖ H5", the leftmost 384 bits.
        let digest = core.finish(words: 6)
        self = SHA384()
        return digest
    }
}

/// The SHA-512 state and compression function, shared by SHA-512 and SHA-384.
struct SHA512Core: BlockCompressing {
    typealias State = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The intermediate hash value H(i).
    var state: State

    var stateWords: MessageBlock64 {
        MessageBlock(
            w: (state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// FIPS 180-4 §6.4.2: the SHA-512 hash computation for one message block.
    /// The message schedule W_t lives in sixteen locals used as a ring (W_t overwrites W_(t−16)).
    @inline(__always)
    mutating func compress(_ m: MessageBlock64) {
        var (w0, w1, w2, w3, w4, w5, w6, w7) = (m.w.0, m.w.1, m.w.2, m.w.3, m.w.4, m.w.5, m.w.6, m.w.7)
        var (w8, w9, w10, w11, w12, w13, w14, w15) = (m.w.8, m.w.9, m.w.10, m.w.11, m.w.12, m.w.13, m.w.14, m.w.15)
        var (a, b, c, d, e, f, g, h) = state
        // FIPS 180-4 §4.2.3: K_0 ... K_79 are the first 64 bits of the fractional parts of the cube
        // roots of the first eighty primes; they appear below as the round constants in order.
        round512(a, b, c, &d, e, f, g, &h, 0x428a2f98d728ae22 &+ w0)
        round512(h, a, b, &c, d, e, f, &g, 0x7137449123ef65cd &+ w1)
        round512(g, h, a, &b, c, d, e, &f, 0xb5c0fbcfec4d3b2f &+ w2)
        round512(f, g, h, &a, b, c, d, &e, 0xe9b5dba58189dbbc &+ w3)
        round512(e, f, g, &h, a, b, c, &d, 0x3956c25bf348b538 &+ w4)
        round512(d, e, f, &g, h, a, b, &c, 0x59f111f1b605d019 &+ w5)
        round512(c, d, e, &f, g, h, a, &b, 0x923f82a4af194f9b &+ w6)
        round512(b, c, d, &e, f, g, h, &a, 0xab1c5ed5da6d8118 &+ w7)
        round512(a, b, c, &d, e, f, g, &h, 0xd807aa98a3030242 &+ w8)
        round512(h, a, b, &c, d, e, f, &g, 0x12835b0145706fbe &+ w9)
        round512(g, h, a, &b, c, d, e, &f, 0x243185be4ee4b28c &+ w10)
        round512(f, g, h, &a, b, c, d, &e, 0x550c7dc3d5ffb4e2 &+ w11)
        round512(e, f, g, &h, a, b, c, &d, 0x72be5d74f27b896f &+ w12)
        round512(d, e, f, &g, h, a, b, &c, 0x80deb1fe3b1696b1 &+ w13)
        round512(c, d, e, &f, g, h, a, &b, 0x9bdc06a725c71235 &+ w14)
        round512(b, c, d, &e, f, g, h, &a, 0xc19bf174cf692694 &+ w15)
        schedule512(&w0, w1, w9, w14)
        round512(a, b, c, &d, e, f, g, &h, 0xe49b69c19ef14ad2 &+ w0)
        schedule512(&w1, w2, w10, w15)
        round512(h, a, b, &c, d, e, f, &g, 0xefbe4786384f25e3 &+ w1)
        schedule512(&w2, w3, w11, w0)
        round512(g, h, a, &b, c, d, e, &f, 0x0fc19dc68b8cd5b5 &+ w2)
        schedule512(&w3, w4, w12, w1)
        round512(f, g, h, &a, b, c, d, &e, 0x240ca1cc77ac9c65 &+ w3)
        schedule512(&w4, w5, w13, w2)
        round512(e, f, g, &h, a, b, c, &d, 0x2de92c6f592b0275 &+ w4)
        schedule512(&w5, w6, w14, w3)
        round512(d, e, f, &g, h, a, b, &c, 0x4a7484aa6ea6e483 &+ w5)
        schedule512(&w6, w7, w15, w4)
        round512(c, d, e, &f, g, h, a, &b, 0x5cb0a9dcbd41fbd4 &+ w6)
        schedule512(&w7, w8, w0, w5)
        round512(b, c, d, &e, f, g, h, &a, 0x76f988da831153b5 &+ w7)
        schedule512(&w8, w9, w1, w6)
        round512(a, b, c, &d, e, f, g, &h, 0x983e5152ee66dfab &+ w8)
        schedule512(&w9, w10, w2, w7)
        round512(h, a, b, &c, d, e, f, &g, 0xa831c66d2db43210 &+ w9)
        schedule512(&w10, w11, w3, w8)
        round512(g, h, a, &b, c, d, e, &f, 0xb00327c898fb213f &+ w10)
        schedule512(&w11, w12, w4, w9)
        round512(f, g, h, &a, b, c, d, &e, 0xbf597fc7beef0ee4 &+ w11)
        schedule512(&w12, w13, w5, w10)
        round512(e, f, g, &h, a, b, c, &d, 0xc6e00bf33da88fc2 &+ w12)
        schedule512(&w13, w14, w6, w11)
        round512(d, e, f, &g, h, a, b, &c, 0xd5a79147930aa725 &+ w13)
        schedule512(&w14, w15, w7, w12)
        round512(c, d, e, &f, g, h, a, &b, 0x06ca6351e003826f &+ w14)
        schedule512(&w15, w0, w8, w13)
        round512(b, c, d, &e, f, g, h, &a, 0x142929670a0e6e70 &+ w15)
        schedule512(&w0, w1, w9, w14)
        round512(a, b, c, &d, e, f, g, &h, 0x27b70a8546d22ffc &+ w0)
        schedule512(&w1, w2, w10, w15)
        round512(h, a, b, &c, d, e, f, &g, 0x2e1b21385c26c926 &+ w1)
        schedule512(&w2, w3, w11, w0)
        round512(g, h, a, &b, c, d, e, &f, 0x4d2c6dfc5ac42aed &+ w2)
        schedule512(&w3, w4, w12, w1)
        round512(f, g, h, &a, b, c, d, &e, 0x53380d139d95b3df &+ w3)
        schedule512(&w4, w5, w13, w2)
        round512(e, f, g, &h, a, b, c, &d, 0x650a73548baf63de &+ w4)
        schedule512(&w5, w6, w14, w3)
        round512(d, e, f, &g, h, a, b, &c, 0x766a0abb3c77b2a8 &+ w5)
        schedule512(&w6, w7, w15, w4)
        round512(c, d, e, &f, g, h, a, &b, 0x81c2c92e47edaee6 &+ w6)
        schedule512(&w7, w8, w0, w5)
        round512(b, c, d, &e, f, g, h, &a, 0x92722c851482353b &+ w7)
        schedule512(&w8, w9, w1, w6)
        round512(a, b, c, &d, e, f, g, &h, 0xa2bfe8a14cf10364 &+ w8)
        schedule512(&w9, w10, w2, w7)
        round512(h, a, b, &c, d, e, f, &g, 0xa81a664bbc423001 &+ w9)
        schedule512(&w10, w11, w3, w8)
        round512(g, h, a, &b, c, d, e, &f, 0xc24b8b70d0f89791 &+ w10)
        schedule512(&w11, w12, w4, w9)
        round512(f, g, h, &a, b, c, d, &e, 0xc76c51a30654be30 &+ w11)
        schedule512(&w12, w13, w5, w10)
        round512(e, f, g, &h, a, b, c, &d, 0xd192e819d6ef5218 &+ w12)
        schedule512(&w13, w14, w6, w11)
        round512(d, e, f, &g, h, a, b, &c, 0xd69906245565a910 &+ w13)
        schedule512(&w14, w15, w7, w12)
        round512(c, d, e, &f, g, h, a, &b, 0xf40e35855771202a &+ w14)
        schedule512(&w15, w0, w8, w13)
        round512(b, c, d, &e, f, g, h, &a, 0x106aa07032bbd1b8 &+ w15)
        schedule512(&w0, w1, w9, w14)
        round512(a, b, c, &d, e, f, g, &h, 0x19a4c116b8d2d0c8 &+ w0)
        schedule512(&w1, w2, w10, w15)
        round512(h, a, b, &c, d, e, f, &g, 0x1e376c085141ab53 &+ w1)
        schedule512(&w2, w3, w11, w0)
        round512(g, h, a, &b, c, d, e, &f, 0x2748774cdf8eeb99 &+ w2)
        schedule512(&w3, w4, w12, w1)
        round512(f, g, h, &a, b, c, d, &e, 0x34b0bcb5e19b48a8 &+ w3)
        schedule512(&w4, w5, w13, w2)
        round512(e, f, g, &h, a, b, c, &d, 0x391c0cb3c5c95a63 &+ w4)
        schedule512(&w5, w6, w14, w3)
        round512(d, e, f, &g, h, a, b, &c, 0x4ed8aa4ae3418acb &+ w5)
        schedule512(&w6, w7, w15, w4)
        round512(c, d, e, &f, g, h, a, &b, 0x5b9cca4f7763e373 &+ w6)
        schedule512(&w7, w8, w0, w5)
        round512(b, c, d, &e, f, g, h, &a, 0x682e6ff3d6b2b8a3 &+ w7)
        schedule512(&w8, w9, w1, w6)
        round512(a, b, c, &d, e, f, g, &h, 0x748f82ee5defb2fc &+ w8)
        schedule512(&w9, w10, w2, w7)
        round512(h, a, b, &c, d, e, f, &g, 0x78a5636f43172f60 &+ w9)
        schedule512(&w10, w11, w3, w8)
        round512(g, h, a, &b, c, d, e, &f, 0x84c87814a1f0ab72 &+ w10)
        schedule512(&w11, w12, w4, w9)
        round512(f, g, h, &a, b, c, d, &e, 0x8cc702081a6439ec &+ w11)
        schedule512(&w12, w13, w5, w10)
        round512(e, f, g, &h, a, b, c, &d, 0x90befffa23631e28 &+ w12)
        schedule512(&w13, w14, w6, w11)
        round512(d, e, f, &g, h, a, b, &c, 0xa4506cebde82bde9 &+ w13)
        schedule512(&w14, w15, w7, w12)
        round512(c, d, e, &f, g, h, a, &b, 0xbef9a3f7b2c67915 &+ w14)
        schedule512(&w15, w0, w8, w13)
        round512(b, c, d, &e, f, g, h, &a, 0xc67178f2e372532b &+ w15)
        schedule512(&w0, w1, w9, w14)
        round512(a, b, c, &d, e, f, g, &h, 0xca273eceea26619c &+ w0)
        schedule512(&w1, w2, w10, w15)
        round512(h, a, b, &c, d, e, f, &g, 0xd186b8c721c0c207 &+ w1)
        schedule512(&w2, w3, w11, w0)
        round512(g, h, a, &b, c, d, e, &f, 0xeada7dd6cde0eb1e &+ w2)
        schedule512(&w3, w4, w12, w1)
        round512(f, g, h, &a, b, c, d, &e, 0xf57d4f7fee6ed178 &+ w3)
        schedule512(&w4, w5, w13, w2)
        round512(e, f, g, &h, a, b, c, &d, 0x06f067aa72176fba &+ w4)
        schedule512(&w5, w6, w14, w3)
        round512(d, e, f, &g, h, a, b, &c, 0x0a637dc5a2c898a6 &+ w5)
        schedule512(&w6, w7, w15, w4)
        round512(c, d, e, &f, g, h, a, &b, 0x113f9804bef90dae &+ w6)
        schedule512(&w7, w8, w0, w5)
        round512(b, c, d, &e, f, g, h, &a, 0x1b710b35131c471b &+ w7)
        schedule512(&w8, w9, w1, w6)
        round512(a, b, c, &d, e, f, g, &h, 0x28db77f523047d84 &+ w8)
        schedule512(&w9, w10, w2, w7)
        round512(h, a, b, &c, d, e, f, &g, 0x32caab7b40c72493 &+ w9)
        schedule512(&w10, w11, w3, w8)
        round512(g, h, a, &b, c, d, e, &f, 0x3c9ebe0a15c9bebc &+ w10)
        schedule512(&w11, w12, w4, w9)
        round512(f, g, h, &a, b, c, d, &e, 0x431d67c49c100d4c &+ w11)
        schedule512(&w12, w13, w5, w10)
        round512(e, f, g, &h, a, b, c, &d, 0x4cc5d4becb3e42b6 &+ w12)
        schedule512(&w13, w14, w6, w11)
        round512(d, e, f, &g, h, a, b, &c, 0x597f299cfc657e2a &+ w13)
        schedule512(&w14, w15, w7, w12)
        round512(c, d, e, &f, g, h, a, &b, 0x5fcb6fab3ad6faec &+ w14)
        schedule512(&w15, w0, w8, w13)
        round512(b, c, d, &e, f, g, h, &a, 0x6c44198c4a475817 &+ w15)
        // FIPS 180-4 §6.4.2 step 4: H(i) = H(i−1) + the working variables.
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

// FIPS 180-4 §4.1.3, equations 4.10–4.13. ROTR^n(x) = (x >> n) | (x << (64 − n)).

@inline(__always)
private func rotr(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &>> n) | (x &<< (64 &- n)) }

/// W_t = σ1(W_(t−2)) + W_(t−7) + σ0(W_(t−15)) + W_(t−16), written into the slot of W_(t−16)
/// (FIPS 180-4 §6.4.2 step 1).
@inline(__always)
private func schedule512(_ w16: inout UInt64, _ w15: UInt64, _ w7: UInt64, _ w2: UInt64) {
    // σ0(x) = ROTR^1(x) ⊕ ROTR^8(x) ⊕ SHR^7(x) = ROTR^1(x ⊕ ROTR^7(x)) ⊕ SHR^7(x);
    // σ1(x) = ROTR^19(x) ⊕ ROTR^61(x) ⊕ SHR^6(x) = ROTR^19(x ⊕ ROTR^42(x)) ⊕ SHR^6(x).
    // (Rotation distributes over ⊕; the nested form needs fewer register copies.)
    let s0 = rotr(w15 ^ rotr(w15, 7), 1) ^ (w15 &>> 7)
    let s1 = rotr(w2 ^ rotr(w2, 42), 19) ^ (w2 &>> 6)
    w16 = s1 &+ w7 &+ s0 &+ w16
}

/// One round t of FIPS 180-4 §6.4.2 step 3, with the eight working variables renamed instead of
/// shifted: on return `h` holds T1 + T2 (the new a) and `d` holds d + T1 (the new e).
/// `kw` is K_t + W_t.
@inline(__always)
private func round512(
    _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
    _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64, _ kw: UInt64
) {
    // Σ1(x) = ROTR^14(x) ⊕ ROTR^18(x) ⊕ ROTR^41(x) = ROTR^14(x ⊕ ROTR^4(x ⊕ ROTR^23(x)));
    // Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z) = z ⊕ (x ∧ (y ⊕ z)).
    let t1 = h &+ rotr(e ^ rotr(e ^ rotr(e, 23), 4), 14) &+ (g ^ (e & (f ^ g))) &+ kw
    // Σ0(x) = ROTR^28(x) ⊕ ROTR^34(x) ⊕ ROTR^39(x) = ROTR^28(x ⊕ ROTR^6(x ⊕ ROTR^5(x)));
    // Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z) = y ⊕ ((x ⊕ y) ∧ (y ⊕ z)).
    let t2 = rotr(a ^ rotr(a ^ rotr(a, 5), 6), 28) &+ (b ^ ((a ^ b) & (b ^ c)))
    d = d &+ t1
    h = t1 &+ t2
}
