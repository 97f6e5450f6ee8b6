// Directory expansion for `verify` with several inputs (BatchCommand.swift): every entry found below
// a directory becomes an input or an error line, so that nothing is lost without a word.
//
// - Names are read as bytes (readdir), so a name that is not valid UTF-8 is found; it cannot be
//   named in a path the tool opens, so it is an error line, its name escaped (`\xFF`).
// - Symbolic links are followed, to files and to directories, below a directory and as the
//   directory named on the command line. A link whose target is missing is an error line. A
//   directory that is its own ancestor (a link loop), found by device and inode, is an error line
//   and is not entered again. A directory reached twice by different links is expanded twice.
// - Entries that are neither regular files nor directories (pipes, sockets, devices) are error
//   lines: they are never read (a pipe could block the run).
// - A directory that yields nothing (empty, or only empty directories) is an error line: the run
//   never falls back to standard input because a directory was empty.
// Entries are sorted by path, compared as bytes.

import Foundation

/// One input of a run: a path a worker reads, or an entry that cannot be read (its error line).
enum BatchPath: Sendable {
    case path(String)
    case failed(name: String, message: String)
}

enum DirectoryExpansion {
    /// FILEs in order, each directory replaced by the entries below it, sorted by path.
    static func expand(_ paths: [String]) -> [BatchPath] {
        var expanded: [BatchPath] = []
        for path in paths {
            guard isDirectory(path) else {
                expanded.append(.path(path))
                continue
            }
            var found: [(key: [UInt8], item: BatchPath)] = []
            let prefix = Array((path.hasSuffix("/") ? path : path + "/").utf8)
            walk(prefix, ancestors: [], into: &found)
            guard !found.isEmpty else {
                expanded.append(
                    .failed(
                        name: path,
                        message: "cannot read \(path): the directory holds no files to verify (it is empty, "
                            + "or holds only empty directories)"))
                continue
            }
            found.sort { $0.key.lexicographicallyPrecedes($1.key) }
            expanded += found.map(\.item)
        }
        return expanded
    }

    /// True when `path` names a directory, following symbolic links.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return path != "-" && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The entries below the directory `directory` (its path as bytes, ending in `/`).
    /// `ancestors`: the device and inode of every directory above it, for loop detection.
    private static func walk(
        _ directory: [UInt8], ancestors: [(UInt64, UInt64)], into found: inout [(key: [UInt8], item: BatchPath)]
    ) {
        let name = escaped(directory.dropLast())
        var info = stat()
        guard let path = utf8(directory), stat(path, &info) == 0 else {
            found.append((directory, .failed(name: name, message: "cannot read \(name): \(reason(errno))")))
            return
        }
        let identity = (UInt64(info.st_dev), UInt64(info.st_ino))
        if ancestors.contains(where: { $0 == identity }) {
            let message = "not read: \(name) is a symbolic link loop (the directory is its own ancestor)"
            found.append((directory, .failed(name: name, message: message)))
            return
        }
        guard let stream = opendir(path) else {
            found.append((directory, .failed(name: name, message: "cannot read \(name): \(reason(errno))")))
            return
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes != [0x2E], bytes != [0x2E, 0x2E] { names.append(bytes) }
        }
        for entry in names {
            classify(directory + entry, ancestors: ancestors + [identity], into: &found)
        }
    }

    /// The input or error line of one entry (`full`: its path as bytes).
    private static func classify(
        _ full: [UInt8], ancestors: [(UInt64, UInt64)], into found: inout [(key: [UInt8], item: BatchPath)]
    ) {
        let name = escaped(full[...])
        guard let path = utf8(full) else {
            let message =
                "cannot read \(name): its name is not valid UTF-8, so it is not verified (rename it, or give it "
                + "on standard input)"
            found.append((full, .failed(name: name, message: message)))
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            let dangling = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
            let why = dangling ? "a symbolic link whose target cannot be reached (\(reason(code)))" : reason(code)
            found.append((full, .failed(name: name, message: "cannot read \(name): \(why)")))
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: found.append((full, .path(path)))
        case S_IFDIR: walk(full + [0x2F], ancestors: ancestors, into: &found)
        default:
            let message = "not read: \(name) is not a regular file (a pipe, socket or device)"
            found.append((full, .failed(name: name, message: message)))
        }
    }

    /// `bytes` as a String when they are valid UTF-8 (and hold no NUL), else nil.
    private static func utf8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// The system's words for `code` (e.g. "Permission denied").
    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// `bytes` as text: printable ASCII as is, a backslash doubled, any other byte of invalid
    /// UTF-8 or control as `\xNN` (the escaping of the text report then applies to the rest).
    static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = utf8(bytes) { return text }
        var text = ""
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F, byte != 0x5C {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += byte == 0x5C ? "\\\\" : "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }
}
