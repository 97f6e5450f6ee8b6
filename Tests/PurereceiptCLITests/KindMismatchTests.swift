// A caller's --kind never turns one kind of data into another: a kind whose members the verified
// payload does not have is input.kindMismatch (exit 2), never checked as that kind (a transaction
// of another app named as renewal info used to pass a --bundle-id it was never compared with).

import Foundation
import Testing

private let root = ["--root", "Vectors/jws/root.der", "--at", "2025-01-01T00:00:00Z"]

@Suite("purereceipt verify: a named kind never drops a requested check")
struct KindMismatchTests {
    /// Vectors of one kind named as another whose members they lack.
    static let mismatches: [(file: String, kind: String)] = [
        ("transaction-valid.jws", "renewal"), ("transaction-valid.jws", "app-transaction"),
        ("renewal-valid.jws", "transaction"), ("notification-valid.jws", "transaction"),
        ("realtime-valid.jws", "notification"),
    ]

    @Test("a named kind the verified payload contradicts is input.kindMismatch, exit 2", arguments: mismatches)
    func kindMismatchIsRefused(_ file: String, _ kind: String) async throws {
        let result = try await CLI.run(["verify", "Vectors/jws/\(file)", "--kind", kind, "--json"] + root)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("input.kindMismatch"), "\(result.stdout)")
    }

    @Test(
        "a requested check the named kind cannot take is refused up front: --bundle-id with renewal info or a realtime request, exit 64",
        arguments: [("renewal", "renewal-valid.jws"), ("realtime-request", "realtime-valid.jws")])
    func inapplicableCheckIsRefusedUpFront(_ kind: String, _ file: String) async throws {
        // The input is never read: a missing file gets the same usage error.
        for input in ["Vectors/jws/\(file)", "Vectors/jws/no-such-file.jws"] {
            let result = try await CLI.run(
                ["verify", input, "--kind", kind, "--bundle-id", "com.example.vectors"] + root)
            #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("--bundle-id does not apply with --kind \(kind)"), "\(result.stderr)")
            #expect(result.stderr.contains("names no bundle id"), "\(result.stderr)")
        }
    }

    @Test("without --kind, a --bundle-id that renewal info cannot carry is reported as not compared, never as held")
    func uncomparedBundleIdIsNotReportedAsHeld() async throws {
        let result = try await CLI.run(
            ["verify", "Vectors/jws/renewal-valid.jws", "--bundle-id", "com.example.other", "--environment", "Sandbox"]
                + root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("renewal info names no bundle id: --bundle-id not compared"), "\(result.stdout)")
        #expect(result.stdout.contains("every requested check that applies hold (--bundle-id: not compared)"))
        #expect(!result.stdout.contains("every requested check hold"), "\(result.stdout)")
    }
}
