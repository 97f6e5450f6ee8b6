// RevocationStore: verified statuses kept until their nextUpdate, never longer, so that a fresh
// status costs nothing per input. One store serves the three formats (statuses are per
// certificate) and batch verification; `RevocationCache` (RevocationChecker.swift) shares one
// between tasks, as ChainCache does for chains.
//
// Key: SHA-256 of the issuer's public key bits and the certificate's serial as encoded (what a
// CertID names, with a collision-resistant hash). A status is stored only after its response or
// CRL verified with that issuer's key, and only when it has a nextUpdate; `unknown` is never
// stored. A lookup returns a status only while thisUpdate ≤ now + skew and now ≤ nextUpdate.
// Export and import: each entry keeps the raw response or CRL with the certificate and issuer it
// was verified for (`RevocationRecord`), so a caller can persist them (the CLI's cache directory)
// and import them in a later run, when every record is verified again — parsed, the issuer's
// signature on the certificate checked, the response or CRL verified at the new instant — and
// kept only if it still proves a fresh status: nothing read back is trusted as such.
// Bounds: `capacity` entries (at most `Limits.maxRevocationStoreEntries`) and `byteCapacity`
// bytes of records (at most `Limits.maxRevocationStoreBytes`); stale entries go first, then the
// least recently used.
import PureCrypto
public import PureDER
public import PureX509

/// A verified response or CRL with the certificate and issuer it was verified for: what a store
/// exports and imports. Bytes only; importing verifies them again.
public struct RevocationRecord: Sendable, Hashable {
    /// OCSP response or CRL.
    public let source: RevocationSource
    /// The DER OCSPResponse or CertificateList.
    public let response: [UInt8]
    /// The DER certificate whose status it gives.
    public let certificate: [UInt8]
    /// The DER certificate of its issuer.
    public let issuer: [UInt8]

    /// A record of `response` from `source` for `certificate`, issued by `issuer`.
    public init(source: RevocationSource, response: [UInt8], certificate: [UInt8], issuer: [UInt8]) {
        self.source = source
        self.response = response
        self.certificate = certificate
        self.issuer = issuer
    }

    var byteCount: Int { response.count + certificate.count + issuer.count }
}

/// A bounded store of verified revocation statuses, used `inout` (single owner). See
/// `RevocationCache` for one shared between tasks.
public struct RevocationStore: Sendable {
    struct Entry: Sendable {
        let key: [UInt8]
        let status: RevocationStatus
        let nextUpdate: DERTime
        let record: RevocationRecord
        var lastUse: UInt64
    }
    /// Most entries kept.
    public let capacity: Int
    /// Most record bytes kept.
    public let byteCapacity: Int
    private var entries: [Entry] = []
    private var clock: UInt64 = 0
    private var bytes = 0

    /// An empty store (bounds clamped to 0…the `Limits` maxima; 0 keeps nothing).
    public init(
        capacity: Int = Limits.maxRevocationStoreEntries, byteCapacity: Int = Limits.maxRevocationStoreBytes
    ) {
        self.capacity = min(max(capacity, 0), Limits.maxRevocationStoreEntries)
        self.byteCapacity = min(max(byteCapacity, 0), Limits.maxRevocationStoreBytes)
    }

    /// Number of statuses held.
    public var count: Int { entries.count }

    static func key(_ subject: RevocationSubject) -> [UInt8] {
        SHA256.hash(subject.issuer.publicKeyBits) + Array(subject.certificate.serialNumber)
    }

    /// The fresh status stored for `subject` at `now`, and where it came from.
    public mutating func status(of subject: RevocationSubject, at now: Instant)
        -> (status: RevocationStatus, source: RevocationSource)?
    {
        guard !entries.isEmpty else { return nil }
        let key = RevocationStore.key(subject)
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let skew = Limits.revocationClockSkewSeconds
        let entry = entries[index]
        guard entry.status.thisUpdate.secondsSince1970 <= min(now.secondsSince1970, Int64.max - skew) + skew,
            now.derTime <= entry.nextUpdate,
            // A CRL's silence about a certificate that has expired since proves nothing (RevocationEvaluation.swift).
            entry.record.source == .ocsp || entry.status.value != .good || subject.certificate.isValid(at: now.derTime)
        else { return nil }
        clock += 1
        entries[index].lastUse = clock
        return (entry.status, entry.record.source)
    }

    /// Keeps `status`, just verified from `response` (from `source`) for `subject`, if it has a
    /// nextUpdate after `now` and says good or revoked; returns whether it was kept.
    @discardableResult
    public mutating func insert(
        _ status: RevocationStatus, from response: [UInt8], source: RevocationSource, for subject: RevocationSubject,
        at now: Instant
    ) -> Bool {
        guard let nextUpdate = status.nextUpdate, now.derTime <= nextUpdate, status.value != .unknown else {
            return false
        }
        let record = RevocationRecord(
            source: source, response: response, certificate: Array(subject.certificate.derEncoded),
            issuer: Array(subject.issuer.derEncoded))
        guard capacity > 0, record.byteCount <= byteCapacity else { return false }
        let key = RevocationStore.key(subject)
        remove { $0.key == key || $0.nextUpdate < now.derTime }
        while entries.count >= capacity || bytes + record.byteCount > byteCapacity,
            let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse })
        {
            bytes -= entries[oldest].record.byteCount
            entries.remove(at: oldest)
        }
        clock += 1
        entries.append(Entry(key: key, status: status, nextUpdate: nextUpdate, record: record, lastUse: clock))
        bytes += record.byteCount
        return true
    }

    private mutating func remove(where predicate: (Entry) -> Bool) {
        bytes -= entries.filter(predicate).reduce(0) { $0 + $1.record.byteCount }
        entries.removeAll(where: predicate)
    }

    /// Every record held (one per status), to persist.
    public func exportRecords() -> [RevocationRecord] { entries.map { $0.record } }

    /// Verifies each record again at `now` and keeps those that still prove a fresh good or revoked
    /// status; returns how many were kept. Records that fail any check are dropped silently: they
    /// are a cache, never evidence.
    public mutating func importRecords(_ records: [RevocationRecord], at now: Instant) -> Int {
        var kept = 0
        for record in records {
            guard let certificate = try? Certificate(derEncoded: record.certificate),
                let issuer = try? Certificate(derEncoded: record.issuer),
                certificate.issuer == issuer.subject, (try? certificate.verifySignature(issuedBy: issuer)) != nil
            else { continue }
            let subject = RevocationSubject(certificate: certificate, issuer: issuer)
            let request = RevocationRequest(source: record.source, url: "", body: [], nonce: nil)
            guard case .success(let status) = subject.evaluate(record.response, for: request, at: now) else { continue }
            if insert(status, from: record.response, source: record.source, for: subject, at: now) { kept += 1 }
        }
        return kept
    }

    /// Forgets every status.
    public mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }
}
