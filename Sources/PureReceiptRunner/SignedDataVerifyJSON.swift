// SignedDataVerifyJSON: the `verify --json` document of StoreKit 2 signed data, written once for
// the command-line tool and the WebAssembly module (Docs/EMBEDDING.md), so both print the same
// bytes for the same input and policy.
//
// Presentation: the data goes through the library's one StoreKit entry
// (`SignedDataVerifier.verify(_:kind:fromRequestBody:policy:cache:)`: parsed and its ES256
// signature checked once, the kind from the caller or the verified payload); a notification's
// nested data, verified inside it, is read from the result. The documents write the payload as it
// was signed (member order, numbers as written).

package import PureJSON
package import PureReceipt
import PureX509

/// Verified StoreKit 2 signed data: the parts the reports need.
package struct SignedDataVerifyReport {
    package let kind: SignedDataKind
    package let payload: JSONObject
    package let chain: [Certificate]
    package let isXcodeSigned: Bool
    package let environment: String?
    /// False for data naming no environment, accepted under `acceptsUnstatedEnvironment`.
    package let environmentStated: Bool
    package let bundleId: String?
    package let validityInstant: Instant?
    /// Decoded nested payloads of a notification: ("signedTransactionInfo", object), …
    package let nested: [(name: String, object: JSONObject)]

    /// Verifies `jws` under `policy` through the library's one StoreKit entry: `kind` when the caller
    /// names it, else the verified payload's (a request body holds a notification or a realtime
    /// request). One chain cache for the envelope and a notification's nested data, whose decoded
    /// payloads come from the result, never verified again.
    package static func verify(
        _ jws: [UInt8], kind: SignedDataKind?, fromRequestBody: Bool = false, policy: SignedDataPolicy,
        cache: inout VerifiedChainCache
    ) throws(VerificationError) -> SignedDataVerifyReport {
        let instant = policy.validityInstant
        func report<P: StoreKitEnvironmentStatement>(
            _ r: VerifiedStoreKitData<P>, _ kind: SignedDataKind, _ json: JSONObject, bundleId: String?,
            date: Instant?, nested: [(name: String, object: JSONObject)] = []
        ) -> SignedDataVerifyReport {
            SignedDataVerifyReport(
                kind: kind, payload: json, chain: r.chain, isXcodeSigned: r.isXcodeSigned,
                environment: r.payload.statedEnvironment?.rawValue, environmentStated: r.isEnvironmentStated,
                bundleId: bundleId, validityInstant: instant ?? date, nested: nested)
        }
        switch try SignedDataVerifier.verify(
            jws, kind: kind, fromRequestBody: fromRequestBody, policy: policy, cache: &cache)
        {
        case .transaction(let r):
            return report(r, .transaction, r.payload.json, bundleId: r.payload.bundleId, date: r.payload.signedDate)
        case .renewalInfo(let r):
            return report(r, .renewal, r.payload.json, bundleId: nil, date: r.payload.signedDate)
        case .realtimeRequest(let r):
            return report(r, .realtimeRequest, r.payload.json, bundleId: nil, date: r.payload.signedDate)
        case .appTransaction(let r):
            return report(
                r, .appTransaction, r.payload.json, bundleId: r.payload.bundleId, date: r.payload.receiptCreationDate)
        case .notification(let r):
            var nested: [(name: String, object: JSONObject)] = []
            if let t = r.nested?.transaction { nested.append(("signedTransactionInfo", t.payload.json)) }
            if let t = r.nested?.renewalInfo { nested.append(("signedRenewalInfo", t.payload.json)) }
            if let t = r.nested?.appTransaction { nested.append(("signedAppTransactionInfo", t.payload.json)) }
            return report(
                r, .notification, r.payload.json, bundleId: r.payload.bundleId, date: r.payload.signedDate,
                nested: nested)
        case .appReceipt, .legacyReceipt:
            // Never: the StoreKit entry returns StoreKit data.
            throw VerificationError(.malformed, code: "input.kindMismatch", message: "not StoreKit 2 signed data")
        }
    }

    /// The success document; `signer`: `apple`, `custom-root` or `xcode` (`VerifySigner`).
    /// `pretty`: indented (`verify --json`), else one line (`verify --ndjson`).
    package func json(signer: String, pretty: Bool = true) -> String {
        var document = JSONWriter(pretty: pretty)
        document.beginObject()
        document.field("verdict", isXcodeSigned ? "xcode-signed" : "genuine")
        document.field("signer", signer)
        document.field("kind", kind.reportName)
        document.key("environment")
        if let environment { document.string(environment) } else { document.null() }
        document.field("environmentStated", environmentStated)
        document.key("bundleId")
        if let bundleId { document.string(bundleId) } else { document.null() }
        document.key("validityInstant")
        if let validityInstant { document.string(validityInstant.description) } else { document.null() }
        document.key("chain")
        document.beginArray()
        for certificate in chain { document.string(certificate.subject.description) }
        document.endArray()
        document.key("payload")
        document.object(payload)
        if !nested.isEmpty {
            document.key("nested")
            document.beginObject()
            for (name, object) in nested {
                document.key(name)
                document.object(object)
            }
            document.endObject()
        }
        document.endObject()
        return document.text
    }

    /// The library's message, and the option that sets what the failed check compared against.
    /// `environments`: the accepted list when one was given.
    package static func failureMessage(
        _ error: VerificationError, policy: SignedDataPolicy, environments: [AppStoreEnvironment]?
    ) -> String {
        var message = error.message
        switch error.code {
        case "signedData.appAppleIdRequired": message += " (--app-apple-id)"
        case "signedData.bundleId": message += " (--bundle-id)"
        case "signedData.environment":
            // The option only when the caller gave it (the data's own environment is no request).
            if let environments {
                message += " (--environment: \(environments.map { $0.rawValue }.joined(separator: ", ")))"
            }
            if mentions(message, "names nothing") {
                message += "; data older than the environment field: --accept-unstated-environment"
            }
        case "signedData.signedDateMissing":
            message = "the payload has no signedDate to check the certificates at: give the instant (--at)"
        case "jws.xcodeNotAllowed": message += ": Xcode-signed data is accepted only with --xcode-root"
        case "jws.chain" where mentions(error.message, "chain.certificateExpired"):
            message +=
                policy.validityInstant.map { " (validity checked at \($0), given as --at)" }
                ?? " (validity checked at the payload's signedDate)"
        default: break
        }
        return message
    }

    /// The failure document: verdict words, code and `message` (`failureMessage`).
    package static func failureJSON(_ error: VerificationError, message: String, pretty: Bool = true) -> String {
        var document = JSONWriter(pretty: pretty)
        document.beginObject()
        document.field("verdict", Runner.words(error.verdict, signedData: true).json)
        document.field("code", error.code)
        document.field("message", message)
        document.endObject()
        return document.text
    }
}

/// Where `part` first occurs in `text`, byte for byte (the standard library's substring search is
/// not in Embedded Swift); nil when it does not.
package func offset(of part: [UInt8], in text: [UInt8]) -> Int? {
    guard part.count <= text.count else { return nil }
    return (0...(text.count - part.count)).first { text[$0..<($0 + part.count)].elementsEqual(part) }
}

/// Whether `text` contains `part`.
private func mentions(_ text: String, _ part: String) -> Bool {
    offset(of: Array(part.utf8), in: Array(text.utf8)) != nil
}

extension JSONWriter {
    /// Writes a decoded JSON value as it was read: members in order, numbers as their literal text.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): json(Array(number.text.utf8))
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let object): self.object(object)
        }
    }

    /// Writes a decoded JSON object as it was read.
    package mutating func object(_ object: JSONObject) {
        beginObject()
        for member in object.members {
            key(member.name)
            value(member.value)
        }
        endObject()
    }
}
