// JWSVerification: the ES256 signature of a compact JWS and the chain of its `x5c` certificates,
// under Apple's StoreKit 2 policy or the Xcode opt-in.
//
// Enforced, in this order (the first failure is reported):
//   1. the signer kind: an Xcode-signed JWS (`kid` "Apple_Xcode_Key", or one self-issued
//      certificate) is refused under `.apple` (`jws.xcodeNotAllowed`);
//   2. the signature: x5c[0] holds a P-256 key and ES256 (SHA-256, raw r ‖ s) verifies over the
//      JWS Signing Input;
//   3. the chain, at the caller's time:
//      `.apple`: x5c is exactly [leaf, intermediate, root]; `verifyChain` under the receipt policy
//        (leaf marker 1.2.840.113635.100.6.11.1, intermediate marker 1.2.840.113635.100.6.2.1,
//        path leaf → intermediate → anchor exactly, CA basicConstraints and keyUsage, the leaf's
//        digitalSignature, no unknown critical extension, every certificate valid at the time);
//        the path's intermediate is x5c[1]; x5c[2] is the anchor itself (byte-identical, or the
//        anchor's subject with the anchor's key: how Apple's test PKI re-issues its root);
//      `.xcode`: x5c is exactly one certificate, byte-identical to the caller's, self-signed and
//        valid at the time.
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

    /// Verifies the signature, then the `x5c` chain under `signer` at `time`; returns the path.
    public func verify(signer: JWSSignerPolicy, at time: DERTime) throws(JWSError) -> [Certificate] {
        if case .apple = signer, isXcodeSigned {
            throw JWSError(.xcodeNotAllowed, at: 0, keyID ?? "self-signed x5c")
        }
        try verifySignature()
        return try verifyChain(signer: signer, at: time)
    }

    /// The chain checks of step 3 (see the file header).
    private func verifyChain(signer: JWSSignerPolicy, at time: DERTime) throws(JWSError) -> [Certificate] {
        switch signer {
        case .apple(let anchors):
            // Apple JWS rule (x5c-three): x5c is exactly [leaf, intermediate, root].
            guard certificates.count == 3 else {
                throw JWSError(.chainShape, at: 0, "\(certificates.count) certificates")
            }
            let leaf = certificates[0]
            let intermediate = certificates[1]
            let root = certificates[2]
            // Apple JWS rule (leaf-marker): the leaf carries 1.2.840.113635.100.6.11.1 and Apple JWS
            // rule (intermediate-marker): its issuer carries 1.2.840.113635.100.6.2.1; the receipt
            // chain policy enforces both, the path shape, CA constraints and validity at `time`.
            let path = try chain { () throws(X509Error) in
                try PureX509.verifyChain(
                    leaf: leaf, pool: [intermediate, root], anchors: anchors, policy: .apple, at: time)
            }
            // Apple JWS rule (x5c-order): the path's intermediate is x5c[1].
            guard path.count == 3, path[1].isSameCertificate(as: intermediate) else {
                throw JWSError(.chainShape, at: 0, "x5c[1] is not the leaf's issuer")
            }
            // Apple JWS rule (x5c-root): x5c[2] is never trusted for itself: it is the anchor,
            // byte-identical, or carrying the anchor's subject and public key.
            let anchor = path[2]
            guard
                root.isSameCertificate(as: anchor)
                    || (root.subject == anchor.subject && root.publicKey.sameKey(as: anchor.publicKey))
            else {
                throw JWSError(.chainShape, at: 0, "x5c[2] is not the trust anchor")
            }
            return path
        case .xcode(let pinned):
            // Apple JWS rule (xcode-opt-in): Xcode-signed data carries one self-signed certificate,
            // accepted only when byte-identical to the one the caller opted in with.
            guard certificates.count == 1, let leaf = certificates.first else {
                throw JWSError(.chainShape, at: 0, "\(certificates.count) certificates")
            }
            return try chain { () throws(X509Error) in
                try PureX509.verifyChain(
                    leaf: leaf, pool: [], anchors: TrustAnchors(certificates: []), policy: .xcode(pinned), at: time)
            }
        }
    }

    /// Runs a chain check, reporting its failure as `jws.chain` with the X.509 error code.
    private func chain(_ body: () throws(X509Error) -> [Certificate]) throws(JWSError) -> [Certificate] {
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
