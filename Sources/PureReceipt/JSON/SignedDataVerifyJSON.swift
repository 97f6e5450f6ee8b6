// SignedDataVerifyJSON: the `verify --json` document of StoreKit 2 signed data, written once for
// the command-line tool and the WebAssembly module (Docs/EMBEDDING.md), so both print the same
// bytes for the same input and policy.
//
// Presentation: the kind only chooses which public verifier runs (every verifier checks structure,
// signature and chain itself, so no choice turns a forgery into a genuine verdict); a notification's
// nested data, already verified inside `verifyNotification`, is verified again through the same
// chain cache for its decoded payload. The documents write the payload as it was signed (member
// order, numbers as written).

import PureJSON
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

    /// Verifies `jws` as `kind` under `policy` (the library's verifiers; one chain cache for the
    /// envelope and the nested data).
    package static func verify(_ jws: [UInt8], kind: SignedDataKind, policy: SignedDataPolicy)
        throws(VerificationError) -> SignedDataVerifyReport
    {
        var cache = VerifiedChainCache(capacity: 4)
        return try verify(jws, kind: kind, policy: policy, cache: &cache)
    }

    /// `verify(_:kind:policy:)` through `cache` (a batch's shared one).
    package static func verify(
        _ jws: [UInt8], kind: SignedDataKind, policy: SignedDataPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> SignedDataVerifyReport {
        let instant = policy.validityInstant
        switch kind {
        case .transaction:
            let r = try SignedDataVerifier.verifyTransaction(jws, policy: policy, cache: &cache)
            return SignedDataVerifyReport(
                kind: kind, payload: r.payload.json, chain: r.chain, isXcodeSigned: r.isXcodeSigned,
                environment: r.payload.environment?.rawValue, environmentStated: r.isEnvironmentStated,
                bundleId: r.payload.bundleId, validityInstant: instant ?? r.payload.signedDate, nested: [])
        case .renewal:
            let r = try SignedDataVerifier.verifyRenewalInfo(jws, policy: policy, cache: &cache)
            return SignedDataVerifyReport(
                kind: kind, payload: r.payload.json, chain: r.chain, isXcodeSigned: r.isXcodeSigned,
                environment: r.payload.environment?.rawValue, environmentStated: r.isEnvironmentStated,
                bundleId: nil, validityInstant: instant ?? r.payload.signedDate, nested: [])
        case .realtimeRequest:
            let r = try SignedDataVerifier.verifyRealtimeRequest(jws, policy: policy, cache: &cache)
            return SignedDataVerifyReport(
                kind: kind, payload: r.payload.json, chain: r.chain, isXcodeSigned: r.isXcodeSigned,
                environment: r.payload.environment?.rawValue, environmentStated: r.isEnvironmentStated,
                bundleId: nil, validityInstant: instant ?? r.payload.signedDate, nested: [])
        case .appTransaction:
            let r = try SignedDataVerifier.verifyAppTransaction(jws, policy: policy, cache: &cache)
            return SignedDataVerifyReport(
                kind: kind, payload: r.payload.json, chain: r.chain, isXcodeSigned: r.isXcodeSigned,
                environment: r.payload.receiptType?.rawValue, environmentStated: r.isEnvironmentStated,
                bundleId: r.payload.bundleId, validityInstant: instant ?? r.payload.receiptCreationDate, nested: [])
        case .notification:
            let r = try SignedDataVerifier.verifyNotification(jws, policy: policy, cache: &cache)
            // The nested data verified inside verifyNotification, under the notification's policy:
            // its decoded payloads are in the result, not verified again.
            var nested: [(name: String, object: JSONObject)] = []
            if let t = r.nested?.transaction { nested.append(("signedTransactionInfo", t.payload.json)) }
            if let t = r.nested?.renewalInfo { nested.append(("signedRenewalInfo", t.payload.json)) }
            if let t = r.nested?.appTransaction { nested.append(("signedAppTransactionInfo", t.payload.json)) }
            return SignedDataVerifyReport(
                kind: kind, payload: r.payload.json, chain: r.chain, isXcodeSigned: r.isXcodeSigned,
                environment: namedApp(r.payload.json, kind: .notification).environment,
                environmentStated: r.isEnvironmentStated, bundleId: r.payload.bundleId,
                validityInstant: instant ?? r.payload.signedDate, nested: nested)
        }
    }

    /// The bundle id and environment the payload names, for the policy values left unrequested.
    package static func namedApp(_ payload: JSONObject, kind: SignedDataKind) -> (
        bundleId: String?, environment: String?
    ) {
        switch kind {
        case .transaction, .renewal:
            return (payload["bundleId"]?.stringValue, payload["environment"]?.stringValue)
        case .realtimeRequest:
            return (nil, payload["environment"]?.stringValue)
        case .appTransaction:
            return (payload["bundleId"]?.stringValue, payload["receiptType"]?.stringValue)
        case .notification:
            let notification = try? ResponseBodyV2DecodedPayload(json: payload)
            var environment = notification?.environment?.rawValue
            if environment == nil, let token = notification?.externalPurchaseToken {
                environment = AppStoreEnvironment.ofExternalPurchaseId(token.externalPurchaseId).rawValue
            }
            return (notification?.bundleId, environment)
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

    /// The words of a StoreKit verdict (`not-genuine`, `check-failed`), from the library's verdict.
    package static func words(_ verdict: VerificationError.Verdict) -> (json: String, text: String) {
        switch verdict {
        case .malformed: return ("malformed", "not well-formed signed data")
        case .notAuthentic: return ("not-genuine", "NOT GENUINE")
        case .policyFailed: return ("check-failed", "check failed")
        case .undetermined: return ("undetermined", "undetermined")
        }
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
            let accepted = (environments ?? [policy.environment]).map { $0.rawValue }.joined(separator: ", ")
            message += " (--environment: \(accepted))"
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
        document.field("verdict", words(error.verdict).json)
        document.field("code", error.code)
        document.field("message", message)
        document.endObject()
        return document.text
    }
}

/// Whether `text` contains `part` (byte for byte; the standard library's substring search is not in
/// Embedded Swift).
private func mentions(_ text: String, _ part: String) -> Bool {
    let text = Array(text.utf8)
    let part = Array(part.utf8)
    guard part.count <= text.count else { return false }
    for start in 0...(text.count - part.count) where text[start..<(start + part.count)].elementsEqual(part) {
        return true
    }
    return false
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
