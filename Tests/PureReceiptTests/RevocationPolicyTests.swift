// Revocation policy, driver and store (PureReceipt/Revocation) with the committed fixtures of
// Vectors/revocation served by an in-memory transport: which setting passes, fails or leaves an
// input undetermined, the OCSP → CRL fallback, expired-now certificates, the store's freshness,
// bounds, export and re-verified import. The live responder is exercised in
// PureReceiptFoundationTests (RevocationLiveTests).

import Foundation
import PureReceipt
import PureReceiptTestSupport
import PureX509
import Testing

let revocationVectors = PackageFiles.vector("revocation")
let revocationVectorsPresent = PackageFiles.exists(revocationVectors.appendingPathComponent("ocsp-good-by-name.der"))

func vector(_ name: String) -> [UInt8] {
    (try? PackageFiles.bytes(revocationVectors.appendingPathComponent(name))) ?? []
}

func vectorCertificate(_ name: String) throws -> Certificate {
    try Certificate(derEncoded: vector("\(name).der"))
}

/// One hour after the fixtures' thisUpdate (2026-01-01T00:00:00Z).
let fixtureNow = Instant(millisecondsSince1970: 1_767_229_200_000)

/// Answers OCSP requests by certificate serial and CRL requests by URL; counts fetches.
final class FixtureTransport: RevocationTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    let ocsp: [String: Result<[UInt8], RevocationFetchFailure>]
    let crl: [String: Result<[UInt8], RevocationFetchFailure>]

    /// `ocsp` keyed by the subject's common-name word ("leaf", "intermediate"…); `crl` by file name.
    init(
        ocsp: [String: Result<[UInt8], RevocationFetchFailure>],
        crl: [String: Result<[UInt8], RevocationFetchFailure>] = [:]
    ) {
        self.ocsp = ocsp
        self.crl = crl
    }

    var fetches: Int {
        lock.withLock { count }
    }

    func fetch(_ request: RevocationRequest) async -> Result<[UInt8], RevocationFetchFailure> {
        lock.withLock { count += 1 }
        let down = Result<[UInt8], RevocationFetchFailure>.failure(
            .init(isRetryable: true, reason: "connection refused"))
        switch request.source {
        case .crl:
            return crl[String(request.url.split(separator: "/").last ?? "")] ?? down
        case .ocsp:
            for (name, answer) in ocsp {
                guard let certificate = try? vectorCertificate(name),
                    let issuer = try? vectorCertificate(issuerOf(name))
                else { continue }
                if OCSPRequest(for: certificate, issuedBy: issuer).derEncoded == request.body { return answer }
            }
            return down
        }
    }

    private func issuerOf(_ name: String) -> String { name == "intermediate" ? "root" : "intermediate" }
}

func chain(_ leaf: String = "leaf") throws -> [Certificate] {
    [try vectorCertificate(leaf), try vectorCertificate("intermediate"), try vectorCertificate("root")]
}

/// The verdict code of checking `leaf`'s chain under `setting` ("pass" when it passes).
func revocationVerdict(
    _ setting: RevocationSetting, leaf: String = "leaf", transport: FixtureTransport, at now: Instant = fixtureNow,
    cache: RevocationCache? = nil, fetches: Bool = true
) async throws -> (code: String, report: RevocationReport) {
    let report = await RevocationChecker.check(
        try chain(leaf), options: RevocationOptions(setting: setting, fetches: fetches), at: now, cache: cache,
        transport: transport)
    do throws(VerificationError) {
        try report.verdict()
        return ("pass", report)
    } catch {
        return ("\(error.verdict.rawValue) \(error.code)", report)
    }
}

let goodLeaf: Result<[UInt8], RevocationFetchFailure> = .success(vector("ocsp-good-by-name.der"))
let intermediateGood: Result<[UInt8], RevocationFetchFailure> = .success(vector("ocsp-intermediate-good.der"))

@Suite("Revocation policy", .enabled(if: revocationVectorsPresent, "Vectors/revocation is absent"))
struct RevocationPolicyTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        var leaf = "leaf"
        let setting: RevocationSetting
        let ocsp: [String: Result<[UInt8], RevocationFetchFailure>]
        var crl: [String: Result<[UInt8], RevocationFetchFailure>] = [:]
        var now = fixtureNow
        let expected: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "off: nothing checked, nothing fetched", setting: .off, ocsp: [:], expected: "pass"),
        Case(
            name: "require: every certificate good by OCSP", setting: .require,
            ocsp: ["leaf": goodLeaf, "intermediate": intermediateGood], expected: "pass"),
        Case(
            name: "revoked fails under prefer, whatever the signing time", leaf: "leaf-revoked", setting: .prefer,
            ocsp: ["leaf-revoked": .success(vector("ocsp-revoked.der"))], expected: "not-authentic revocation.revoked"),
        Case(
            name: "revoked fails under require", leaf: "leaf-revoked", setting: .require,
            ocsp: ["leaf-revoked": .success(vector("ocsp-revoked.der")), "intermediate": intermediateGood],
            expected: "not-authentic revocation.revoked"),
        Case(
            name: "revoked on the CRL when the responder is down", leaf: "leaf-revoked", setting: .prefer, ocsp: [:],
            crl: ["intermediate.crl": .success(vector("intermediate.crl"))],
            expected: "not-authentic revocation.revoked"),
        Case(
            name: "require: responder down, CRLs good", setting: .require, ocsp: [:],
            crl: ["intermediate.crl": .success(vector("intermediate.crl")), "root.crl": .success(vector("root.crl"))],
            expected: "pass"),
        Case(
            name: "require: everything down is undetermined", setting: .require, ocsp: [:],
            expected: "undetermined revocation.undetermined"),
        Case(name: "prefer: everything down passes, reported unchecked", setting: .prefer, ocsp: [:], expected: "pass"),
        Case(
            name: "require: unknown is undetermined", setting: .require,
            ocsp: ["leaf": .success(vector("ocsp-unknown.der")), "intermediate": intermediateGood],
            expected: "undetermined revocation.undetermined"),
        Case(
            name: "require: only stale responses is undetermined", setting: .require,
            ocsp: ["leaf": goodLeaf, "intermediate": intermediateGood],
            now: Instant(millisecondsSince1970: 1_767_272_401_000), expected: "undetermined revocation.undetermined"),
        Case(
            name: "require: a forged response cannot make an input pass", setting: .require,
            ocsp: ["leaf": .success(vector("ocsp-wrong-key.der")), "intermediate": intermediateGood],
            expected: "undetermined revocation.undetermined"),
        Case(
            name: "require: a response for another certificate cannot make an input pass", setting: .require,
            ocsp: ["leaf": .success(vector("ocsp-for-another-certificate.der")), "intermediate": intermediateGood],
            expected: "undetermined revocation.undetermined"),
        Case(
            name: "prefer: a forged response is reported, not used", setting: .prefer,
            ocsp: ["leaf": .success(vector("ocsp-wrong-key.der")), "intermediate": intermediateGood], expected: "pass"),
        Case(
            name: "require: malformed bytes are undetermined", setting: .require,
            ocsp: ["leaf": .success([0x30, 0x03, 0x0A, 0x01]), "intermediate": intermediateGood],
            expected: "undetermined revocation.undetermined"),
        Case(
            name: "RFC 5280 §3.3: expired-now certificate absent from the CRL is undetermined under require",
            leaf: "leaf-expired", setting: .require,
            ocsp: [
                "leaf-expired": .success(vector("ocsp-expired-leaf-unknown.der")), "intermediate": intermediateGood,
            ],
            crl: ["intermediate.crl": .success(vector("intermediate.crl"))],
            expected: "undetermined revocation.undetermined"),
        Case(
            name: "expired-now certificate good by OCSP passes require", leaf: "leaf-expired", setting: .require,
            ocsp: ["leaf-expired": .success(vector("ocsp-expired-leaf-good.der")), "intermediate": intermediateGood],
            expected: "pass"),
    ]

    @Test("verdicts by setting", arguments: cases)
    func verdicts(_ item: Case) async throws {
        let transport = FixtureTransport(ocsp: item.ocsp, crl: item.crl)
        let (code, report) = try await revocationVerdict(
            item.setting, leaf: item.leaf, transport: transport, at: item.now)
        #expect(code == item.expected, "\(report.entries.map(\.description))")
        if item.setting == .off {
            #expect(transport.fetches == 0)
            #expect(report.entries.isEmpty)
        }
    }

    @Test("prefer reports which certificates were checked and which could not be")
    func preferReport() async throws {
        let transport = FixtureTransport(ocsp: [
            "leaf": .success(vector("ocsp-wrong-key.der")), "intermediate": intermediateGood,
        ])
        let (_, report) = try await revocationVerdict(.prefer, transport: transport)
        #expect(report.entries.count == 2)
        guard case .notChecked(let attempts) = report.entries[0].outcome else {
            Issue.record("leaf should be unchecked")
            return
        }
        #expect(attempts.map(\.request?.source) == [.ocsp, .crl])
        #expect(report.entries[0].description.contains("revocation.signature"))
        guard case .checked(let status, .ocsp, false) = report.entries[1].outcome else {
            Issue.record("intermediate should be checked")
            return
        }
        #expect(status.value == .good)
    }

    @Test("revoked and undetermined errors name the certificate, reason, time and what was tried")
    func messages() async throws {
        let revoked = FixtureTransport(ocsp: ["leaf-revoked": .success(vector("ocsp-revoked.der"))])
        let (_, report) = try await revocationVerdict(.prefer, leaf: "leaf-revoked", transport: revoked)
        do throws(VerificationError) {
            try report.verdict()
            Issue.record("should fail")
        } catch {
            #expect(error.verdict == .notAuthentic)
            #expect(error.message.contains("Revocation Test Revoked Leaf"))
            #expect(error.message.contains("2025-06-01T00:00:00Z"))
            #expect(error.message.contains("keyCompromise"))
        }
        let (_, down) = try await revocationVerdict(.require, transport: FixtureTransport(ocsp: [:]))
        do throws(VerificationError) {
            try down.verdict()
            Issue.record("should be undetermined")
        } catch {
            #expect(error.verdict == .undetermined)
            #expect(error.status == 21005)
            #expect(error.message.contains("http://127.0.0.1:38265/"))
            #expect(error.message.contains("connection refused"))
        }
    }

    @Test("a fresh stored status costs no fetch; after nextUpdate it is fetched again")
    func storeFreshness() async throws {
        let cache = RevocationCache()
        let transport = FixtureTransport(ocsp: ["leaf": goodLeaf, "intermediate": intermediateGood])
        _ = try await revocationVerdict(.require, transport: transport, cache: cache)
        #expect(transport.fetches == 2)
        #expect(await cache.count == 2)
        let (code, report) = try await revocationVerdict(.require, transport: transport, cache: cache)
        #expect(code == "pass")
        #expect(transport.fetches == 2)
        guard case .checked(_, _, true) = report.entries[0].outcome else {
            Issue.record("expected a stored status")
            return
        }
        let later = Instant(millisecondsSince1970: 1_767_272_401_000)
        _ = try await revocationVerdict(.require, transport: transport, at: later, cache: cache)
        // Past nextUpdate nothing stored is used: OCSP fetched again (stale now), then the CRL
        // (down), for each of the two certificates.
        #expect(transport.fetches == 6)
    }

    @Test("a response without nextUpdate is used once and never stored")
    func noNextUpdateNotStored() async throws {
        let cache = RevocationCache()
        let transport = FixtureTransport(ocsp: [
            "leaf": .success(vector("ocsp-good-no-next-update.der")), "intermediate": intermediateGood,
        ])
        let (code, _) = try await revocationVerdict(.require, transport: transport, cache: cache)
        #expect(code == "pass")
        #expect(await cache.count == 1)
    }

    @Test("offline: the store only; nothing stored is undetermined under require")
    func offline() async throws {
        let transport = FixtureTransport(ocsp: ["leaf": goodLeaf, "intermediate": intermediateGood])
        let (code, _) = try await revocationVerdict(.require, transport: transport, fetches: false)
        #expect(code == "undetermined revocation.undetermined")
        #expect(transport.fetches == 0)
    }

    @Test("export and import: every record verified again, tampered and stale records dropped")
    func exportImport() async throws {
        let cache = RevocationCache()
        _ = try await revocationVerdict(
            .require, transport: FixtureTransport(ocsp: ["leaf": goodLeaf, "intermediate": intermediateGood]),
            cache: cache)
        let records = await cache.exportRecords()
        #expect(records.count == 2)
        var store = RevocationStore()
        let countStore = store.importRecords(records, at: fixtureNow)
        #expect(countStore == 2)
        // Imported statuses serve a later offline check.
        let imported = RevocationCache()
        #expect(await imported.importRecords(records, at: fixtureNow) == 2)
        let (code, _) = try await revocationVerdict(
            .require, transport: FixtureTransport(ocsp: [:]), cache: imported, fetches: false)
        #expect(code == "pass")
        // A flipped byte in the signed data, a response swapped to another certificate, an issuer
        // that did not sign the certificate: all dropped.
        var tampered = records[0].response
        tampered[tampered.count / 2] ^= 0x01
        let forged = [
            RevocationRecord(
                source: .ocsp, response: tampered, certificate: records[0].certificate, issuer: records[0].issuer),
            RevocationRecord(
                source: .ocsp, response: records[0].response, certificate: records[1].certificate,
                issuer: records[1].issuer),
            RevocationRecord(
                source: .ocsp, response: records[0].response, certificate: records[0].certificate,
                issuer: vector("evil-intermediate.der")),
        ]
        var fresh = RevocationStore()
        let countFresh = fresh.importRecords(forged, at: fixtureNow)
        #expect(countFresh == 0)
        // Past nextUpdate nothing is kept.
        var late = RevocationStore()
        let countLate = late.importRecords(records, at: Instant(millisecondsSince1970: 1_767_272_401_000))
        #expect(countLate == 0)
    }

    @Test("the store is bounded in entries and bytes")
    func storeBounds() throws {
        let subject = RevocationSubject.path(try chain())[0]
        let bytes = vector("ocsp-good-by-name.der")
        let status = try OCSPResponse(derEncoded: bytes).status(
            of: subject.certificate, issuedBy: subject.issuer, at: DERTime(secondsSince1970: 1_767_229_200), nonce: nil)
        var none = RevocationStore(capacity: 0)
        let insertedNone = none.insert(status, from: bytes, source: .ocsp, for: subject, at: fixtureNow)
        #expect(!insertedNone)
        var small = RevocationStore(byteCapacity: 100)
        let insertedSmall = small.insert(status, from: bytes, source: .ocsp, for: subject, at: fixtureNow)
        #expect(!insertedSmall)
        var one = RevocationStore(capacity: 1)
        let insertedOne = one.insert(status, from: bytes, source: .ocsp, for: subject, at: fixtureNow)
        #expect(insertedOne)
        let other = RevocationSubject.path(try chain())[1]
        let otherBytes = vector("ocsp-intermediate-good.der")
        let otherStatus = try OCSPResponse(derEncoded: otherBytes).status(
            of: other.certificate, issuedBy: other.issuer, at: DERTime(secondsSince1970: 1_767_229_200), nonce: nil)
        let insertedOther = one.insert(otherStatus, from: otherBytes, source: .ocsp, for: other, at: fixtureNow)
        #expect(insertedOther)
        #expect(one.count == 1)
        let evicted = one.status(of: subject, at: fixtureNow)
        let kept = one.status(of: other, at: fixtureNow)
        #expect(evicted == nil)
        #expect(kept != nil)
    }

    @Test("RFC 5280 §3.3: a stored CRL good status is not used once the certificate has expired")
    func storedCRLStatusForExpiredCertificate() throws {
        // leaf-expired (valid 2024) is not on intermediate.crl: good while valid, proves nothing now.
        let subject = RevocationSubject(
            certificate: try vectorCertificate("leaf-expired"), issuer: try vectorCertificate("intermediate"))
        let crl = vector("intermediate.crl")
        let request = RevocationRequest(source: .crl, url: "", body: [], nonce: nil)
        guard case .failure(.expired) = subject.evaluate(crl, for: request, at: fixtureNow) else {
            Issue.record("a CRL's silence about an expired certificate must prove nothing")
            return
        }
        let status = try CertificateRevocationList(derEncoded: crl).status(
            of: subject.certificate, issuedBy: subject.issuer, at: DERTime(secondsSince1970: 1_767_229_200))
        var store = RevocationStore()
        let inserted = store.insert(status, from: crl, source: .crl, for: subject, at: fixtureNow)
        #expect(inserted)
        let now = store.status(of: subject, at: fixtureNow)
        #expect(now == nil)
    }

    struct Verified: RevocationCheckable {
        let chain: [Certificate]
    }

    @Test("the generic driver runs the offline verification once and attaches the report")
    func genericDriver() async throws {
        let path = try chain()
        var calls = 0
        let checked = try await RevocationChecker.verify(
            options: RevocationOptions(setting: .require), at: fixtureNow, cache: nil,
            transport: FixtureTransport(ocsp: ["leaf": goodLeaf, "intermediate": intermediateGood])
        ) { () throws(VerificationError) -> Verified in
            calls += 1
            return Verified(chain: path)
        }
        #expect(calls == 1)
        #expect(checked.report.entries.count == 2)
    }
}
