// Arguments: a small option parser for the subcommands (no dependencies).

import Foundation

struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    func last(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
}

enum UsageError: Error { case message(String) }

/// Parses `arguments` of `command` given the options that take a value and the flags that do not.
/// `--help` or `-h` anywhere before `--` prints the command's own usage and exits 0, whatever else
/// is on the line. Any other argument starting with `-` (other than `-` alone, standard input) is
/// an option: an unknown one is a usage error naming it; a FILE whose name starts with `-` goes
/// after `--`.
/// `manyFiles`: more than one FILE is allowed (verify).
func parseArguments(
    _ arguments: [String], command: String, valued: Set<String>, flags: Set<String>, manyFiles: Bool = false
)
    throws(UsageError) -> ParsedArguments
{
    if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(Usage.of(command) ?? Usage.all)
        exit(ExitCode.genuine)
    }
    var result = ParsedArguments()
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if argument == "--" {
            result.positional += arguments[index...]
            break
        }
        if argument.hasPrefix("-"), argument != "-", !argument.hasPrefix("--") {
            throw .message("unknown option \(argument)")
        }
        if argument.hasPrefix("--") {
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valued.contains(name) {
                if let inlineValue {
                    result.values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw .message("option \(name) needs a value") }
                    result.values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else if flags.contains(name), inlineValue == nil {
                result.flags.insert(name)
            } else {
                throw .message("unknown option \(argument)")
            }
        } else {
            result.positional.append(argument)
        }
    }
    guard manyFiles || result.positional.count <= 1 else { throw .message("expected at most one FILE") }
    return result
}

/// With no FILE, standard input is read, unless it is a terminal: then nobody is about to paste a
/// receipt, and waiting would look like a hang. That is a usage error (64): the command's usage on
/// stderr, or with --json (verify) a usage document. `-` reads standard input even from a terminal.
func refuseTerminalInput(_ options: ParsedArguments, command: String, json: Bool = false) {
    guard options.positional.isEmpty, isatty(STDIN_FILENO) != 0 else { return }
    let message = "no FILE given and standard input is a terminal (give FILE, or '-' to read standard input)"
    if json { VerifyCommand.usageFailure(message, json: true) }
    fail("\(message)\n\(Usage.of(command) ?? Usage.all)", ExitCode.usage)
}

/// Reads FILE, or standard input for nil or "-"; on failure, says why. Bounded: see BoundedInput.swift.
func readInputOrReason(_ path: String?) -> Result<(bytes: [UInt8], name: String), InputFailure> {
    readBoundedInput(path)
}

/// Why FILE could not be read (exit status 2, code `input.unreadable`).
struct InputFailure: Error {
    static let code = "input.unreadable"
    let message: String
}

/// "NAME (N bytes)" or "NAME (N bytes of base64 text)", for the first line of a report.
func inputSummary(_ name: String, _ bytes: [UInt8]) -> String {
    bytes.first == 0x30 || bytes.isEmpty
        ? "\(name) (\(bytes.count) bytes)" : "\(name) (\(bytes.count) bytes of base64 text)"
}

/// Reads FILE, or standard input for nil or "-". Exits 2 when unreadable.
func readInput(_ path: String?) -> (bytes: [UInt8], name: String) {
    switch readInputOrReason(path) {
    case .success(let input): return input
    case .failure(let failure): fail("error: \(InputFailure.code): \(failure.message)", ExitCode.malformed)
    }
}

/// Parses a device identifier: a UUID in text form (8-4-4-4-12 hex digits: 16 bytes in text
/// order), colon-separated pairs of hex digits (a MAC address), or an even number of hex digits.
/// Only ASCII 0-9, a-f, A-F count as digits: no sign, no "0x", no spaces, no other separator.
func parseDeviceIdentifier(_ text: String) -> [UInt8]? {
    let dashed = text.split(separator: "-", omittingEmptySubsequences: false)
    if dashed.count > 1 {
        guard dashed.map(\.utf8.count) == [8, 4, 4, 4, 12] else { return nil }
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
