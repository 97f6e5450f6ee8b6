// Fuzz target `ecdsa`: EC public key decoding and ECDSA verification (DER and raw signatures) on
// arbitrary key, digest and signature bytes.
//
// Input layout (every field is taken from what remains; short inputs simply end early):
//   byte 0   bit 0: curve (0 = P-256, 1 = P-384);
//            bit 1: key source (0 = the next 1 + 2·L input bytes as a SEC 1 point, L = 32 or 48;
//            1 = the curve's base point G, a valid key, so that the verification arithmetic runs
//            even though random points are almost never on the curve)
//   byte 1   digest length (0…255; FIPS 186-5 §6.4.1 truncates anything longer than L)
//   then     the key (when bit 1 is 0), the digest, and the rest as the signature, tried as DER
//            and as raw r ‖ s.

import PureCrypto

extension FuzzTargets {
    /// SEC 1 uncompressed encodings of G for P-256 and P-384 (SEC 2 v2 §2.4.2, §2.5.1).
    private static let generatorP256: [UInt8] = hexBytes(
        "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
            + "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")
    private static let generatorP384: [UInt8] = hexBytes(
        "04aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7"
            + "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f")

    /// Decodes a key and verifies the remaining bytes as a signature, both encodings.
    @Sendable package static func ecdsa(_ data: [UInt8]) {
        guard data.count >= 2 else { return }
        let curve: ECCurve = data[0] & 1 == 0 ? .p256 : .p384
        let pointLength = 1 + 2 * curve.coordinateByteCount
        var rest = data[2...]
        let keyBytes: ArraySlice<UInt8>
        if data[0] & 2 == 0 {
            keyBytes = rest.prefix(pointLength)
            rest = rest.dropFirst(pointLength)
        } else {
            keyBytes = (curve == .p256 ? generatorP256 : generatorP384)[...]
        }
        let key: ECPublicKey
        do {
            key = try ECPublicKey(curve: curve, sec1Point: keyBytes)
        } catch {
            sink(error)
            return
        }
        let digest = Array(rest.prefix(Int(data[1])))
        let signature = rest.dropFirst(Int(data[1]))
        sink(key.isValidSignatureVarTime(der: signature, digest: digest))
        sink(key.isValidSignatureVarTime(raw: signature, digest: digest))
    }

    /// Bytes from a hex constant written in this file (even length, 0-9a-f only).
    private static func hexBytes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var high: UInt8 = 0
        for (i, c) in text.utf8.enumerated() {
            let v = c >= 0x61 ? c - 0x61 + 10 : c - 0x30
            if i % 2 == 0 { high = v } else { out.append(high << 4 | v) }
        }
        return out
    }
}
