// Fixed-size message blocks for the SHA family: sixteen big-endian words held in a tuple, so a
// block never lives on the heap.
//
// Accepts: word and byte indices produced by the hash cores themselves (always in range).
// Does not check: anything on input — these types are filled only by SHA1/SHA256/SHA512 cores,
// which bound every index by the block size before calling in. An out-of-range index reads as zero
// and writes are ignored (no trap), which the cores never rely on.
//
// Unsafe code: `load(_:at:)` is the only unsafe code in Hash/. It reads one whole block from the
// raw bytes of the caller's slice with unaligned big-endian loads, because per-byte bounds checks
// cost ~10 % of SHA-256's instructions (callgrind, 16 KiB: 3679 → 3284 instructions per block).
// Its callers, the `update` loops, check `raw.count − offset ≥ blockSize` before every call.

/// One 512-bit block M(i) as sixteen 32-bit words (SHA-1, SHA-224, SHA-256).
///
/// FIPS 180-4 §5.2.1: "the message and its padding are parsed into N 512-bit blocks ... the first 32
/// bits of message block i are denoted M(i)_0, the next 32 bits are M(i)_1, and so on up to M(i)_15."
struct MessageBlock32: Sendable {
    typealias Words = (
        UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
        UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32
    )
    var w: Words

    static var zero: MessageBlock32 { MessageBlock32(w: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }

    /// Reads 64 bytes starting at byte `offset` of `raw` as sixteen big-endian words.
    /// The caller guarantees `offset ≥ 0` and `raw.count − offset ≥ 64`.
    @inline(__always)
    static func load(_ raw: UnsafeRawBufferPointer, at offset: Int) -> MessageBlock32 {
        @inline(__always) func be(_ j: Int) -> UInt32 {
            // j ≤ 60: bytes offset + j ..< offset + j + 4 lie inside the 64 the caller guarantees.
            UInt32(bigEndian: unsafe raw.loadUnaligned(fromByteOffset: offset &+ j, as: UInt32.self))
        }
        return MessageBlock32(
            w: (
                be(0), be(4), be(8), be(12), be(16), be(20), be(24), be(28),
                be(32), be(36), be(40), be(44), be(48), be(52), be(56), be(60)
            ))
    }

    /// Word `index` (0...15).
    subscript(index: Int) -> UInt32 {
        get {
            switch index {
            case 0: return w.0
            case 1: return w.1
            case 2: return w.2
            case 3: return w.3
            case 4: return w.4
            case 5: return w.5
            case 6: return w.6
            case 7: return w.7
            case 8: return w.8
            case 9: return w.9
            case 10: return w.10
            case 11: return w.11
            case 12: return w.12
            case 13: return w.13
            case 14: return w.14
            case 15: return w.15
            default: return 0
            }
        }
        set {
            switch index {
            case 0: w.0 = newValue
            case 1: w.1 = newValue
            case 2: w.2 = newValue
            case 3: w.3 = newValue
            case 4: w.4 = newValue
            case 5: w.5 = newValue
            case 6: w.6 = newValue
            case 7: w.7 = newValue
            case 8: w.8 = newValue
            case 9: w.9 = newValue
            case 10: w.10 = newValue
            case 11: w.11 = newValue
            case 12: w.12 = newValue
            case 13: w.13 = newValue
            case 14: w.14 = newValue
            case 15: w.15 = newValue
            default: break
            }
        }
    }

    /// ORs `value` into byte `index` (0...63, big-endian within each word). The byte must be zero.
    @inline(__always)
    mutating func setByte(_ index: Int, _ value: UInt8) {
        let shift = UInt32(3 &- (index & 3)) &* 8
        self[index >> 2] |= UInt32(value) &<< shift
    }
}

/// One 1024-bit block M(i) as sixteen 64-bit words (SHA-384, SHA-512).
///
/// FIPS 180-4 §5.2.2: "the message and its padding are parsed into N 1024-bit blocks ... the first
/// 64 bits of message block i are denoted M(i)_0, the next 64 bits are M(i)_1, and so on up to
/// M(i)_15."
struct MessageBlock64: Sendable {
    typealias Words = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )
    var w: Words

    static var zero: MessageBlock64 { MessageBlock64(w: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }

    /// Reads 128 bytes starting at byte `offset` of `raw` as sixteen big-endian words.
    /// The caller guarantees `offset ≥ 0` and `raw.count − offset ≥ 128`.
    @inline(__always)
    static func load(_ raw: UnsafeRawBufferPointer, at offset: Int) -> MessageBlock64 {
        @inline(__always) func be(_ j: Int) -> UInt64 {
            // j ≤ 120: bytes offset + j ..< offset + j + 8 lie inside the 128 the caller guarantees.
            UInt64(bigEndian: unsafe raw.loadUnaligned(fromByteOffset: offset &+ j, as: UInt64.self))
        }
        return MessageBlock64(
            w: (
                be(0), be(8), be(16), be(24), be(32), be(40), be(48), be(56),
                be(64), be(72), be(80), be(88), be(96), be(104), be(112), be(120)
            ))
    }

    /// Word `index` (0...15).
    subscript(index: Int) -> UInt64 {
        get {
            switch index {
            case 0: return w.0
            case 1: return w.1
            case 2: return w.2
            case 3: return w.3
            case 4: return w.4
            case 5: return w.5
            case 6: return w.6
            case 7: return w.7
            case 8: return w.8
            case 9: return w.9
            case 10: return w.10
            case 11: return w.11
            case 12: return w.12
            case 13: return w.13
            case 14: return w.14
            case 15: return w.15
            default: return 0
            }
        }
        set {
            switch index {
            case 0: w.0 = newValue
            case 1: w.1 = newValue
            case 2: w.2 = newValue
            case 3: w.3 = newValue
            case 4: w.4 = newValue
            case 5: w.5 = newValue
            case 6: w.6 = newValue
            case 7: w.7 = newValue
            case 8: w.8 = newValue
            case 9: w.9 = newValue
            case 10: w.10 = newValue
            case 11: w.11 = newValue
            case 12: w.12 = newValue
            case 13: w.13 = newValue
            case 14: w.14 = newValue
            case 15: w.15 = newValue
            default: break
            }
        }
    }

    /// ORs `value` into byte `index` (0...127, big-endian within each word). The byte must be zero.
    @inline(__always)
    mutating func setByte(_ index: Int, _ value: UInt8) {
        let shift = UInt64(7 &- (index & 7)) &* 8
        self[index >> 3] |= UInt64(value) &<< shift
    }
}
