// Reading what the signing commands need: the private key from a file (or standard input with
// `--key -`, never from an argument's text), and small inputs (claims) with a size bound.
// Nothing read here is ever printed: a key error says what is wrong with the key, not what it holds.

import Foundation
import PureReceiptSigning

enum SigningInput {
    /// The largest key file read: a PEM private key is a few hundred bytes.
    static let maxKeyBytes = 64 * 1024
    /// The largest claims document read.
    static let maxClaimsBytes = 1 << 20

    /// The options of `command`, which takes no FILE; exits 64 on a usage error.
    static func options(_ arguments: [String], command: String, valued: Set<String>) -> ParsedArguments {
        let options = parseArguments(arguments, command: command, valued: valued, flags: []) {
            usageError("\(command): \($0)", command: command)
        }
        guard options.positional.isEmpty else { usageError("\(command): takes no FILE", command: command) }
        return options
    }

    /// Now, in whole seconds since 1970 (a token's or a request's `iat`).
    static func now() -> Int64 { Int64(Date().timeIntervalSince1970.rounded(.down)) }

    /// The bytes of FILE, or of standard input for "-", at most `limit` (one more byte is an error).
    static func read(_ path: String, limit: Int, what: String) -> [UInt8] {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            fail("cannot read \(what) \(path): no such file or not readable", ExitCode.malformed)
        }
        defer { if path != "-" { try? handle.close() } }
        guard let bytes = try? readBounded(handle, limit: limit + 1) else {
            fail("cannot read \(what) \(path)", ExitCode.malformed)
        }
        guard bytes.count <= limit else { fail("\(what) \(path) is larger than \(limit) bytes", ExitCode.malformed) }
        return bytes
    }

    /// The signing key of `--key FILE`; exits 2 with the key error's words (never its bytes).
    static func key(_ path: String) -> SigningKey {
        var bytes = read(path, limit: maxKeyBytes, what: "key")
        defer {
            // Best effort: this copy of the key file's bytes is overwritten before release.
            for i in bytes.indices { bytes[i] = 0 }
        }
        do {
            return try SigningKey(fileContents: bytes)
        } catch {
            fail("key \(path == "-" ? "from standard input" : path): \(error.description)", ExitCode.malformed)
        }
    }

    /// The signer of the common options; exits 64 when one is missing or empty.
    static func signer(_ options: ParsedArguments, command: String, issuer: Bool = true) -> AppStoreSigner {
        let names = ["--key", "--key-id", "--bundle-id"] + (issuer ? ["--issuer-id"] : [])
        for name in names where (options.last(name) ?? "").isEmpty {
            usageError("\(command): \(name) is required", command: command)
        }
        let key = Self.key(options.last("--key") ?? "")
        do {
            return try AppStoreSigner(
                key: key, keyID: options.last("--key-id") ?? "", issuerID: options.last("--issuer-id") ?? "-",
                bundleID: options.last("--bundle-id") ?? "")
        } catch {
            usageError("\(command): \(error.description)", command: command)
        }
    }
}
