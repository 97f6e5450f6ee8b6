// Where the tests find their files: the package root, its committed vectors (`Vectors/`) and the
// shared real-data corpus beside the package (`../shared/corpus`, never copied into the project),
// and the readers every suite uses on them.
//
// The root is found from this file's own path, the one place any test target uses `#filePath`:
// <root>/Tests/PureReceiptTestSupport/PackageFiles.swift. Symlinks are resolved, so a checkout
// reached through a link still finds its neighbours. The corpus is optional: a suite that needs it
// checks its presence (`PackageFiles.exists`) and says that it skipped when it is absent; CI always
// has it.

import Foundation

/// The files of the package and of the shared corpus beside it.
public enum PackageFiles {
    /// The package root (the folder holding Package.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // PureReceiptTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // root

    /// `<root>/Vectors`: the vectors the project owns, with their provenance.
    public static let vectors = root.appendingPathComponent("Vectors")

    /// `../shared/corpus` beside the package: real receipts, JWS and Apple certificates (its
    /// MANIFEST.md). Absent outside CI and the development machines.
    public static let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// `relative` under the package root (`Vectors/pki/root.der`).
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// `relative` under `Vectors/` (`pki/root.der`).
    public static func vector(_ relative: String) -> URL { vectors.appendingPathComponent(relative) }

    /// `relative` under the corpus (`receipts/…`, `certs/…`, `MANIFEST.md`).
    public static func corpus(_ relative: String) -> URL { corpus.appendingPathComponent(relative) }

    /// True when a file or folder is at `url` (how a suite decides that it needs the corpus and
    /// does not have it).
    public static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The bytes of the file at `url`.
    public static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    /// The bytes of `relative` under the package root.
    public static func bytes(_ relative: String) throws -> [UInt8] { try bytes(url(relative)) }

    /// The file at `url` as UTF-8 text.
    public static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The file at `url` as a JSON object (Foundation's reader: the expectation files are ours);
    /// nil when it is missing or not a JSON object, so a suite's table is empty and its count check fails.
    public static func jsonObject(_ url: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
