// Every real receipt in ../shared/corpus/receipts through `purereceipt verify` (see the corpus
// MANIFEST.md): Apple-signed `.der` and `.b64` verify with the built-in Apple root and no options;
// Xcode StoreKit-testing receipts fail without --xcode-root and pass with the StoreKit test
// certificate; NEGATIVE files are not app receipts: the legacy transaction receipt among them is
// recognised as that format and verifies, the others are not receipts at all. The five receipts whose device identifier is
// published upstream pass --device-id with it and fail with another one.
//
// Skipped (visibly) when the corpus folder is absent; CI always has it.

import Foundation
import PureReceiptTestSupport
import Testing

/// One file of the corpus and its expected class, from its name
/// (`<source>_<what-it-is>_<year>`; `NEGATIVE` marks non-receipts).
struct CorpusReceipt: Sendable, CustomTestStringConvertible {
    enum Kind: Sendable { case apple, xcode, legacy, negative }

    let name: String
    var path: String { CLI.corpusReceipt(name) }
    var testDescription: String { name }

    var kind: Kind {
        let parts = name.split(separator: "_")
        // Kept in receipts/ as a negative sample for the PKCS #7 parser; the CLI reads its format.
        if name.contains("NEGATIVE-legacy") { return .legacy }
        if name.contains("NEGATIVE") { return .negative }
        // The what-it-is part starts with "xcode" for StoreKit-testing receipts; the Apple-signed
        // receipt *of the Xcode app* (`production-macos-xcodeapp`) is an ordinary production receipt.
        if parts.count >= 2, parts[1].hasPrefix("xcode") { return .xcode }
        return .apple
    }

    static let all: [CorpusReceipt] = {
        let folder = PackageFiles.corpus("receipts").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map(CorpusReceipt.init(name:))
    }()
}

/// A corpus receipt whose device identifier is published upstream (MANIFEST.md, "Receipt hash
/// (type 5)"), written as the CLI takes it.
struct KnownDevice: Sendable, CustomTestStringConvertible {
    let file: String
    let deviceID: String
    let note: String
    var testDescription: String { "\(file) (\(note))" }

    static let all: [KnownDevice] = [
        KnownDevice(
            file: "tpinappreceipt_sandbox-ios-wwdrG5-sha256-knowndevice_2025.der",
            deviceID: "956328D9-CC6A-47F4-BE40-6953FB0AB6C7", note: "iOS UUID"),
        KnownDevice(
            file: "appreceiptvalidator_production-macos-wwdrG5-sha256-knowndevice_2023.der",
            deviceID: "f8:ff:c2:1e:91:82", note: "MAC with colons"),
        KnownDevice(
            file: "appreceiptvalidator_sandbox-ios-wwdrG7-sha1-knowndevice_2023.der",
            deviceID: hex(base64: "5hgQmGLdQz+7lGddOBXSYw=="), note: "16 bytes published as base64"),
        KnownDevice(
            file: "appreceiptvalidator_production-macos-sha1-knowndevice_2017.der",
            deviceID: hex(base64: "bEAItZRe"), note: "MAC published as base64"),
        KnownDevice(
            file: "appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der",
            deviceID: "3b76a7bd-8f5b-46a4-bcb1-cce8dbd1b3cd", note: "iOS UUID, lower case"),
    ]

    static func hex(base64: String) -> String { Data(base64Encoded: base64)?.hexString ?? "invalid" }
}

@Suite("purereceipt on the real-receipt corpus", .enabled(if: CLI.corpusAvailable, "needs ../shared/corpus"))
struct CorpusVerdictTests {
    static let storeKitCertificate = PackageFiles.corpus(
        "certs/tpinappreceipt_StoreKitTestCertificate.cer"
    ).path

    @Test("the corpus holds what this suite expects")
    func inventory() {
        let receipts = CorpusReceipt.all
        #expect(receipts.filter { $0.kind == .apple }.count >= 20)
        #expect(receipts.filter { $0.kind == .xcode }.count >= 4)
        #expect(receipts.filter { $0.kind == .negative }.count >= 1)
        #expect(receipts.filter { $0.kind == .legacy }.count == 1)
        #expect(receipts.contains { $0.name.hasSuffix(".b64") })
    }

    @Test("verdict without options", arguments: CorpusReceipt.all)
    func plainVerify(_ receipt: CorpusReceipt) async throws {
        let result = try await CLI.run(["verify", receipt.path])
        switch receipt.kind {
        case .apple:
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("GENUINE"))
            #expect(result.stdout.contains("(receipt creation date)"), "validity judged at attribute 12")
        case .xcode:
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("chain.xcodeNotAllowed"), "\(result)")
        case .legacy:
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("legacy transaction receipt, signature version 2"), "\(result)")
            #expect(result.stdout.contains("(purchase date)"), "validity judged at the purchase date")
        case .negative:
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("not a well-formed receipt"), "\(result)")
        }
    }

    @Test("verdict with --xcode-root StoreKitTestCertificate", arguments: CorpusReceipt.all)
    func xcodeOptIn(_ receipt: CorpusReceipt) async throws {
        let result = try await CLI.run(["verify", "--xcode-root", Self.storeKitCertificate, receipt.path])
        switch receipt.kind {
        case .apple:
            #expect(result.status == 0, "the opt-in does not disturb Apple receipts: \(result)")
            #expect(!result.stdout.contains("XCODE TEST DATA (proves nothing)"))
        case .xcode:
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("XCODE TEST DATA (proves nothing)"), "\(result)")
        case .legacy:
            #expect(result.status == 2, "an app-receipt option does not fit this input: \(result)")
            #expect(result.stderr.contains("does not apply to legacy"), "\(result)")
        case .negative:
            #expect(result.status == 2, "\(result)")
        }
    }

    @Test("--json on every corpus file parses", arguments: CorpusReceipt.all)
    func json(_ receipt: CorpusReceipt) async throws {
        let result = try await CLI.run(["verify", "--json", receipt.path])
        let document = try result.jsonObject()
        let status = document["status"] as? Int
        switch receipt.kind {
        case .apple:
            #expect(status == 0, "\(result)")
            let inApp = (document["receipt"] as? [String: Any])?["in_app"] as? [[String: Any]]
            #expect(inApp != nil)
            #expect(inApp?.allSatisfy { $0.values.allSatisfy { $0 is String } } == true)
        case .xcode: #expect(status == 21003, "\(result)")
        case .legacy:
            #expect(status == 0, "\(result)")
            let receipt = document["receipt"] as? [String: Any]
            #expect(receipt?["product_id"] as? String == "yearly")
            #expect(receipt?.values.allSatisfy { $0 is String } == true)
        case .negative: #expect(status == 21002, "\(result)")
        }
    }

    @Test("--device-id with the published identifier", arguments: KnownDevice.all)
    func knownDevice(_ device: KnownDevice) async throws {
        let path = CLI.corpusReceipt(device.file)
        let good = try await CLI.run(["verify", "--device-id", device.deviceID, path])
        #expect(good.status == 0, "\(good)")
        #expect(good.stdout.contains("equals attribute 5"), "\(good)")
        // Another identifier of the same shape: zero bytes, and the identifier with one bit changed.
        let length = Data(hexLike: device.deviceID).count
        let zero = String(repeating: "00", count: length)
        var flipped = Data(hexLike: device.deviceID)
        flipped[flipped.startIndex] ^= 0x01
        for other in [zero, flipped.hexString] {
            let bad = try await CLI.run(["verify", "--device-id", other, path])
            #expect(bad.status == 1, "\(other): \(bad)")
            #expect(bad.stderr.contains("check failed: policy.deviceHash"), "\(bad)")
        }
    }

    @Test("a known device's identifier does not fit another receipt")
    func crossedDevices() async throws {
        let devices = KnownDevice.all
        let result = try await CLI.run([
            "verify", "--device-id", devices[0].deviceID,
            CLI.corpusReceipt(devices[1].file),
        ])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("policy.deviceHash"))
    }

    @Test("--device-id on the base64 form of a known-device receipt")
    func knownDeviceBase64() async throws {
        let device = KnownDevice.all[0]
        let path = CLI.corpusReceipt(device.file.replacingOccurrences(of: ".der", with: ".b64"))
        let result = try await CLI.run(["verify", "--device-id", device.deviceID, path])
        #expect(result.status == 0, "\(result)")
    }
}

extension Data {
    /// Bytes of a UUID in text form or of hex digits with optional colons (test-side parser).
    init(hexLike text: String) {
        let digits = Array(text.filter(\.isHexDigit))
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < digits.count {
            bytes.append(UInt8(String(digits[index...index + 1]), radix: 16) ?? 0)
            index += 2
        }
        self.init(bytes)
    }
}
