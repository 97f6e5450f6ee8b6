// JWSVerification: the ES256 signature of a compact JWS over its signing input (RFC 7515 §5.2,
// RFC 7518 §3.4), with x5c[0]'s P-256 key. Who may sign, and the rules for the x5c path, are the
// caller's (a path under its `PathRules`, ChainVerification.swift).

import PureCrypto
import PureDER

extension CompactJWS {
    /// Verifies the ES256 signature with x5c[0]'s key.
    public func verifySignature() throws(JWSError) {
        // RFC 7518 §3.4: ES256 is "ECDSA using P-256 and SHA-256".
        guard let leaf = certificates.first, case .ec(let key) = leaf.publicKey, key.curve == .p256 else {
            throw JWSError(.keyType, at: 0, certificates.first?.publicKey.description ?? "no x5c")
        }
        let digest = SHA256.hash(Array(signingInput))
        // RFC 7515 §5.2: "Validate the JWS Signature against the JWS Signing Input ASCII(BASE64URL(UTF8(JWS
        // Protected Header)) || '.' || BASE64URL(JWS Payload))".
        guard key.isValidSignatureVarTime(raw: signature[...], digest: digest) else {
            throw JWSError(.signatureInvalid)
        }
    }
}

extension PublicKey {
    /// Whether two certified keys are the same key (same algorithm, curve and encoding).
    package func sameKey(as other: PublicKey) -> Bool {
        switch (self, other) {
        case (.ec(let a), .ec(let b)): return a.curve == b.curve && a.sec1Point == b.sec1Point
        case (.rsa(let a), .rsa(let b)): return a.modulusBytes == b.modulusBytes && a.exponentBytes == b.exponentBytes
        default: return false
        }
    }
}
