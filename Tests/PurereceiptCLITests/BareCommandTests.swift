// `purereceipt` with no command: a short usage (the commands and where their options are) on
// standard error and exit 64, not every command's whole usage.

import Foundation
import Testing

@Suite("purereceipt with no command")
struct BareCommandTests {
    @Test("A bare purereceipt prints a short usage that points to --help")
    func bareCommandPrintsShortUsage() async throws {
        let result = try await CLI.run([])
        let lines = result.stderr.split(separator: "\n")
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(lines.first == "purereceipt: missing command")
        #expect(lines.count <= 8, "\(result)")
        #expect(result.stderr.contains("purereceipt --help"))
        for command in ["verify", "inspect", "dump"] { #expect(result.stderr.contains("purereceipt \(command) ")) }
    }
}
