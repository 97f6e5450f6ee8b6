// Known answers from the FIPS 180 examples (the "abc", empty, 448-bit, 896-bit and one-million-'a'
// messages; digests printed by Python's hashlib), plus the static sizes and names.

import PureCrypto
import Testing

@Suite("SHA known answers and sizes")
struct HashKnownAnswerTests {
    static let msg448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    static let msg896 =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

    static let answers: [(String, HashAlgorithm, String, String)] = [
        ("abc", .sha1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abc", .sha224, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
        ("abc", .sha256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abc", .sha384, "abc",
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
        ),
        (
            "abc", .sha512, "abc",
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        ),
        ("empty", .sha1, "", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("empty", .sha224, "", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"),
        ("empty", .sha256, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "empty", .sha384, "",
            "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"
        ),
        (
            "empty", .sha512, "",
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        ),
        ("448-bit: length field spills into a second block", .sha1, msg448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (
            "448-bit: length field spills into a second block", .sha256, msg448,
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "896-bit: length field spills into a second block", .sha384, msg896,
            "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"
        ),
        (
            "896-bit: length field spills into a second block", .sha512, msg896,
            "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                + "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
        ),
    ]

    @Test("FIPS 180 example messages", arguments: answers)
    func example(label: String, algorithm: HashAlgorithm, message: String, digest: String) {
        #expect(HashTestSupport.hex(algorithm.hash(Array(message.utf8))) == digest, "\(label)")
    }

    static let million: [(HashAlgorithm, String)] = [
        (.sha1, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        (.sha224, "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"),
        (.sha256, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        (.sha384, "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985"),
        (
            .sha512,
            "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                + "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"
        ),
    ]

    @Test("one million 'a' (multi-block message, 64-bit length above 2^23 bits)", arguments: million)
    func millionA(algorithm: HashAlgorithm, digest: String) {
        #expect(HashTestSupport.hex(algorithm.hash([UInt8](repeating: 0x61, count: 1_000_000))) == digest)
    }

    static let sizes: [(HashAlgorithm, String, Int, Int, Int)] = [
        (.sha1, "SHA-1", 20, SHA1.digestSize, SHA1.blockSize),
        (.sha224, "SHA-224", 28, SHA224.digestSize, SHA224.blockSize),
        (.sha256, "SHA-256", 32, SHA256.digestSize, SHA256.blockSize),
        (.sha384, "SHA-384", 48, SHA384.digestSize, SHA384.blockSize),
        (.sha512, "SHA-512", 64, SHA512.digestSize, SHA512.blockSize),
    ]

    @Test("digest sizes, block sizes and names agree", arguments: sizes)
    func sizesAndNames(algorithm: HashAlgorithm, name: String, bytes: Int, typeDigest: Int, typeBlock: Int) {
        #expect(algorithm.name == name)
        #expect(algorithm.digestSize == bytes)
        #expect(typeDigest == bytes)
        #expect(typeBlock == (bytes > 32 ? 128 : 64))
        #expect(algorithm.hash([]).count == bytes)
    }

    @Test("every single-bit change of a two-block message changes the digest", arguments: HashAlgorithm.allCases)
    func bitFlips(algorithm: HashAlgorithm) {
        let message = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let reference = algorithm.hash(message)
        for bit in 0..<(message.count * 8) {
            var changed = message
            changed[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(algorithm.hash(changed) != reference, "bit \(bit)")
        }
    }
}
