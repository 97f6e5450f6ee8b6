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
// a self-signed certificate (Xcode's StoreKit testing) are never cached. Which path it keeps also depends on the instant (the first passing every check), so a
// hit's path is used only if it passes every check at the new instant; otherwise the paths are
// searched afresh (ChainVerification.swift) and a hit never changes a verdict. The last 8 bytes of
// the signer's encoding (inside its signature) only pre-filter entries; equality is always decided
// on all bytes.
// Stored: copies of those bytes (never the receipt they came from) and where each certificate of
// the path sits (pool or anchor index); a path is rebuilt from the caller's own certificates.
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
    /// Where a certificate of a cached path lies among the caller's certificates.
    enum Source: Sendable, Equatable {
        case pool(Int)
        case anchor(Int)
    }

    /// One verified path and the key it was verified under.
    struct Entry: Sendable {
        let probe: UInt64
        let rules: PathRules
        let anchorCertificates: [[UInt8]]
        let pinnedSHA256: [[UInt8]]
        let leaf: [UInt8]
        let pool: [[UInt8]]
        /// The path after the leaf.
        let path: [Source]
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
        let probe = Self.probe(leaf.derEncoded)
        for index in entries.indices where entries[index].probe == probe {
            let entry = entries[index]
            guard Self.matches(entry, leaf: leaf, pool: pool, anchors: anchors, rules: rules),
                let path = Self.rebuild(entry.path, leaf: leaf, pool: pool, anchors: anchors)
            else { continue }
            clock += 1
            entries[index].lastUse = clock
            hits += 1
            return path
        }
        misses += 1
        return nil
    }

    /// Remembers `path` (which passed every check) for these certificates, anchors and rules.
    package mutating func insert(
        path: [Certificate], leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules
    ) {
        guard capacity > 0, rules.pinnedSelfSigned == nil else { return }
        var sources: [Source] = []
        for certificate in path.dropFirst() {
            if let index = pool.firstIndex(where: { $0.isSameCertificate(as: certificate) }) {
                sources.append(.pool(index))
            } else if let index = anchors.certificates.firstIndex(where: { $0.isSameCertificate(as: certificate) }) {
                sources.append(.anchor(index))
            } else {
                return  // not from the caller's certificates: nothing safe to remember
            }
        }
        let probe = Self.probe(leaf.derEncoded)
        if entries.contains(where: {
            $0.probe == probe && Self.matches($0, leaf: leaf, pool: pool, anchors: anchors, rules: rules)
        }) {
            return
        }
        clock += 1
        add(
            Entry(
                probe: probe, rules: rules, anchorCertificates: anchors.certificates.map { Array($0.derEncoded) },
                pinnedSHA256: anchors.pinnedSHA256, leaf: Array(leaf.derEncoded),
                pool: pool.map { Array($0.derEncoded) }, path: sources, lastUse: clock))
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
            if let index = entries.firstIndex(where: { Self.sameKey($0, entry) }) {
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

    /// A cheap pre-filter: the last 8 bytes of the encoding (inside its signature).
    private static func probe(_ bytes: some Collection<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes.suffix(8) {
            value = (value << 8) | UInt64(byte)
        }
        return value
    }

    /// Whether `entry` was stored under exactly this leaf, pool, anchors and rules (all bytes).
    private static func matches(
        _ entry: Entry, leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules
    ) -> Bool {
        guard entry.rules == rules, sameBytes(entry.leaf, leaf.derEncoded),
            entry.pool.count == pool.count,
            entry.anchorCertificates.count == anchors.certificates.count,
            entry.pinnedSHA256 == anchors.pinnedSHA256
        else { return false }
        for (stored, certificate) in zip(entry.pool, pool) where !sameBytes(stored, certificate.derEncoded) {
            return false
        }
        for (stored, certificate) in zip(entry.anchorCertificates, anchors.certificates)
        where !sameBytes(stored, certificate.derEncoded) {
            return false
        }
        return true
    }

    /// Whether two entries have the same key (all bytes).
    private static func sameKey(_ a: Entry, _ b: Entry) -> Bool {
        a.probe == b.probe && a.rules == b.rules && a.leaf == b.leaf && a.pool == b.pool
            && a.anchorCertificates == b.anchorCertificates && a.pinnedSHA256 == b.pinnedSHA256
    }

    /// The path from its sources, or nil when an index is out of range (never, for a match).
    private static func rebuild(_ sources: [Source], leaf: Certificate, pool: [Certificate], anchors: TrustAnchors)
        -> [Certificate]?
    {
        var path = [leaf]
        for source in sources {
            switch source {
            case .pool(let index):
                guard pool.indices.contains(index) else { return nil }
                path.append(pool[index])
            case .anchor(let index):
                guard anchors.certificates.indices.contains(index) else { return nil }
                path.append(anchors.certificates[index])
            }
        }
        return path
    }
}

/// Whether `stored` equals `bytes`.
private func sameBytes(_ stored: [UInt8], _ bytes: ArraySlice<UInt8>) -> Bool {
    guard stored.count == bytes.count else { return false }
    var index = bytes.startIndex
    for byte in stored {
        guard byte == bytes[index] else { return false }
        index += 1  // < bytes.endIndex: the counts are equal
    }
    return true
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
