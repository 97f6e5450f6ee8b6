// Bounded input: FILE or standard input is read in chunks and never beyond one byte more than
// the longest input the library accepts (`ReceiptValidator.maxInputTextBytes`). A longer input
// is returned cut at that length, so `ReceiptValidator.receiptBytes(from:)` refuses it with its
// usual `limit.inputSize` error (exit status 2) — an endless standard input or a huge (sparse)
// file costs at most the limit in memory and time.

import Foundation
import PureReceipt

/// Reads at most `limit` bytes from `handle`, in chunks, into one array (no intermediate `Data`
/// holding the whole input).
func readBounded(_ handle: FileHandle, limit: Int) throws -> [UInt8] {
    var bytes: [UInt8] = []
    // Reserved once, so growth never copies; pages stay unused (not resident) until read into.
    bytes.reserveCapacity(limit)
    while bytes.count < limit {
        guard let chunk = try handle.read(upToCount: min(1 << 20, limit - bytes.count)), !chunk.isEmpty else { break }
        bytes.append(contentsOf: chunk)
    }
    return bytes
}

/// Reads FILE, or standard input for nil or "-", up to the input limit plus one byte.
func readBoundedInput(_ path: String?) -> Result<(bytes: [UInt8], name: String), InputFailure> {
    let limit = ReceiptValidator.maxInputTextBytes + 1
    guard let path, path != "-" else {
        let bytes = (try? readBounded(FileHandle.standardInput, limit: limit)) ?? []
        return .success((bytes, "standard input"))
    }
    if let handle = FileHandle(forReadingAtPath: path) {
        defer { try? handle.close() }
        if let bytes = try? readBounded(handle, limit: limit) { return .success((bytes, path)) }
    }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    let reason = !exists ? "no such file" : isDirectory.boolValue ? "is a directory" : "not readable"
    return .failure(InputFailure(message: "cannot read \(path): \(reason)"))
}
