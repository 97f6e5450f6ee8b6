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

    static func writeVerified(
        _ verified: SignedDataVerifyReport, source: String, policy: SignedDataPolicy, options: ParsedArguments
    ) {
        let bundleId = options.last("--bundle-id")
        let anchor = options.all("--root").isEmpty ? "Apple Root CA - G3" : "--root anchor"
        let instantSource =
            options.last("--at") != nil
            ? "--at" : verified.kind == .appTransaction ? "receiptCreationDate" : "signedDate"
        let environment = options.last("--environment").map { _ in policy.environment.rawValue }
        let validity = "every certificate valid at \(TextReport.date(verified.validityInstant)) (\(instantSource))"
        let bundle =
            verified.kind.withoutBundleId.map {
                "-   \($0) names no bundle id: " + (bundleId == nil ? "none compared" : "--bundle-id not compared")
            } ?? TextReport.requested(quoting: bundleId, "--bundle-id")
        let stated =
            verified.environmentStated
            ? TextReport.requested(environment, "--environment")
            : "!   not stated: accepted as \(policy.environment.rawValue) (--accept-unstated-environment)"
        let appAppleId = policy.appAppleId.map { "\($0) (compared where the data names one)" }
        let device = policy.deviceVerificationID.map { "\($0.displayEscaped) (deviceVerification)" }
        var checks = [
            ("signature", "ok  ES256 (ECDSA P-256, SHA-256) over the JWS signing input"),
            verified.isXcodeSigned
                ? ("chain", "ok  self-signed Xcode StoreKit testing certificate (--xcode-root)")
                : ("chain", "ok  x5c leaf → intermediate → \(anchor), Apple marker OIDs"),
            ("validity", "ok  " + validity),
            ("bundle id", bundle),
            ("environment", stated),
            ("app Apple id", TextReport.requested(appAppleId, "--app-apple-id; required for Production")),
            ("device", TextReport.requested(device, "--device-id")),
        ]
        if verified.kind == .realtimeRequest {
            checks.append(("request", "ok  Retention Messaging realtime request for this app Apple id"))
        }
        if verified.kind == .notification {
            checks.append(("nested data", "ok  \(verified.nested.count) signed item(s), same policy"))
        }
        let verdict =
            verified.isXcodeSigned
            ? TextReport.xcodeVerdict
            : bundleId != nil && verified.bundleId == nil
                ? "GENUINE — signature, chain and every requested check that applies hold (--bundle-id: not compared)"
                : TextReport.genuine
        TextReport.writeVerified(
            chain: verified.chain, anchorLast: !verified.isXcodeSigned, checks: checks, verdict: verdict
        ) { out in
            out.emit(TextReport.row("Signed data", source))
            out.emit(TextReport.row("Kind", verified.kind.reportName))
            out.emit(
                TextReport.row(
                    "Environment",
                    verified.environmentStated
                        ? verified.environment ?? "-"
                        : "environment not stated (data older than the field), taken as \(policy.environment.rawValue)"
                ))
            out.emit(TextReport.row("Bundle ID", verified.bundleId ?? "-"))
            out.emit("Payload (signed, as written)")
            payloadLines(verified.payload, indent: "  ").forEach(out.emit)
            for (name, object) in verified.nested {
                out.emit("\(name) (verified under the same policy)")
                payloadLines(object, indent: "  ").forEach(out.emit)
            }
        }
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
        // The payload object WITHOUT verifying anything.
        let payload = try? JSONReader.read(jws.payload).objectValue
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
        TextReport.writeUnverified { out in
            out.emit(
                TextReport.row(
                    "Signed data", SignedDataInput.source(input.name, input.bytes.count, body: data.isNotificationBody))
            )
            out.emit(TextReport.row("Kind", reportKind.reportName + " (from the payload's fields)"))
            out.emit(TextReport.row("Header", compact(jws.header, droppingX5C: true)))
            out.emit("Payload (unverified)")
            if let payload {
                payloadLines(payload, indent: "  ").forEach(out.emit)
            } else {
                out.emit("  (not a JSON object: \(jws.payload.count) bytes)")
            }
            out.emit("Certificates (x5c, unverified)")
            TextReport.certificateLines(jws.certificates, anchorLast: false, locations: true).forEach(out.emit)
        }
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
        TextReport.write { lines.forEach($0.emit) }
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
