// SHA-256 and SHA-224 (FIPS 180-4 §6.2 and §6.3), byte-oriented.
//
// Accepts: any sequence of whole bytes, fed in pieces of any size.
// Does not check: the 2^64 − 1 bit message length limit of FIPS 180-4 §1 (see HashFunction.swift).
// Timing depends only on the message length, never on its contents.
//
// The compression function is SHA2.swift's, on 32-bit words; this file holds what is particular to
// them: the initial hash values, the 64 round constants and the rotation amounts of Σ0, Σ1, σ0, σ1.

/// SHA-256 (FIPS 180-4 §6.2): 32-byte digest.
public struct SHA256: HashFunction, BlockHashFunction {
    public static var digestSize: Int { 32 }

    // FIPS 180-4 §5.3.3: H(0) = the first 32 bits of the fractional parts of the square roots of the
    // first eight primes.
    static let initialHash: SHA2Core<UInt32>.State = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )

    var core = BlockBuffer(SHA2Core(state: initialHash))

    public init() {}
}

/// SHA-224 (FIPS 180-4 §6.3): SHA-256 with its own initial value, truncated to 28 bytes.
public struct SHA224: HashFunction, BlockHashFunction {
    public static var digestSize: Int { 28 }

    // FIPS 180-4 §5.3.2: H(0) = the second 32 bits of the fractional parts of the square roots of
    // the 9th through 16th primes.
    static let initialHash: SHA2Core<UInt32>.State = (
        0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
        0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
    )

    var core = BlockBuffer(SHA2Core(state: initialHash))

    public init() {}
}

extension UInt32: SHA2Word {
    // FIPS 180-4 §4.2.2: K_0 ... K_63 are the first 32 bits of the fractional parts of the cube roots
    // of the first sixty-four primes.
    @inline(__always)
    static func roundConstants(_ pass: Int) -> MessageBlock<UInt32> {
        switch pass {
        case 0:
            MessageBlock(
                w: (
                    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
                    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
                ))
        case 1:
            MessageBlock(
                w: (
                    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
                    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
                ))
        case 2:
            MessageBlock(
                w: (
                    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
                    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
                ))
        default:
            MessageBlock(
                w: (
                    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
                    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
                ))
        }
    }

    // FIPS 180-4 §4.1.2, equations 4.4–4.7.
    // Σ0 and Σ1 lie on the chain from one round to the next, so they are written as three
    // independent rotations (three operations deep) rather than nested as
    // ROTR(x ⊕ ROTR(x ⊕ ROTR(x))) (fewer instructions, five deep): 0.92× the time on AMD Zen 5 for
    // 9 % more instructions (Docs/PERFORMANCE.md). The schedule's σ0 and σ1 are off that chain and
    // stay nested (rotation distributes over ⊕; the nested form needs fewer register copies).

    /// Σ0(x) = ROTR^2(x) ⊕ ROTR^13(x) ⊕ ROTR^22(x).
    @inline(__always)
    static func bigSigma0(_ x: UInt32) -> UInt32 { rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22) }

    /// Σ1(x) = ROTR^6(x) ⊕ ROTR^11(x) ⊕ ROTR^25(x).
    @inline(__always)
    static func bigSigma1(_ x: UInt32) -> UInt32 { rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25) }

    /// σ0(x) = ROTR^7(x) ⊕ ROTR^18(x) ⊕ SHR^3(x) = ROTR^7(x ⊕ ROTR^11(x)) ⊕ SHR^3(x).
    @inline(__always)
    static func smallSigma0(_ x: UInt32) -> UInt32 { rotr(x ^ rotr(x, 11), 7) ^ (x &>> 3) }

    /// σ1(x) = ROTR^17(x) ⊕ ROTR^19(x) ⊕ SHR^10(x) = ROTR^17(x ⊕ ROTR^2(x)) ⊕ SHR^10(x).
    @inline(__always)
    static func smallSigma1(_ x: UInt32) -> UInt32 { rotr(x ^ rotr(x, 2), 17) ^ (x &>> 10) }
}
