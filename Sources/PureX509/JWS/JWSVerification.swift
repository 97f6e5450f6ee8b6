// JWSVerification: the ES256 signature of a compact JWS and the chain of its `x5c` certificates,
// under Apple's StoreKit 2 policy or the Xcode opt-in.
//
// Enforced, in this order (authenticate first; the first failure is reported):
//   1. the signer kind: an Xcode-signed JWS (`kid` "Apple_Xcode_Key", or one self-issued
//      certificate) is refused under `.apple` (`jws.xcodeNotAllowed`); the x5c shape (`.apple`:
//      exactly [leaf, intermediate, root]; `.xcode`: one certificate, byte-identical to the
//      caller's); the leaf's marker and a path of certificate signatures from x5c[0] through x5c
//      to an anchor (`SignerPaths`, ChainVerification.swift), with no instant yet;
//   2. the signature: x5c[0] holds a P-256 key and ES256 (SHA-256, raw r ‖ s) verifies over the
//      JWS Signing Input;
//   3. at the caller's time (for signed data: read from the payload, now authenticated), every
//      check of the path: `.apple`: the receipt chain policy (leaf marker 1.2.840.113635.100.6.11.1,
//      intermediate marker 1.2.840.113635.100.6.2.1, path leaf → intermediate → anchor exactly, CA
//      basicConstraints and keyUsage, the leaf's digitalSignature, no unknown critical extension,
//      every certificate valid at the time); the path's intermediate is x5c[1]; x5c[2] is the
//      anchor itself (byte-identical, or the anchor's subject with the anchor's key: how Apple's
//      test PKI re-issues its root); `.xcode`: the certificate valid at the time.
// Not checked: revocation (OCSP, CRL): see Docs/SECURITY.md for layering it on a server.

import PureCrypto
public import PureDER

/// Who may have signed a JWS.
public enum JWSSignerPolicy: Sendable {
    /// Apple's StoreKit 2 PKI ending at one of `anchors` (`.appleRootCAG3` for real data).
    case apple(TrustAnchors)
    /// Xcode's StoreKit testing: the single x5c certificate is byte-identical to this one. Its
    /// private key ships with Xcode, so such data proves nothing: accept it only in development.
    case xcode(Certificate)

    /// Apple's production PKI: Apple Root CA - G3, pinned by fingerprint.
    public static let appleRootCAG3 = JWSSignerPolicy.apple(.appleRootCAG3)
}

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

    /// Verifies the `x5c` path of certificate signatures, the signature, then every check of the
    /// path under `signer` at `time`; returns the path. The same checks as the cached form
    /// (JWSCachedVerification.swift), with a cache that keeps nothing.
    public func verify(signer: JWSSignerPolicy, at time: DERTime) throws(JWSError) -> [Certificate] {
        var none = VerifiedChainCache(capacity: 0)
        return try verify(signer: signer, at: time, cache: &none)
    }

    /// Runs a chain check, reporting its failure as `jws.chain` with the X.509 error code.
    func chain<T>(_ body: () throws(X509Error) -> T) throws(JWSError) -> T {
        do throws(X509Error) {
            return try body()
        } catch {
            throw JWSError(.chain, at: 0, error.code)
        }
    }
}

extension PublicKey {
    /// Whether two certified keys are the same key (same algorithm, curve and encoding).
    func sameKey(as other: PublicKey) -> Bool {
        switch (self, other) {
        case (.ec(let a), .ec(let b)): return a.curve == b.curve && a.sec1Point == b.sec1Point
        case (.rsa(let a), .rsa(let b)): return a.modulusBytes == b.modulusBytes && a.exponentBytes == b.exponentBytes
        default: return false
        }
    }
}
