// AppleJWSTrust: who may sign StoreKit 2 data, and Apple's rules for a JWS's `x5c` certificates,
// applied around PureX509's path search (AppleTrust.swift has the path rules themselves).
//
//   1. before anything of the payload is read (`signerPaths`): with an Xcode certificate (the
//      signer `.xcode`, or the policy's `xcodeCertificate`), data whose x5c[0] is that certificate,
//      byte for byte, takes its path: x5c is that one certificate, an anchor that is its own path;
//      under `.apple`, data that looks Xcode-signed (`kid` "Apple_Xcode_Key", or one self-issued
//      certificate) is refused, as not the opted-in certificate when there is one; x5c is exactly
//      [leaf, intermediate, root]; the leaf's marker and a path of certificate signatures to an
//      anchor, with no instant yet;
//   2. at the instant read from the authenticated payload (`chain`): every check of the path
//      (`PathRules.apple`, or `.xcode`); on Apple's path, the path's intermediate is x5c[1] and
//      x5c[2] is the anchor itself (byte-identical, or the anchor's subject with the anchor's key:
//      how Apple's test PKI re-issues its root).
// What the data looks like only chooses the refusal reported; what is accepted as Xcode-signed is
// decided by comparing x5c[0] with the caller's certificate.

import PureDER
public import PureX509

/// Who may have signed StoreKit 2 data.
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
    /// Whether the header or the certificates look like Xcode's StoreKit testing (`kid`
    /// "Apple_Xcode_Key", or a single self-issued certificate). Names a refusal; never a reason to
    /// accept (the Xcode path compares x5c[0] with the caller's certificate). The command-line tool
    /// and the WebAssembly module still choose the signer with it; `SignedDataPolicy.xcodeCertificate`
    /// makes that choice unnecessary.
    package var looksXcodeSigned: Bool {
        keyID == "Apple_Xcode_Key" || (certificates.count == 1 && certificates.first?.isSelfIssued == true)
    }

    /// Steps 1 and 2 around the ES256 signature, at `time` (the benchmarks' and fuzzers' entry; the
    /// verifier reads `time` from the authenticated payload between the two).
    package func verify(signer: JWSSignerPolicy, at time: DERTime) throws(VerificationError) -> [Certificate] {
        var none = VerifiedChainCache(capacity: 0)
        var paths = try signerPaths(signer: signer, xcode: nil, cache: &none)
        do throws(JWSError) { try verifySignature() } catch { throw .from(error) }
        return try chain(&paths, at: time, cache: &none)
    }

    /// Step 1: the signer kind, the x5c shape, and a path of certificate signatures to an anchor
    /// (a path `cache` remembers for these bytes is not verified again). `xcode`: the caller's
    /// Xcode certificate besides `.apple`'s anchors. The path is the Xcode one when its leaf is an
    /// anchor (`leafIsAnchor`; Apple's rules never pass a path of one).
    func signerPaths(signer: JWSSignerPolicy, xcode: Certificate?, cache: inout VerifiedChainCache)
        throws(VerificationError) -> SignerPaths
    {
        switch signer {
        case .xcode(let certificate): return try xcodePaths(certificate, cache: &cache)
        case .apple(let anchors):
            // Apple JWS rule (xcode-opt-in): with the caller's Xcode certificate, data signed by it
            // takes its path; data that only looks Xcode-signed is refused by that path as not it.
            if let xcode, certificates.first?.isSameCertificate(as: xcode) == true || looksXcodeSigned {
                return try xcodePaths(xcode, cache: &cache)
            }
            if looksXcodeSigned { throw .signer("jws.xcodeNotAllowed", keyID ?? "self-signed x5c") }
            // Apple JWS rule (x5c-three): x5c is exactly [leaf, intermediate, root].
            guard certificates.count == 3 else { throw .signer("jws.chainShape", "\(certificates.count) certificates") }
            let pool = Array(certificates[1...])
            // Apple JWS rule (leaf-marker): the leaf carries 1.2.840.113635.100.6.11.1 and Apple JWS
            // rule (intermediate-marker): its issuer carries 1.2.840.113635.100.6.2.1; `PathRules.apple`
            // enforces both, the path shape, CA constraints and validity at the instant.
            return try chain { () throws(X509Error) in
                try SignerPaths(leaf: certificates[0], pool: pool, anchors: anchors, rules: .apple, cache: &cache)
            }
        }
    }

    /// The Xcode path (`PathRules.xcode`): x5c is one certificate, `certificate` itself, byte for
    /// byte, an anchor that is its own path (its self-signature verified; nothing cached).
    private func xcodePaths(_ certificate: Certificate, cache: inout VerifiedChainCache)
        throws(VerificationError) -> SignerPaths
    {
        guard certificates.count == 1, let leaf = certificates.first else {
            throw .signer("jws.chainShape", "\(certificates.count) certificates")
        }
        return try chain { () throws(X509Error) in
            guard leaf.isSameCertificate(as: certificate) else {
                throw X509Error(.untrusted, certificate: leaf.subject)
            }
            return try SignerPaths(
                leaf: leaf, pool: [], anchors: TrustAnchors(certificates: [certificate]), rules: .xcode, cache: &cache)
        }
    }

    /// Step 2: every check of the path at `time` (a path that passed is remembered in `cache`), then,
    /// on Apple's path, the x5c order and root.
    func chain(_ paths: inout SignerPaths, at time: DERTime, cache: inout VerifiedChainCache)
        throws(VerificationError) -> [Certificate]
    {
        let path = try chain { () throws(X509Error) in try paths.path(at: time, cache: &cache) }
        guard !paths.leafIsAnchor else { return path }
        // Apple JWS rule (x5c-order): the path's intermediate is x5c[1] (x5c has three certificates:
        // `signerPaths` checked it; checked again so that no index here can trap).
        guard path.count == 3, certificates.count == 3, path[1].isSameCertificate(as: certificates[1]) else {
            throw .signer("jws.chainShape", "x5c[1] is not the leaf's issuer")
        }
        // Apple JWS rule (x5c-root): x5c[2] is never trusted for itself: it is the anchor,
        // byte-identical, or carrying the anchor's subject and public key.
        let root = certificates[2]
        let anchor = path[2]
        guard
            root.isSameCertificate(as: anchor)
                || (root.subject == anchor.subject && root.publicKey.sameKey(as: anchor.publicKey))
        else {
            throw .signer("jws.chainShape", "x5c[2] is not the trust anchor [certificate: \(root.subject)]")
        }
        return path
    }

    /// Runs a chain check, reporting its failure as `jws.chain` with the X.509 error code, what it
    /// means in Apple's words and the certificate concerned (rendered once, bounded).
    func chain<T>(_ body: () throws(X509Error) -> T) throws(VerificationError) -> T {
        do throws(X509Error) {
            return try body()
        } catch {
            throw .from(JWSError(.chain, at: 0, error.code + ": " + error.appleDescription))
        }
    }
}
