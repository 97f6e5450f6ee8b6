// Helpers of the tests of Apple's rules over PureX509 (this folder mirrors Sources/PureReceipt/Trust):
// file locations (#filePath → package root) and small readers, as the PureX509 tests have them.

import Foundation
import PureDER
import PureX509

/// The package root, found from this file: <root>/Tests/PureReceiptTests/Trust/TrustTestSupport.swift.
/// Symlinks are resolved so that a checkout reached through a link still finds its neighbours.
func x509PackageRoot() -> URL {
    URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // Trust
        .deletingLastPathComponent()  // PureReceiptTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // root
}

/// `../shared/corpus` next to the package (real Apple data; never copied into the project).
let corpusDirectory = x509PackageRoot().deletingLastPathComponent().appendingPathComponent("shared/corpus")
let corpusPresent = FileManager.default.fileExists(atPath: corpusDirectory.appendingPathComponent("certs").path)

/// The committed synthetic PKI.
let pkiDirectory = x509PackageRoot().appendingPathComponent("Vectors/pki")
let pkiPresent = FileManager.default.fileExists(atPath: pkiDirectory.appendingPathComponent("root.der").path)

func readBytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
}

/// A time from its RFC 3339 UTC form, e.g. "2025-03-14T09:26:53Z".
func time(_ text: String) -> DERTime {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    let date = formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
    return DERTime(secondsSince1970: Int64(date.timeIntervalSince1970))
}

func hexString(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

/// The code of the X509Error thrown by `body`, or "no error".
func x509ErrorCode<T>(_ body: () throws(X509Error) -> T) -> String {
    do {
        _ = try body()
        return "no error"
    } catch {
        return error.code
    }
}
