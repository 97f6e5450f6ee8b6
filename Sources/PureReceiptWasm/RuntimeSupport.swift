// RuntimeSupport: the three symbols besides the allocator that Embedded Swift code compiled for
// wasm32 calls and that a C library or compiler-rt would provide; the module has neither (it imports
// nothing). Built into purereceipt.wasm only.
//
// - `__multi3`: 128-bit multiplication (the full-width 64-bit products of the bignum and hash code
//   lower to it on wasm32). Written with 32-bit halves, so it needs no 128-bit multiply itself.
// - `memcmp`: byte comparison.
// - `arc4random_buf`: the seed of the standard library's hashing (Set, Dictionary). The module has
//   no entropy source, so the bytes are a fixed pseudo-random sequence (splitmix64): hashing is
//   deterministic across instances. Hash flooding needs many keys in one table; every count the
//   library reads from input is capped (Limits, JSONLimits), which bounds what a chosen collision
//   can cost. No verdict depends on these bytes.

/// `__multi3(result, a.low, a.high, b.low, b.high)`: the low 128 bits of a × b, written to
/// `result` (low word first), as the wasm32 C ABI passes 128-bit values.
@_cdecl("__multi3")
func multiply128(
    _ result: UnsafeMutablePointer<UInt64>, _ aLow: UInt64, _ aHigh: UInt64, _ bLow: UInt64, _ bHigh: UInt64
) {
    let mask: UInt64 = 0xFFFF_FFFF
    let (a0, a1, b0, b1) = (aLow & mask, aLow >> 32, bLow & mask, bLow >> 32)
    // Each partial product of two 32-bit halves fits in 64 bits.
    let (p00, p01, p10, p11) = (a0 &* b0, a0 &* b1, a1 &* b0, a1 &* b1)
    let middle = (p00 >> 32) &+ (p01 & mask) &+ (p10 & mask)  // < 3 · 2^32: no overflow
    let low = (p00 & mask) | (middle << 32)
    // The high word wraps: only the low 128 bits of the product are asked for.
    let high = p11 &+ (p01 >> 32) &+ (p10 >> 32) &+ (middle >> 32) &+ aLow &* bHigh &+ aHigh &* bLow
    unsafe result.pointee = low
    unsafe (result + 1).pointee = high
}

/// `memcmp`: the sign of the first differing byte of `a` and `b` within `count` bytes, or 0.
@_cdecl("memcmp")
func compareMemory(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int32 {
    var index = 0
    while index < count {
        let (x, y) = unsafe (
            a.load(fromByteOffset: index, as: UInt8.self), b.load(fromByteOffset: index, as: UInt8.self)
        )
        if x != y { return x < y ? -1 : 1 }
        index += 1
    }
    return 0
}

/// The state of the fixed sequence `arc4random_buf` hands out (single-threaded module).
nonisolated(unsafe) private var sequenceState: UInt64 = 0x5075_7265_5265_6365  // "PureRece"

/// `arc4random_buf`: `count` bytes of the fixed splitmix64 sequence (not random: see above).
@_cdecl("arc4random_buf")
func fillSeedBytes(_ buffer: UnsafeMutableRawPointer, _ count: Int) {
    var state = unsafe sequenceState
    var index = 0
    while index < count {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        var byte = 0
        while byte < 8, index < count {
            unsafe buffer.storeBytes(
                of: UInt8(truncatingIfNeeded: z >> UInt64(byte * 8)), toByteOffset: index, as: UInt8.self)
            byte += 1
            index += 1
        }
    }
    unsafe sequenceState = state
}
