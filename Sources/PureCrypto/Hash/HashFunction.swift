// The streaming hash interface shared by SHA-1, SHA-224, SHA-256, SHA-384 and SHA-512.
//
// Accepts: byte-oriented messages only (FIPS 180-4 allows any bit length; every caller in this
// package hashes whole bytes, so messages whose length is not a multiple of 8 bits are not
// representable here).
// Does not check: the FIPS 180-4 §1 maximum message length (2^64 − 1 bits for SHA-1/224/256,
// 2^128 − 1 bits for SHA-384/512). A byte counter of 64 bits cannot be exhausted by any real
// input (2^61 bytes = 2 EiB), so no check is spent on it.

/// A streaming message digest (FIPS 180-4).
///
/// Feed bytes with `update` any number of times, then call `finalize()` once. All state is held in
/// fixed-size stored properties: hashing never allocates, except for the returned digest array.
public protocol HashFunction: Sendable {
    /// Digest length in bytes.
    static var digestSize: Int { get }
    /// Compression block length in bytes (FIPS 180-4 §1, Figure 1).
    static var blockSize: Int { get }

    /// A fresh hash state, set to the algorithm's initial hash value.
    init()

    /// Appends `bytes` to the message.
    mutating func update(_ bytes: [UInt8])

    /// Appends `bytes` to the message, reading the slice in place (no copy).
    mutating func update(_ bytes: ArraySlice<UInt8>)

    /// Pads the message, returns its digest, and resets `self` to the initial state.
    ///
    /// The value is spent afterwards: further `update` calls start a new, unrelated message.
    mutating func finalize() -> [UInt8]
}

extension HashFunction {
    /// One-shot digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = Self()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// One-shot digest of `bytes`, read in place.
    public static func hash(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var hasher = Self()
        hasher.update(bytes)
        return hasher.finalize()
    }
}

/// One of this package's five hash functions: its whole state is a `BlockBuffer` over its family's
/// compression function, started from the algorithm's initial hash value H(0) by `init()`. The
/// streaming part of `HashFunction` is written once here for all five; each type supplies its
/// digest size, H(0) and its `BlockCompressing` core.
protocol BlockHashFunction: HashFunction {
    associatedtype Core: BlockCompressing
    /// The message so far: the intermediate hash value and the bytes of a partial block.
    var core: BlockBuffer<Core> { get set }
}

extension BlockHashFunction {
    /// 64 bytes for 32-bit words (SHA-1, SHA-224, SHA-256), 128 for 64-bit words (SHA-384, SHA-512).
    public static var blockSize: Int { 16 * MemoryLayout<Core.Word>.size }

    // Always inlined, so that each type's witness is the body itself, with no call in between
    // (as when each type wrote them out).
    @inline(__always)
    public mutating func update(_ bytes: [UInt8]) { core.update(bytes[...]) }

    @inline(__always)
    public mutating func update(_ bytes: ArraySlice<UInt8>) { core.update(bytes) }

    /// The digest is the first `digestSize` bytes of H(N): all of it for SHA-1, SHA-256 and SHA-512,
    /// the leftmost 224 or 384 bits for SHA-224 and SHA-384.
    @inline(__always)
    public mutating func finalize() -> [UInt8] {
        // FIPS 180-4 §6.3: "The 224-bit message digest ... is H0 ‖ H1 ‖ ... ‖ H6", the leftmost 224 bits.
        // FIPS 180-4 §6.5: "The 384-bit message digest ... is H0 ‖ H1 ‖ ... ‖ H5", the leftmost 384 bits.
        let digest = core.finish(words: Self.digestSize / MemoryLayout<Core.Word>.size)
        self = Self()
        return digest
    }
}
