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
typealias MessageBlock32 = MessageBlock<UInt32>

/// One 1024-bit block M(i) as sixteen 64-bit words (SHA-384, SHA-512).
///
/// FIPS 180-4 §5.2.2: "the message and its padding are parsed into N 1024-bit blocks ... the first
/// 64 bits of message block i are denoted M(i)_0, the next 64 bits are M(i)_1, and so on up to
/// M(i)_15."
typealias MessageBlock64 = MessageBlock<UInt64>

/// Sixteen big-endian words of `Word` (UInt32 or UInt64): one block of 16 · `Word.bitWidth` bits.
/// Generic so both sizes share one reviewed body; the compiler specialises it for each word type
/// (measured: the same instructions per block as the two hand-written copies it replaced).
struct MessageBlock<Word: FixedWidthInteger & UnsignedInteger & Sendable>: Sendable {
    typealias Words = (Word, Word, Word, Word, Word, Word, Word, Word, Word, Word, Word, Word, Word, Word, Word, Word)
    var w: Words

    static var zero: MessageBlock { MessageBlock(w: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }

    /// Reads 16 words starting at byte `offset` of `raw` as big-endian words.
    /// The caller guarantees `offset ≥ 0` and `raw.count − offset ≥ 16 · MemoryLayout<Word>.size`.
    @inline(__always)
    static func load(_ raw: UnsafeRawBufferPointer, at offset: Int) -> MessageBlock {
        @inline(__always) func be(_ i: Int) -> Word {
            // i ≤ 15: the word's bytes lie inside the 16 words the caller guarantees.
            let j = offset &+ i &* MemoryLayout<Word>.size
            return Word(bigEndian: unsafe raw.loadUnaligned(fromByteOffset: j, as: Word.self))
        }
        return MessageBlock(
            w: (
                be(0), be(1), be(2), be(3), be(4), be(5), be(6), be(7),
                be(8), be(9), be(10), be(11), be(12), be(13), be(14), be(15)
            ))
    }

    /// Word `index` (0...15).
    subscript(index: Int) -> Word {
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

    /// ORs `value` into byte `index` (0 ..< 16 · size, big-endian within each word). The byte must be zero.
    @inline(__always)
    mutating func setByte(_ index: Int, _ value: UInt8) {
        let size = MemoryLayout<Word>.size  // 4 or 8
        let shift = (size &- 1 &- (index & (size &- 1))) &* 8
        self[index / size] |= Word(value) &<< shift
    }
}
