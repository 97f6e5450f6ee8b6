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
//
// Bounds (certificates and names are chosen by whoever made the input):
// - signatures: a signature depends on the certificate and the issuer's key only, so each
//   (certificate, distinct key) pair is verified at most once, and each TBSCertificate hashed at
//   most once: at most n × (distinct keys) signature checks for n certificates; a certificate
//   that a path of the chain cache holds directly below its issuer, both byte-identical, is not
//   checked again (that key verified those bytes when the path was remembered: ChainCache.swift);
// - names: each issuer name is compared with every subject, lengths first, bytes only where they
//   are equal (at most (n + anchors)² comparisons of names of at most `Limits.maxNameBytes`: no
//   more than hashing each name a byte at a time, which this replaced, cost in instructions);
// - the search: before it, the fewest certificates from each certificate to an anchor are computed
//   over verified signatures (`stepsToAnchor`); the search enters only certificates from which an
//   anchor is reachable within `Limits.maxChainLength`, so every branch it takes ends in a
//   complete path, and it stops after `maxCompletePaths` complete paths;
// - errors keep the certificate's name as bytes: nothing is rendered during the search.
// When no path passes: the error of the first complete path (a too-short path's error gives way to
// a later path's); when none reaches an anchor, the first dead end's along the first branch of the
// depth-first order: `chainTooLong`, `badSignature` when only pool certificates with the right
// name were found and none verified, `untrusted` otherwise.
// Not used for chaining: key identifiers (RFC 5280 makes them a hint, not a requirement).

import PureCrypto
import PureDER

/// One search: the certificates by index (0 the leaf, then the anchors, then the pool certificates
/// that are not anchors, each once), the signature memo, the distances to an anchor and the first
/// error met. Built once, it answers "is there a path of signatures to an anchor?" with no instant
/// (`reachesAnchor`), then "which path passes the checks at the instant?" (`firstPath`), verifying
/// no certificate signature twice.
struct PathSearch {
    /// Most complete paths handed to `accept` in one search. Real chains have one or two (a CA's
    /// expired and re-issued intermediates may share name and key); past this, the search fails.
    static let maxCompletePaths = 16

    private var nodes: [Certificate]
    /// Indices 1..<anchorEnd are anchors.
    private var anchorEnd = 1
    /// For each node, the nodes whose subject is its issuer name.
    private var issuerCandidates: [[Int]] = []
    /// For each node, the first node with the same public key: signatures are memoised per key.
    private var keyClass: [Int] = []
    private var digests: [Int: [UInt8]] = [:]
    private var signatureMemo: [Pair: X509Error?] = [:]
    /// The chain cache's remembered paths, whose signatures verified when they were remembered.
    private let remembered: VerifiedChainCache
    /// For each node, the fewest certificates after it up to an anchor (0 for an anchor), over
    /// verified signatures; nil when none is reachable within `Limits.maxChainLength`.
    private var stepsToAnchor: [Int?] = []
    private var completePaths = 0
    /// The error `accept` gave for the first complete path.
    private var failure: X509Error?

    struct Pair: Hashable {
        let certificate: Int
        let key: Int
    }

    init(leaf: Certificate, pool: [Certificate], anchors: [Certificate], remembered: VerifiedChainCache) {
        (nodes, self.remembered) = ([leaf], remembered)
        // Every certificate once, and none equal to the leaf (a certificate appears at most once in
        // a path), so the search compares indices, never certificate bytes.
        for (index, certificate) in (anchors + pool).enumerated()
        where !nodes.contains(where: { $0.isSameCertificate(as: certificate) }) {
            // An anchor as the cache holds it, byte-identical (so it is what parsing gives), with
            // its key's table when it anchors several remembered paths (ChainCache.swift).
            let held = index < anchors.count ? remembered.certificate(encodedAs: certificate.derEncoded) : nil
            nodes.append(held ?? certificate)
            if index < anchors.count { anchorEnd = nodes.count }
        }
        issuerCandidates = nodes.map { node in nodes.indices.dropFirst().filter { nodes[$0].subject == node.issuer } }
        keyClass = nodes.indices.map { index in
            nodes.indices.first { nodes[$0].publicKey.sameKey(as: nodes[index].publicKey) } ?? index
        }
        stepsToAnchor = Array(repeating: nil, count: nodes.count)
        for anchor in 1..<anchorEnd { stepsToAnchor[anchor] = 0 }
        // Bellman-Ford over at most maxChainLength − 1 rounds: a signature is checked only where
        // the candidate issuer already reaches an anchor.
        for steps in 1..<Limits.maxChainLength {
            for node in nodes.indices where stepsToAnchor[node] == nil {
                let reaches = issuerCandidates[node].contains { candidate in
                    guard let known = stepsToAnchor[candidate], known < steps else { return false }
                    return signatureError(node, issuedBy: candidate) == nil
                }
                if reaches { stepsToAnchor[node] = steps }
            }
        }
    }

    /// Whether some path of verified certificate signatures leads from the leaf to an anchor.
    var reachesAnchor: Bool { stepsToAnchor.first.flatMap { $0 } != nil }

    /// The first path that `accept` passes, or the error of the search (see the file header).
    mutating func firstPath(passing accept: ([Certificate]) throws(X509Error) -> Void) throws(X509Error)
        -> [Certificate]
    {
        var path = [0]
        if let found = extend(&path, accept: accept) { return found }
        throw failure ?? firstDeadEnd()
    }

    /// Extends `path` (indices, never empty) depth first; nil when no extension passes `accept`.
    /// Enters only candidates that still reach an anchor within `Limits.maxChainLength`.
    private mutating func extend(_ path: inout [Int], accept: ([Certificate]) throws(X509Error) -> Void)
        -> [Certificate]?
    {
        guard let current = path.last else { return nil }
        let candidates = issuerCandidates[current].filter { !path.contains($0) }
        // The verdict does not depend on the order of the pool: every candidate is tried, and an
        // expired intermediate and its re-issue may share name and key.
        var issuers: [Int] = []
        for candidate in candidates where candidate < anchorEnd && completePaths < Self.maxCompletePaths {
            // RFC 5280 §6.1.3 (a)(1): "The signature on the certificate can be verified using
            // working_public_key_algorithm, the working_public_key, and the
            // working_public_key_parameters."
            guard signatureError(current, issuedBy: candidate) == nil else { continue }
            issuers.append(candidate)
            completePaths += 1
            let complete = (path + [candidate]).map { nodes[$0] }
            do {
                try accept(complete)
                return complete
            } catch {
                if failure == nil || failure?.isChainTooShort == true { failure = error }
            }
        }
        // One more intermediate, then the certificates it still needs up to an anchor.
        for candidate in candidates where candidate >= anchorEnd {
            guard let steps = stepsToAnchor[candidate], path.count + 1 + steps <= Limits.maxChainLength,
                signatureError(current, issuedBy: candidate) == nil
            else { continue }
            issuers.append(candidate)
        }
        for issuer in issuers where completePaths < Self.maxCompletePaths {
            guard let steps = stepsToAnchor[issuer], steps > 0 || path.count + 2 <= Limits.maxChainLength else {
                continue
            }
            path.append(issuer)
            if let found = extend(&path, accept: accept) { return found }
            path.removeLast()
        }
        return nil
    }

    /// The error when no path reached an anchor: the first dead end of the depth-first order, met
    /// by following the first verified issuer at each step (see the file header).
    mutating func firstDeadEnd() -> X509Error {
        var path = [0]
        while let current = path.last {
            let candidates = issuerCandidates[current].filter { !path.contains($0) }
            let anchorNameMatched = candidates.contains { $0 < anchorEnd }
            var next = candidates.first { $0 < anchorEnd && signatureError(current, issuedBy: $0) == nil }
            guard path.count + 2 <= Limits.maxChainLength else {
                return next == nil ? X509Error(.chainTooLong, certificate: nodes[current].subject) : untrusted
            }
            var poolFailure: X509Error?
            for candidate in candidates where candidate >= anchorEnd && next == nil {
                if let error = signatureError(current, issuedBy: candidate) {
                    poolFailure = poolFailure ?? error
                } else {
                    next = candidate
                }
            }
            guard let next else {
                let untrusted = X509Error(.untrusted, certificate: nodes[current].subject)
                return anchorNameMatched ? untrusted : poolFailure ?? untrusted
            }
            path.append(next)
        }
        return untrusted
    }

    private var untrusted: X509Error { X509Error(.untrusted, certificate: nodes.first?.subject) }

    /// Whether `issuer`'s key verifies `certificate`'s signature, checked once per (certificate,
    /// key). RSA over a digest of the TBSCertificate computed once per certificate: the check of
    /// `verifySignature(issuedBy:)`, which handles every other case.
    private mutating func signatureError(_ certificate: Int, issuedBy issuer: Int) -> X509Error? {
        let pair = Pair(certificate: certificate, key: keyClass[issuer])
        if let known = signatureMemo[pair] { return known }
        let (subject, issuing) = (nodes[certificate], nodes[issuer])
        var error: X509Error?
        if remembered.remembersSignature(of: subject, by: issuing) {
            error = nil  // verified when the cache remembered a path with this link
        } else if case .rsaPKCS1v15(let hash) = subject.signatureAlgorithm, case .rsa(let key) = issuing.publicKey {
            // RFC 5280 §4.1.1.3: the signature is computed upon the DER tbsCertificate, hashed as received.
            let digest = digests[certificate] ?? hash.hash(subject.tbsCertificate)
            digests[certificate] = digest
            if (try? key.verifyPKCS1v15(signature: subject.signature, digest: digest, algorithm: hash)) == nil {
                error = X509Error(.badSignature, certificate: subject.subject)
            }
        } else {
            do {
                try subject.verifySignature(issuedBy: issuing)
            } catch let refusal {
                error = refusal
            }
        }
        signatureMemo[pair] = .some(error)
        return error
    }
}
