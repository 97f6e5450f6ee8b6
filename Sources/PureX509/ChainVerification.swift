// Chain verification for a signer certificate (RFC 5280 §6.1, for signed purchase records), under
// one `PathRules` value (PathRules.swift): the one path check for every format.
//
// Enforced, in this order (the first failure is reported):
//   1. with no instant (`SignerPaths.init`): the leaf marker (a self-issued leaf without it
//      refused with the caller's code when the rules name one); then, when the leaf is
//      byte-identical to one of the caller's anchor certificates, the path is that certificate
//      alone and its self-signature must verify; otherwise a path of verified certificate
//      signatures from the leaf to an anchor (PathBuilding.swift);
//   2. at the instant (`path(at:)`), on each candidate path until one passes: issuers are CAs
//      (basicConstraints cA, keyCertSign when keyUsage is present, pathLenConstraint); the path
//      length the rules require (with an issuer marker: too long chainTooLong, the marker, too
//      short chainTooShort; without one: another length is untrusted); no unknown critical
//      extension in any certificate; the leaf's keyUsage (if present) allows digitalSignature;
//      every certificate — anchor included — valid at the instant; RSA keys of at least the
//      rules' sizes.
// Deliberately not checked:
//   - revocation (CRL, OCSP): signed records are verified offline, often years after signing,
//     against certificates that have long expired; revocation is the caller's separate step
//     (Revocation/), never part of this check.
//   - name constraints, policy mappings, policy constraints, inhibitAnyPolicy: not processed. A
//     certificate carrying any of them as a critical extension is refused (unknown critical
//     extension); non-critical ones are ignored.
//   - the anchor's own issuer signature (an anchor is trusted as given, RFC 5280 §6.1.1 (d)),
//     except for a leaf that is itself an anchor: its self-signature is checked, as the one
//     signature of its path.

import PureCrypto
public import PureDER

/// Builds and verifies the chain for a signer certificate.
///
/// - Parameters:
///   - leaf: the signer certificate.
///   - pool: every certificate carried with the signature (e.g. a receipt's certificate set). Used
///     only to find intermediates, and an anchor only where `anchors` pins its fingerprint.
///   - anchors: where the chain must end. Never taken from the pool.
///   - rules: what the path must satisfy beyond RFC 5280 (`.rfc5280`, or a caller's profile).
///   - time: the instant every certificate must be valid at (a receipt's creation date).
/// - Returns: the path [leaf, …, anchor] (just [leaf] for a leaf that is one of the anchor certificates).
public func verifyChain(
    leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules, at time: DERTime
) throws(X509Error) -> [Certificate] {
    var none = VerifiedChainCache(capacity: 0)
    return try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: rules, at: time, cache: &none)
}

/// The rules' checks of the signer certificate alone, made before any path is searched.
func checkLeafMarker(_ leaf: Certificate, _ rules: PathRules) throws(X509Error) {
    guard let marker = rules.leafMarker else { return }
    let hasLeafMarker = leaf.extensions.contains(marker)
    if let code = rules.selfIssuedLeafRefusal, leaf.isSelfIssued && !hasLeafMarker {
        // A self-issued signer is a kind of signer the caller's profile names: refused as such.
        throw X509Error(.refused(code: code), certificate: leaf.subject)
    }
    guard hasLeafMarker else { throw X509Error(.leafMarkerMissing(marker), certificate: leaf.subject) }
}

/// A signer's paths, found in two steps: first with no instant (the leaf's own checks and a path of
/// certificate signatures to an anchor, or, for a leaf that is an anchor, its self-signature), so
/// that an untrusted signer is refused before anything it signed is read; then, at the instant read
/// from the authenticated content, the first path that passes every check of the rules. The chain
/// cache (ChainCache.swift) is driven here and nowhere else: looked up in the first step, a path
/// that passed remembered in the second (never a path of one: it has no signature to save).
package struct SignerPaths {
    package let leaf: Certificate
    package let rules: PathRules
    /// The signer's key, read once for this input.
    package var signerKey: PublicKey { leaf.publicKey }
    private let pool: [Certificate]
    private let anchors: TrustAnchors
    /// A path a chain cache remembered for this signer and rules.
    private let known: [Certificate]?
    private var search: PathSearch?
    /// Whether the leaf is byte-identical to one of the caller's anchor certificates: its path is
    /// itself alone.
    package let leafIsAnchor: Bool

    /// The first step: throws when no path of certificate signatures leads to an anchor. A path
    /// `cache` remembers is not verified again.
    package init(
        leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules,
        cache: inout VerifiedChainCache
    ) throws(X509Error) {
        (self.leaf, self.rules, self.pool, self.anchors) = (leaf, rules, pool, anchors)
        try checkLeafMarker(leaf, rules)
        // RFC 5280 §6.1.1 (d): a trust anchor is trusted as given. A leaf that is one of the
        // caller's anchor certificates, byte for byte, is its own path; nothing else vouches for its
        // key, so it must be self-issued and its self-signature must verify.
        leafIsAnchor = anchors.certificates.contains { $0.isSameCertificate(as: leaf) }
        guard !leafIsAnchor else {
            known = nil
            guard leaf.isSelfIssued else { throw X509Error(.untrusted, certificate: leaf.subject) }
            try leaf.verifySignature(issuedBy: leaf)
            return
        }
        known = cache.path(leaf: leaf, pool: pool, anchors: anchors, rules: rules)
        guard known == nil else { return }
        var search = PathSearch(leaf: leaf, pool: pool, anchors: anchors.candidates(in: pool), remembered: cache)
        // An unreachable anchor fails here with the error the full search would give.
        if !search.reachesAnchor { _ = try search.firstPath { _ in } }
        self.search = search
    }

    /// The second step: the first path that passes every check of the rules at `time`, remembered
    /// in `cache` unless it came from there.
    package mutating func path(at time: DERTime, cache: inout VerifiedChainCache) throws(X509Error)
        -> [Certificate]
    {
        let rules = rules
        if leafIsAnchor {
            try checkPath([leaf], rules: rules, at: time)
            return [leaf]
        }
        // A remembered path that no longer passes (e.g. another instant) is not the verdict: search.
        if let known, (try? checkPath(known, rules: rules, at: time)) != nil { return known }
        var search =
            search ?? PathSearch(leaf: leaf, pool: pool, anchors: anchors.candidates(in: pool), remembered: cache)
        defer { self.search = search }
        let path = try search.firstPath { (path) throws(X509Error) in try checkPath(path, rules: rules, at: time) }
        cache.insert(path: path, rules: rules)
        return path
    }
}

/// Every check of one candidate path at `time` (the file header's step 2).
private func checkPath(_ path: [Certificate], rules: PathRules, at time: DERTime) throws(X509Error) {
    guard let leaf = path.first else { throw X509Error(.untrusted) }
    // RFC 5280 CA checks come before the rules' shape and marker checks, so that a non-CA
    // certificate used as an intermediate is reported as what it is (notCA) whatever extensions it
    // carries.
    try checkIssuers(path)
    if let length = rules.certificates {
        // A path has the leaf and at least the anchor; `issuer` is the certificate above the leaf.
        let issuer = path.dropFirst().first ?? leaf
        if let marker = rules.issuerMarker {
            guard path.count <= length else { throw X509Error(.chainTooLong, certificate: leaf.subject) }
            guard issuer.extensions.contains(marker) else {
                throw X509Error(.intermediateMarkerMissing, certificate: issuer.subject)
            }
            // An anchor that is itself the marked intermediate ends the path short; the longer path
            // through it is the one that passes.
            guard path.count == length else { throw X509Error(.chainTooShort, certificate: issuer.subject) }
        } else {
            // Without an issuer marker, a path of another length is not a path of these rules.
            guard path.count == length else { throw X509Error(.untrusted, certificate: leaf.subject) }
        }
    }
    for certificate in path {
        try checkCriticalExtensions(certificate, understood: rules.understoodExtensions)
    }
    // RFC 5280 §4.2.1.3: keyUsage "digitalSignature ... when the subject public key is used for
    // verifying digital signatures, other than signatures on certificates (bit 5) and CRLs (bit 6)".
    if let usage = leaf.extensions.keyUsage, !usage.contains(.digitalSignature) {
        throw X509Error(.keyUsageNotAllowed, certificate: leaf.subject)
    }
    for certificate in path {
        // RFC 5280 §6.1.3 (a)(2): "The certificate validity period includes the current time."
        // The time is the caller's (a receipt's creation date), for the anchor too.
        guard certificate.isValid(at: time) else {
            throw X509Error(.certificateExpired, certificate: certificate.subject)
        }
    }
    for (index, certificate) in path.enumerated() {
        let minimum = index == 0 ? rules.minimumLeafRSABits : rules.minimumRSABits
        if case .rsa(let key) = certificate.publicKey, key.modulusBitCount < minimum {
            throw X509Error(.keyTooSmall, certificate: certificate.subject)
        }
    }
}

func checkIssuers(_ path: [Certificate]) throws(X509Error) {
    for (index, issuer) in path.enumerated().dropFirst() {
        // RFC 5280 §6.1.4 (k): "verify that the certificate is a CA certificate (as specified in a
        // basicConstraints extension with the cA field set to TRUE)".
        guard let constraints = issuer.extensions.basicConstraints, constraints.isCA else {
            throw X509Error(.notCA, certificate: issuer.subject)
        }
        // RFC 5280 §6.1.4 (n): "If a key usage extension is present, verify that the keyCertSign bit is set."
        if let usage = issuer.extensions.keyUsage, !usage.contains(.keyCertSign) {
            throw X509Error(.notCA, certificate: issuer.subject)
        }
        // RFC 5280 §4.2.1.9: pathLenConstraint "gives the maximum number of non-self-issued
        // intermediate certificates that may follow this certificate in a valid certification path."
        if let limit = constraints.pathLenConstraint {
            let following = path[1..<index].filter { !$0.isSelfIssued }.count
            guard following <= limit else { throw X509Error(.notCA, certificate: issuer.subject) }
        }
    }
}

/// RFC 5280 §4.2: "A certificate-using system MUST reject the certificate if it encounters a
/// critical extension it does not recognize or a critical extension that contains information
/// that it cannot process."
func checkCriticalExtensions(_ certificate: Certificate, understood: [OID]) throws(X509Error) {
    for item in certificate.extensions.all
    where item.critical && !ExtensionOID.understood.contains(item.oid) && !understood.contains(item.oid) {
        throw X509Error(.unknownCriticalExtension(item.oid), certificate: certificate.subject)
    }
}
