// ReceiptPolicy: what the caller requires of a receipt. Every field is chosen by the caller and
// nothing in it is ever taken from the receipt being checked.

public import PureX509

/// The checks `ReceiptValidator.validate` applies, beyond structure, signature and chain.
public struct ReceiptPolicy: Sendable {
    /// Trust anchors for the Apple chain policy (leaf and WWDR marker OIDs always required).
    /// Default: the built-in Apple Inc. Root CA, pinned by its SHA-256 fingerprint.
    public var anchors: TrustAnchors
    /// Explicit opt-in for Xcode StoreKit-testing receipts: the self-signed certificate they must be
    /// signed by. Nil (the default) rejects them. A receipt accepted this way proves nothing about
    /// a purchase: the certificate's private key ships with Xcode.
    public var xcodeCertificate: Certificate?
    /// Instant at which certificate validity is evaluated. Nil (the default): the receipt's own
    /// creation date (attribute 12) — leaf certificates expire long before receipts stop mattering.
    public var validityInstant: Instant?
    /// The current time, used for the VPP expiration check (attribute 21). Nil: the validity
    /// instant. The library has no clock of its own.
    public var currentTime: Instant?
    /// Required bundle identifier (attribute 2). Hard-code it; never read it from Info.plist.
    public var bundleIdentifier: String?
    /// Required bundle version (attribute 3).
    public var bundleVersion: String?
    /// Device identifier for the receipt hash (attribute 5): on iOS the 16 bytes of
    /// `identifierForVendor`, on macOS the primary network interface's MAC address bytes.
    public var deviceIdentifier: [UInt8]?
    /// Environments accepted: always applied, Xcode included. An Xcode receipt needs `.xcode` here
    /// AND `xcodeCertificate`. Default: the four Apple environments and Xcode (so the opt-in alone
    /// accepts Xcode receipts; a list without `.xcode` refuses them even with the opt-in).
    public var environments: Set<ReceiptEnvironment>

    /// A policy for the app `bundleIdentifier` (required: write `.anyApp` only in a tool that
    /// inspects any app's receipts); every other requirement defaults to none, the trust to the
    /// built-in Apple Inc. Root CA.
    public init(
        bundleIdentifier: BundleIdentifierRequirement, anchors: TrustAnchors = .appleIncRoot,
        xcodeCertificate: Certificate? = nil, validityInstant: Instant? = nil, currentTime: Instant? = nil,
        bundleVersion: String? = nil, deviceIdentifier: [UInt8]? = nil,
        environments: Set<ReceiptEnvironment> = ReceiptEnvironment.apple.union([.xcode])
    ) {
        self.anchors = anchors
        self.xcodeCertificate = xcodeCertificate
        self.validityInstant = validityInstant
        self.currentTime = currentTime
        self.bundleIdentifier = bundleIdentifier.identifier
        self.bundleVersion = bundleVersion
        self.deviceIdentifier = deviceIdentifier
        self.environments = environments
    }
}

extension String {
    /// True when both strings have the same UTF-8 bytes (`==` would also equate canonically
    /// equivalent strings, e.g. NFC and NFD forms, or U+212A KELVIN SIGN and "K"): how every policy
    /// compares what the data names with what the caller expects.
    func hasSameBytes(as other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}

/// Which app's data a policy accepts: a bundle identifier, compared byte for byte, or — written out,
/// for tools that inspect any app's data — `.anyApp`. A required argument of every policy, so that
/// no call can leave the comparison out by accident.
public struct BundleIdentifierRequirement: Sendable, Equatable, ExpressibleByStringLiteral {
    /// The identifier required, or nil for `.anyApp`.
    public let identifier: String?

    /// Data of the app `identifier` only.
    public init(_ identifier: String) { self.identifier = identifier }

    /// Data of the app named by the literal only.
    public init(stringLiteral identifier: String) { self.identifier = identifier }

    private init(any: Void) { identifier = nil }

    /// Data of any app: the bundle identifier is not compared. For inspection tools only; an app or a
    /// server names its own bundle identifier.
    public static let anyApp = BundleIdentifierRequirement(any: ())
}
