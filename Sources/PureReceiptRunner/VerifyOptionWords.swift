// VerifyOptionWords: the words of the verify options that the command-line tool and the
// WebAssembly module (Docs/EMBEDDING.md) share: the one `--environment` vocabulary for every
// format, device identifiers, and who signed what verified.
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

package import PureReceipt

/// One name of `--environment LIST`: its spellings (ASCII letters in lower case), and the value it
/// stands for in each format's own spelling, as in the table above (nil: "—", the format cannot
/// carry it).
package struct EnvironmentName: Equatable, Sendable {
    let spellings: [String]
    /// The app receipt's attribute 0 value.
    package let receipt: ReceiptEnvironment?
    /// StoreKit 2's `environment` (`receiptType`) value.
    package let storeKit: AppStoreEnvironment?
    /// A legacy receipt's outer `environment` value (`Production` when the key is absent).
    package let legacy: String?

    /// Every name: the table above, row by row.
    static let all: [EnvironmentName] = [
        .init(spellings: ["production"], receipt: .production, storeKit: .production, legacy: "Production"),
        .init(
            spellings: ["sandbox", "productionsandbox"], receipt: .productionSandbox, storeKit: .sandbox,
            legacy: "Sandbox"),
        .init(spellings: ["productionvpp"], receipt: .productionVPP, storeKit: nil, legacy: nil),
        .init(spellings: ["productionvppsandbox"], receipt: .productionVPPSandbox, storeKit: nil, legacy: nil),
        .init(spellings: ["xcode"], receipt: .xcode, storeKit: .xcode, legacy: nil),
        .init(spellings: ["localtesting"], receipt: nil, storeKit: .localTesting, legacy: nil),
    ]

    /// The names of `--environment LIST`, without repeats, in the order given; nil when a name is
    /// unknown or empty.
    package static func parse(_ text: String) -> [EnvironmentName]? {
        var names: [EnvironmentName] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let name = named(String(part)) else { return nil }
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? nil : names
    }

    /// The name `text` spells, comparing ASCII letters without case; nil for anything else.
    package static func named(_ text: String) -> EnvironmentName? {
        // Only ASCII is folded: no Unicode case mapping can turn another character into a letter here.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let folded = String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        return all.first { $0.spellings.contains(folded) }
    }

    /// The known names, for messages.
    package static let vocabulary =
        "Production, Sandbox (= ProductionSandbox), ProductionVPP, ProductionVPPSandbox, Xcode, "
        + "LocalTesting"
}

/// Parses a device identifier: a UUID in text form (8-4-4-4-12 hex digits: 16 bytes in text
/// order), colon-separated pairs of hex digits (a MAC address), or an even number of hex digits.
/// Only ASCII 0-9, a-f, A-F count as digits: no sign, no "0x", no spaces, no other separator.
package func parseDeviceIdentifier(_ text: String) -> [UInt8]? {
    let dashed = text.split(separator: "-", omittingEmptySubsequences: false)
    if dashed.count > 1 {
        guard dashed.map({ $0.utf8.count }) == [8, 4, 4, 4, 12] else { return nil }
        return hexBytes(dashed.joined())
    }
    let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
    if pairs.count > 1 {
        guard pairs.allSatisfy({ $0.utf8.count == 2 }) else { return nil }
        return hexBytes(pairs.joined())
    }
    return hexBytes(text)
}

/// The bytes of a non-empty, even-length run of ASCII hex digits, or nil.
private func hexBytes(_ digits: String) -> [UInt8]? {
    func value(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30  // 0-9
        case 0x41...0x46: return c - 0x37  // A-F
        case 0x61...0x66: return c - 0x57  // a-f
        default: return nil
        }
    }
    let utf8 = Array(digits.utf8)
    guard !utf8.isEmpty, utf8.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: utf8.count, by: 2) {
        guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
        bytes.append(high << 4 | low)
    }
    return bytes
}

/// Who signed data that verified, for `"signer"` in every success document.
package enum VerifySigner {
    /// `xcode` (accepted through an Xcode opt-in: proves nothing), `custom-root` (a path to an
    /// anchor the caller gave) or `apple` (a path to the built-in Apple root).
    package static func name(xcode: Bool, customRoots: Bool) -> String {
        xcode ? "xcode" : customRoots ? "custom-root" : "apple"
    }

    /// `document` (a JSON object's text, or its first piece) with `"signer"` as its first member.
    /// `pretty`: the document is indented (else one line, as `--ndjson` writes it).
    package static func prefixed(_ document: [UInt8], _ signer: String, pretty: Bool = true) -> [UInt8] {
        guard document.first == UInt8(ascii: "{") else { return document }
        let member = pretty ? "{\n  \"signer\": \"\(signer)\"," : "{\"signer\":\"\(signer)\","
        return Array(member.utf8) + document.dropFirst()
    }
}

extension SignedDataKind {
    /// What data of this kind is called when its payload names no bundle id (renewal info, a
    /// realtime request); nil for the kinds that name one.
    package var withoutBundleId: String? {
        self == .renewal ? "renewal info" : self == .realtimeRequest ? "a realtime request" : nil
    }

    /// The usage error for `--bundle-id` with `--kind` naming renewal info or a realtime request,
    /// whose payloads name no bundle id: a check that cannot apply is refused before any input is
    /// read, never reported as held. Nil for the kinds that name one.
    package var bundleIdRefusal: String? {
        withoutBundleId.map {
            "--bundle-id does not apply with --kind \(rawValue): \($0) names no bundle id to compare"
        }
    }
}

extension SignedDataPolicy {
    /// The policy parts of `--bundle-id` and `--environment` (the module's `bundleId`, `environment`):
    /// an option left out requests nothing, said so (any bundle id; every environment, Production
    /// first, the one data naming none is taken for under `acceptsUnstatedEnvironment`).
    package mutating func request(bundleId: String?, environments: [AppStoreEnvironment]?) {
        self.bundleId = bundleId ?? ""
        acceptsAnyBundleId = bundleId == nil
        self.environments = environments ?? [.production, .sandbox, .xcode, .localTesting]
    }
}
