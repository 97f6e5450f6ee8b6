// Streaming must not change the answer: any split of a message into update() calls, byte-at-a-time
// feeding, slices with non-zero start indices and hash(segments:) all equal the one-shot digest.

import PureCrypto
import Testing

/// Feeds `pieces` to a fresh `H`, alternating the [UInt8] and ArraySlice overloads.
private func streamed<H: HashFunction>(_: H.Type, _ pieces: [ArraySlice<UInt8>]) -> [UInt8] {
    var hasher = H()
    for (n, piece) in pieces.enumerated() {
        if n % 2 == 0 { hasher.update(piece) } else { hasher.update(Array(piece)) }
    }
    return hasher.finalize()
}

private func streamed(_ algorithm: HashAlgorithm, _ pieces: [ArraySlice<UInt8>]) -> [UInt8] {
    switch algorithm {
    case .sha1: streamed(SHA1.self, pieces)
    case .sha224: streamed(SHA224.self, pieces)
    case .sha256: streamed(SHA256.self, pieces)
    case .sha384: streamed(SHA384.self, pieces)
    case .sha512: streamed(SHA512.self, pieces)
    }
}

@Suite("SHA streaming")
struct HashStreamingTests {
    /// Around every block and padding boundary of both block sizes, plus a few longer messages.
    static let lengths = [0, 1, 2, 55, 56, 57, 63, 64, 65, 111, 112, 113, 127, 128, 129, 191, 192, 257, 1000, 3001]

    static func message(_ length: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 29) }
    }

    // FIPS 180-4 §5.2.1 and FIPS 180-4 §5.2.2: the message is parsed into whole blocks however the caller splits it.
    @Test("random split points give the one-shot digest", arguments: HashAlgorithm.allCases)
    func randomSplits(algorithm: HashAlgorithm) {
        for length in Self.lengths {
            let message = Self.message(length)
            let oneShot = algorithm.hash(message)
            var rng = HashTestRNG(state: UInt64(length))
            for trial in 0..<25 {
                // 0...8 cut points, duplicates allowed: empty pieces are fed too.
                let cuts = (0..<Int.random(in: 0...8, using: &rng)).map { _ in Int.random(in: 0...length, using: &rng) }
                let bounds = [0] + cuts.sorted() + [length]
                let pieces = zip(bounds, bounds.dropFirst()).map { message[$0..<$1] }
                #expect(streamed(algorithm, pieces) == oneShot, "length \(length) trial \(trial) cuts \(bounds)")
            }
        }
    }

    @Test("one byte at a time", arguments: HashAlgorithm.allCases)
    func byteAtATime(algorithm: HashAlgorithm) {
        let message = Self.message(300)
        let pieces = message.indices.map { message[$0...$0] }
        #expect(streamed(algorithm, pieces) == algorithm.hash(message))
    }

    @Test("slices are read from their own start index", arguments: HashAlgorithm.allCases)
    func sliceOffsets(algorithm: HashAlgorithm) {
        let message = Self.message(400)
        for (start, end) in [(0, 0), (5, 5), (5, 70), (63, 200), (1, 400), (129, 258)] {
            let slice = message[start..<end]
            #expect(algorithm.hash(slice) == algorithm.hash(Array(slice)), "\(start)..<\(end)")
        }
    }

    static let segmentShapes: [(String, [Range<Int>])] = [
        ("no segments", []),
        ("one empty segment", [0..<0]),
        ("one segment", [0..<300]),
        ("empty segments between", [0..<10, 10..<10, 10..<300, 300..<300]),
        ("three digests' worth, like the Monte Carlo chain", [0..<64, 64..<128, 128..<192]),
        ("ragged", [0..<1, 1..<64, 64..<65, 65..<200, 200..<300]),
        ("segments out of message order", [100..<300, 0..<100]),
    ]

    @Test("hash(segments:) equals hashing the concatenation", arguments: segmentShapes)
    func segments(label: String, ranges: [Range<Int>]) {
        let message = Self.message(300)
        let segments = ranges.map { message[$0] }
        let concatenation = segments.flatMap { $0 }
        for algorithm in HashAlgorithm.allCases {
            #expect(algorithm.hash(segments: segments) == algorithm.hash(concatenation), "\(label) \(algorithm.name)")
        }
    }

    @Test("finalize resets the value to a fresh hash")
    func finalizeResets() {
        var hasher = SHA256()
        hasher.update([1, 2, 3])
        #expect(hasher.finalize() == SHA256.hash([1, 2, 3]))
        hasher.update([4, 5])
        #expect(hasher.finalize() == SHA256.hash([4, 5]))
        #expect(hasher.finalize() == SHA256.hash([]))

        var sha1 = SHA1()
        sha1.update(Self.message(100))
        _ = sha1.finalize()
        #expect(sha1.finalize() == SHA1.hash([]))
        var sha224 = SHA224()
        sha224.update(Self.message(100))
        _ = sha224.finalize()
        #expect(sha224.finalize() == SHA224.hash([]))
        var sha384 = SHA384()
        sha384.update(Self.message(100))
        _ = sha384.finalize()
        #expect(sha384.finalize() == SHA384.hash([]))
        var sha512 = SHA512()
        sha512.update(Self.message(100))
        _ = sha512.finalize()
        #expect(sha512.finalize() == SHA512.hash([]))
    }
}
