// purereceipt: verify, inspect and dump App Store receipts, legacy transaction receipts and
// StoreKit 2 signed data (compact JWS, notification bodies) from the command line.
//
// Exit status (a contract scripts depend on):
//   0  genuine, and every requested check holds
//   1  well-formed but not genuine, or a requested check failed
//   2  not a well-formed receipt, the file could not be read, or the input is not what the
//      options need (e.g. --bundle-version on StoreKit 2 signed data: `input.optionNotApplicable`)
//  64  usage error, decided from the command line alone before any input is read: no input
//      content can choose it

import Foundation
import PureDER
import PureReceipt

enum ExitCode {
    static let genuine: Int32 = 0
    static let notGenuine: Int32 = 1
    static let malformed: Int32 = 2
    static let usage: Int32 = 64

    /// The one mapping from a library verdict to an exit status, for every format.
    static func of(_ verdict: VerificationError.Verdict) -> Int32 {
        switch verdict {
        case .malformed: return malformed
        case .notAuthentic, .policyFailed: return notGenuine
        }
    }
}

let version = "0.1.0"

let usage = """
    usage: purereceipt verify [options] [FILE]     FILE, or '-' / nothing for standard input
             --root FILE          trust this anchor certificate (DER or PEM) instead of the built-in
                                  Apple root (Apple Inc. Root CA for receipts, Apple Root CA - G3 for
                                  JWS); repeatable. Apple's marker-OID chain policy still applies.
             --xcode-root FILE    also accept Xcode StoreKit-testing receipts or signed data signed
                                  by this self-signed certificate
             --at TIME            evaluate certificate validity at TIME (RFC 3339, e.g.
                                  2026-01-01T00:00:00Z) instead of the receipt creation date (JWS:
                                  the payload's signedDate; AppTransaction: receiptCreationDate)
             --now TIME           current time for the VPP expiration check (default: the clock)
             --bundle-id ID       require this bundle identifier
             --bundle-version V   require this bundle version
             --device-id ID       require the device hash to match (a UUID in text form, or hex bytes);
                                  JWS: the device verification UUID (deviceVerification)
             --environment ENV    accept only these environments (comma-separated: Production,
                                  ProductionSandbox, ProductionVPP, ProductionVPPSandbox, and Xcode
                                  with --xcode-root); default: the four, plus Xcode with --xcode-root
             --endpoint E         emulate verifyReceipt's production or sandbox endpoint: a receipt
                                  from the other environment fails (status 21007 / 21008)
             --json               print the verifyReceipt-compatible JSON document instead of text
                                  (always one document on stdout, failures included); for JWS:
                                  {"verdict", "kind", "environment", "payload": Apple's JSON, …}
           StoreKit 2 signed data only (JWS, notification bodies):
             --app-apple-id N     the app's Apple id: compared where the data names one; required
                                  for Production data
             --kind K             transaction, renewal, app-transaction or notification (default:
                                  from the notification body or the payload, read after the
                                  signature verified)
             --environment ENV    for JWS: Production, Sandbox, Xcode, LocalTesting (comma-separated)
           purereceipt inspect [--json] [FILE]     decode WITHOUT verifying (says "unverified")
           purereceipt dump [FILE]                 annotated ASN.1 tree (JWS: header, certificates,
                                                   payload JSON)
           purereceipt --help | --version

    input: an app receipt (DER/BER, or its base64), a legacy transaction receipt (iOS 3–6: the
           old-style plist, or its base64), StoreKit 2 signed data (a compact JWS: a transaction,
           renewal info, AppTransaction or notification payload) or a notification body
           ({"signedPayload": "…"}); the format is detected. For legacy receipts, --root
           certificates that are not self-issued act as the pinned intermediates.

    exit status: 0 genuine and all requested checks hold; 1 not genuine or a check failed;
                 2 not a well-formed receipt, unreadable file, or an input the options do not
                 apply to; 64 usage error (from the command line alone)
    """

/// Writes the message to stderr and exits. Each line of `message` is escaped (`displayEscaped`):
/// only the line breaks written here, between lines, reach the terminal.
func fail(_ message: String, _ code: Int32) -> Never {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(\.displayEscaped)
    FileHandle.standardError.write(Data("purereceipt: \(lines.joined(separator: "\n"))\n".utf8))
    exit(code)
}

/// A usage error: one line naming the problem, a pointer to --help, exit 64.
func usageError(_ message: String) -> Never {
    fail("\(message.displayEscaped)\nRun 'purereceipt --help' for usage.", ExitCode.usage)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { fail("missing command\n\(usage)", ExitCode.usage) }
arguments.removeFirst()

switch command {
case "--help", "-h", "help":
    print(usage)
    exit(0)
case "--version":
    print("purereceipt \(version)")
    exit(0)
case "verify":
    exit(VerifyCommand.run(arguments))
case "inspect":
    exit(InspectCommand.run(arguments))
case "dump":
    exit(DumpCommand.run(arguments))
default:
    usageError("unknown command '\(command)'")
}
