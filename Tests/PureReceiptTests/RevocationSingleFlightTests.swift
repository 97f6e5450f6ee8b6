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
private func passes(_ report: RevocationReport) -> Bool {
    do throws(VerificationError) {
        try report.verdict()
        return true
    } catch {
        return false
    }
}

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

    @Test("a failed fetch is shared by its flight's callers only: the next miss fetches again")
    func failedFetchIsNotKept() async throws {
        // Nothing answers: each certificate's flight tries OCSP, then the CRL.
        let fixture = FixtureTransport(ocsp: [:])
        let cache = RevocationCache()
        let transport = SlowTransport(inner: fixture)
        let first = try await concurrentChecks(16, cache: cache, transport: transport)
        #expect(fixture.fetches == 4, "OCSP and CRL, for the leaf and for the intermediate, once")
        #expect(first.allSatisfy { !passes($0) })
        let second = try await concurrentChecks(16, cache: cache, transport: transport)
        #expect(fixture.fetches == 8, "the failure was not kept: one more flight per certificate")
        #expect(second.allSatisfy { !passes($0) })
        #expect(await cache.count == 0)
    }
}
