// Chain verification for a signer certificate (RFC 5280 §6.1, simplified for receipts), under a
// ChainPolicy.
//
// Enforced, in this order (the first failure is reported):
//   .apple: self-signed leaf without the leaf marker → xcodeNotAllowed; leaf marker; path building
//     (PathBuilding.swift), which hands each candidate path to the checks below and keeps the first
//     that passes them all; issuers are CAs (basicConstraints cA, keyCertSign when keyUsage is
//     present, pathLenConstraint); exactly one intermediate, carrying the WWDR marker (a path that
//     ends at a WWDR-marked anchor is one short: chainTooShort);
//   .xcode: the leaf is byte-identical to the pinned certificate, self-issued, self-signature verifies;
//   both: no unknown critical extension in any certificate, the leaf's keyUsage
//     (if present) allows digitalSignature, every certificate — anchor included — valid at `time`;
//   .apple: every RSA key ≥ 2048 bits.
// Deliberately not checked:
//   - revocation (CRL, OCSP): receipts are verified offline, often years after signing, against
//     certificates that have long expired; Apple's CRLs for them are not an input here.
//   - name constraints, policy mappings, policy constraints, inhibitAnyPolicy: not processed. A
//     certificate carrying any of them as a critical extension is refused (unknown critical
//     extension); non-critical ones are ignored. The Apple chain carries none.
//   - the anchor's own issuer signature (an anchor is trusted as given, RFC 5280 §6.1.1 (d));
//     under .xcode the self-signature is checked because that certificate is the whole chain.

public import PureDER

/// Builds and verifies the chain for a signer certificate.
///
/// - Parameters:
///   - leaf: the signer certificate.
///   - pool: every certificate carried with the signature (e.g. a receipt's certificate set). Used
///     only to find intermediates, and an anchor only where `anchors` pins its fingerprint.
///   - anchors: where the chain must end. Never taken from the pool.
///   - policy: `.apple` or `.xcode(certificate)`.
///   - time: the instant every certificate must be valid at (a receipt's creation date).
/// - Returns: the path [leaf, …, anchor] (just [leaf] under `.xcode`).
public func verifyChain(
    leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, policy: ChainPolicy, at time: DERTime
) throws(X509Error) -> [Certificate] {
    var paths = try SignerPaths(leaf: leaf, pool: pool, anchors: anchors, policy: policy)
    return try paths.path(at: time)
}

/// The Apple policy's checks of the signer certificate alone, made before any path is searched.
func checkAppleSigner(_ leaf: Certificate) throws(X509Error) {
    let hasLeafMarker = leaf.extensions.contains(AppleMarkers.receiptSigningLeaf)
    if leaf.isSelfIssued && !hasLeafMarker {
        // A self-signed signer is what Xcode's StoreKit testing writes; name it as such.
        throw X509Error(.xcodeNotAllowed, certificate: leaf.subject)
    }
    // Apple receipt rule (marker-oids): the signer leaf carries the receipt-signing marker
    // 1.2.840.113635.100.6.11.1; without it any certificate chaining to Apple's root could sign.
    guard hasLeafMarker else { throw X509Error(.leafMarkerMissing, certificate: leaf.subject) }
}

/// A signer's chain in the two steps of authenticate-first verification: first, with no instant,
/// the checks of the signer alone and a path of certificate signatures to an anchor (the
/// pinned certificate's self-signature under `.xcode`), so that an untrusted signer is refused
/// before anything it signed is read; then, once the signed content has given the instant, the
/// first path passing every check at it. No certificate signature is verified twice.
package struct SignerPaths {
    package let leaf: Certificate
    package let policy: ChainPolicy
    private let pool: [Certificate]
    private let anchors: TrustAnchors
    /// A path remembered by a chain cache for byte-identical leaf, pool, anchors and policy.
    private let known: [Certificate]?
    private var search: PathSearch?

    /// The first step: throws when no path of certificate signatures leads to an anchor. `known` is
    /// a path a chain cache remembered for exactly these inputs (ChainCache.swift): nothing is
    /// searched until it fails the checks at an instant.
    package init(
        leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, policy: ChainPolicy,
        known: [Certificate]? = nil
    ) throws(X509Error) {
        (self.leaf, self.policy, self.pool, self.anchors, self.known) = (leaf, policy, pool, anchors, known)
        switch policy {
        case .apple:
            try checkAppleSigner(leaf)
            guard known == nil else { return }
            var search = PathSearch(leaf: leaf, pool: pool, anchors: anchors.candidates(in: pool))
            // An unreachable anchor fails here with the error the full search would give.
            if !search.reachesAnchor { _ = try search.firstPath { _ in } }
            self.search = search
        case .xcode(let pinned):
            // Apple receipt rule (xcode-opt-in): the signer is byte-identical to the self-signed
            // StoreKit-testing certificate the caller opted in with, and its self-signature verifies.
            guard leaf.isSameCertificate(as: pinned), leaf.isSelfIssued else {
                throw X509Error(.untrusted, certificate: leaf.subject)
            }
            if known == nil { try leaf.verifySignature(issuedBy: leaf) }
        }
    }

    /// True when the first step took a path a chain cache remembered instead of searching.
    package var isRemembered: Bool { known != nil }

    /// The second step: the first path passing every check at `time` (a remembered one when it does).
    package mutating func path(at time: DERTime) throws(X509Error) -> [Certificate] {
        let policy = policy
        if case .xcode = policy {
            try checkPath([leaf], policy: policy, at: time)
            return [leaf]
        }
        // A remembered path that no longer passes (e.g. another instant) is not the verdict: search.
        if let known, (try? checkPath(known, policy: policy, at: time)) != nil { return known }
        var search = search ?? PathSearch(leaf: leaf, pool: pool, anchors: anchors.candidates(in: pool))
        defer { self.search = search }
        return try search.firstPath { (path) throws(X509Error) in try checkPath(path, policy: policy, at: time) }
    }
}

/// Every check of a built path but its signatures, in the order of the file header.
private func checkPath(_ path: [Certificate], policy: ChainPolicy, at time: DERTime) throws(X509Error) {
    let leaf = path.first
    if case .apple = policy, let leaf {
        // RFC 5280 CA checks come before the policy's shape and marker checks, so that a non-CA
        // certificate used as an intermediate is reported as what it is (notCA) whatever
        // extensions it carries.
        try checkIssuers(path)
        // Apple receipt rule (chain-shape): leaf → intermediate → anchor, exactly.
        guard path.count <= 3 else { throw X509Error(.chainTooLong, certificate: leaf.subject) }
        // A path has the leaf and at least the anchor; `issuer` is the certificate above the leaf.
        let issuer = path.dropFirst().first ?? leaf
        // Apple receipt rule (marker-oids): the certificate that issued the leaf carries the WWDR
        // intermediate marker 1.2.840.113635.100.6.2.1.
        guard issuer.extensions.contains(AppleMarkers.wwdrIntermediate) else {
            throw X509Error(.intermediateMarkerMissing, certificate: issuer.subject)
        }
        // Apple receipt rule (chain-shape): an anchor that is the WWDR intermediate itself ends
        // the path one certificate short; the leaf → WWDR → root path through it is what passes.
        guard path.count == 3 else { throw X509Error(.chainTooShort, certificate: issuer.subject) }
    }
    for certificate in path {
        try checkCriticalExtensions(certificate)
    }
    // RFC 5280 §4.2.1.3: keyUsage "digitalSignature ... when the subject public key is used for
    // verifying digital signatures, other than signatures on certificates (bit 5) and CRLs (bit 6)".
    if let leaf, let usage = leaf.extensions.keyUsage, !usage.contains(.digitalSignature) {
        throw X509Error(.keyUsageNotAllowed, certificate: leaf.subject)
    }
    for certificate in path {
        // RFC 5280 §6.1.3 (a)(2): "The certificate validity period includes the current time."
        // The time is the caller's (a receipt's creation date), for the anchor too.
        guard certificate.isValid(at: time) else {
            throw X509Error(.certificateExpired, certificate: certificate.subject)
        }
    }
    // Apple receipt rule (rsa-2048): every RSA key in an Apple receipt path has at least 2048 bits.
    if case .apple = policy {
        for certificate in path {
            if case .rsa(let key) = certificate.publicKey, key.modulusBitCount < ChainPolicy.appleMinimumRSABits {
                throw X509Error(.keyTooSmall, certificate: certificate.subject)
            }
        }
    }
}

/// RFC 5280 §6.1.4: every certificate that issued another in the path must be allowed to.
/// Names are rendered only on failure: rendering costs more than all the checks (callgrind).
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
func checkCriticalExtensions(_ certificate: Certificate) throws(X509Error) {
    // Apple's markers are understood too: their presence is what the Apple policy checks.
    let understood = ExtensionOID.understood + [AppleMarkers.receiptSigningLeaf, AppleMarkers.wwdrIntermediate]
    for item in certificate.extensions.all where item.critical && !understood.contains(item.oid) {
        throw X509Error(.unknownCriticalExtension(item.oid), certificate: certificate.subject)
    }
}
