// Path building: from a leaf, through certificates of a pool, to a trust anchor (RFC 5280 §6,
// simplified for receipts), so that the verdict does not depend on the order of the pool.
//
// A candidate issuer of the current certificate must carry the current certificate's issuer name
// as its subject (byte equality, see DistinguishedName.swift) AND its key must verify the current
// certificate's signature. The search is depth first over every candidate, anchors before the
// pool, each in the caller's order; at each certificate, ending at an anchor is tried before going
// further. A path reaching an anchor is handed to `accept` (every check of ChainVerification.swift:
// validity at the instant, CA status, the policy); the first path `accept` passes is returned. The
// search also goes on through an anchor, so an intermediate given as an anchor still leads to a
// root anchor above it. A certificate appears at most once in a path.
// Bounds: at most `Limits.maxChainLength` certificates in a path; each (certificate, issuer)
// signature is verified at most once per call and each TBSCertificate hashed at most once (the
// memo in `PathSearch`), so the work is at most (anchors + pool)² signature checks.
// When no path passes: the error of the first complete path (a too-short path's error gives way to
// a later path's); when none reaches an anchor, the first dead end's: `chainTooLong`,
// `badSignature` when only pool certificates with the right name
// were found and none verified, `untrusted` otherwise.
// Not used for chaining: key identifiers (RFC 5280 makes them a hint, not a requirement).

import PureCrypto
import PureDER

/// The first path [leaf, intermediates…, anchor] that `accept` passes (see the file header).
func buildPath(
    leaf: Certificate, pool: [Certificate], anchors: [Certificate],
    accept: ([Certificate]) throws(X509Error) -> Void
) throws(X509Error) -> [Certificate] {
    var search = PathSearch(leaf: leaf, pool: pool, anchors: anchors)
    var path = [0]
    if let found = search.extend(&path, accept: accept) { return found }
    throw search.failure ?? search.deadEnd ?? X509Error(.untrusted, certificate: leaf.subject.description)
}

/// One search: the certificates by index (0 the leaf, then the anchors, then the pool certificates
/// that are not anchors, each once), the signature memo and the first errors met.
private struct PathSearch {
    struct Pair: Hashable {
        let certificate: Int
        let issuer: Int
    }

    private(set) var nodes: [Certificate]
    /// Indices 1..<anchorEnd are anchors.
    private(set) var anchorEnd = 1
    private var digests: [Int: [UInt8]] = [:]
    private var verified: Set<Pair> = []
    private var refused: [Pair: X509Error] = [:]
    /// The error `accept` gave for the first complete path, and the first dead end's.
    private(set) var failure: X509Error?
    private(set) var deadEnd: X509Error?

    /// For each node, the nodes whose subject is its issuer name: names are compared once per pair
    /// here, never during the search (names are attacker-sized).
    private(set) var issuerCandidates: [[Int]] = []

    init(leaf: Certificate, pool: [Certificate], anchors: [Certificate]) {
        nodes = [leaf]
        // Every certificate once, and none equal to the leaf (a certificate appears at most once in
        // a path), so the search compares indices, never certificate bytes.
        for (index, certificate) in (anchors + pool).enumerated()
        where !nodes.contains(where: { $0.isSameCertificate(as: certificate) }) {
            nodes.append(certificate)
            if index < anchors.count { anchorEnd = nodes.count }
        }
        issuerCandidates = nodes.map { node in
            nodes.indices.dropFirst().filter { nodes[$0].subject == node.issuer }
        }
    }

    /// Extends `path` (indices, never empty) depth first; nil when no extension passes `accept`.
    /// Depth is bounded by `Limits.maxChainLength`.
    mutating func extend(_ path: inout [Int], accept: ([Certificate]) throws(X509Error) -> Void) -> [Certificate]? {
        guard let current = path.last else { return nil }
        let candidates = issuerCandidates[current].filter { !path.contains($0) }
        // Apple receipt rule (path-order): the verdict does not depend on the order of the
        // certificate set; Apple's expired and current WWDR intermediates share name and key.
        var issuers: [Int] = []
        var anchorNameMatched = false
        for candidate in candidates where candidate < anchorEnd {
            anchorNameMatched = true
            // RFC 5280 §6.1.3 (a)(1): "The signature on the certificate can be verified using
            // working_public_key_algorithm, the working_public_key, and the
            // working_public_key_parameters."
            guard signatureError(current, issuedBy: candidate) == nil else { continue }
            issuers.append(candidate)
            let complete = (path + [candidate]).map { nodes[$0] }
            do {
                try accept(complete)
                return complete
            } catch {
                if failure == nil || failure?.isChainTooShort == true { failure = error }
            }
        }
        // One more intermediate plus the anchor it must still lead to.
        guard path.count + 2 <= Limits.maxChainLength else {
            if issuers.isEmpty {
                noteDeadEnd(X509Error(.chainTooLong, certificate: nodes[current].subject.description))
            }
            return nil
        }
        var poolFailure: X509Error?
        for candidate in candidates where candidate >= anchorEnd {
            if let error = signatureError(current, issuedBy: candidate) {
                poolFailure = poolFailure ?? error
            } else {
                issuers.append(candidate)
            }
        }
        for issuer in issuers {
            path.append(issuer)
            if let found = extend(&path, accept: accept) { return found }
            path.removeLast()
        }
        if issuers.isEmpty {
            let untrusted = X509Error(.untrusted, certificate: nodes[current].subject.description)
            noteDeadEnd(anchorNameMatched ? untrusted : poolFailure ?? untrusted)
        }
        return nil
    }

    private mutating func noteDeadEnd(_ error: X509Error) {
        if deadEnd == nil { deadEnd = error }
    }

    /// Whether `issuer`'s key verifies `certificate`'s signature, each pair checked once. RSA over
    /// a digest of the TBSCertificate computed once per certificate: the check of
    /// `verifySignature(issuedBy:)`, which handles every other case.
    private mutating func signatureError(_ certificate: Int, issuedBy issuer: Int) -> X509Error? {
        let pair = Pair(certificate: certificate, issuer: issuer)
        if verified.contains(pair) { return nil }
        if let known = refused[pair] { return known }
        let subject = nodes[certificate]
        var error: X509Error?
        if case .rsaPKCS1v15(let hash) = subject.signatureAlgorithm, case .rsa(let key) = nodes[issuer].publicKey {
            // RFC 5280 §4.1.1.3: the signature is computed upon the DER tbsCertificate, hashed as received.
            let digest = digests[certificate] ?? hash.hash(subject.tbsCertificate)
            digests[certificate] = digest
            if (try? key.verifyPKCS1v15(signature: subject.signature, digest: digest, algorithm: hash)) == nil {
                error = X509Error(.badSignature, certificate: subject.subject.description)
            }
        } else {
            do {
                try subject.verifySignature(issuedBy: nodes[issuer])
            } catch let refusal {
                error = refusal
            }
        }
        if let error { refused[pair] = error } else { verified.insert(pair) }
        return error
    }
}
