// The reports of StoreKit 2 signed data: verify (text, or --json with Apple's field names),
// inspect (decoded WITHOUT verifying, labelled UNVERIFIED) and dump (header, certificates,
// payload JSON). Text output is escaped line by line (TextReport.render); JSON output is written
// with JSONWriter, the payload as it was signed (member order, numbers as written).

import Foundation
import PureDER
import PureJSON
import PureReceipt
import PureReceiptRunner
import PureX509

enum SignedDataReport {
    // MARK: verify

    static func verifiedText(
        _ verified: SignedDataVerifyReport, source: String, policy: SignedDataPolicy, options: ParsedArguments
    ) -> String {
        var lines = [TextReport.row("Signed data", source)]
        lines.append(TextReport.row("Kind", verified.kind.reportName))
        lines.append(
            TextReport.row(
                "Environment",
                verified.environmentStated
                    ? verified.environment ?? "-"
                    : "environment not stated (data older than the field), taken as \(policy.environment.rawValue)"))
        lines.append(TextReport.row("Bundle ID", verified.bundleId ?? "-"))
        lines.append("Payload (signed, as written)")
        lines += payloadLines(verified.payload, indent: "  ")
        for (name, object) in verified.nested {
            lines.append("\(name) (verified under the same policy)")
            lines += payloadLines(object, indent: "  ")
        }
        lines.append("Chain (signer first)")
        lines += TextReport.certificateLines(verified.chain, anchorLast: !verified.isXcodeSigned)
        lines.append("Checks")
        lines.append(TextReport.row("  signature", "ok  ES256 (ECDSA P-256, SHA-256) over the JWS signing input"))
        if verified.isXcodeSigned {
            lines.append(TextReport.row("  chain", "ok  self-signed Xcode StoreKit testing certificate (--xcode-root)"))
        } else {
            let anchor = options.all("--root").isEmpty ? "Apple Root CA - G3" : "--root anchor"
            lines.append(
                TextReport.row("  chain", "ok  x5c leaf → intermediate → \(anchor), Apple marker OIDs"))
        }
        let instantSource =
            options.last("--at") != nil
            ? "--at" : verified.kind == .appTransaction ? "receiptCreationDate" : "signedDate"
        lines.append(
            TextReport.row(
                "  validity",
                "ok  every certificate valid at \(TextReport.date(verified.validityInstant)) (\(instantSource))"))
        lines.append(
            TextReport.row(
                "  bundle id",
                verified.kind == .renewal || verified.kind == .realtimeRequest
                    ? "-   \(verified.kind == .renewal ? "renewal info" : "a realtime request") names no bundle id: "
                        + (options.last("--bundle-id") == nil ? "none compared" : "--bundle-id not compared")
                    : options.last("--bundle-id").map { "ok  \"\($0)\"" } ?? "-   not requested (--bundle-id)"))
        lines.append(
            TextReport.row(
                "  environment",
                !verified.environmentStated
                    ? "!   not stated: accepted as \(policy.environment.rawValue) (--accept-unstated-environment)"
                    : options.last("--environment") != nil
                        ? "ok  \(policy.environment.rawValue)" : "-   not requested (--environment)"))
        lines.append(
            TextReport.row(
                "  app Apple id",
                policy.appAppleId.map { "ok  \($0) (compared where the data names one)" }
                    ?? "-   not requested (--app-apple-id; required for Production)"))
        lines.append(
            TextReport.row(
                "  device",
                policy.deviceVerificationID.map { "ok  \($0.displayEscaped) (deviceVerification)" }
                    ?? "-   not requested (--device-id)"))
        if verified.kind == .realtimeRequest {
            lines.append(TextReport.row("  request", "ok  Retention Messaging realtime request for this app Apple id"))
        }
        if verified.kind == .notification {
            lines.append(TextReport.row("  nested data", "ok  \(verified.nested.count) signed item(s), same policy"))
        }
        if verified.isXcodeSigned {
            lines.append(TextReport.row("Verdict", TextReport.xcodeVerdict))
        } else {
            let uncompared = options.last("--bundle-id") != nil && verified.bundleId == nil
            lines.append(
                TextReport.row(
                    "Verdict",
                    "GENUINE — signature, chain and every requested check "
                        + (uncompared ? "that applies hold (--bundle-id: not compared)" : "hold")))
        }
        return TextReport.render(lines)
    }

    /// One row per payload member, in signed order; numeric `…Date` members also as UTC times;
    /// nested objects (a notification's `data`, `summary`, …) as indented rows; long `signed…`
    /// strings (nested compact JWS) shortened.
    static func payloadLines(_ object: JSONObject, indent: String) -> [String] {
        var lines: [String] = []
        for member in object.members {
            var text: String
            switch member.value {
            case .object(let inner) where indent.count < 8:
                lines.append(indent + member.name)
                lines += payloadLines(inner, indent: indent + "  ")
                continue
            case .string(let s): text = s
            case .number(let n):
                text = n.text
                if member.name.hasSuffix("Date"), let ms = try? n.millisecondsRoundedDown() {
                    text += "  (\(Instant(millisecondsSince1970: ms)))"
                }
            case .bool(let b): text = b ? "true" : "false"
            case .null: text = "null"
            case .array, .object:
                var writer = JSONWriter()
                writer.value(member.value)
                text = writer.text
            }
            if member.name.hasPrefix("signed"), text.utf8.count > 72 {
                text = String(text.prefix(40)) + "… (\(text.utf8.count) bytes, compact JWS)"
            }
            lines.append(TextReport.row(indent + member.name, text))
        }
        return lines
    }

    // MARK: inspect

    static func inspect(_ input: (bytes: [UInt8], name: String), _ data: SignedDataInput, json: Bool) -> Int32 {
        let jws = parse(data, json: json)
        let payload = data.unverifiedPayloadObject()
        let reportKind = data.unverifiedKind(payload: payload)
        if json {
            var document = JSONWriter(pretty: true)
            document.beginObject()
            document.field("verified", false)
            document.field("warning", "unverified: nothing here is trustworthy")
            document.field("format", "jws")
            document.field("kind", reportKind.reportName)
            document.key("header")
            document.object(jws.header)
            document.key("certificates")
            document.beginArray()
            for certificate in jws.certificates { document.string(certificate.subject.description) }
            document.endArray()
            // Where each x5c certificate's revocation status is published, in x5c order.
            document.key("revocation_locations")
            document.beginArray()
            for certificate in jws.certificates {
                document.beginObject()
                document.field("subject", certificate.subject.description)
                TextReport.writeRevocationLocations(certificate, into: &document)
                document.endObject()
            }
            document.endArray()
            document.key("payload")
            if let payload { document.object(payload) } else { document.null() }
            document.endObject()
            print(document.text)
            return ExitCode.genuine
        }
        var lines = [
            "UNVERIFIED: decoded without checking signature, chain or policy. Nothing here is trustworthy."
        ]
        lines.append(TextReport.row("Signed data", data.source(input)))
        lines.append(TextReport.row("Kind", reportKind.reportName + " (from the payload's fields)"))
        lines.append(TextReport.row("Header", compact(jws.header, droppingX5C: true)))
        lines.append("Payload (unverified)")
        if let payload {
            lines += payloadLines(payload, indent: "  ")
        } else {
            lines.append("  (not a JSON object: \(jws.payload.count) bytes)")
        }
        lines.append("Certificates (x5c, unverified)")
        lines += TextReport.certificateLines(jws.certificates, anchorLast: false, locations: true)
        lines.append(TextReport.row("Verdict", "UNVERIFIED"))
        print(TextReport.render(lines))
        return ExitCode.genuine
    }

    // MARK: dump

    static func dump(_ input: (bytes: [UInt8], name: String), _ data: SignedDataInput) -> Int32 {
        let jws = parse(data, json: false)
        var lines = ["compact JWS, \(data.jws.count) bytes" + (data.isNotificationBody ? " (signedPayload)" : "")]
        lines.append("protected header")
        lines += pretty(.object(jws.header))
        lines.append("x5c certificates (\(jws.certificates.count), leaf first)")
        for (index, certificate) in jws.certificates.enumerated() {
            lines.append("  [\(index)] \(certificate.subject)  (\(certificate.derEncoded.count) bytes)")
            lines.append("      issuer  \(certificate.issuer)")
        }
        lines.append("payload (\(jws.payload.count) bytes)")
        if let payload = try? JSONReader.read(jws.payload) {
            lines += pretty(payload)
        } else {
            lines.append("  (not JSON)")
        }
        lines.append("signature (r ‖ s, \(jws.signature.count) bytes)")
        lines.append("  " + TextReport.hex(jws.signature))
        print(TextReport.render(lines))
        return ExitCode.genuine
    }

    /// A JSON value pretty-printed, one output line per text line (each escaped when rendered).
    static func pretty(_ value: JSONValue) -> [String] {
        var writer = JSONWriter(pretty: true)
        writer.value(value)
        return writer.text.split(separator: "\n").map { "  " + $0 }
    }

    /// The header on one line, `x5c` summarised.
    static func compact(_ header: JSONObject, droppingX5C: Bool) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        for member in header.members {
            writer.key(member.name)
            if member.name == "x5c", let items = member.value.arrayValue {
                writer.string("\(items.count) certificates")
            } else {
                writer.value(member.value)
            }
        }
        writer.endObject()
        return writer.text
    }

    /// The parsed JWS; exits 2 (with a JSON document for --json) when it does not parse.
    static func parse(_ data: SignedDataInput, json: Bool) -> CompactJWS {
        do {
            return try CompactJWS(compact: data.jws)
        } catch {
            if json {
                let failure = VerificationError(.malformed, code: error.code, message: error.description)
                print(SignedDataVerifyReport.failureJSON(failure, message: error.description))
            }
            fail("not well-formed signed data: \(error.code): \(error.description)", ExitCode.malformed)
        }
    }
}
