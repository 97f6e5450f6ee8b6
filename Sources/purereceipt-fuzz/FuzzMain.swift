// purereceipt-fuzz: the libFuzzer harness (built with -DFUZZING) or, otherwise, a replayer.
//
//   FUZZING:  PURERECEIPT_FUZZ_TARGET=<target> purereceipt-fuzz [libFuzzer flags] CORPUS...
//             exports LLVMFuzzerTestOneInput, which runs the target named by the environment
//             variable (read once, on the first input) on every input libFuzzer generates.
//   replayer: purereceipt-fuzz TARGET FILE|DIR...
//             runs TARGET's entry point on each file (directories: each regular file in them,
//             not recursive) and prints how many ran. A trap stops the process: that is the signal.
//
// Targets: see FuzzTargets.names (Sources/PureReceiptFuzzing). Build and run: Docs/FUZZING.md.

import PureReceiptFuzzing

#if FUZZING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The entry point selected by PURERECEIPT_FUZZ_TARGET; a lazily initialised global, so read once.
    let selectedEntryPoint: @Sendable ([UInt8]) -> Void = {
        let name = getenv("PURERECEIPT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let entry = FuzzTargets.entryPoint(named: name) else {
            print("purereceipt-fuzz: set PURERECEIPT_FUZZ_TARGET to one of \(FuzzTargets.names), got '\(name)'")
            exit(2)
        }
        return entry
    }()

    // libFuzzer's contract: `data` points to `size` readable bytes (or is null when `size` is 0).
    // The bytes are copied once into an array; nothing else here touches the pointer.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        selectedEntryPoint(bytes)
        return 0
    }
#else
    import Foundation

    @main
    struct Replayer {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let entry = FuzzTargets.entryPoint(named: name), arguments.count >= 2
            else {
                let targets = FuzzTargets.names.joined(separator: ", ")
                FileHandle.standardError.write(
                    Data("usage: purereceipt-fuzz TARGET FILE|DIR...  (TARGET: \(targets))\n".utf8))
                exit(2)
            }
            var count = 0
            for path in arguments.dropFirst() {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        FileHandle.standardError.write(Data("purereceipt-fuzz: cannot read \(file)\n".utf8))
                        exit(1)
                    }
                    entry([UInt8](data))
                    count += 1
                }
            }
            print("purereceipt-fuzz: \(name): ran \(count) input(s), no trap")
        }

        /// `path` itself, or the regular files directly inside it (sorted), when it is a directory.
        static func files(at path: String) -> [String] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return [path]
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.sorted().map { path + "/" + $0 }.filter { file in
                var dir: ObjCBool = false
                return FileManager.default.fileExists(atPath: file, isDirectory: &dir) && !dir.boolValue
            }
        }
    }
#endif
