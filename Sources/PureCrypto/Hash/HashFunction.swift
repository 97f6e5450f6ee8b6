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
