// The WebAssembly module's own messages name the request member that carries a value (`kind`,
// `bundleVersion`, `roots[0]`), not the command-line option, since its host writes a request, not
// a command line. Run through the native build of the module's verification
// (`purereceipt-wasm-driver`, next to `purereceipt`); the Embedded builds share its source.

import Foundation
import Testing

@Suite("WebAssembly module: messages name request members")
struct ModuleWordsTests {
    /// Runs the driver with `request` and `input`: its status and document.
    static func drive(_ request: String, _ input: Data) throws -> (status: Int32, document: String) {
        let purereceipt = try #require(CLI.executable, "purereceipt executable not found")
        let driver = purereceipt.deletingLastPathComponent().appendingPathComponent("purereceipt-wasm-driver")
        try #require(FileManager.default.isExecutableFile(atPath: driver.path), "build purereceipt-wasm-driver")
        let requestBytes = Data(request.utf8)
        var length = UInt32(requestBytes.count).littleEndian
        let stdin = Data(bytes: &length, count: 4) + requestBytes + input
        let process = Process()
        process.executableURL = driver
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        let document = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: document, as: UTF8.self))
    }

    @Test("A bad request and an option the input cannot take name the request member")
    func moduleMessagesNameRequestMembers() throws {
        let jws = try CLI.bytes("Vectors/jws/transaction-valid.jws")
        let usage = try Self.drive(#"{"kind": "bogus"}"#, jws)
        #expect(usage.status == 64, "\(usage)")
        #expect(usage.document.contains(#""message": "kind: expected transaction|"#), "\(usage)")
        let notApplicable = try Self.drive(#"{"bundleVersion": "1"}"#, jws)
        #expect(notApplicable.status == 2, "\(notApplicable)")
        #expect(notApplicable.document.contains("bundleVersion does not apply to StoreKit 2"), "\(notApplicable)")
        let badRoot = try Self.drive(#"{"roots": ["AAAA"]}"#, jws)
        #expect(badRoot.document.contains("roots[0]: not a DER or PEM certificate"), "\(badRoot)")
        for document in [usage.document, notApplicable.document, badRoot.document] {
            #expect(!document.contains("--"), "\(document)")
        }
    }
}
