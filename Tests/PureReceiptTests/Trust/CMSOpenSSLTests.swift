// Interoperability: CMS written by `openssl cms -sign` with the committed test PKI (Vectors/pki),
// in DER and BER (`-stream`), with and without signed attributes (`-noattr`), SHA-1 and SHA-256,
// must parse and verify. The committed vectors hold the SHA-256 variants; this suite signs all
// eight variants afresh (a 10 000-byte payload, which `-stream` splits into 3 segments). Skipped,
// visibly, where the openssl command is not installed.

import Foundation
import PureCrypto
import PureDER
import PureReceipt
import Testing

@testable import PureX509

enum OpenSSL {
    static let path = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { path != nil && CMSFixtures.vectorsAvailable }

    /// Runs openssl with `arguments`; fails the test if it exits non-zero.
    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " "))")
    }

    static func pem(_ der: [UInt8]) -> String {
        "-----BEGIN CERTIFICATE-----\n" + Data(der).base64EncodedString(options: .lineLength64Characters)
            + "\n-----END CERTIFICATE-----\n"
    }
}

struct OpenSSLVariant: CustomTestStringConvertible, Sendable {
    let digest: HashAlgorithm
    let stream: Bool
    let attributes: Bool
    var flags: [String] {
        ["-md", digest == .sha1 ? "sha1" : "sha256"] + (stream ? ["-stream"] : []) + (attributes ? [] : ["-noattr"])
    }
    var testDescription: String { flags.joined(separator: " ") }
}

let openSSLVariants: [OpenSSLVariant] = [HashAlgorithm.sha1, .sha256].flatMap { digest in
    [false, true].flatMap { stream in
        [false, true].map { OpenSSLVariant(digest: digest, stream: stream, attributes: $0) }
    }
}

@Suite("CMS from openssl cms -sign", .enabled(if: OpenSSL.available, "needs the openssl command and Vectors/pki"))
struct CMSOpenSSLTests {
    @Test("openssl-made SignedData verifies", arguments: openSSLVariants)
    func verifies(variant: OpenSSLVariant) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cms-openssl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let payloadURL = directory.appendingPathComponent("payload.bin")
        try Data(payload).write(to: payloadURL)
        let chainURL = directory.appendingPathComponent("chain.pem")
        let intermediate = try CMSFixtures.read(CMSFixtures.vectorPKI.appendingPathComponent("intermediate.der"))
        let root = try CMSFixtures.read(CMSFixtures.vectorPKI.appendingPathComponent("root.der"))
        try (OpenSSL.pem(intermediate) + OpenSSL.pem(root)).write(to: chainURL, atomically: true, encoding: .utf8)
        let outURL = directory.appendingPathComponent("signed.p7")
        try OpenSSL.run(
            [
                "cms", "-sign", "-binary", "-nodetach", "-in", payloadURL.path,
                "-signer", CMSFixtures.vectorPKI.appendingPathComponent("leaf.der").path,
                "-inkey", CMSFixtures.vectorPKI.appendingPathComponent("leaf.key.pem").path,
                "-certfile", chainURL.path, "-outform", "DER", "-out", outURL.path,
            ] + variant.flags)
        let bytes = try CMSFixtures.read(outURL)

        let signedData = try SignedData.parse(bytes)
        #expect(signedData.content.wasConstructed == variant.stream)
        if variant.stream { #expect(signedData.content.segments.count == 3) }
        #expect(signedData.certificates.count == 3)
        let verified = try signedData.verify(
            anchors: StructureFixture.anchors(), rules: .apple, at: StructureFixture.created)
        #expect(verified.content == payload)
        #expect(verified.digestAlgorithm == variant.digest)
        #expect(verified.hadSignedAttributes == variant.attributes)
        #expect(verified.chain.count == 3)

        // The same file with one payload bit flipped fails: with signed attributes on the
        // messageDigest, without them on the signature.
        let position = try #require(signedData.content.segments.last?.lowerBound)
        let error = tamperedOutcome(
            bytes, at: position, anchors: try StructureFixture.anchors(), rules: .apple,
            time: StructureFixture.created)
        #expect(error?.code == (variant.attributes ? "cms.messageDigestMismatch" : "signature.invalid"))
    }
}
