// ReceiptEnvironment: attribute 0 (receipt type), shared by the payload model and the validation
// policy.

/// The environments a receipt's attribute 0 may name.
public enum ReceiptEnvironment: Sendable, Hashable, CustomStringConvertible {
    /// `Production`: an App Store purchase.
    case production
    /// `ProductionSandbox`: sandbox testing, TestFlight and App Review.
    case productionSandbox
    /// `ProductionVPP`: bought through the Volume Purchase Program.
    case productionVPP
    /// `ProductionVPPSandbox`: VPP in the sandbox.
    case productionVPPSandbox
    /// StoreKit testing in Xcode: signed by a key that ships with Xcode, so it proves nothing.
    case xcode
    /// Any other value, kept verbatim.
    case other(String)

    /// The environment attribute 0 names (unknown text becomes ``other(_:)``).
    public init(rawValue: String) {
        switch rawValue {
        case "Production": self = .production
        case "ProductionSandbox": self = .productionSandbox
        case "ProductionVPP": self = .productionVPP
        case "ProductionVPPSandbox": self = .productionVPPSandbox
        case "Xcode": self = .xcode
        default: self = .other(rawValue)
        }
    }

    /// The text of attribute 0, e.g. `ProductionSandbox`.
    public var rawValue: String {
        switch self {
        case .production: return "Production"
        case .productionSandbox: return "ProductionSandbox"
        case .productionVPP: return "ProductionVPP"
        case .productionVPPSandbox: return "ProductionVPPSandbox"
        case .xcode: return "Xcode"
        case .other(let value): return value
        }
    }

    public var description: String { rawValue }

    /// The four environments Apple signs. App Review uses sandbox receipts, so a shipping app must
    /// accept the sandbox ones too.
    public static let apple: Set<ReceiptEnvironment> = [
        .production, .productionSandbox, .productionVPP, .productionVPPSandbox,
    ]
}
