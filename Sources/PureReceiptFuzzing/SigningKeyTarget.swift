// Fuzz target `signing-key`: the signing product's key readers on arbitrary bytes.
//
// `SigningKey(fileContents:)` (the CLI's path: raw 32 bytes, DER, or PEM), `SigningKey(pem:)` and
// `SigningKey(der:)` on the input; when a key is accepted, one deterministic signature of the input
// is made and must verify with the key's public key (a mismatch is a `preconditionFailure`, a real
// finding: a key accepted whose signatures do not verify). A refusal is an ordinary outcome.

import PureCrypto
import PureReceiptSigning

extension FuzzTargets {
    /// Reads `data` as a private key every way the product offers.
    @Sendable package static func signingKey(_ data: [UInt8]) {
        sink(Result { () throws(SigningKeyError) in try SigningKey(pem: data) })
        sink(Result { () throws(SigningKeyError) in try SigningKey(der: data) })
        guard let key = try? SigningKey(fileContents: data) else { return }
        let digest = SHA256.hash(data)
        let signature = key.signature(digest: digest, nonce: .deterministic)
        guard (try? key.publicKey.isValidSignatureVarTime(raw: signature.raw[...], digest: digest)) == true else {
            preconditionFailure("signing-key: an accepted key's signature does not verify")
        }
    }
}
