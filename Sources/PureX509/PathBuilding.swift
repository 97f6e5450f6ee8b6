// Path building: from a leaf, through certificates of a pool, to a trust anchor (RFC 5280 §6,
// simplified for receipts).
//
// Each step looks for the issuer of the current certificate first among the anchors, then among
// the pool: a candidate must carry the current certificate's issuer name as its subject (byte
// equality, see DistinguishedName.swift) AND its key must verify the current certificate's
// signature. The first candidate satisfying both is taken (no backtracking: a receipt carries one
// chain). The walk ends at the first anchor; it fails when the path would exceed
// `Limits.maxChainLength` certificates, or when no issuer is found.
// Does not check here: CA status, validity, extensions, policy markers (ChainVerification.swift).
// Not used for chaining: key identifiers (RFC 5280 makes them a hint, not a requirement).

import PureDER

/// Builds [leaf, intermediates…, anchor].
///
/// - Throws: `chainTooLong`; `badSignature` when only pool
///   certificates with the right name were found and none verified; `untrusted` otherwise when no
///   issuer is found (including a chain that ends at a self-signed certificate that is not an
///   anchor, and a name match with an anchor whose key does not verify).
func buildPath(leaf: Certificate, pool: [Certificate], anchors: [Certificate]) throws(X509Error) -> [Certificate] {
    var path = [leaf]
    // Each iteration appends one certificate or leaves; the length guard bounds the loop.
    while let current = path.last {
        var anchorNameMatched = false
        for anchor in anchors where anchor.subject == current.issuer {
            anchorNameMatched = true
            // RFC 5280 §6.1.3 (a)(1): "The signature on the certificate can be verified using
            // working_public_key_algorithm, the working_public_key, and the
            // working_public_key_parameters."
            if (try? current.verifySignature(issuedBy: anchor)) != nil {
                path.append(anchor)
                return path
            }
        }
        // One more intermediate plus the anchor it must still lead to.
        guard path.count + 2 <= Limits.maxChainLength else {
            throw X509Error(.chainTooLong, certificate: current.subject.description)
        }
        var failure: X509Error?
        var issuer: Certificate?
        for candidate in pool where candidate.subject == current.issuer {
            // A certificate appears at most once in a path (no loops), and anchors were tried above.
            if path.contains(where: { $0.isSameCertificate(as: candidate) }) { continue }
            if anchors.contains(where: { $0.isSameCertificate(as: candidate) }) { continue }
            do {
                try current.verifySignature(issuedBy: candidate)
                issuer = candidate
                break
            } catch {
                failure = error
            }
        }
        guard let issuer else {
            if let failure, !anchorNameMatched { throw failure }
            throw X509Error(.untrusted, certificate: current.subject.description)
        }
        path.append(issuer)
    }
    throw X509Error(.untrusted, certificate: leaf.subject.description)  // unreachable: path is never empty
}
