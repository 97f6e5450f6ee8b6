// RFC 6979 appendix A.2.5 (P-256): the deterministic signatures with SHA-256, byte for byte, and
// every one verified by PureCrypto's (variable-time) verifier.

import PureCrypto
import Testing

@testable import PureReceiptSigning

/// Hex text to bytes (test helper; the vectors are well-formed).
func hex(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var high: UInt8? = nil
    for c in text.utf8 {
        let v: UInt8
        switch c {
        case 0x30...0x39: v = c - 0x30
        case 0x61...0x66: v = c - 0x61 + 10
        case 0x41...0x46: v = c - 0x41 + 10
        default: continue
        }
        if let h = high {
            out.append(h << 4 | v)
            high = nil
        } else {
            high = v
        }
    }
    return out
}

@Suite("RFC 6979 A.2.5: ECDSA P-256 with SHA-256")
struct RFC6979Tests {
    static let privateKey = hex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721")
    static let publicX = hex("60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6")
    static let publicY = hex("7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299")

    /// (message, r, s) of A.2.5 with SHA-256.
    static let vectors: [(message: String, r: String, s: String)] = [
        (
            "sample", "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
            "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"
        ),
        (
            "test", "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
            "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"
        ),
    ]

    @Test("A.2.5: the public key U = x·G")
    func publicKey() throws {
        let key = try SigningKey(rawScalar: Self.privateKey)
        #expect(key.publicKeyPoint == [0x04] + Self.publicX + Self.publicY)
    }

    @Test("RFC 6979 §3.2 nonces, A.2.5: SHA-256 signatures of \"sample\" and \"test\", byte for byte, and they verify")
    func signatures() throws {
        let key = try SigningKey(rawScalar: Self.privateKey)
        for vector in Self.vectors {
            let signature = key.signature(for: Array(vector.message.utf8), nonce: .deterministic)
            #expect(signature.r == hex(vector.r), "r of \(vector.message)")
            #expect(signature.s == hex(vector.s), "s of \(vector.message)")
            let digest = SHA256.hash(Array(vector.message.utf8))
            #expect(try key.publicKey.isValidSignatureVarTime(raw: signature.raw[...], digest: digest))
            #expect(try key.publicKey.isValidSignatureVarTime(der: signature.der[...], digest: digest))
        }
    }

    @Test("hedged signatures (RFC 6979 §3.6) differ from each other and verify")
    func hedged() throws {
        let key = try SigningKey(rawScalar: Self.privateKey)
        let message = Array("sample".utf8)
        let a = key.signature(for: message)
        let b = key.signature(for: message)
        #expect(a != b)
        for signature in [a, b] {
            #expect(try key.publicKey.isValidSignatureVarTime(raw: signature.raw[...], digest: SHA256.hash(message)))
        }
    }
}

@Suite("Fixed-base multiplication at the edges of the scalar range")
struct FixedBaseEdgeTests {
    /// Scalars whose digits reach the recoding's corners: 1, 2, the top window, n − 1, n − 2,
    /// 2^255, and all-ones runs across windows.
    static let scalars: [String] = [
        "0000000000000000000000000000000000000000000000000000000000000001",
        "0000000000000000000000000000000000000000000000000000000000000002",
        "0000000000000000000000000000000000000000000000000000000000000020",
        "000000000000000000000000000000000000000000000000000000000000003f",
        "8000000000000000000000000000000000000000000000000000000000000000",
        "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550",
        "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc63254f",
        "0820082008200820082008200820082008200820082008200820082008200820",
        "fbeffbeffbeffbeffbeffbeffbeffbeffbeffbeffbeffbeffbeffbeffbeffbef",
    ]

    @Test("keys at the edges: the public key and signatures verify with PureCrypto's verifier", arguments: scalars)
    func edge(_ scalar: String) throws {
        let key = try SigningKey(rawScalar: hex(scalar))
        for message in ["sample", "test", ""] {
            let bytes = Array(message.utf8)
            let signature = key.signature(for: bytes)
            #expect(try key.publicKey.isValidSignatureVarTime(raw: signature.raw[...], digest: SHA256.hash(bytes)))
        }
    }

    @Test("d = 1 gives G, d = n − 1 gives −G")
    func generator() throws {
        let gx = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
        let gy = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"
        let negativeGy = "b01cbd1c01e58065711814b583f061e9d431cca994cea1313449bf97c840ae0a"
        #expect(try SigningKey(rawScalar: hex(Self.scalars[0])).publicKeyPoint == [0x04] + hex(gx) + hex(gy))
        #expect(try SigningKey(rawScalar: hex(Self.scalars[6])).publicKeyPoint == [0x04] + hex(gx) + hex(negativeGy))
    }
}
