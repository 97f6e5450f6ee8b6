// Fuzz target `base64`: strict decoding of arbitrary bytes under every option set, and four
// properties.
//
//   1. For any bytes d: decode(encode(d)) == d.
//   2. When the input x decodes to d: encode(d) == x without its white space (the decoder accepts
//      exactly one encoding per byte string, modulo white space; see PureDER's Base64.swift).
//   3. When `.unwrapped` accepts x, `.wrapped` accepts it too, with the same bytes.
//   4. When `.urlUnpadded` accepts x, `.unwrapped` accepts x in the standard alphabet, padded, with
//      the same bytes.
//
// A violation is a real finding, so it stops the fuzzer with `preconditionFailure` — the only
// deliberate trap in the fuzz targets.

import PureDER
import PureReceipt

extension FuzzTargets {
    /// Decodes `data` as base64 (bytes and String paths, every option set) and checks the properties.
    @Sendable package static func base64(_ data: [UInt8]) {
        let encoded = Base64.encode(data)
        guard let back = try? Base64.decode(encoded), back == data else {
            preconditionFailure("base64: decode(encode(d)) != d for \(data.count) input bytes")
        }
        sink(Result { () throws(Base64Error) in try Base64.decode(String(decoding: data, as: UTF8.self)) })
        let decoded = try? Base64.decode(data)
        if let decoded {
            let stripped = data.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
            guard Array(Base64.encode(decoded).utf8) == stripped else {
                preconditionFailure("base64: accepted input is not the canonical encoding of its bytes")
            }
        }
        if let strict = try? Base64.decode(data, in: 0..<data.count, .unwrapped), strict != decoded {
            preconditionFailure("base64: .unwrapped accepted input that .wrapped decodes differently")
        }
        if let url = try? Base64.decode(data, in: 0..<data.count, .urlUnpadded) {
            let padding = [UInt8](repeating: 0x3D, count: (4 - data.count % 4) % 4)
            let standard = data.map { $0 == 0x2D ? 0x2B : $0 == 0x5F ? 0x2F : $0 } + padding
            guard (try? Base64.decode(standard, in: 0..<standard.count, .unwrapped)) == url else {
                preconditionFailure("base64: .urlUnpadded accepted input that .unwrapped refuses once padded")
            }
        }
    }
}
