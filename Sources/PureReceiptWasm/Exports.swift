// Exports: the C ABI of purereceipt.wasm (Docs/EMBEDDING.md, "The ABI"). The module imports
// nothing: it cannot read files, open connections or read a clock; everything it knows arrives
// through these calls.
//
//   alloc(size) -> address        `size` bytes of the module's memory for the host to write into;
//                                 0 when memory cannot grow.
//   free(address)                 gives back a block from `alloc` or `verify`; 0 is ignored, and so
//                                 is (counted) any address that is not an allocated block's.
//   refused_frees() -> count      how many `free` calls were refused (double or foreign frees).
//   verify(input, inputLength, request, requestLength) -> address
//                                 verifies the input bytes under the request (a JSON object,
//                                 VerifyRequest.swift). The answer is one block: a little-endian
//                                 u32 status (0 genuine, 1 not genuine / check failed, 2 malformed,
//                                 64 usage), a u32 document length, then the document (UTF-8 JSON
//                                 text ending in a line feed, as `purereceipt verify --json` prints
//                                 it). 0 when memory cannot grow.
//
// The host owns what it allocated (input, request: free them when verify returns) and the answer
// block (free it once read). The module keeps no state between calls but its allocator's free lists.

/// `alloc`: a block of `size` bytes, or 0.
@_expose(wasm, "alloc")
@_cdecl("purereceipt_alloc")
public func exportedAlloc(_ size: Int32) -> Int32 {
    guard size >= 0, let pointer = unsafe allocate(UInt(size)) else { return 0 }
    return Int32(truncatingIfNeeded: UInt(bitPattern: pointer))  // wasm32: addresses are 32-bit
}

/// `free`: gives back a block from `alloc` or `verify`.
@_expose(wasm, "free")
@_cdecl("purereceipt_free")
public func exportedFree(_ address: Int32) {
    unsafe deallocate(UnsafeMutableRawPointer(bitPattern: UInt(UInt32(bitPattern: address))))
}

/// `refused_frees`: the number of `free` calls refused since the module started (wrapping).
@_expose(wasm, "refused_frees")
@_cdecl("purereceipt_refused_frees")
public func exportedRefusedFrees() -> Int32 {
    unsafe Int32(bitPattern: refusedFrees)
}

/// `verify`: the answer block's address, or 0.
@_expose(wasm, "verify")
@_cdecl("purereceipt_verify")
public func exportedVerify(_ input: Int32, _ inputLength: Int32, _ request: Int32, _ requestLength: Int32) -> Int32 {
    let outcome = ModuleVerify.run(
        bytes(at: input, count: inputLength), request: bytes(at: request, count: requestLength))
    let length = outcome.document.count
    guard let block = unsafe allocate(UInt(8 + length)) else { return 0 }
    unsafe block.storeBytes(of: UInt32(bitPattern: outcome.status).littleEndian, as: UInt32.self)
    unsafe block.storeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian, toByteOffset: 4, as: UInt32.self)
    unsafe outcome.document.withUnsafeBytes { document in
        unsafe (block + 8).copyMemory(from: document.baseAddress.unsafelyUnwrapped, byteCount: length)
    }
    return Int32(truncatingIfNeeded: UInt(bitPattern: block))
}

/// A copy of the host's `count` bytes at `address` (none when the count is not positive).
private func bytes(at address: Int32, count: Int32) -> [UInt8] {
    guard count > 0, let start = unsafe UnsafePointer<UInt8>(bitPattern: UInt(UInt32(bitPattern: address))) else {
        return []
    }
    return unsafe Array(UnsafeBufferPointer(start: start, count: Int(count)))
}
