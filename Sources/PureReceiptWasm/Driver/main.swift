// The driver: the module's verification (ModuleVerify, without the allocator and exports) as a
// native program. Built twice: as Embedded Swift for x86_64 by .ci/wasm-build
// (.build/wasm/purereceipt-embedded, compared with the normal build by .ci/wasm), and with the full
// runtime by SwiftPM (`purereceipt-wasm-driver`, the native side of the timing in
// Docs/EMBEDDING.md). Reads standard input: a little-endian u32 request length, the request, then
// the input bytes to the end; writes the document on standard output and exits with the status.
// With PURERECEIPT_REPEAT=N in the environment it verifies N times and writes the last document.
// Uses the C library for its calls (read, write, exit, getenv), declared here: no C source.

@_extern(c, "read") func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
@_extern(c, "write") func cWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int
@_extern(c, "exit") func cExit(_ status: Int32)
@_extern(c, "getenv") func cGetenv(_ name: UnsafePointer<CChar>) -> UnsafePointer<CChar>?

/// Reads, verifies, writes; the exit status.
func runDriver() -> Int32 {
    var all: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = unsafe chunk.withUnsafeMutableBytes { unsafe cRead(0, $0.baseAddress.unsafelyUnwrapped, $0.count) }
        if count <= 0 { break }
        all += chunk[0..<count]
    }
    guard all.count >= 4 else { return 64 }
    let requestLength = Int(all[0]) | Int(all[1]) << 8 | Int(all[2]) << 16 | Int(all[3]) << 24
    guard requestLength <= all.count - 4 else { return 64 }
    let input = Array(all[(4 + requestLength)...])
    let request = Array(all[4..<(4 + requestLength)])
    var repeats = 1
    if let text = unsafe cGetenv("PURERECEIPT_REPEAT") {
        repeats = max(1, Int(unsafe String(cString: text)) ?? 1)
    }
    var outcome = ModuleVerify.run(input, request: request)
    for _ in 1..<repeats { outcome = ModuleVerify.run(input, request: request) }
    var written = 0
    while written < outcome.document.count {
        let count = unsafe outcome.document.withUnsafeBytes {
            unsafe cWrite(1, $0.baseAddress.unsafelyUnwrapped + written, $0.count - written)
        }
        if count <= 0 { break }
        written += count
    }
    return outcome.status
}

cExit(runDriver())
