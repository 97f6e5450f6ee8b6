// Revocation against live servers on 127.0.0.1 through URLSessionRevocationTransport: the OpenSSL
// OCSP responder (`openssl ocsp`, wrapped by Vectors/revocation/responder.py to listen on
// 127.0.0.1:38265 only) answering from an index with a delegated responder certificate, and CRLs
// made fresh for the run served over HTTP on 127.0.0.1:38266. One server process for the suite,
// started and killed by the one test; skipped (visibly) without openssl or python3, or when the
// ports stay taken. The command-line tool's live tests (PurereceiptCLITests,
// RevocationLiveCLITests) use the same server.

import Foundation
import PureReceipt
import PureReceiptFoundation
import PureReceiptTestSupport
import Testing

private let directory = PackageFiles.vector("revocation")

private func certificate(_ name: String) throws -> Certificate {
    try Certificate(derEncoded: [UInt8](try Data(contentsOf: directory.appendingPathComponent("\(name).der"))))
}

private func chain(_ leaf: String) throws -> [Certificate] {
    [try certificate(leaf), try certificate("intermediate"), try certificate("root")]
}

/// Counts fetches on the way to URLSession.
private final class Counting: RevocationTransport, @unchecked Sendable {
    let inner = URLSessionRevocationTransport(timeout: 5)
    private let lock = NSLock()
    private var count = 0
    var fetches: Int { lock.withLock { count } }
    func fetch(_ request: RevocationRequest) async -> Result<[UInt8], RevocationFetchFailure> {
        lock.withLock { count += 1 }
        return await inner.fetch(request)
    }
}

/// The server process, started once; nil (with the reason printed) when it cannot run here. The
/// responder writes fresh CRLs and its index files into `tmp`, serves `tmp` and answers OCSP from
/// the committed PKI (Vectors/revocation/responder.py); it waits while another run holds the
/// ports, and writes `tmp/ready` once it listens.
private func startServer(in tmp: URL) async throws -> Process? {
    for tool in ["/usr/bin/openssl", "/usr/bin/python3"] where !FileManager.default.fileExists(atPath: tool) {
        print("skipped: \(tool) not found")
        return nil
    }
    // A CRL over the transport's cap (Limits.maxCRLBytes), sparse on disk.
    _ = FileManager.default.createFile(atPath: tmp.appendingPathComponent("big.crl").path, contents: nil)
    let big = try FileHandle(forWritingTo: tmp.appendingPathComponent("big.crl"))
    try big.truncate(atOffset: UInt64(Limits.maxCRLBytes + 1))
    try big.close()
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    server.arguments = [directory.appendingPathComponent("responder.py").path, tmp.path]
    server.standardOutput = FileHandle.nullDevice
    server.standardInput = Pipe()
    server.standardError = FileHandle.nullDevice
    try server.run()
    // Polled, not blocking a thread: another suite's server may hold the ports for a while.
    while server.isRunning, !FileManager.default.fileExists(atPath: tmp.appendingPathComponent("ready").path) {
        try await Task.sleep(nanoseconds: 100_000_000)
    }
    guard server.isRunning else {
        print("skipped: the test servers could not listen on 127.0.0.1:38265/38266")
        return nil
    }
    return server
}

// The time limit leaves room for waiting while another suite's server holds the ports.
@Suite("Revocation against live servers", .timeLimit(.minutes(10)))
struct RevocationLiveTests {
    @Test("live OpenSSL responder and CRL server through the URLSession transport")
    func live() async throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("revocation-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        guard let server = try await startServer(in: tmp) else { return }
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let now = Instant(Date())
        let transport = Counting()
        let cache = RevocationCache()
        func verdict(_ leaf: String, _ options: RevocationOptions, cache: RevocationCache? = nil) async throws -> String
        {
            let report = await RevocationChecker.check(
                try chain(leaf), options: options, at: now, cache: cache, transport: transport)
            do throws(VerificationError) {
                try report.verdict()
                return "pass"
            } catch {
                return "\(error.code): \(error.message)"
            }
        }
        // Delegated responder (id-kp-OCSPSigning) for the leaf; the intermediate's status comes from
        // the root's CRL (the root's responder does not know the intermediate: its "unknown" is no
        // status, and the CRL is used).
        #expect(try await verdict("leaf", RevocationOptions(setting: .require), cache: cache) == "pass")
        let fetched = transport.fetches
        #expect(fetched == 3)
        #expect(try await verdict("leaf", RevocationOptions(setting: .require), cache: cache) == "pass")
        #expect(transport.fetches == fetched, "a fresh stored status is not fetched again")
        #expect(try await verdict("leaf", RevocationOptions(setting: .require, sendsNonce: true)) == "pass")
        #expect(try await verdict("leaf-revoked", RevocationOptions(setting: .prefer)).hasPrefix("revocation.revoked"))
        let expired = try await verdict("leaf-expired", RevocationOptions(setting: .require))
        #expect(expired.hasPrefix("revocation.undetermined"), "\(expired)")

        // The transport's failures: whether a retry can help, in words a person can act on.
        let direct = URLSessionRevocationTransport(timeout: 1)
        func failure(_ url: String) async -> RevocationFetchFailure? {
            let result = await direct.fetch(RevocationRequest(source: .crl, url: url, body: [], nonce: nil))
            guard case .failure(let failure) = result else { return nil }
            return failure
        }
        let down = await failure("http://127.0.0.1:38267/intermediate.crl")
        #expect(down?.isRetryable == true, "responder down: \(String(describing: down))")
        let started = Date()
        let slow = await failure("http://127.0.0.1:38266/slow")
        #expect(slow?.isRetryable == true && slow?.reason.contains("timed out") == true, "\(String(describing: slow))")
        #expect(Date().timeIntervalSince(started) < 5, "the timeout bounds a hanging server")
        let missing = await failure("http://127.0.0.1:38266/missing.crl")
        #expect(missing?.isRetryable == false && missing?.reason == "HTTP 404", "\(String(describing: missing))")
        let big = await failure("http://127.0.0.1:38266/big.crl")
        #expect(big?.isRetryable == false && big?.reason.contains("limit") == true, "\(String(describing: big))")
        let scheme = await failure("ldap://127.0.0.1/x")
        #expect(scheme?.isRetryable == false)
    }
}
