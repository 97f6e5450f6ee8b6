// Allocator: the memory the Embedded Swift runtime asks for (`posix_memalign`, `free`) in a
// WebAssembly module that has no libc, taken from the module's own linear memory with
// `memory.grow`. Built into purereceipt.wasm only (the Embedded x86_64 driver uses the C library).
//
// Blocks are powers of two from 32 bytes to 1 GiB, each with a 16-byte header holding its size
// class, the free-list link and a state word; a freed block goes on its class's free list and is
// reused whole, never split or merged.
// `free` trusts nothing it is given: an address outside the blocks handed out, not on a block
// boundary, or whose block is not allocated (freed twice, or never allocated) is refused and
// counted (`refusedFrees`, the `refused_frees` export), and the free lists stay intact. The state
// word is the block's address mixed with a tag for allocated or free, so a stale or forged header
// is not taken for a live one by chance of a repeated value.
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
/// The free-list table: one 4-byte head per class 0...30, rounded up to 16 so that the blocks after
/// it start on multiples of 16.
private let tableSize: UInt = (UInt(largestClass + 1) * 4 + 15) / 16 * 16

/// Next free byte of the grown region, and its end; 0 until the first allocation.
nonisolated(unsafe) private var bumpNext: UInt = 0
nonisolated(unsafe) private var bumpEnd: UInt = 0
/// Address of the table of free-list heads (one 32-bit address per size class), 0 until set up.
/// Every block handed out lies above it (the table is the first thing taken from memory.grow).
nonisolated(unsafe) private var freeHeads: UInt = 0
/// The number of `free` calls refused: double, foreign or misaligned frees (each one ignored).
nonisolated(unsafe) var refusedFrees: UInt32 = 0

/// The state word of the block at `block` when allocated, and when on a free list.
private func allocatedTag(_ block: UInt) -> UInt32 { UInt32(truncatingIfNeeded: block) ^ 0xA110_C8ED }
private func freeTag(_ block: UInt) -> UInt32 { UInt32(truncatingIfNeeded: block) ^ 0xF4EE_B10C }

/// The 32-bit word at `address` (an address inside the grown region).
private func word(_ address: UInt) -> UnsafeMutablePointer<UInt32> {
    unsafe UnsafeMutablePointer<UInt32>(bitPattern: address).unsafelyUnwrapped
}

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
        guard let table = bump(tableSize) else { return nil }
        unsafe freeHeads = table
        for sizeClass in 0...largestClass { unsafe headSlot(sizeClass).pointee = 0 }
    }
    guard size <= (1 << UInt(largestClass)) - headerSize else { return nil }
    var sizeClass = smallestClass
    while (1 << UInt(sizeClass)) < size + headerSize { sizeClass += 1 }
    var block = UInt(unsafe headSlot(sizeClass).pointee)
    if block != 0 {
        unsafe headSlot(sizeClass).pointee = unsafe word(block + 4).pointee
    } else {
        guard let fresh = bump(1 << UInt(sizeClass)) else { return nil }
        block = fresh
    }
    unsafe word(block).pointee = sizeClass
    unsafe word(block + 8).pointee = allocatedTag(block)
    return unsafe UnsafeMutableRawPointer(bitPattern: block + headerSize)
}

/// Returns a block from `allocate` to its free list; nil is ignored. Anything else than an
/// allocated block's address (freed already, never handed out, inside a block) is refused and
/// counted: its memory is not touched, nor are the free lists.
func deallocate(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer = unsafe pointer else { return }
    let address = UInt(bitPattern: pointer)
    // Blocks start on multiples of 16 above the free-list table, and end within the grown region:
    // the header read below is then inside memory (no out-of-bounds load, which would trap).
    let table = unsafe freeHeads
    let end = unsafe bumpEnd
    guard table != 0, address % 16 == 0, address >= table + tableSize + headerSize, address <= end else {
        return refuse()
    }
    let block = address - headerSize
    let sizeClass = unsafe word(block).pointee
    guard sizeClass >= smallestClass, sizeClass <= largestClass, unsafe word(block + 8).pointee == allocatedTag(block)
    else { return refuse() }
    unsafe word(block + 8).pointee = freeTag(block)
    unsafe word(block + 4).pointee = unsafe headSlot(sizeClass).pointee
    unsafe headSlot(sizeClass).pointee = UInt32(truncatingIfNeeded: block)  // wasm32: addresses are 32-bit
}

/// Counts a refused `free` (wrapping: a count, never a trap).
private func refuse() {
    unsafe refusedFrees &+= 1
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
