// VerifiedChainCache and ChainCache: memory of certificate paths that verified, so that a server
// checking many inputs signed by the same certificates verifies the certificate signatures once.
//
// Off by default: each format's verify call takes one as an optional argument (`cache:`), and the
// caller owns it; one cache serves all three formats. The path search drives it (`SignerPaths`,
// ChainVerification.swift): it looks up, searches on a miss and remembers, in one place.
// What a hit skips: path building, i.e. the signature on each certificate of the path. What still
// runs on every call: the signature over the content, and every check of the path at the instant
// (ChainVerification.swift): markers, CA constraints, critical extensions, keyUsage, validity,
// key sizes.
// Key: the signer certificate's whole encoding and the path rules. Value: the certificates the
// path used after the signer, each parsed from a copy of its encoding. A signature depends only on the certificate's bytes
// and the issuer's key, so a path of byte-identical certificates is a path of verified signatures
// whatever else the input carries; a lookup rebuilds it from the caller's certificates (pool and
// anchors) by length, then bytes, and uses it only when its last certificate is an anchor of this
// call (one of the caller's certificates, or pinned by fingerprint). Anything else — another anchor
// set, a changed byte, a missing intermediate — is a miss, and a hit's path is used only if it
// passes every check at the instant; otherwise the paths are searched afresh, so a hit never
// changes a verdict. A parser may take a certificate byte-identical to a remembered one from here
// (`certificate(encodedAs:)`, SignedData.parse(_:cache:), CompactJWS(compact:cache:) for the
// decoded `x5c` entries): parsing depends on the bytes alone, so
// that is the value it would have made, and what runs at the instant runs on it all the same.
// (When the pool holds two passing paths, a hit may return the one a search
// would have tried second.) A leaf that is itself one of the caller's anchors is never cached: its
// path of one has no certificate signature to save but its own.
// Bounds: at most `Limits.maxCachedChains` entries, least recently used evicted; a path whose
// certificates take more than `Limits.maxCachedPathBytes` together is never remembered (only
// certificates that chain to the caller's anchors are ever stored: the input's other certificates,
// which anyone can add to an app receipt, never are). An entry holds at most
// `VerifiedChainCache.maxEntryBytes` of encodings, and its certificates' parsed fields, whose own
// arrays (key limbs, extension and OID lists) are within a small multiple of each certificate's size,
// so the cache's memory is bounded by its capacity, never by the inputs. An EC key the cache meets
// again (a signer whose path is looked up again, a certificate in two remembered paths, held once
// for both) also keeps its table of precomputed multiples, 49.2 KB (ECPublicKey.swift): at most one
// per certificate held, and it speeds every signature that key verifies, the content's included.
// A lookup compares the signer's length
// with at most `capacity` entries' and its bytes only where the lengths are equal, then the pool's
// lengths; nothing is hashed.
// Concurrency: `VerifiedChainCache` is a value (use it `inout` from one task); `ChainCache` is an
// actor sharing one across tasks through `withCache`, which lends each task a copy and keeps what
// the task learned: certificate signatures are checked outside the actor, so concurrent misses
// verify in parallel (and may both insert: harmless, deduplicated). One implementation serves both.

import PureCrypto
public import PureDER

/// A bounded memo of verified certificate paths, used `inout` (single owner). See `ChainCache`
/// for a cache shared between tasks.
public struct VerifiedChainCache: Sendable {
    /// One verified path: the signer's encoding and the rules are the key.
    package struct Entry: Sendable {
        package internal(set) var signer: Certificate
        package let rules: PathRules
        /// The path's certificates after the signer, anchor last.
        package internal(set) var path: [Certificate]
        /// The SHA-256 of the anchor's encoding (the last of `path`), for anchors pinned by fingerprint.
        package let anchorSHA256: [UInt8]
        var lastUse: UInt64

        func matches(_ other: Entry) -> Bool { signer == other.signer && rules == other.rules && path == other.path }
    }

    /// Most bytes one entry holds (see the file header): its certificates' encodings and the
    /// anchor's SHA-256 (the rules are the caller's value).
    public static let maxEntryBytes = Limits.maxCachedPathBytes + 32

    /// Most entries kept (at most `Limits.maxCachedChains`).
    public let capacity: Int
    package private(set) var entries: [Entry] = []
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

    /// The path remembered for this signer and rules, rebuilt from `pool` and `anchors` and ending
    /// at one of `anchors`; nil when there is none.
    mutating func path(leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, rules: PathRules)
        -> [Certificate]?
    {
        guard !entries.isEmpty else {  // nothing to compare with: no hashing
            misses += 1
            return nil
        }
        guard let index = entries.firstIndex(where: { $0.signer == leaf && $0.rules == rules }),
            let path = rebuild(entries[index], from: anchors.certificates + pool, anchors: anchors)
        else {
            misses += 1
            return nil
        }
        clock += 1
        entries[index].lastUse = clock
        // A signer met again verifies its content's signature again: its key keeps its table.
        if let precomputed = entries[index].signer.withPrecomputedKey() { entries[index].signer = precomputed }
        hits += 1
        return [leaf] + path
    }

    /// The certificates of `entry`'s path found among `candidates` (by their encodings), or nil
    /// when one is missing or the last is not an anchor of `anchors`.
    private func rebuild(_ entry: Entry, from candidates: [Certificate], anchors: TrustAnchors) -> [Certificate]? {
        var path: [Certificate] = []
        for link in entry.path {
            guard let found = candidates.first(where: { $0 == link }) else { return nil }
            path.append(found)
        }
        guard let last = path.last else { return nil }
        let isAnchor =
            anchors.certificates.contains { $0.isSameCertificate(as: last) }
            || anchors.pinnedSHA256.contains(entry.anchorSHA256)
        return isAnchor ? path : nil
    }

    /// Remembers `path` (signer first, anchor last; it passed every check) under `rules`.
    mutating func insert(path: [Certificate], rules: PathRules) {
        guard capacity > 0, let anchor = path.last, path.count > 1,
            path.reduce(0, { $0 + $1.derEncoded.count }) <= Limits.maxCachedPathBytes
        else { return }
        clock += 1
        // Parsed from copies of their bytes alone, never of the input that carried them, or the copy
        // held already.
        let copies = path.compactMap { shared($0) ?? (try? Certificate(derEncoded: Array($0.derEncoded))) }
        guard copies.count == path.count, let signer = copies.first else { return }
        let entry = Entry(
            signer: signer, rules: rules, path: Array(copies.dropFirst()), anchorSHA256: anchor.sha256Fingerprint(),
            lastUse: clock)
        // One entry per signer and rules: a newer path (another instant passed another one) replaces it.
        if let index = entries.firstIndex(where: { $0.signer == entry.signer && $0.rules == rules }) {
            entries[index] = entry
        } else {
            add(entry)
        }
    }

    /// A remembered certificate whose encoding is `encoding`, as parsed when it was remembered: parsing
    /// depends on the bytes alone, so it is what parsing `encoding` again would give.
    package func certificate(encodedAs encoding: ArraySlice<UInt8>) -> Certificate? {
        for entry in entries {
            if constantTimeEqual(entry.signer.derEncoded, encoding) { return entry.signer }
            if let found = entry.path.first(where: { constantTimeEqual($0.derEncoded, encoding) }) { return found }
        }
        return nil
    }

    /// The copy of `certificate` the cache holds, or nil. A certificate in two remembered paths
    /// (the intermediate and anchor of many inputs) verifies signatures for both: the held copy keeps
    /// its key's table from then on, and replaces every other copy held, in entries then counted as
    /// used (so that `absorb` keeps them).
    private mutating func shared(_ certificate: Certificate) -> Certificate? {
        guard let held = self.certificate(encodedAs: certificate.derEncoded) else { return nil }
        guard let precomputed = held.withPrecomputedKey() else { return held }
        for e in entries.indices where entries[e].signer == held || entries[e].path.contains(held) {
            entries[e].signer = entries[e].signer == held ? precomputed : entries[e].signer
            entries[e].path = entries[e].path.map { $0 == held ? precomputed : $0 }
            entries[e].lastUse = clock
        }
        return precomputed
    }

    /// Whether a remembered path holds `certificate` directly below `issuer`, both byte-identical:
    /// `issuer`'s key verified `certificate`'s signature when the path was remembered, and a
    /// signature depends on those bytes alone. The issuer's signature is compared first (cheap, and
    /// different for different certificates), the whole encodings only where it is equal.
    package func remembersSignature(of certificate: Certificate, by issuer: Certificate) -> Bool {
        for e in entries.indices {
            for above in entries[e].path.indices
            where constantTimeEqual(entries[e].path[above].signature, issuer.signature) {
                let below = above == 0 ? entries[e].signer.derEncoded : entries[e].path[above - 1].derEncoded
                if constantTimeEqual(below, certificate.derEncoded), entries[e].path[above] == issuer { return true }
            }
        }
        return false
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
            var added = entry
            added.lastUse = clock
            // The copy's entry: the same certificates, with any key table the task precomputed.
            if let index = entries.firstIndex(where: { $0.matches(entry) }) {
                entries[index] = added
            } else {
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
    var paths = try SignerPaths(leaf: leaf, pool: pool, anchors: anchors, rules: rules, cache: &cache)
    return try paths.path(at: time, cache: &cache)
}
