// StoreKit 2 signed data (compact JWS, or a notification body) in verify: each command hands its
// input here when SignedDataInput.detect recognises it. Exit statuses as for app receipts:
// 0 genuine, 1 not genuine or a check failed, 2 malformed, 64 usage.
//
// The policy (SignedDataPolicy) from the options:
//   signer       --xcode-root FILE for Xcode-signed data (one self-signed x5c certificate);
//                otherwise --root FILE… as the anchors, or Apple Root CA - G3 (built in);
//   instant      --at TIME, else the payload's signedDate (receiptCreationDate for AppTransaction);
//   bundle id    --bundle-id, else not requested (the data's own, once its signature verified);
//   environment  --environment (a comma-separated list), else not requested (the data's own); data
//                naming none (older than the field) only with --accept-unstated-environment, taken
//                for the policy's (Production unless --environment says otherwise);
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
    /// The flag that accepts data naming no environment (SignedDataPolicy.acceptsUnstatedEnvironment).
    static let unstatedEnvironmentFlag = "--accept-unstated-environment"

    /// The outcome of a verification: the document parts the reports need.
    typealias Verified = SignedDataVerifyReport

    static func verify(
        _ input: (bytes: [UInt8], name: String), _ data: SignedDataInput, options: ParsedArguments, json: Bool
    )
        -> Int32
    {
        var setup: Setup
        switch Setup.make(options, json: json) {
        case .success(let made): setup = made
        case .failure(let failure): VerifyCommand.notApplicable(failure.message, json: json)
        }
        let (outcome, policy) = verify(data, setup, cache: &setup.cache)
        let verified: Verified
        switch outcome {
        case .success(let value): verified = value
        case .failure(let error):
            return failure(error, policy: policy, environments: setup.environments, json: json)
        }
        let revocation = RevocationStep.check(verified.chain, options: options, json: json, signedData: true)
        if json {
            let signer = VerifyCommand.signer(xcode: verified.isXcodeSigned, options: options)
            let document = Array(SignedDataReport.verifiedJSON(verified, signer: signer).utf8)
            print(String(decoding: RevocationStep.withReport(document, revocation), as: UTF8.self))
        } else {
            print(
                SignedDataReport.verifiedText(verified, source: source(input, data), policy: policy, options: options))
            if let row = RevocationStep.row(revocation) { print(row) }
        }
        return ExitCode.genuine
    }

    /// What the options say about signed data, before any input is read: the policy's parts that
    /// do not depend on the input, or why the options do not apply to signed data.
    struct Setup: Sendable {
        var policy: SignedDataPolicy
        var requested: SignedDataKind?
        /// --bundle-id; nil: the data's own (not requested).
        let bundleId: String?
        let environments: [AppStoreEnvironment]?
        let roots: [Certificate]
        let xcode: Certificate?
        /// A single input's cache (a batch passes its shared one to `verify(_:_:cache:)` instead).
        var cache = VerifiedChainCache(capacity: 4)

        /// An option that does not fit signed data (exit 2, `input.optionNotApplicable`).
        struct NotApplicable: Error { let message: String }

        /// Exits on a usage error or an unreadable certificate file.
        static func make(_ options: ParsedArguments, json: Bool) -> Result<Setup, NotApplicable> {
            // An option that does not fit this input is the input's failure (exit 2): the usage status
            // (64) depends on the command line only, and its syntax was checked by `precheck`.
            for option in ["--bundle-version", "--endpoint", "--now", "--product-id"] where options.last(option) != nil
            {
                return .failure(
                    NotApplicable(message: "\(option) does not apply to StoreKit 2 signed data, and this input is that")
                )
            }
            let requested = requestedKind(options, json: json)
            var policy = SignedDataPolicy(bundleId: "", environment: .production)
            policy.acceptsUnstatedEnvironment = options.flags.contains(SignedDataCommand.unstatedEnvironmentFlag)
            if let text = options.last("--app-apple-id") {
                guard let id = Int64(text), id > 0 else {
                    VerifyCommand.usageFailure("--app-apple-id: expected a positive integer: \(text)", json: json)
                }
                policy.appAppleId = id
            }
            if let text = options.last("--device-id") {
                // A device verification id is a UUID; hex bytes (an app receipt's device hash input) are not.
                guard text.utf8.count == 36, parseDeviceIdentifier(text) != nil else {
                    return .failure(
                        NotApplicable(
                            message:
                                "--device-id: for StoreKit 2 signed data, the device verification UUID (8-4-4-4-12): \(text)"
                        ))
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
                    return .failure(
                        NotApplicable(
                            message:
                                "--environment: StoreKit 2 signed data names Production, Sandbox (= ProductionSandbox), "
                                + "Xcode or LocalTesting, and this input is that: \(text)"))
                }
                environments = values
            }
            let roots = options.all("--root").flatMap {
                VerifyCommand.loadCertificates($0, option: "--root", json: json)
            }
            let xcode = options.last("--xcode-root").map { path in
                let certificates = VerifyCommand.loadCertificates(path, option: "--xcode-root", json: json)
                guard certificates.count == 1, let certificate = certificates.first else {
                    VerifyCommand.fileFailure(
                        code: "input.notOneCertificate",
                        "--xcode-root \(path): expected exactly one certificate, found \(certificates.count)",
                        json: json)
                }
                return certificate
            }
            return .success(
                Setup(
                    policy: policy, requested: requested, bundleId: options.last("--bundle-id"),
                    environments: environments, roots: roots, xcode: xcode))
        }
    }

    /// Verifies `data` under `setup` through `cache`: the outcome, and the policy it was verified
    /// under (for the failure's message).
    static func verify(_ data: SignedDataInput, _ setup: Setup, cache: inout VerifiedChainCache)
        -> (Result<Verified, VerificationError>, SignedDataPolicy)
    {
        var policy = setup.policy
        // The signer policy follows the data's shape; each policy checks the signature and chain
        // itself, so the choice cannot make unsigned data genuine.
        if let xcode = setup.xcode, data.parsed()?.looksXcodeSigned == true {
            policy.signer = .xcode(xcode)
        } else if !setup.roots.isEmpty {
            policy.signer = .apple(TrustAnchors(certificates: setup.roots))
        }

        // Not requested: any bundle id, any environment, said so in the policy; nothing of the data
        // is read before the library verified it, once.
        policy.request(bundleId: setup.bundleId, environments: setup.environments)
        let outcome = Result { () throws(VerificationError) in
            try SignedDataVerifyReport.verify(
                data.jws, kind: setup.requested, fromRequestBody: data.isNotificationBody, policy: policy, cache: &cache
            )
        }
        // The report names the environment the data was accepted as (its own, or the first listed).
        if case .success(let verified) = outcome {
            let own =
                verified.environmentStated ? verified.environment.flatMap(AppStoreEnvironment.init(rawValue:)) : nil
            policy.environment = own ?? policy.environments?.first ?? policy.environment
        }
        return (outcome, policy)
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
        if options.last("--bundle-id") != nil, let refusal = kind.bundleIdRefusal {
            VerifyCommand.usageFailure(refusal, json: json)
        }
        return kind
    }

    static func failure(
        _ error: VerificationError, policy: SignedDataPolicy, environments: [AppStoreEnvironment]? = nil, json: Bool
    ) -> Int32 {
        let message = failureMessage(error, policy: policy, environments: environments)
        if json { print(failureDocument(error, message: message, pretty: true)) }
        VerifyCommand.report(words(error.verdict).text, code: error.code, message)
        return ExitCode.of(error.verdict)
    }

    /// The words of a StoreKit verdict (`not-genuine`, `check-failed`; SignedDataVerifyJSON.swift).
    static func words(_ verdict: VerificationError.Verdict) -> (json: String, text: String) {
        SignedDataVerifyReport.words(verdict)
    }

    /// The library's message, and the option that sets what the check compared against.
    static func failureMessage(
        _ error: VerificationError, policy: SignedDataPolicy, environments: [AppStoreEnvironment]?
    ) -> String {
        SignedDataVerifyReport.failureMessage(error, policy: policy, environments: environments)
    }

    /// The `--json` document of a failure: verdict, code, message.
    static func failureDocument(_ error: VerificationError, message: String, pretty: Bool) -> String {
        SignedDataVerifyReport.failureJSON(error, message: message, pretty: pretty)
    }

    /// "NAME (N bytes, compact JWS)" or "… notification body".
    static func source(_ input: (bytes: [UInt8], name: String), _ data: SignedDataInput) -> String {
        "\(input.name) (\(input.bytes.count) bytes, "
            + (data.isNotificationBody ? "notification body)" : "compact JWS)")
    }
}
