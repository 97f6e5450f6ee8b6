// ECDSA P-256 signing (the signing product), paired with `ecdsa_p256_sign_sha256` of the anchor
// copy that Vectors/signing/bench-anchor.sh builds: the SHA-256 digest of `msg.bin` signed with
// `ec-leaf.key` (PKCS #8 PEM), key parsed once outside timing; our nonce hedged with 32 bytes of
// system randomness, as OpenSSL draws its nonce from its generator.

import PureCrypto
import PureReceiptSigning

let signingCases: [BenchCase] = [
    BenchCase(name: "ecdsa_p256_sign_sha256", bytes: 0) { fixtures in
        let key = try SigningKey(fileContents: try fixtures.bytes("ec-leaf.key"))
        let digest = SHA256.hash(try fixtures.bytes("msg.bin"))
        let check = key.signature(digest: digest)
        guard try key.publicKey.isValidSignatureVarTime(raw: check.raw[...], digest: digest) else {
            throw Fixtures.Missing(path: "ec-leaf.key: our signature does not verify")
        }
        return { benchSink &+= UInt64(key.signature(digest: digest).r[0]) }
    }
]
