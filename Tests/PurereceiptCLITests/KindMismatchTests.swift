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
}
