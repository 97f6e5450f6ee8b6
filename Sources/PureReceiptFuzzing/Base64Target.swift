// Fuzz target `base64`: strict decoding of arbitrary bytes, and two round-trip properties.
//
//   1. For any bytes d: decode(encode(d)) == d.
//   2. When the input x decodes to d: encode(d) == x without its white space (the decoder accepts
//      exactly one encoding per byte string, modulo white space; see Base64.swift).
//
// A violation is a real finding, so it stops the fuzzer with `preconditionFailure` — the only
// deliberate trap in the fuzz targets.

import PureReceipt

extension FuzzTargets {
    /// Decodes `data` as base64 (bytes and String paths) and checks the round trips.
    @Sendable package static func base64(_ data: [UInt8]) {
        let encoded = Base64.encode(data)
        guard let back = try? Base64.decode(encoded), back == data else {
            preconditionFailure("base64: decode(encode(d)) != d for \(data.count) input bytes")
        }
        sink(Result { () throws(Base64Error) in try Base64.decode(String(decoding: data, as: UTF8.self)) })
        guard let decoded = try? Base64.decode(data) else { return }
        let stripped = data.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
        guard Array(Base64.encode(decoded).utf8) == stripped else {
            preconditionFailure("base64: accepted input is not the canonical encoding of its bytes")
        }
    }
}
