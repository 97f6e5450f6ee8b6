// Helpers shared by the RSA and Wycheproof suites: hex decoding and vector file loading.

import Foundation
import PureReceiptTestSupport

enum RSAVectors {
    /// Bytes from hex text; whitespace is ignored. Nil on any other non-hex character or an odd count.
    static func bytes(hex text: some StringProtocol) -> [UInt8]? {
        var out: [UInt8] = []
        var high: UInt8?
        for c in text.utf8 {
            let value: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = c - UInt8(ascii: "A") + 10
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return nil
            }
            if let h = high {
                out.append(h << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return high == nil ? out : nil
    }

    /// The contents of Vectors/<relativePath>, or nil when the file is missing.
    static func data(_ relativePath: String) -> Data? {
        try? Data(contentsOf: PackageFiles.vector(relativePath))
    }

    /// Text of Vectors/<relativePath>, or nil when the file is missing.
    static func text(_ relativePath: String) -> String? {
        data(relativePath).flatMap { String(data: $0, encoding: .utf8) }
    }
}
