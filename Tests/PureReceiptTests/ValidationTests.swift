// ReceiptValidator on real receipts: the device hash of the five receipts whose device identifier is
// published, the Xcode opt-in rules, the validity instant, base64 input, and the order of checks.

import Foundation
import PureDER
import PureReceipt
import PureX509
import Testing

enum ValidationCorpus {
    static func hex(_ text: String) -> [UInt8] {
        let digits = text.filter { $0 != ":" && $0 != "-" }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            bytes.append(UInt8(digits[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    static func storeKitCertificate() throws -> Certificate {
        try Certificate(derEncoded: SweepCorpus.bytes("certs/tpinappreceipt_StoreKitTestCertificate.cer"))
    }

    /// MANIFEST.md, "Receipt hash (type 5)": receipt → device identifier bytes published upstream.
    static let knownDevices: [(String, [UInt8])] = [
        ("tpinappreceipt_sandbox-ios-wwdrG5-sha256-knowndevice_2025.der", hex("956328D9-CC6A-47F4-BE40-6953FB0AB6C7")),
        ("appreceiptvalidator_production-macos-wwdrG5-sha256-knowndevice_2023.der", hex("f8:ff:c2:1e:91:82")),
        (
            "appreceiptvalidator_sandbox-ios-wwdrG7-sha1-knowndevice_2023.der",
            Array(Data(base64Encoded: "5hgQmGLdQz+7lGddOBXSYw==") ?? Data())
        ),
        ("appreceiptvalidator_production-macos-sha1-knowndevice_2017.der", hex("6c:40:08:b5:94:5e")),
        ("appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der", hex("3B76A7BD-8F5B-46A4-BCB1-CCE8DBD1B3CD")),
    ]
}

@Suite(
    "ReceiptValidator on real receipts",
    .enabled(if: SweepCorpus.isAvailable, "needs ../shared/corpus (absent: skipped)"))
struct ValidationTests {
    @Test(
        "the published device identifier passes the device check; any other fails it",
        arguments: ValidationCorpus.knownDevices.map { $0.0 })
    func deviceHash(_ name: String) throws {
        let receipt = try SweepCorpus.bytes("receipts/" + name)
        let device = try #require(ValidationCorpus.knownDevices.first { $0.0 == name }?.1)
        #expect(device.count == 6 || device.count == 16)
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.deviceIdentifier = device
        let verified = try ReceiptValidator.validate(receipt, policy: policy)
        #expect(DeviceHash.matches(receipt: verified.receipt, deviceIdentifier: device))
        for other in [
            [UInt8](repeating: 0, count: device.count), device.map { $0 ^ 0x01 }, device + [0],
            Array(device.dropLast()),
        ] {
            policy.deviceIdentifier = other
            do {
                _ = try ReceiptValidator.validate(receipt, policy: policy)
                Issue.record("device \(other) accepted for \(name)")
            } catch {
                #expect(error.code == "policy.deviceHash")
                #expect(error.verdict == .policyFailed)
            }
        }
    }

    @Test("an Xcode receipt is refused without the opt-in and accepted, flagged, with it")
    func xcodeOptIn() throws {
        let receipt = try SweepCorpus.bytes("receipts/asl-swift_xcode-app-receipt-with-transaction_2023.der")
        #expect(throws: VerificationError.self) {
            try ReceiptValidator.validate(receipt, policy: ReceiptPolicy(bundleIdentifier: .anyApp))
        }
        do {
            _ = try ReceiptValidator.validate(receipt, policy: ReceiptPolicy(bundleIdentifier: .anyApp))
        } catch {
            #expect(error.code == "chain.xcodeNotAllowed")
            #expect(error.verdict == .notAuthentic)
        }
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.xcodeCertificate = try ValidationCorpus.storeKitCertificate()
        let verified = try ReceiptValidator.validate(receipt, policy: policy)
        #expect(verified.isXcodeTestReceipt)
        #expect(verified.receipt.environment == .xcode)
        #expect(verified.chain.count == 1)
    }

    // Apple receipt rule (xcode-opt-in): the Xcode path is the signer's when it is the opted-in
    // certificate, byte for byte; any other signer takes Apple's path.
    @Test("with the opt-in, an Apple receipt takes Apple's path and another Xcode certificate is no path")
    func xcodeOptInIsByBytes() throws {
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.xcodeCertificate = try ValidationCorpus.storeKitCertificate()
        let apple = try SweepCorpus.bytes("receipts/tpinappreceipt_production-ios-wwdrG5-sha256_2024.der")
        let verified = try ReceiptValidator.validate(apple, policy: policy)
        #expect(!verified.isXcodeTestReceipt && verified.chain.count == 3)
        // Another self-signed certificate opted in: the StoreKit-signed receipt is not its.
        policy.xcodeCertificate = try Certificate(
            derEncoded: SweepCorpus.bytes("certs/tpinappreceipt_AppleIncRootCertificate.cer"))
        let xcode = try SweepCorpus.bytes("receipts/asl-swift_xcode-app-receipt-with-transaction_2023.der")
        do {
            _ = try ReceiptValidator.validate(xcode, policy: policy)
            Issue.record("an Xcode receipt verified with another certificate opted in")
        } catch {
            #expect((error.verdict, error.code) == (.notAuthentic, "chain.untrusted"))
            #expect(error.message.hasPrefix("no path to a trust anchor [certificate: "))
        }
    }

    // Apple receipt rule (environment-list): the caller's list always applies, Xcode included.
    @Test("Apple receipt rule (environment-list): an opted-in Xcode receipt passes only if the list has Xcode")
    func xcodeNeedsTheEnvironmentList() throws {
        let receipt = try SweepCorpus.bytes("receipts/asl-swift_xcode-app-receipt-with-transaction_2023.der")
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.xcodeCertificate = try ValidationCorpus.storeKitCertificate()
        #expect(policy.environments.contains(.xcode))
        for (environments, accepted) in [
            ([ReceiptEnvironment.production], false), (ReceiptEnvironment.apple, false), ([.xcode], true),
            ([.production, .xcode], true),
        ] {
            policy.environments = Set(environments)
            do {
                _ = try ReceiptValidator.validate(receipt, policy: policy)
                #expect(accepted, "accepted under \(environments)")
            } catch {
                #expect(!accepted, "refused under \(environments): \(error)")
                #expect(error.code == "policy.environment")
            }
        }
    }

    @Test("the Xcode opt-in never accepts an Apple-signed receipt through the Xcode path")
    func appleReceiptWithOptIn() throws {
        let receipt = try SweepCorpus.bytes("receipts/tpinappreceipt_production-ios-wwdrG5-sha256_2024.der")
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        policy.xcodeCertificate = try ValidationCorpus.storeKitCertificate()
        let verified = try ReceiptValidator.validate(receipt, policy: policy)
        #expect(!verified.isXcodeTestReceipt)
        #expect(verified.chain.count == 3)
    }

    @Test("validity is judged at the creation date by default, at the caller's instant when given")
    func validityInstant() throws {
        let receipt = try SweepCorpus.bytes("receipts/tpinappreceipt_production-ios-wwdrG5-sha256_2024.der")
        let verified = try ReceiptValidator.validate(receipt, policy: ReceiptPolicy(bundleIdentifier: .anyApp))
        #expect(verified.validityInstant == verified.receipt.receiptCreationDate)
        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        let late: Instant = try #require(Instant.parseRFC3339("2026-11-21T00:00:00Z"))
        policy.validityInstant = late
        do {
            _ = try ReceiptValidator.validate(receipt, policy: policy)
            Issue.record("accepted at 2026-11-21, after the leaf expired")
        } catch {
            #expect(error.code == "chain.certificateExpired")
            #expect(error.message.contains("Receipt Signing"))
        }
    }

    @Test("base64 text (as servers receive it) verifies like the DER bytes")
    func base64Input() throws {
        let der = try SweepCorpus.bytes("receipts/revenuecat_sandbox-ios-9iap-sha1_2020.der")
        let text = try String(
            decoding: SweepCorpus.bytes("receipts/revenuecat_sandbox-ios-9iap-sha1_2020.b64"), as: UTF8.self)
        let fromText = try ReceiptValidator.validate(base64: text, policy: ReceiptPolicy(bundleIdentifier: .anyApp))
        let fromDER = try ReceiptValidator.validate(der, policy: ReceiptPolicy(bundleIdentifier: .anyApp))
        #expect(fromText.receipt.rawAttributes.count == fromDER.receipt.rawAttributes.count)
        #expect(fromText.receipt.inAppPurchases.count == 9)
        let wrapped = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        #expect(
            try ReceiptValidator.validate(base64: wrapped, policy: ReceiptPolicy(bundleIdentifier: .anyApp)).receipt
                .bundleId == "com.revenuecat.sampleapp")
    }

    @Test("checks run in order: bundle id before version before device before environment")
    func orderOfChecks() throws {
        let receipt = try SweepCorpus.bytes("receipts/revenuecat_sandbox-ios-9iap-sha1_2020.der")
        func code(_ policy: ReceiptPolicy) -> String? {
            do {
                _ = try ReceiptValidator.validate(receipt, policy: policy)
                return nil
            } catch { return error.code }
        }
        var policy = ReceiptPolicy(
            bundleIdentifier: "com.other", bundleVersion: "0", deviceIdentifier: [1, 2, 3],
            environments: [.production])
        #expect(code(policy) == "policy.bundleId")
        policy.bundleIdentifier = "com.revenuecat.sampleapp"
        #expect(code(policy) == "policy.bundleVersion")
        policy.bundleVersion = "4"
        #expect(code(policy) == "policy.deviceHash")
        policy.deviceIdentifier = nil
        #expect(code(policy) == "policy.environment")
        policy.environments = [.productionSandbox]
        #expect(code(policy) == nil)
    }

    @Test("unverified parsing decodes without any trust, and says nothing about authenticity")
    func unverified() throws {
        let receipt = try SweepCorpus.bytes("receipts/asl-swift_xcode-app-receipt-with-transaction_2023.der")
        let parsed = try ReceiptValidator.parseUnverified(receipt)
        #expect(parsed.receipt.bundleId == "com.example.naturelab.backyardbirds.example")
        #expect(parsed.signedData.certificates.count == 1)
    }
}

@Test("input over Limits.maxInputBytes is refused before parsing, as DER bytes and as base64 text")
func validatorInputSizeLimit() {
    // Limits: maxInputBytes bounds the receipt; base64 text may be 4/3 of it.
    let der = [UInt8](repeating: 0x30, count: Limits.maxInputBytes + 1)
    let text = [UInt8](repeating: UInt8(ascii: "A"), count: Limits.maxInputBytes / 3 * 4 + 4097)
    for input in [der, text] {
        do {
            _ = try ReceiptValidator.receiptBytes(from: input)
            Issue.record("oversized input accepted")
        } catch {
            #expect(error.code == "limit.inputSize")
            #expect(error.verdict == .malformed)
        }
    }
}
