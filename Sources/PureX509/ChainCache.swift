// VerifiedChainCache and ChainCache: memory of certificate chains that verified, so that a server
// checking many receipts signed by the same certificates verifies the certificate signatures once.
//
// Off by default: each format's verify call takes one as an optional argument (`cache:`), and the
// caller owns it; one cache serves all three formats.
// What a hit skips: path building, i.e. the RSA signature on each certificate of the path (and the
// fingerprints of pinned anchors). What still runs on every call: the CMS signature over the
// content (in SignedData.verify), and every chain check of ChainVerification.swift — leaf and
// intermediate markers, CA constraints, critical extensions, keyUsage, validity at the instant
// given, key sizes.
// Key: everything path building reads, compared as FULL DER bytes — the signer certificate, the
// certificate pool in order, the anchors (certificates and pinned fingerprints) and the path rules
// (PathRules.swift): the signatures path building verifies depend on exactly these. Rules that pin
// a self-signed certificate (Xcode's StoreKit testing) are never cached. Which path it keeps also
// depends on the instant (the first passing every check), so a hit's path is used only if it passes
// every check at the new instant; otherwise the paths are searched afresh (ChainVerification.swift)
// and a hit never changes a verdict. Keys are compared on all their bytes.
// Stored: copies of those bytes (never the receipt they came from) and where each certificate of
// the path sits among the pool followed by the anchor certificates; a path is rebuilt from the
// caller's own certificates.
// Only chains that passed every check are stored; failures are never cached.
// Bounds: at most `Limits.maxCachedChains` entries, least recently used evicted.
// Concurrency: `VerifiedChainCache` is a value (use it `inout` from one task); `ChainCache` is an
// actor sharing one across tasks through `withCache`, which lends each task a copy and keeps what
// the task learned: certificate signatures are checked outside the actor, so concurrent misses
// verify in parallel (and may both insert: harmless, deduplicated). One implementation serves both.

public import PureDER

/// A bounded memo of verified certificate paths, used `inout` (single owner). See `ChainCache`
/// for a cache shared between tasks.
public struct VerifiedChainCache: Sendable {
    /// Everything path building reads, as full DER bytes: a path is reused only for exactly these.
    struct Key: Sendable, Equatable {
        let rules: PathRules
        let leaf: [UInt8]
        let pool: [[UInt8]]
        let anchorCertificates: [[UInt8]]
        let pinnedSHA256: [[UInt8]]

        init(leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules) {
            self.rules = rules
            self.leaf = Array(leaf.derEncoded)
            self.pool = pool.map { Array($0.derEncoded) }
            anchorCertificates = anchors.certificates.map { Array($0.derEncoded) }
            pinnedSHA256 = anchors.pinnedSHA256
        }
    }

    /// One verified path and the key it was verified under.
    struct Entry: Sendable {
        let key: Key
        /// The path after the leaf, as indices into the pool followed by the anchor certificates.
        let path: [Int]
        var lastUse: UInt64
    }

    /// Most entries kept (at most `Limits.maxCachedChains`).
    public let capacity: Int
    private var entries: [Entry] = []
    private var clock: UInt64 = 0
    /// Lookups that found a usable path.
    public private(set) var hits = 0
    /// Lookups that found none.
    public private(set) var misses = 0

    /// An empty cache of at most `capacity` entries (clamped to 0…`Limits.maxCachedChains`; 0
    /// keeps nothing).
    public init(capacity: Int = Limits.maxCachedChains) {
        self.capacity = min(max(capacity, 0), Limits.maxCachedChains)
    }

    /// Number of paths held.
    public var count: Int { entries.count }

    /// Forgets every path.
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// The path remembered for exactly these certificates, anchors and rules, if any.
    package mutating func path(leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules)
        -> [Certificate]?
    {
        guard !entries.isEmpty else {  // nothing to compare with: no key to copy
            misses += 1
            return nil
        }
        let key = Key(leaf: leaf, pool: pool, anchors: anchors, rules: rules)
        let candidates = pool + anchors.certificates
        // An equal key means as many candidates as when the path was stored, so every index is in
        // range; the check stays so that no stored value can make a lookup trap.
        guard let index = entries.firstIndex(where: { $0.key == key }),
            entries[index].path.allSatisfy(candidates.indices.contains)
        else {
            misses += 1
            return nil
        }
        clock += 1
        entries[index].lastUse = clock
        hits += 1
        return [leaf] + entries[index].path.map { candidates[$0] }
    }

    /// Remembers `path` (which passed every check) for these certificates, anchors and rules.
    package mutating func insert(
        path: [Certificate], leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules
    ) {
        guard capacity > 0, rules.pinnedSelfSigned == nil else { return }
        let candidates = pool + anchors.certificates
        var indices: [Int] = []
        for certificate in path.dropFirst() {
            guard let index = candidates.firstIndex(where: { $0.isSameCertificate(as: certificate) }) else {
                return  // not from the caller's certificates: nothing safe to remember
            }
            indices.append(index)
        }
        let key = Key(leaf: leaf, pool: pool, anchors: anchors, rules: rules)
        guard !entries.contains(where: { $0.key == key }) else { return }
        clock += 1
        add(Entry(key: key, path: indices, lastUse: clock))
    }

    /// Adds `entry`, evicting the least recently used one when full.
    private mutating func add(_ entry: Entry) {
        if entries.count < capacity {
            entries.append(entry)
        } else if let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            entries[oldest] = entry
        }
    }

    /// Keeps what `copy` (lent at `since`, see `ChainCache.withCache`) learned: its new paths and
    /// its hit and miss counts.
    mutating func absorb(_ copy: VerifiedChainCache, since: (clock: UInt64, hits: Int, misses: Int)) {
        hits += copy.hits - since.hits
        misses += copy.misses - since.misses
        for entry in copy.entries where entry.lastUse > since.clock {
            clock += 1
            if let index = entries.firstIndex(where: { $0.key == entry.key }) {
                entries[index].lastUse = clock
            } else {
                var added = entry
                added.lastUse = clock
                add(added)
            }
        }
    }

    /// The clock and counters at the moment a copy is lent.
    var mark: (clock: UInt64, hits: Int, misses: Int) { (clock, hits, misses) }
}

// Embedded Swift has no actors: share a VerifiedChainCache by hand there.
// swift-format-ignore
#if !hasFeature(Embedded)
/// A `VerifiedChainCache` shared between tasks: one cache for a server's app receipts, StoreKit
/// data and legacy receipts, passed to any verify call through `withCache`.
public actor ChainCache {
    private var storage: VerifiedChainCache

    /// An empty shared cache of at most `capacity` entries.
    public init(capacity: Int = Limits.maxCachedChains) {
        storage = VerifiedChainCache(capacity: capacity)
    }

    /// Number of paths held.
    public var count: Int { storage.count }
    /// Lookups that found a usable path.
    public var hits: Int { storage.hits }
    /// Lookups that found none.
    public var misses: Int { storage.misses }

    /// Forgets every path.
    public func removeAll() { storage.removeAll() }

    /// Runs `body` (a verify call) with a copy of the cache, outside the actor, then keeps the paths
    /// it verified: `try await cache.withCache { try ReceiptValidator.validate(bytes, policy: p, cache: &$0) }`.
    public nonisolated func withCache<T: Sendable, E: Error>(
        _ body: (inout VerifiedChainCache) throws(E) -> T
    ) async throws(E) -> T {
        let (lent, mark) = await lend()
        var copy = lent
        let result = Result { () throws(E) -> T in try body(&copy) }
        await absorb(copy, since: mark)
        return try result.get()
    }

    private func lend() -> (VerifiedChainCache, (clock: UInt64, hits: Int, misses: Int)) { (storage, storage.mark) }

    private func absorb(_ copy: VerifiedChainCache, since mark: (clock: UInt64, hits: Int, misses: Int)) {
        storage.absorb(copy, since: mark)
    }
}
#endif

/// `verifyChain(leaf:pool:anchors:rules:at:)` through `cache`: a remembered path's certificate
/// signatures are not verified again; every other check runs.
public func verifyChain(
    leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules, at time: DERTime,
    cache: inout VerifiedChainCache
) throws(X509Error) -> [Certificate] {
    let known = cache.path(leaf: leaf, pool: pool, anchors: anchors, rules: rules)
    var paths = try SignerPaths(leaf: leaf, pool: pool, anchors: anchors, rules: rules, known: known)
    let path = try paths.path(at: time)
    if known == nil { cache.insert(path: path, leaf: leaf, pool: pool, anchors: anchors, rules: rules) }
    return path
}
