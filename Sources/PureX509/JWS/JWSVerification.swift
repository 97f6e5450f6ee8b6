// JWSVerification: the ES256 signature of a compact JWS over its signing input (RFC 7515 §5.2,
// RFC 7518 §3.4), with x5c[0]'s P-256 key. Who may sign, and the rules for the x5c path, are the
// caller's: for StoreKit 2 data, PureReceipt's Trust/AppleJWSTrust.swift.

import PureCrypto
import PureDER

extension CompactJWS {
    /// Whether the header or certificates look Xcode-signed (`kid` Apple_Xcode_Key, or a single
    /// self-issued certificate).
    public var isXcodeSigned: Bool {
        keyID == "Apple_Xcode_Key" || (certificates.count == 1 && certificates.first?.isSelfIssued == true)
    }

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

    /// Runs a chain check, reporting its failure as `jws.chain` with the X.509 error code, what it
    /// means and the certificate concerned (rendered once, bounded: X509Error.certificate).
    package func chain<T>(_ body: () throws(X509Error) -> T) throws(JWSError) -> T {
        do throws(X509Error) {
            return try body()
        } catch {
            throw JWSError(.chain, at: 0, error.code + ": " + error.description)
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
