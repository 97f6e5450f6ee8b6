// RevocationCache's single flight: many callers that need the same certificates' statuses at the
// same time (a batch on several workers) make one fetch per certificate, through an in-process
// transport that counts what it is asked and answers slowly enough for every caller to miss
// together; a failed fetch is shared by the callers of its flight only, never kept after it.

import Foundation
import PureReceipt
import Testing

/// `FixtureTransport`, each answer held back a while so that concurrent callers overlap.
private struct SlowTransport: RevocationTransport {
    let inner: FixtureTransport

    func fetch(_ request: RevocationRequest) async -> Result<[UInt8], RevocationFetchFailure> {
        try? await Task.sleep(nanoseconds: 100_000_000)
        return await inner.fetch(request)
    }
}

/// The reports of `callers` concurrent checks of the leaf's chain under `require`, through `cache`.
private func concurrentChecks(_ callers: Int, cache: RevocationCache, transport: SlowTransport) async throws
    -> [RevocationReport]
{
    let path = try chain()
    return await withTaskGroup(of: RevocationReport.self) { group in
        for _ in 0..<callers {
            group.addTask {
                await RevocationChecker.check(
                    path, options: RevocationOptions(setting: .require), at: fixtureNow, cache: cache,
                    transport: transport)
            }
        }
        return await group.reduce(into: []) { $0.append($1) }
    }
}

/// True when the report's verdict lets the input pass.
private func passes(_ report: RevocationReport) -> Bool { (try? report.verdict()) != nil }

@Suite("Revocation single flight", .enabled(if: revocationVectorsPresent, "Vectors/revocation is absent"))
struct RevocationSingleFlightTests {
    @Test("64 concurrent callers of one chain: one fetch per certificate, every caller good")
    func concurrentMissesShareOneFetch() async throws {
        let fixture = FixtureTransport(ocsp: ["leaf": goodLeaf, "intermediate": intermediateGood])
        let cache = RevocationCache()
        let reports = try await concurrentChecks(64, cache: cache, transport: SlowTransport(inner: fixture))
        #expect(fixture.fetches == 2, "one OCSP request for the leaf, one for the intermediate")
        #expect(reports.count == 64 && reports.allSatisfy(passes))
        // Exactly one caller fetched each certificate; every other one reused that flight's status.
        let fetchedNow = reports.flatMap(\.entries).filter {
            if case .checked(_, _, fromStore: false) = $0.outcome { return true }
            return false
        }
        #expect(fetchedNow.count == 2, "\(fetchedNow.map(\.description))")
        #expect(await cache.count == 2)
    }

    @Test("a failed fetch is never kept: the next miss fetches again, alone or with concurrent callers")
    func failedFetchIsNotKept() async throws {
        // Nothing answers: each certificate's flight tries OCSP, then the CRL.
        let fixture = FixtureTransport(ocsp: [:])
        let cache = RevocationCache()
        let transport = SlowTransport(inner: fixture)
        // One caller at a time: every check flies again (exact counts, no timing involved).
        let first = try await concurrentChecks(1, cache: cache, transport: transport)
        #expect(fixture.fetches == 4, "OCSP and CRL, for the leaf and for the intermediate")
        let second = try await concurrentChecks(1, cache: cache, transport: transport)
        #expect(fixture.fetches == 8, "the failure was not kept: one more flight per certificate")
        #expect((first + second).allSatisfy { !passes($0) })
        // 16 callers at once: callers that join a flight share its failure, callers that come after
        // it fly again (how many do depends on scheduling), and whole flights only: 4 requests each.
        let concurrent = try await concurrentChecks(16, cache: cache, transport: transport)
        let more = fixture.fetches - 8
        #expect(more >= 4 && more <= 64 && more % 2 == 0, "\(more) requests")
        #expect(concurrent.count == 16 && concurrent.allSatisfy { !passes($0) })
        #expect(await cache.count == 0)
    }
}
