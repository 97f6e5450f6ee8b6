// ECDSA verification, paired with the anchor's cases of the same names (bench_openssl.c): the DER
// signature `msg.ecsig.p256` (key `ec-leaf.pub.der`, P-256) / `msg.ecsig.p384` (`ec-inter.pub.der`,
// P-384) over the SHA-256 / SHA-384 digest of `msg.bin`, key parsed once outside timing.

import PureCrypto

/// Reads the key (the uncompressed point ends the SubjectPublicKeyInfo), digest and signature,
/// and checks once that the signature verifies.
private func ecdsaFixture(
    _ fixtures: Fixtures, curve: ECCurve, key keyName: String, signature name: String, hash: HashAlgorithm
) throws -> (key: ECPublicKey, digest: [UInt8], signature: [UInt8]) {
    let spki = try fixtures.bytes(keyName)
    let key = try ECPublicKey(curve: curve, sec1Point: spki.suffix(1 + 2 * curve.coordinateByteCount))
    let digest = hash.hash(try fixtures.bytes("msg.bin"))
    let signature = try fixtures.bytes(name)
    guard key.isValidSignatureVarTime(der: signature[...], digest: digest) else {
        throw Fixtures.Missing(path: "\(name) does not verify")
    }
    return (key, digest, signature)
}

let ecdsaCases: [BenchCase] = [
    BenchCase(name: "ecdsa_p256_verify_prehashed_sha256", bytes: 0) { fixtures in
        let f = try ecdsaFixture(
            fixtures, curve: .p256, key: "ec-leaf.pub.der", signature: "msg.ecsig.p256", hash: .sha256)
        return { benchSink &+= f.key.isValidSignatureVarTime(der: f.signature[...], digest: f.digest) ? 1 : 0 }
    },
    BenchCase(name: "ecdsa_p384_verify_prehashed_sha384", bytes: 0) { fixtures in
        let f = try ecdsaFixture(
            fixtures, curve: .p384, key: "ec-inter.pub.der", signature: "msg.ecsig.p384", hash: .sha384)
        return { benchSink &+= f.key.isValidSignatureVarTime(der: f.signature[...], digest: f.digest) ? 1 : 0 }
    },
]
