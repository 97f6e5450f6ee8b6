// Arguments: a small option parser for the subcommands (no dependencies).

import Foundation

struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    func last(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
}

/// Parses `arguments` of `command` given the options that take a value and the flags that do not.
/// `--help` or `-h` anywhere before `--` prints the command's own usage and exits 0, whatever else
/// is on the line. Any other argument starting with `-` (other than `-` alone, standard input) is
/// an option: an unknown one is a usage error naming it; a FILE whose name starts with `-` goes
/// after `--`.
/// `manyFiles`: more than one FILE is allowed (verify). A usage error's message goes to `refuse`
/// (the command's words for it; exits 64).
func parseArguments<Refusal: Error>(
    _ arguments: [String], command: String, valued: Set<String>, flags: Set<String>, manyFiles: Bool = false,
    refuse: (String) throws(Refusal) -> Never
) throws(Refusal) -> ParsedArguments {
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
            try refuse("unknown option \(argument)")
        }
        if argument.hasPrefix("--") {
            // `--name=value`: the value inline.
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let inlineValue = parts.count > 1 ? String(parts[1]) : nil
            if valued.contains(name) {
                if let inlineValue {
                    result.values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { try refuse("option \(name) needs a value") }
                    result.values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else if flags.contains(name), inlineValue == nil {
                result.flags.insert(name)
            } else {
                try refuse("unknown option \(argument)")
            }
        } else {
            result.positional.append(argument)
        }
    }
    guard manyFiles || result.positional.count <= 1 else { try refuse("expected at most one FILE") }
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
    switch readBoundedInput(path) {
    case .success(let input): return input
    case .failure(let failure): fail("error: \(InputFailure.code): \(failure.message)", ExitCode.malformed)
    }
}
