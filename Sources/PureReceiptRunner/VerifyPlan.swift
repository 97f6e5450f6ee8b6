// VerifyPlan: what `verify` is asked to do, read once before any input: the request (the options
// as the command line or the WebAssembly module's request gives them), its usage errors, the
// certificate files it names, and each format's policy made from it.
//
// Order of what can go wrong, the same for every front end:
//   1. usage (exit 64): the options' own syntax (`usage(_:)`), found from the options alone;
//   2. certificate files (exit 2): a `--root` or `--xcode-root` file that holds no certificate;
//   3. per input (Runner.swift): an option the input's format cannot take is that input's failure
//      (exit 2, `input.optionNotApplicable`), then the library's verdict.
// The plan holds each format's policy ready, or why the options do not fit that format, so that a
// batch decides it once for all its inputs.

import PureDER
package import PureReceipt
import PureX509

/// A certificate file the caller gave (`--root FILE`, `--xcode-root FILE`; the module's `roots`
/// entries and `xcodeRoot`).
package struct CertificateFile: Sendable {
    /// The file's bytes: DER or PEM, one certificate or several.
    package var bytes: [UInt8]
    /// The path, for messages; nil when the bytes did not come from a file (the module's request).
    package var path: String?

    package init(_ bytes: [UInt8], path: String?) {
        self.bytes = bytes
        self.path = path
    }
}

/// Whose words a message uses for an option: the command line's (`--bundle-id`) or the module's
/// request (`bundleId`, Docs/EMBEDDING.md).
package enum OptionWords: Sendable {
    case commandLine, request

    /// The options that take a value and belong in a request (a string member of the module's
    /// request), with the request member that carries each. The command line's other options, such
    /// as --jobs and --revocation, are the command's own.
    package static let valuedMembers: [(option: String, member: String)] = [
        ("--bundle-id", "bundleId"), ("--bundle-version", "bundleVersion"), ("--device-id", "deviceId"),
        ("--environment", "environment"), ("--at", "at"), ("--now", "now"), ("--endpoint", "endpoint"),
        ("--app-apple-id", "appAppleId"), ("--kind", "kind"), ("--product-id", "productId"),
    ]

    /// The command line's option names with the request member that carries each.
    package static let requestMembers =
        valuedMembers + [
            ("--xcode-root", "xcodeRoot"), ("--root", "roots"),
            (RunRequest.unstatedEnvironmentFlag, "acceptUnstatedEnvironment"),
        ]

    /// `message` (written with the command line's option names) in these words.
    package func apply(_ message: String) -> String {
        guard self == .request else { return message }
        let bytes = Array(message.utf8)
        var words: [UInt8] = []
        var index = 0
        scan: while index < bytes.count {
            for (option, member) in Self.requestMembers where bytes[index...].starts(with: option.utf8) {
                // A whole option only: `--at` is not the start of `--attribute`.
                let next = index + option.utf8.count
                guard next < bytes.count, bytes[next] == 0x2D || (0x61...0x7A).contains(bytes[next]) else {
                    words += member.utf8
                    index = next
                    continue scan
                }
            }
            words.append(bytes[index])
            index += 1
        }
        return String(decoding: words, as: UTF8.self)
    }
}

/// Which form of the `verify --json` document an outcome is written in.
package enum DocumentForm: Sendable {
    /// None is built (the text report, a batch without --ndjson).
    case none
    /// Indented, as `verify --json` prints it.
    case pretty
    /// One line, as `--ndjson` writes it.
    case line
}

/// The options of one `verify` run.
package struct RunRequest: Sendable {
    /// The value of each option that takes one, by its command-line name (`--bundle-id`); the last
    /// one given counts.
    package var values: [(option: String, value: String)] = []
    /// The flags given (`--accept-unstated-environment`).
    package var flags: [String] = []
    /// `--root` files, in order.
    package var roots: [CertificateFile] = []
    /// The `--xcode-root` file.
    package var xcodeRoot: CertificateFile?
    /// The current instant when `--now` is absent (the command's clock); nil: app receipts need `--now`.
    package var clock: Instant?
    /// True when `--now` is the host's clock, given with every input (the module's `now`): then no
    /// format refuses it.
    package var nowIsClock = false
    /// Whose words the messages use.
    package var words = OptionWords.commandLine
    /// The document each outcome carries.
    package var documents = DocumentForm.none
    /// Revocation checking after verification (the front end fetches): a genuine outcome keeps its
    /// verified path for it unless `off`.
    package var revocation = RevocationSetting.off

    package init(documents: DocumentForm = .none) { self.documents = documents }

    /// The value given for `option`, if any.
    package func last(_ option: String) -> String? {
        values.last { $0.option == option }?.value
    }

    /// Whether `flag` was given.
    package func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The flag that accepts signed data naming no environment (SignedDataPolicy.acceptsUnstatedEnvironment).
    package static let unstatedEnvironmentFlag = "--accept-unstated-environment"
    /// The options that take a value and belong in a request (`OptionWords.valuedMembers`).
    package static let valuedOptions = OptionWords.valuedMembers.map { $0.option }
    /// Options only StoreKit 2 signed data takes.
    package static let signedDataOptions = ["--app-apple-id", "--kind"]
}

/// An option that does not fit one format (exit 2, `input.optionNotApplicable`), in the command
/// line's words.
package struct NotApplicable: Error, Sendable {
    package let message: String
}

/// The request read: each format's policy, or why the options do not fit it.
package struct VerifyPlan: Sendable {
    package let request: RunRequest
    /// `--kind`.
    package let kind: SignedDataKind?
    package let roots: [Certificate]
    package let xcode: Certificate?
    /// The app receipt policy (with the clock when `--now` is absent).
    package let receipt: Result<ReceiptPolicy, NotApplicable>
    package let endpoint: VerifyReceiptEndpoint
    package let legacy: Result<LegacyReceiptPolicy, NotApplicable>
    /// The signed data policy: the signer of data not signed through `--xcode-root`.
    package let signedData: Result<SignedDataPolicy, NotApplicable>
    /// `--environment` in StoreKit's values, when given.
    package let environments: [AppStoreEnvironment]?

    /// Whether the caller gave anchors of its own (`"signer": "custom-root"`).
    package var customRoots: Bool { !request.roots.isEmpty }

    /// The usage error of the request's options (exit 64), in the request's words; nil when none.
    /// Depends on the options alone: no file or input is read.
    package static func usage(_ request: RunRequest) -> String? {
        var message: String?
        if let text = request.last("--kind") {
            if let kind = SignedDataKind(rawValue: text) {
                if request.last("--bundle-id") != nil { message = kind.bundleIdRefusal }
            } else {
                let names = SignedDataKind.allCases.map { $0.rawValue }.joined(separator: "|")
                message = "--kind: expected \(names): \(text)"
            }
        }
        // The other options' values, in this order: the first that is not valid is the error.
        let time = "not an RFC 3339 time (e.g. 2026-01-01T00:00:00Z)"
        let checks: [(option: String, valid: (String) -> Bool, expected: String)] = [
            ("--at", { Instant.parseRFC3339($0) != nil }, time),
            ("--now", { Instant.parseRFC3339($0) != nil }, time),
            ("--app-apple-id", { (Int64($0) ?? 0) > 0 }, "expected a positive integer"),
            ("--device-id", { parseDeviceIdentifier($0) != nil }, "expected a UUID (8-4-4-4-12) or hex bytes"),
            ("--endpoint", { $0 == "production" || $0 == "sandbox" }, "expected production or sandbox"),
            (
                "--environment", { EnvironmentName.parse($0) != nil },
                "expected a comma-separated list of \(EnvironmentName.vocabulary) (any letter case)"
            ),
        ]
        for check in checks where message == nil {
            if let text = request.last(check.option), !check.valid(text) {
                message = "\(check.option): \(check.expected): \(text)"
            }
        }
        return message.map { request.words.apply($0) }
    }

    /// The plan of `request`, or the outcome that ends the run before any input: a usage error
    /// (64) or a certificate file that cannot be used (2).
    package static func make(_ request: RunRequest) -> Result<VerifyPlan, VerifyOutcome> {
        if let message = usage(request) { return .failure(.usage(message, request)) }
        do throws(VerifyOutcome) {
            return .success(try VerifyPlan(request))
        } catch {
            return .failure(error)
        }
    }

    private init(_ request: RunRequest) throws(VerifyOutcome) {
        self.request = request
        kind = request.last("--kind").flatMap { SignedDataKind(rawValue: $0) }
        var roots: [Certificate] = []
        for (index, file) in request.roots.enumerated() {
            roots += try Self.certificates(file, option: "--root", index: index, request)
        }
        self.roots = roots
        if let file = request.xcodeRoot {
            let certificates = try Self.certificates(file, option: "--xcode-root", index: 0, request)
            guard certificates.count == 1, let certificate = certificates.first else {
                let name = file.path.map { "--xcode-root \($0)" } ?? "--xcode-root"
                throw VerifyOutcome.unusable(
                    code: "input.notOneCertificate",
                    "\(name): expected exactly one certificate, found \(certificates.count)", request)
            }
            xcode = certificate
        } else {
            xcode = nil
        }
        let at = request.last("--at").flatMap { Instant.parseRFC3339($0) }

        var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
        if !roots.isEmpty { policy.anchors = TrustAnchors(certificates: roots) }
        policy.xcodeCertificate = xcode
        policy.validityInstant = at
        policy.currentTime = request.last("--now").flatMap { Instant.parseRFC3339($0) } ?? request.clock
        policy.bundleIdentifier = request.last("--bundle-id")
        policy.bundleVersion = request.last("--bundle-version")
        policy.deviceIdentifier = request.last("--device-id").flatMap { parseDeviceIdentifier($0) }
        receipt = Result { () throws(NotApplicable) in try Self.receiptEnvironments(request, policy) }
        switch request.last("--endpoint") {
        case "production": endpoint = .production
        case "sandbox": endpoint = .sandbox
        default: endpoint = .any
        }
        legacy = Result { () throws(NotApplicable) in try Self.legacyPolicy(request, roots: roots, at: at) }
        var environments: [AppStoreEnvironment]?
        let xcode = self.xcode  // a value, not `self`, in the closure below
        signedData = Result { () throws(NotApplicable) in
            try Self.signedDataPolicy(request, roots: roots, xcode: xcode, at: at, environments: &environments)
        }
        self.environments = environments
    }

    /// The certificates of one file (DER or PEM), or the outcome naming the file.
    private static func certificates(_ file: CertificateFile, option: String, index: Int, _ request: RunRequest)
        throws(VerifyOutcome) -> [Certificate]
    {
        do {
            return try TrustAnchors.parse(pemOrDER: file.bytes)
        } catch {
            // The command line names the file; the module its place in the request (`roots[0]`).
            let name = file.path.map { "\(option): \($0)" } ?? (option == "--root" ? "\(option)[\(index)]" : option)
            throw VerifyOutcome.unusable(
                code: "input.notACertificate", "\(name): not a DER or PEM certificate (\(error))", request)
        }
    }

    /// `--environment` in one format's spelling (`value`: nil for a name the format cannot carry):
    /// nil when the option is not given; `refusal`, then the option's text, when a name does not fit.
    private static func environments<Value>(
        _ request: RunRequest, _ value: (EnvironmentName) -> Value?, refusal: String
    ) throws(NotApplicable) -> [Value]? {
        guard let text = request.last("--environment"), let names = EnvironmentName.parse(text) else { return nil }
        let values = names.compactMap(value)
        guard values.count == names.count else { throw NotApplicable(message: refusal + text) }
        return values
    }

    /// `--environment` for app receipts: every name must be an app receipt's (Xcode with --xcode-root
    /// only). Without it, the Apple environments (and, through --xcode-root only, Xcode).
    private static func receiptEnvironments(_ request: RunRequest, _ policy: ReceiptPolicy)
        throws(NotApplicable) -> ReceiptPolicy
    {
        var policy = policy
        let allowed = ReceiptEnvironment.apple.union(policy.xcodeCertificate == nil ? [] : [.xcode])
        let environments = try Self.environments(
            request, { $0.receipt.flatMap { allowed.contains($0) ? $0 : nil } },
            refusal: "--environment: an app receipt names Production, ProductionSandbox (= Sandbox), "
                + "ProductionVPP, ProductionVPPSandbox (and Xcode with --xcode-root), and this input is one: ")
        if let environments { policy.environments = Set(environments) }
        return policy
    }

    /// The legacy receipt policy: `--root` certificates that are not self-issued are the pinned
    /// intermediates (a test PKI), self-issued ones the anchors.
    private static func legacyPolicy(_ request: RunRequest, roots: [Certificate], at: Instant?)
        throws(NotApplicable) -> LegacyReceiptPolicy
    {
        var legacy = LegacyReceiptPolicy(
            bundleIdentifier: request.last("--bundle-id").map { BundleIdentifierRequirement($0) } ?? .anyApp,
            validityInstant: at, productIdentifier: request.last("--product-id"))
        if !roots.isEmpty {
            legacy.anchors = TrustAnchors(certificates: roots.filter { $0.isSelfIssued })
            legacy.intermediates = roots.filter { !$0.isSelfIssued }
        }
        // The names in the outer key's spelling (VerifyOptionWords.swift): ProductionSandbox is Sandbox.
        legacy.environments = try Self.environments(
            request, { $0.legacy },
            refusal: "--environment: a legacy receipt names Production or Sandbox (= ProductionSandbox), "
                + "and this input is one: ")
        return legacy
    }

    /// The signed data policy: an option left out requests nothing, said so in the policy (any
    /// bundle id, every environment); the data is read only once the library verified it.
    private static func signedDataPolicy(
        _ request: RunRequest, roots: [Certificate], xcode: Certificate?, at: Instant?,
        environments: inout [AppStoreEnvironment]?
    ) throws(NotApplicable) -> SignedDataPolicy {
        // `now` as the host's clock is given with every input: not an option signed data refuses.
        let refused = ["--bundle-version", "--endpoint", "--now", "--product-id"].first {
            request.last($0) != nil && !($0 == "--now" && request.nowIsClock)
        }
        if let option = refused {
            throw NotApplicable(message: "\(option) does not apply to StoreKit 2 signed data, and this input is that")
        }
        var policy = SignedDataPolicy(bundleId: "", environment: .production)
        policy.acceptsUnstatedEnvironment = request.has(RunRequest.unstatedEnvironmentFlag)
        policy.appAppleId = request.last("--app-apple-id").flatMap { Int64($0) }
        if let text = request.last("--device-id") {
            // A device verification id is a UUID; hex bytes (an app receipt's device hash input) are not.
            guard text.utf8.count == 36, parseDeviceIdentifier(text) != nil else {
                throw NotApplicable(
                    message:
                        "--device-id: for StoreKit 2 signed data, the device verification UUID (8-4-4-4-12): \(text)")
            }
            policy.deviceVerificationID = text
        }
        policy.validityInstant = at
        // The names in StoreKit's spelling (VerifyOptionWords.swift): ProductionSandbox is Sandbox.
        environments = try Self.environments(
            request, { $0.storeKit },
            refusal: "--environment: StoreKit 2 signed data names Production, Sandbox (= ProductionSandbox), "
                + "Xcode or LocalTesting, and this input is that: ")
        if !roots.isEmpty { policy.signer = .apple(TrustAnchors(certificates: roots)) }
        policy.xcodeCertificate = xcode
        policy.request(bundleId: request.last("--bundle-id"), environments: environments)
        return policy
    }
}
