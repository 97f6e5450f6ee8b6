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

/// Reads FILE, or standard input for nil or "-". Exits 2 when unreadable.
func readInput(_ path: String?) -> (bytes: [UInt8], name: String) {
    if path == nil || path == "-" {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return (Array(data), "standard input")
    }
    guard let path, let data = FileManager.default.contents(atPath: path) else {
        fail("cannot read \(path ?? "")", ExitCode.malformed)
    }
    return (Array(data), path)
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
