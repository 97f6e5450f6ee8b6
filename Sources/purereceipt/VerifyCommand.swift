// verify: the full check — structure, signature, chain, then the caller's requirements.

import Foundation
import PureReceipt
import PureX509

enum VerifyCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let options: ParsedArguments
        do {
            options = try parseArguments(
                arguments,
                valued: ["--root", "--xcode-root", "--at", "--now", "--bundle-id", "--bundle-version", "--device-id",
                         "--environment", "--endpoint"],
                flags: ["--json"])
        } catch {
            if case .message(let text) = error { fail("\(text)\n\(usage)", ExitCode.usage) }
            return ExitCode.usage
        }
        var policy = ReceiptPolicy()
        let roots = options.all("--root").flatMap { loadCertificates($0) }
        if !roots.isEmpty { policy.anchors = TrustAnchors(certificates: roots) }
        if let path = options.last("--xcode-root") {
            let certificates = loadCertificates(path)
            guard certificates.count == 1, let xcode = certificates.first else {
                fail("--xcode-root \(path): expected exactly one certificate", ExitCode.usage)
            }
            policy.xcodeCertificate = xcode
        }
        if let text = options.last("--at") {
            guard let instant = Instant.parseRFC3339(text) else { fail("--at: not an RFC 3339 time: \(text)", ExitCode.usage) }
            policy.validityInstant = instant
        }
        if let text = options.last("--now") {
            guard let instant = Instant.parseRFC3339(text) else { fail("--now: not an RFC 3339 time: \(text)", ExitCode.usage) }
            policy.currentTime = instant
        } else {
            policy.currentTime = Instant(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))
        }
        policy.bundleIdentifier = options.last("--bundle-id")
        policy.bundleVersion = options.last("--bundle-version")
        if let text = options.last("--device-id") {
            guard let device = parseDeviceIdentifier(text) else {
                fail("--device-id: expected a UUID or hex bytes: \(text)", ExitCode.usage)
            }
            policy.deviceIdentifier = device
        }
        if let text = options.last("--environment") {
            let names = text.split(separator: ",").map { String($0) }
            let environments = names.map { ReceiptEnvironment(rawValue: $0) }
            guard !environments.isEmpty, environments.allSatisfy({ ReceiptEnvironment.apple.contains($0) }) else {
                fail("--environment: expected Production, ProductionSandbox, ProductionVPP or ProductionVPPSandbox",
                     ExitCode.usage)
            }
            policy.environments = Set(environments)
        }
        var endpoint = VerifyReceiptEndpoint.any
        if let text = options.last("--endpoint") {
            switch text {
            case "production": endpoint = .production
            case "sandbox": endpoint = .sandbox
            default: fail("--endpoint: expected production or sandbox", ExitCode.usage)
            }
        }
        let json = options.flags.contains("--json")
        let input = readInput(options.positional.first)
        let requestDate = policy.currentTime ?? Instant(millisecondsSince1970: 0)

        do {
            let verified = try ReceiptValidator.validate(input.bytes, policy: policy)
            if json {
                let document = VerifyReceiptJSON.render(verified, endpoint: endpoint, requestDate: requestDate)
                print(document.text)
                return document.status == 0 ? ExitCode.genuine : ExitCode.notGenuine
            }
            print(TextReport.verified(verified, source: input.name, size: input.bytes.count))
            return ExitCode.genuine
        } catch {
            if json { print(VerifyReceiptJSON.render(error).text) }
            FileHandle.standardError.write(Data("purereceipt: \(verdictText(error)): \(error.message) [\(error.code)]\n".utf8))
            return error.verdict == .malformed ? ExitCode.malformed : ExitCode.notGenuine
        }
    }

    static func verdictText(_ error: ReceiptValidationError) -> String {
        switch error.verdict {
        case .malformed: return "not a well-formed receipt"
        case .notAuthentic: return "NOT GENUINE"
        case .policyFailed: return "check failed"
        }
    }

    /// Loads certificates from a DER or PEM file; exits 2 when unreadable or malformed.
    static func loadCertificates(_ path: String) -> [Certificate] {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)", ExitCode.malformed) }
        do {
            return try TrustAnchors.parse(pemOrDER: Array(data))
        } catch {
            fail("\(path): not a certificate: \(error)", ExitCode.malformed)
        }
    }
}
