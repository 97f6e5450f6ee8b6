// VerifiedChainCache and ChainCache: memory of certificate chains that verified, so that a server
// checking many receipts signed by the same certificates verifies the certificate signatures once.
//
// Off by default: only the `cache:` overloads use one, and the caller owns it.
// What a hit skips: path building, i.e. the RSA signature on each certificate of the path (and the
// fingerprints of pinned anchors). What still runs on every call: the CMS signature over the
// content (in SignedData.verify), and every chain check of ChainVerification.swift — leaf and
// intermediate markers, CA constraints, critical extensions, keyUsage, validity at the instant
// given, key sizes.
// Key: everything path building reads, compared as FULL DER bytes — the signer certificate, the
// certificate pool in order, the anchors (certificates and pinned fingerprints) and the policy
// (for `.xcode`, the pinned certificate): the signatures path building verifies depend on exactly
// these. Which path it keeps also depends on the instant (the first passing every check), so a
// hit's path is used only if it passes every check at the new instant; otherwise the paths are
// searched afresh (ChainVerification.swift) and a hit never changes a verdict. The last 8 bytes of
// the signer's encoding (inside its signature) only pre-filter entries; equality is always decided
// on all bytes.
// Stored: copies of those bytes (never the receipt they came from) and where each certificate of
// the path sits (pool or anchor index); a path is rebuilt from the caller's own certificates.
// Only chains that passed every check are stored; failures are never cached.
// Bounds: at most `Limits.maxCachedChains` entries, least recently used evicted.
// Concurrency: `VerifiedChainCache` is a value (use it `inout` from one task, e.g. one per worker);
// `ChainCache` is an actor sharing one across tasks. Certificate signatures are checked outside
// the actor, so concurrent misses verify in parallel (and may both insert: harmless, deduplicated).

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
        let xcodeCertificate: [UInt8]?
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
    /// Lookups answered from the cache, and lookups that were not.
    public private(set) var hits = 0
    /// Lookups that found no matching chain.
    public private(set) var misses = 0

    /// An empty cache keeping at most `capacity` chains (clamped to 0…`Limits.maxCachedChains`).
    public init(capacity: Int = Limits.maxCachedChains) {
        self.capacity = min(max(capacity, 0), Limits.maxCachedChains)
    }

    /// Number of chains held.
    public var count: Int { entries.count }

    /// Forgets every chain (e.g. after changing which anchors are trusted; not needed for
    /// correctness, since anchors are part of the key).
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// The path verified earlier under the Apple policy for `signedData`'s signer and certificates
    /// and `anchors`, or nil (counted as a hit or a miss): for `SignedData.signerPaths`.
    package mutating func path(for signedData: SignedData, anchors: TrustAnchors) -> [Certificate]? {
        guard let leaf = try? signedData.signerKey().certificate else { return nil }
        return path(leaf: leaf, pool: signedData.certificates, anchors: anchors, policy: .apple)
    }

    /// Remembers `path`, which passed every check under the Apple policy for `signedData`'s signer.
    package mutating func insert(path: [Certificate], for signedData: SignedData, anchors: TrustAnchors) {
        guard let leaf = path.first else { return }
        insert(path: path, leaf: leaf, pool: signedData.certificates, anchors: anchors, policy: .apple)
    }

    /// The path verified earlier for exactly these inputs, or nil (counted as a hit or a miss).
    package mutating func path(leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, policy: ChainPolicy)
        -> [Certificate]?
    {
        let probe = Self.probe(leaf)
        for index in entries.indices where entries[index].probe == probe {
            let entry = entries[index]
            guard Self.matches(entry, leaf: leaf, pool: pool, anchors: anchors, policy: policy),
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

    /// Remembers `path`, which `verifyChain` returned for these inputs with every check passing.
    package mutating func insert(
        path: [Certificate], leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, policy: ChainPolicy
    ) {
        guard capacity > 0 else { return }
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
        // Another task may have inserted the same chain meanwhile (ChainCache): keep one.
        let probe = Self.probe(leaf)
        if entries.contains(where: {
            $0.probe == probe && Self.matches($0, leaf: leaf, pool: pool, anchors: anchors, policy: policy)
        }) {
            return
        }
        clock += 1
        var xcodeCertificate: [UInt8]?
        if case .xcode(let pinned) = policy { xcodeCertificate = Array(pinned.derEncoded) }
        let entry = Entry(
            probe: probe, xcodeCertificate: xcodeCertificate,
            anchorCertificates: anchors.certificates.map { Array($0.derEncoded) },
            pinnedSHA256: anchors.pinnedSHA256, leaf: Array(leaf.derEncoded),
            pool: pool.map { Array($0.derEncoded) }, path: sources, lastUse: clock)
        if entries.count < capacity {
            entries.append(entry)
        } else if let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            entries[oldest] = entry
        }
    }

    /// The last 8 bytes of the signer's encoding (signature bytes): a pre-filter, never a key.
    private static func probe(_ certificate: Certificate) -> UInt64 {
        var value: UInt64 = 0
        for byte in certificate.derEncoded.suffix(8) {
            value = (value << 8) | UInt64(byte)
        }
        return value
    }

    /// True when every byte of the key is equal.
    private static func matches(
        _ entry: Entry, leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, policy: ChainPolicy
    ) -> Bool {
        switch policy {
        case .apple:
            guard entry.xcodeCertificate == nil else { return false }
        case .xcode(let pinned):
            guard let stored = entry.xcodeCertificate, sameBytes(stored, pinned.derEncoded) else { return false }
        }
        guard sameBytes(entry.leaf, leaf.derEncoded),
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

    /// The path of `sources` among the caller's certificates (indices checked, never trusted).
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

/// True when `stored` and `bytes` hold the same octets: every byte compared (variable time: the
/// certificates are public). An index loop: `elementsEqual` cost about 19 instructions a byte.
private func sameBytes(_ stored: [UInt8], _ bytes: ArraySlice<UInt8>) -> Bool {
    guard stored.count == bytes.count else { return false }
    var index = bytes.startIndex
    for byte in stored {
        guard byte == bytes[index] else { return false }
        index += 1  // < bytes.endIndex: the counts are equal
    }
    return true
}

/// A `VerifiedChainCache` shared between tasks (a server's request handlers). Lookups and inserts
/// are serialized by the actor; signature verification runs outside it, in the calling task.
public actor ChainCache {
    private var storage: VerifiedChainCache

    /// An empty cache keeping at most `capacity` chains (clamped to 0…`Limits.maxCachedChains`).
    public init(capacity: Int = Limits.maxCachedChains) {
        storage = VerifiedChainCache(capacity: capacity)
    }

    /// Number of chains held.
    public var count: Int { storage.count }
    /// Lookups answered from the cache, and lookups that were not.
    public var hits: Int { storage.hits }
    /// Lookups that found no matching chain.
    public var misses: Int { storage.misses }

    /// Forgets every chain.
    public func removeAll() { storage.removeAll() }

    func path(leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, policy: ChainPolicy) -> [Certificate]? {
        storage.path(leaf: leaf, pool: pool, anchors: anchors, policy: policy)
    }

    /// `VerifiedChainCache.path(for:anchors:)` on the shared storage.
    package func path(for signedData: SignedData, anchors: TrustAnchors) -> [Certificate]? {
        storage.path(for: signedData, anchors: anchors)
    }

    /// `VerifiedChainCache.insert(path:for:anchors:)` on the shared storage.
    package func insert(path: [Certificate], for signedData: SignedData, anchors: TrustAnchors) {
        storage.insert(path: path, for: signedData, anchors: anchors)
    }

    func insert(
        path: [Certificate], leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, policy: ChainPolicy
    ) {
        storage.insert(path: path, leaf: leaf, pool: pool, anchors: anchors, policy: policy)
    }
}

/// `verifyChain(leaf:pool:anchors:policy:at:)` with certificate signatures remembered in `cache`:
/// on a hit they are not verified again; every other check runs (see the file header).
public func verifyChain(
    leaf: Certificate, pool: [Certificate], anchors: TrustAnchors, policy: ChainPolicy, at time: DERTime,
    cache: inout VerifiedChainCache
) throws(X509Error) -> [Certificate] {
    let known = cache.path(leaf: leaf, pool: pool, anchors: anchors, policy: policy)
    var paths = try SignerPaths(leaf: leaf, pool: pool, anchors: anchors, policy: policy, known: known)
    let path = try paths.path(at: time)
    if known == nil { cache.insert(path: path, leaf: leaf, pool: pool, anchors: anchors, policy: policy) }
    return path
}
