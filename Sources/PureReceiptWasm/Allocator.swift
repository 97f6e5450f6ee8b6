// Allocator: the memory the Embedded Swift runtime asks for (`posix_memalign`, `free`) in a
// WebAssembly module that has no libc, taken from the module's own linear memory with
// `memory.grow`. Built into purereceipt.wasm only (the Embedded x86_64 driver uses the C library).
//
// Blocks are powers of two from 32 bytes to 1 GiB, each with a 16-byte header holding its size
// class; a freed block goes on its class's free list and is reused whole, never split or merged.
// Payloads are 16-byte aligned (every block starts on a multiple of 16); a larger alignment is
// refused (ENOMEM: nothing in the library asks for one). Memory is never returned to the host
// (WebAssembly cannot shrink a memory); what one verification frees, the next one reuses.

/// `memory.grow` on memory 0: the previous size in 64 KiB pages, or -1.
@_extern(c, "llvm.wasm.memory.grow.i32")
func wasmMemoryGrow(_ memory: Int32, _ pages: Int32) -> Int32

private let pageSize: UInt = 65536
private let headerSize: UInt = 16
private let smallestClass: UInt32 = 5  // 32 bytes: the header and 16 bytes of payload
private let largestClass: UInt32 = 30  // 1 GiB

/// Next free byte of the grown region, and its end; 0 until the first allocation.
nonisolated(unsafe) private var bumpNext: UInt = 0
nonisolated(unsafe) private var bumpEnd: UInt = 0
/// Address of the table of free-list heads (one 32-bit address per size class), 0 until set up.
nonisolated(unsafe) private var freeHeads: UInt = 0

/// `size` bytes at a 16-byte aligned address from the grown region, or nil when memory cannot grow.
/// The module is single-threaded (no threads, no shared memory): the globals are never raced.
private func bump(_ size: UInt) -> UInt? {
    var next = unsafe bumpNext
    var end = unsafe bumpEnd
    if end - next < size {
        let missing = size - (end - next)
        let pages = (missing + pageSize - 1) / pageSize  // size ≤ 1 GiB: no overflow
        let previous = wasmMemoryGrow(0, Int32(pages))
        guard previous >= 0 else { return nil }
        let start = UInt(previous) * pageSize
        if start != end { next = start }  // first growth, or memory grown by someone else
        end = start + pages * pageSize
    }
    unsafe bumpNext = next + size
    unsafe bumpEnd = end
    return next
}

/// The address of the free-list head of size class `sizeClass`.
private func headSlot(_ sizeClass: UInt32) -> UnsafeMutablePointer<UInt32> {
    unsafe UnsafeMutablePointer<UInt32>(bitPattern: unsafe freeHeads + UInt(sizeClass) * 4).unsafelyUnwrapped
}

/// A block of at least `size` payload bytes, 16-byte aligned; nil when memory cannot grow.
func allocate(_ size: UInt) -> UnsafeMutableRawPointer? {
    if unsafe freeHeads == 0 {
        guard let table = bump(UInt(largestClass + 1) * 4 + 12) else { return nil }
        unsafe freeHeads = table
        for sizeClass in 0...largestClass { unsafe headSlot(sizeClass).pointee = 0 }
    }
    guard size <= (1 << UInt(largestClass)) - headerSize else { return nil }
    var sizeClass = smallestClass
    while (1 << UInt(sizeClass)) < size + headerSize { sizeClass += 1 }
    var block = UInt(unsafe headSlot(sizeClass).pointee)
    if block != 0 {
        let next = unsafe UnsafeMutablePointer<UInt32>(bitPattern: block + 4).unsafelyUnwrapped.pointee
        unsafe headSlot(sizeClass).pointee = next
    } else {
        guard let fresh = bump(1 << UInt(sizeClass)) else { return nil }
        block = fresh
    }
    unsafe UnsafeMutablePointer<UInt32>(bitPattern: block).unsafelyUnwrapped.pointee = sizeClass
    return unsafe UnsafeMutableRawPointer(bitPattern: block + headerSize)
}

/// Returns a block from `allocate` to its free list; nil is ignored.
func deallocate(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer = unsafe pointer else { return }
    let block = UInt(bitPattern: pointer) - headerSize
    let sizeClass = unsafe UnsafeMutablePointer<UInt32>(bitPattern: block).unsafelyUnwrapped.pointee
    guard sizeClass >= smallestClass, sizeClass <= largestClass else { return }  // not ours: leaked, never reused
    unsafe UnsafeMutablePointer<UInt32>(bitPattern: block + 4).unsafelyUnwrapped.pointee =
        unsafe headSlot(sizeClass).pointee
    unsafe headSlot(sizeClass).pointee = UInt32(truncatingIfNeeded: block)  // wasm32: addresses are 32-bit
}

/// The runtime's allocation entry point (POSIX): 0, or ENOMEM (12).
@_cdecl("posix_memalign")
func posixMemalign(
    _ result: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int, _ size: Int
) -> Int32 {
    guard alignment <= 16, size >= 0, let pointer = unsafe allocate(UInt(size)) else { return 12 }
    unsafe result.pointee = pointer
    return 0
}

/// The runtime's release entry point, `free`: the link (`wasm-ld --wrap=free`) sends the runtime's
/// calls of `free` here (a Swift function may not take that name itself).
@_cdecl("__wrap_free")
func releaseMemory(_ pointer: UnsafeMutableRawPointer?) {
    unsafe deallocate(pointer)
}
