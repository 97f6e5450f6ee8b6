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

/// Parses `arguments` given the options that take a value and the flags that do not.
func parseArguments(_ arguments: [String], valued: Set<String>, flags: Set<String>) throws(UsageError)
    -> ParsedArguments
{
    var result = ParsedArguments()
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if argument == "--" {
            result.positional += arguments[index...]
            break
        }
        if argument == "--help" || argument == "-h" {
            print(usage)
            exit(ExitCode.genuine)
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
    guard result.positional.count <= 1 else { throw .message("expected at most one FILE") }
    return result
}

/// Reads FILE, or standard input for nil or "-"; on failure, says why.
func readInputOrReason(_ path: String?) -> Result<(bytes: [UInt8], name: String), InputFailure> {
    guard let path, path != "-" else {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return .success((Array(data), "standard input"))
    }
    if let data = FileManager.default.contents(atPath: path) { return .success((Array(data), path)) }
    var isDirectory: ObjCBool = false
    let reason: String
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        reason = "no such file"
    } else if isDirectory.boolValue {
        reason = "is a directory"
    } else {
        reason = "not readable"
    }
    return .failure(InputFailure(message: "cannot read \(path): \(reason)"))
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

/// Parses a device identifier: a UUID in text form (16 bytes) or hex bytes (colons allowed).
func parseDeviceIdentifier(_ text: String) -> [UInt8]? {
    if let uuid = UUID(uuidString: text) {
        return withUnsafeBytes(of: uuid.uuid) { Array($0) }
    }
    let hex = text.filter { $0 != ":" && $0 != "-" }
    guard !hex.isEmpty, hex.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
        bytes.append(byte)
        index = next
    }
    return bytes
}
