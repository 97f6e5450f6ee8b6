// EnvironmentOption: the one `--environment` vocabulary, for every format.
//
// LIST is comma-separated names, in any letter case (ASCII only). Each name stands for one value
// in each format's own spelling, and the library compares that value exactly with what the data
// says; no name widens what a format accepts:
//
//   name                    app receipt (attribute 0)   StoreKit 2 (environment)   legacy (outer key)
//   Production              Production                  Production                 Production
//   Sandbox,
//   ProductionSandbox       ProductionSandbox           Sandbox                    Sandbox
//   ProductionVPP           ProductionVPP               —                          —
//   ProductionVPPSandbox    ProductionVPPSandbox        —                          —
//   Xcode                   Xcode (with --xcode-root)   Xcode                      —
//   LocalTesting            —                           LocalTesting               —
//
// Sandbox and ProductionSandbox are two spellings of Apple's sandbox (an app receipt writes
// ProductionSandbox, StoreKit 2 and legacy receipts write Sandbox): either name accepts sandbox data
// of any format, and never production data. An unknown name is a usage error (64), found before the
// input is read; a known name that the input's format cannot carry ("—") is the input's failure
// (exit 2, `input.optionNotApplicable`).

import PureReceipt

enum EnvironmentName: CaseIterable {
    case production, sandbox, productionVPP, productionVPPSandbox, xcode, localTesting

    /// The names of `--environment LIST`, without repeats, in the order given; nil when a name is
    /// unknown or empty.
    static func parse(_ text: String) -> [EnvironmentName]? {
        var names: [EnvironmentName] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let name = named(String(part)) else { return nil }
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? nil : names
    }

    /// The name `text` spells, comparing ASCII letters without case; nil for anything else.
    static func named(_ text: String) -> EnvironmentName? {
        // Only ASCII is folded: no Unicode case mapping can turn another character into a letter here.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        switch text.lowercased() {
        case "production": return .production
        case "sandbox", "productionsandbox": return .sandbox
        case "productionvpp": return .productionVPP
        case "productionvppsandbox": return .productionVPPSandbox
        case "xcode": return .xcode
        case "localtesting": return .localTesting
        default: return nil
        }
    }

    /// The known names, for messages.
    static let vocabulary =
        "Production, Sandbox (= ProductionSandbox), ProductionVPP, ProductionVPPSandbox, Xcode, "
        + "LocalTesting"

    /// The app receipt's attribute 0 value, or nil when an app receipt cannot carry this name.
    var receipt: ReceiptEnvironment? {
        switch self {
        case .production: return .production
        case .sandbox: return .productionSandbox
        case .productionVPP: return .productionVPP
        case .productionVPPSandbox: return .productionVPPSandbox
        case .xcode: return .xcode
        case .localTesting: return nil
        }
    }

    /// StoreKit 2's `environment` (`receiptType`) value, or nil.
    var storeKit: AppStoreEnvironment? {
        switch self {
        case .production: return .production
        case .sandbox: return .sandbox
        case .xcode: return .xcode
        case .localTesting: return .localTesting
        case .productionVPP, .productionVPPSandbox: return nil
        }
    }

    /// A legacy receipt's outer `environment` value (`Production` when the key is absent), or nil.
    var legacy: String? {
        switch self {
        case .production: return "Production"
        case .sandbox: return "Sandbox"
        case .productionVPP, .productionVPPSandbox, .xcode, .localTesting: return nil
        }
    }
}
