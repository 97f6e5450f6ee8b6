// Helpers of the tests of Apple's rules over PureX509 (this folder mirrors Sources/PureReceipt/Trust):
// file locations (from PackageFiles, PureReceiptTestSupport) and small readers, as the PureX509 tests
// have them.

import Foundation
import PureDER
import PureReceiptTestSupport
import PureX509

/// The package root (PackageFiles.root).
func x509PackageRoot() -> URL { PackageFiles.root }

/// `../shared/corpus` next to the package (real Apple data; never copied into the project).
let corpusDirectory = PackageFiles.corpus
let corpusPresent = PackageFiles.exists(PackageFiles.corpus("certs"))

/// The committed synthetic PKI.
let pkiDirectory = PackageFiles.vector("pki")
let pkiPresent = PackageFiles.exists(pkiDirectory.appendingPathComponent("root.der"))

func readBytes(_ url: URL) throws -> [UInt8] { try PackageFiles.bytes(url) }

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
