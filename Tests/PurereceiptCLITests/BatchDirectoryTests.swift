// Directory expansion of `verify` with several inputs (DirectoryExpansion.swift): every entry below a
// directory is an input or an error line (a name that is not UTF-8, a dangling link, a link loop);
// a directory named through a symbolic link is expanded; a directory that yields nothing is an
// error, and the run never reads standard input instead.

import Foundation
import Testing

@Suite("purereceipt verify: directory expansion")
struct BatchDirectoryTests {
    static let root = ["--root", "Vectors/jws/root.der"]

    /// A new empty folder; the caller removes it.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("purereceipt-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `data` to `folder/name`, a name given as bytes (not necessarily UTF-8).
    static func write(_ data: Data, in folder: URL, name: [UInt8]) throws {
        let path = Array(folder.path.utf8) + [0x2F] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                text.baseAddress.map { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) } ?? -1
            }
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { raw in
            raw.baseAddress.map { Foundation.write(descriptor, $0, raw.count) }
        }
        try #require(written == data.count)
    }

    @Test("Every entry below a directory is an input or an error line: a name not UTF-8, a dangling link, a loop")
    func everyDirectoryEntryIsAnInputOrAnErrorLine() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(try CLI.bytes("Vectors/jws/transaction-valid.jws"), in: folder, name: Array("a.jws".utf8))
        try Self.write(try CLI.bytes("Vectors/jws/payload-modified.jws"), in: folder, name: [0x62, 0xFF, 0x2E, 0x6A])
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.path + "/c-dangling", withDestinationPath: "nowhere")
        try manager.createSymbolicLink(atPath: folder.path + "/d-loop", withDestinationPath: ".")
        let result = try await CLI.run(["verify"] + Self.root + [folder.path])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(result.status == 2, "\(result)")
        #expect(lines.count == 4, "\(result)")
        #expect(lines.first == "\(folder.path)/a.jws: genuine transaction")
        #expect(lines.dropFirst().first?.hasPrefix("\(folder.path)/b\\xFF.j: malformed -: input.unreadable") == true)
        #expect(lines.dropFirst().first?.contains("not valid UTF-8") == true)
        #expect(lines.dropFirst(2).first?.contains("symbolic link whose target cannot be reached") == true)
        #expect(lines.last?.contains("symbolic link loop") == true)
        #expect(result.stderr.contains("4 inputs: 1 genuine, 0 not genuine or check failed, 3 malformed"))
    }

    @Test("A directory named through a symbolic link is expanded (links are followed)")
    func directoryThroughSymbolicLinkIsExpanded() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try CLI.bytes("Vectors/jws/transaction-valid.jws").write(to: folder.appendingPathComponent("real/a.jws"))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: "real")
        let result = try await CLI.run(["verify"] + Self.root + [folder.path + "/link"], stdin: Data())
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "\(folder.path)/link/a.jws: genuine transaction\n")
    }

    @Test("A directory that yields nothing is an error line, never a fall-back to standard input")
    func emptyExpansionIsAnErrorNotStandardInput() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
        let stdin = Data(try CLI.bytes("Vectors/jws/transaction-valid.jws"))
        for ndjson in [[], ["--ndjson"]] {
            let result = try await CLI.run(["verify"] + ndjson + Self.root + [folder.path], stdin: stdin)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout.contains("input.unreadable"), "\(result)")
            #expect(result.stdout.contains("holds no files to verify"), "\(result)")
            #expect(!result.stdout.contains("genuine transaction") && !result.stdout.contains("\"genuine\""))
        }
    }
}
