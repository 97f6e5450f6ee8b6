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
//  75  undetermined: genuine offline, but `--revocation require` could not establish a fresh good
//      status for a certificate of its path (revocation.undetermined): retrying later can help
// With several inputs (`verify FILE… | DIR | --ndjson`, BatchCommand.swift): the highest status
// of the inputs, 2 (some input got no answer) over 1 (some answer was no) over 0.

import Foundation
import PureDER
import PureReceipt
import PureReceiptRunner

enum ExitCode {
    static let genuine: Int32 = 0
    static let notGenuine: Int32 = 1
    static let malformed: Int32 = 2
    static let usage: Int32 = 64
    /// sysexits EX_TEMPFAIL: revocation status undetermined, try again later.
    static let undetermined: Int32 = 75
}

let version = "0.1.0"

/// Writes the message to stderr and exits. Each line of `message` is escaped (`displayEscaped`):
/// only the line breaks written here, between lines, reach the terminal.
func fail(_ message: String, _ code: Int32) -> Never {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).displayEscaped }
    FileHandle.standardError.write(Data("purereceipt: \(lines.joined(separator: "\n"))\n".utf8))
    exit(code)
}

/// A usage error: one line naming the problem, a pointer to --help (the command's own, when the
/// error is in a command's arguments), exit 64.
func usageError(_ message: String, command: String? = nil) -> Never {
    let help = command.map { "purereceipt \($0) --help" } ?? "purereceipt --help"
    fail("\(message.displayEscaped)\nRun '\(help)' for usage.", ExitCode.usage)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { fail("missing command\n\(Usage.short)", ExitCode.usage) }
arguments.removeFirst()

switch command {
case "help" where !arguments.isEmpty:
    // `help COMMAND`: that command's usage.
    guard arguments.count == 1, let text = Usage.of(arguments[0]) else {
        usageError("help: expected one of verify, inspect, dump: \(arguments.joined(separator: " "))")
    }
    print(text)
    exit(0)
case "--help", "-h", "help":
    print(Usage.all)
    exit(0)
case "--version":
    print("purereceipt \(version)")
    exit(0)
case "verify":
    // A JWS checked against a given public key (PublicKeyVerify.swift), not a receipt or Apple data.
    if arguments.contains(where: { $0 == "--public-key" || $0.hasPrefix("--public-key=") }) {
        exit(PublicKeyVerify.run(arguments))
    }
    exit(VerifyCommand.run(arguments))
default:
    let commands = [
        "sign": SignCommand.run, "token": TokenCommand.run, "inspect": InspectCommand.run, "dump": DumpCommand.run,
    ]
    guard let run = commands[command] else { usageError("unknown command '\(command)'") }
    exit(run(arguments))
}
