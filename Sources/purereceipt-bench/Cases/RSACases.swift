// RSA-2048 PKCS #1 v1.5 verification, paired with the anchor's cases of the same names
// (bench_openssl.c): `msg.sig.sha256` / `msg.sig.sha1` over the digest of `msg.bin`, checked with
// the key in `leaf.pub.der` — parsed once (`…_prehashed_…`) or on every run (`…_parsekey_…`).

import PureCrypto

/// Reads the key, message digest and signature, and checks once that the signature verifies
/// (a benchmark of a failing verification would measure the wrong thing).
private func rsaFixture(_ fixtures: Fixtures, _ algorithm: HashAlgorithm, signature name: String) throws
    -> (keyDER: [UInt8], key: RSAPublicKey, digest: [UInt8], signature: [UInt8])
{
    let keyDER = try fixtures.bytes("leaf.pub.der")
    let key = try RSAPublicKey(subjectPublicKeyInfoDER: keyDER)
    let digest = algorithm.hash(try fixtures.bytes("msg.bin"))
    let signature = try fixtures.bytes(name)
    try key.verifyPKCS1v15(signature: signature[...], digest: digest, algorithm: algorithm)
    return (keyDER, key, digest, signature)
}

let rsaCases: [BenchCase] = [
    BenchCase(name: "rsa2048_verify_prehashed_sha256", bytes: 0) { fixtures in
        let f = try rsaFixture(fixtures, .sha256, signature: "msg.sig.sha256")
        return {
            let ok =
                (try? f.key.verifyPKCS1v15(signature: f.signature[...], digest: f.digest, algorithm: .sha256)) != nil
            benchSink &+= ok ? 1 : 0
        }
    },
    BenchCase(name: "rsa2048_verify_prehashed_sha1", bytes: 0) { fixtures in
        let f = try rsaFixture(fixtures, .sha1, signature: "msg.sig.sha1")
        return {
            let ok = (try? f.key.verifyPKCS1v15(signature: f.signature[...], digest: f.digest, algorithm: .sha1)) != nil
            benchSink &+= ok ? 1 : 0
        }
    },
    BenchCase(name: "rsa2048_verify_parsekey_sha256", bytes: 0) { fixtures in
        let f = try rsaFixture(fixtures, .sha256, signature: "msg.sig.sha256")
        return {
            let key = try? RSAPublicKey(subjectPublicKeyInfoDER: f.keyDER)
            let ok =
                (try? key?.verifyPKCS1v15(signature: f.signature[...], digest: f.digest, algorithm: .sha256)) != nil
            benchSink &+= ok ? 1 : 0
        }
    },
]
