// StoreKit 2 signed data (compact JWS, or a notification body) in verify: each command hands its
// input here when SignedDataInput.detect recognises it. Exit statuses as for app receipts:
// 0 genuine, 1 not genuine or a check failed, 2 malformed, 64 usage.
//
// The policy (SignedDataPolicy) from the options:
//   signer       --xcode-root FILE for Xcode-signed data (one self-signed x5c certificate);
//                otherwise --root FILE… as the anchors, or Apple Root CA - G3 (built in);
//   instant      --at TIME, else the payload's signedDate (receiptCreationDate for AppTransaction);
//   bundle id    --bundle-id, else not requested (the data's own, once its signature verified);
//   environment  --environment (a comma-separated list), else not requested (the data's own);
//   app Apple id --app-apple-id; the library requires it for Production data;
//   device       --device-id UUID: the device verification id (AppStore.deviceVerificationID); the
//                payload's deviceVerification must match it (a UUID in text form only).
// Options of app receipts only (--bundle-version, --endpoint, --now) or of legacy ones (--product-id) make this
// input one the command line does not fit: exit 2, code `input.optionNotApplicable` (exit 64
// depends on the command line only: `precheck`).

import Foundation
import PureDER
import PureJSON
import PureReceipt
import PureX509

enum SignedDataCommand {
    /// Options that only StoreKit 2 signed data takes (usage errors for receipts).
    static let signedDataOptions = ["--app-apple-id", "--kind"]

    /// The outcome of a verification: the document parts the reports need.
    typealias Verified = SignedDataVerifyReport

    static func verify(
        _ input: (bytes: [UInt8], name: String), _ data: SignedDataInput, options: ParsedArguments, json: Bool
    )
        -> Int32
    {
        // An option that does not fit this input is the input's failure (exit 2): the usage status
        // (64) depends on the command line only, and its syntax was checked by `precheck`.
        for option in ["--bundle-version", "--endpoint", "--now", "--product-id"] where options.last(option) != nil {
            VerifyCommand.notApplicable(
                "\(option) does not apply to StoreKit 2 signed data, and this input is that", json: json)
        }
        let requested = requestedKind(options, json: json)
        var policy = SignedDataPolicy(bundleId: "", environment: .production)
        if let text = options.last("--app-apple-id") {
            guard let id = Int64(text), id > 0 else {
                VerifyCommand.usageFailure("--app-apple-id: expected a positive integer: \(text)", json: json)
            }
            policy.appAppleId = id
        }
        if let text = options.last("--device-id") {
            // A device verification id is a UUID; hex bytes (an app receipt's device hash input) are not.
            guard text.utf8.count == 36, parseDeviceIdentifier(text) != nil else {
                VerifyCommand.notApplicable(
                    "--device-id: for StoreKit 2 signed data, the device verification UUID (8-4-4-4-12): \(text)",
                    json: json)
            }
            policy.deviceVerificationID = text
        }
        if let text = options.last("--at") {
            guard let instant = Instant.parseRFC3339(text) else {
                VerifyCommand.usageFailure(
                    "--at: not an RFC 3339 time (e.g. 2026-01-01T00:00:00Z): \(text)", json: json)
            }
            policy.validityInstant = instant
        }
        // The names in StoreKit's spelling (EnvironmentOption.swift): ProductionSandbox is Sandbox.
        var environments: [AppStoreEnvironment]?
        if let text = options.last("--environment"), let names = EnvironmentName.parse(text) {
            let values = names.compactMap(\.storeKit)
            guard values.count == names.count else {
                VerifyCommand.notApplicable(
                    "--environment: StoreKit 2 signed data names Production, Sandbox (= ProductionSandbox), "
                        + "Xcode or LocalTesting, and this input is that: \(text)", json: json)
            }
            environments = values
        }
        let roots = options.all("--root").flatMap { VerifyCommand.loadCertificates($0, option: "--root", json: json) }
        let xcode = options.last("--xcode-root").map { path in
            let certificates = VerifyCommand.loadCertificates(path, option: "--xcode-root", json: json)
            guard certificates.count == 1, let certificate = certificates.first else {
                VerifyCommand.fileFailure(
                    code: "input.notOneCertificate",
                    "--xcode-root \(path): expected exactly one certificate, found \(certificates.count)", json: json)
            }
            return certificate
        }
        // The signer policy follows the data's shape; each policy checks the signature and chain
        // itself, so the choice cannot make unsigned data genuine.
        if let xcode, data.parsed()?.isXcodeSigned == true {
            policy.signer = .xcode(xcode)
        } else if !roots.isEmpty {
            policy.signer = .apple(TrustAnchors(certificates: roots))
        }

        // Read only if the signature over it verifies; otherwise the verifier reports the failure.
        let peeked = data.verifiedPayloadObject()
        let kind = data.kind(requested: requested, payload: peeked)
        let named = peeked.map { namedApp($0, kind: kind) }
        policy.bundleId = options.last("--bundle-id") ?? named?.bundleId ?? ""
        // A list: the data's own environment if the list names it, else the first; the library then
        // compares the one chosen exactly with the data (one policy holds one environment).
        if let environments {
            let own = named?.environment.flatMap(AppStoreEnvironment.init(rawValue:))
            policy.environment = own.flatMap { environments.contains($0) ? $0 : nil } ?? environments[0]
        } else if let own = named?.environment.flatMap(AppStoreEnvironment.init(rawValue:)) {
            policy.environment = own
        }

        let verified: Verified
        do {
            verified = try run(data.jws, kind: kind, policy: policy)
        } catch {
            return failure(error, policy: policy, environments: environments, json: json)
        }
        if json {
            let signer = VerifyCommand.signer(xcode: verified.isXcodeSigned, options: options)
            print(SignedDataReport.verifiedJSON(verified, signer: signer))
        } else {
            print(
                SignedDataReport.verifiedText(verified, source: source(input, data), policy: policy, options: options))
        }
        return ExitCode.genuine
    }

    /// Checks the syntax of the options whose meaning does not depend on the input's format, before
    /// the input is read (so that a usage error never waits for standard input). What applies to
    /// which format is checked once the format is known.
    static func precheck(_ options: ParsedArguments, json: Bool) {
        _ = requestedKind(options, json: json)
        for option in ["--at", "--now"] {
            if let text = options.last(option), Instant.parseRFC3339(text) == nil {
                VerifyCommand.usageFailure(
                    "\(option): not an RFC 3339 time (e.g. 2026-01-01T00:00:00Z): \(text)", json: json)
            }
        }
        if let text = options.last("--app-apple-id"), (Int64(text) ?? 0) <= 0 {
            VerifyCommand.usageFailure("--app-apple-id: expected a positive integer: \(text)", json: json)
        }
        if let text = options.last("--device-id"), parseDeviceIdentifier(text) == nil {
            VerifyCommand.usageFailure("--device-id: expected a UUID (8-4-4-4-12) or hex bytes: \(text)", json: json)
        }
        if let text = options.last("--endpoint"), text != "production", text != "sandbox" {
            VerifyCommand.usageFailure("--endpoint: expected production or sandbox: \(text)", json: json)
        }
        if let text = options.last("--environment"), EnvironmentName.parse(text) == nil {
            VerifyCommand.usageFailure(
                "--environment: expected a comma-separated list of \(EnvironmentName.vocabulary) "
                    + "(any letter case): \(text)", json: json)
        }
    }

    /// `--kind`, or nil for automatic; exits 64 on an unknown kind.
    static func requestedKind(_ options: ParsedArguments, json: Bool) -> SignedDataKind? {
        guard let text = options.last("--kind") else { return nil }
        guard let kind = SignedDataKind(rawValue: text) else {
            let names = SignedDataKind.allCases.map(\.rawValue).joined(separator: "|")
            VerifyCommand.usageFailure("--kind: expected \(names): \(text)", json: json)
        }
        return kind
    }

    /// The bundle id and environment the payload names, for the options left unrequested.
    static func namedApp(_ payload: JSONObject, kind: SignedDataKind) -> (bundleId: String?, environment: String?) {
        SignedDataVerifyReport.namedApp(payload, kind: kind)
    }

    /// Verifies `jws` as `kind` under `policy` (SignedDataVerifyReport.verify, shared with the
    /// WebAssembly module).
    static func run(_ jws: [UInt8], kind: SignedDataKind, policy: SignedDataPolicy) throws(VerificationError)
        -> Verified
    {
        try SignedDataVerifyReport.verify(jws, kind: kind, policy: policy)
    }

    static func failure(
        _ error: VerificationError, policy: SignedDataPolicy, environments: [AppStoreEnvironment]? = nil, json: Bool
    ) -> Int32 {
        let verdict = SignedDataVerifyReport.words(error.verdict)
        // The library's message, and the option that sets what the check compared against.
        let message = SignedDataVerifyReport.failureMessage(error, policy: policy, environments: environments)
        if json { print(SignedDataVerifyReport.failureJSON(error, message: message)) }
        VerifyCommand.report(verdict.text, code: error.code, message)
        return ExitCode.of(error.verdict)
    }

    /// "NAME (N bytes, compact JWS)" or "… notification body".
    static func source(_ input: (bytes: [UInt8], name: String), _ data: SignedDataInput) -> String {
        "\(input.name) (\(input.bytes.count) bytes, "
            + (data.isNotificationBody ? "notification body)" : "compact JWS)")
    }
}
