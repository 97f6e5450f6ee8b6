// Fixed-size message blocks for the SHA family: sixteen big-endian words held in a tuple, so a
// block never lives on the heap.
//
// Accepts: word and byte indices produced by the hash cores themselves (always in range).
// Does not check: anything on input — these types are filled only by SHA1/SHA256/SHA512 cores,
// which bound every index by the block size before calling in. An out-of-range index reads as zero
// and writes are ignored (no trap), which the cores never rely on.
//
// `BlockBuffer` is the part of FIPS 180-4 the three hash families share: the message fed in
// pieces, cut into blocks (§5.2), padded at the end (§5.1), and H(N) written out big-endian. Each
// family supplies only its state and compression function (`BlockCompressing`).
//
// Unsafe code: `load(_:at:)` is the only unsafe code in Hash/. It reads one whole block from the
// raw bytes of the caller's slice with unaligned big-endian loads, because per-byte bounds checks
// cost ~10 % of SHA-256's instructions (callgrind, 16 KiB: 3679 → 3284 instructions per block).
// Its caller, `BlockBuffer.update`, checks `raw.count − offset ≥ blockSize` before every call.

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

/// The state of one SHA family's hash and its compression function, driven by `BlockBuffer`.
protocol BlockCompressing: Sendable {
    associatedtype Word: FixedWidthInteger & UnsignedInteger & Sendable
    /// The intermediate hash value H(i): H0, H1, … in the first words, zeros after.
    var stateWords: MessageBlock<Word> { get }
    /// Folds one message block into the state (FIPS 180-4 §6.1.2, §6.2.2, §6.4.2).
    mutating func compress(_ m: MessageBlock<Word>)
}

/// A message fed in pieces of any size to `Core`: whole blocks of sixteen words are compressed as
/// they complete, the rest is held until more arrives or `finish` pads it.
struct BlockBuffer<Core: BlockCompressing>: Sendable {
    private var core: Core
    /// Bytes of the current partial block, `pendingCount` of them, big-endian within words; the
    /// rest is zero.
    private var pending = MessageBlock<Core.Word>.zero
    /// 0 ..< blockSize.
    private var pendingCount = 0
    /// Message length so far in bytes.
    private var byteCount: UInt64 = 0
    /// 64 bytes (32-bit words) or 128 (64-bit words).
    private static var blockSize: Int { 16 * MemoryLayout<Core.Word>.size }

    init(_ core: Core) { self.core = core }

    mutating func update(_ bytes: ArraySlice<UInt8>) {
        let size = Self.blockSize
        // Wraps only after 2^64 bytes, beyond every family's length limit (FIPS 180-4 §1).
        byteCount &+= UInt64(truncatingIfNeeded: bytes.count)
        var i = bytes.startIndex
        let end = bytes.endIndex
        if pendingCount > 0 {
            while pendingCount < size && i < end {
                pending.setByte(pendingCount, bytes[i])
                pendingCount += 1
                i += 1
            }
            if pendingCount < size { return }
            core.compress(pending)
            pending = .zero
            pendingCount = 0
        }
        if end - i >= size {
            let start = bytes.startIndex
            var state = core  // a local copy, so that the state stays in registers across blocks
            let done = unsafe bytes.withUnsafeBytes { raw in
                var offset = i - start
                // Whole blocks only: offset ≥ 0 and raw.count − offset ≥ size before every load.
                while raw.count - offset >= size {
                    state.compress(unsafe MessageBlock<Core.Word>.load(raw, at: offset))
                    offset += size
                }
                return offset
            }
            core = state
            i = start + done
        }
        while i < end {
            pending.setByte(pendingCount, bytes[i])
            pendingCount += 1
            i += 1
        }
    }

    /// Pads, compresses the last block(s), and returns the first `words` words of H(N) as bytes.
    mutating func finish(words: Int) -> [UInt8] {
        // FIPS 180-4 §5.1.1 (SHA-1, SHA-256): "append the bit '1' to the end of the message, followed
        // by k zero bits, where k is the smallest, non-negative solution to ℓ + 1 + k ≡ 448 mod 512.
        // Then append the 64-bit block that is equal to the number ℓ expressed using a binary
        // representation."
        // FIPS 180-4 §5.1.2 (SHA-384, SHA-512): "append the bit '1' to the end of the message,
        // followed by k zero bits, where k is the smallest non-negative solution to the equation
        // ℓ + 1 + k ≡ 896 mod 1024. Then append the 128-bit block that is equal to the number ℓ
        // expressed using a binary representation."
        // Either way ℓ fills the block's last two words. Byte-oriented: ℓ = 8 · byteCount (as 128
        // bits, its high 64 are byteCount >> 61); the '1' bit and seven zero bits are the byte 0x80.
        let bitLength = byteCount &<< 3
        pending.setByte(pendingCount, 0x80)
        if pendingCount >= Self.blockSize - 2 * MemoryLayout<Core.Word>.size {
            // No room left for the length in this block: it goes in one more block of zeros.
            core.compress(pending)
            pending = .zero
        }
        let wide = Core.Word.bitWidth == 64
        pending.w.14 = Core.Word(truncatingIfNeeded: wide ? byteCount &>> 61 : bitLength &>> 32)
        pending.w.15 = Core.Word(truncatingIfNeeded: bitLength)
        core.compress(pending)
        // FIPS 180-4 §6.1.2: "the resulting 160-bit message digest of the message, M, is
        // H0 ‖ H1 ‖ H2 ‖ H3 ‖ H4"; §6.2.2 and §6.4.2 the same with H0 ... H7 (256 and 512 bits);
        // SHA-224 and SHA-384 keep the leftmost 7 or 6 words (§6.3, §6.5). Big-endian words.
        let size = MemoryLayout<Core.Word>.size
        let h = core.stateWords
        let count = min(max(words, 0), 8)
        var out = [UInt8](repeating: 0, count: count * size)
        func put(_ n: Int, _ word: Core.Word) {
            guard n < count else { return }
            for j in 0..<size { out[n * size + j] = UInt8(truncatingIfNeeded: word &>> ((size - 1 - j) * 8)) }
        }
        put(0, h.w.0)
        put(1, h.w.1)
        put(2, h.w.2)
        put(3, h.w.3)
        put(4, h.w.4)
        put(5, h.w.5)
        put(6, h.w.6)
        put(7, h.w.7)
        return out
    }
}
