// LegacySignatureBlob: the decoded `signature` value of a legacy transaction receipt.
//
//   version 2 and 3:  version (1) ‖ RSA signature (128 / 256) ‖ certificate length (4, big-endian)
//                     ‖ DER leaf certificate, nothing after it
//   version 1 (2009): version (1) ‖ RSA signature (128) ‖ DER leaf certificate ‖ 00 00 00 00
// Refuses: an unknown version byte, a blob that ends early, a certificate length that runs past the
// end or leaves bytes over, a version 1 blob whose certificate (ended by its own DER length) is not
// followed by exactly four zero bytes, and a certificate that does not parse (strict DER).
// Does not verify anything (LegacyReceiptValidator.swift does).

import PureDER
public import PureX509

/// Version, signature and signing certificate of a legacy receipt.
public struct LegacySignatureBlob: Sendable {
    /// 1, 2 or 3.
    public let version: UInt8
    /// The RSA PKCS #1 v1.5 signature (128 or 256 bytes).
    public let signature: ArraySlice<UInt8>
    /// The embedded leaf certificate.
    public let certificate: Certificate

    /// Apple legacy rule (signature-length): the signature is 128 bytes in versions 1–2, 256 in 3.
    static func signatureLength(version: UInt8) -> Int? {
        switch version {
        case 1, 2: return 128
        case 3: return 256
        default: return nil
        }
    }

    /// Splits a decoded `signature` value into version, signature and DER leaf certificate.
    public init(_ blob: [UInt8]) throws(LegacyReceiptError) {
        let part = "signature"
        guard let version = blob.first else { throw .init(.truncated, at: 0, in: part) }
        guard let length = Self.signatureLength(version: version) else {
            throw .init(.unknownVersion(version), at: 0, in: part)
        }
        guard blob.count - 1 > length else { throw .init(.truncated, at: blob.count, in: part) }
        let certificateStart: Int
        let certificateEnd: Int
        if version == 1 {
            // Apple legacy rule (v1-trailer): the certificate follows the signature directly, its end
            // given by its own DER length, then exactly four zero bytes end the blob.
            certificateStart = 1 + length
            do {
                var cursor = try DERCursor(bytes: blob, range: certificateStart..<blob.count, rules: .der)
                certificateEnd = try cursor.readElement(.sequence, "Certificate").encodedRange.upperBound
            } catch {
                throw .init(.certificate(X509Error(error)), at: certificateStart, in: part)
            }
            guard blob.count - certificateEnd == 4, blob[certificateEnd...].allSatisfy({ $0 == 0 }) else {
                throw .init(.versionOneTrailer, at: certificateEnd, in: part)
            }
        } else {
            guard let declared = Self.certificateLength(blob, at: 1 + length) else {
                throw .init(.truncated, at: blob.count, in: part)
            }
            certificateStart = 1 + length + 4
            // Apple legacy rule (certificate-length): the 4-byte length covers exactly the rest.
            let remaining = blob.count - certificateStart
            guard declared == remaining else {
                // A layout that fits another version's signature length names the real mistake.
                for other: UInt8 in [2, 3] where other != version {
                    if let otherLength = Self.signatureLength(version: other),
                        Self.certificateLength(blob, at: 1 + otherLength) == blob.count - otherLength - 5
                    {
                        throw .init(.signatureLengthMismatch(version: version), at: 0, in: part)
                    }
                }
                let kind: LegacyReceiptError.Kind = declared > remaining ? .truncated : .trailingBytes
                throw .init(kind, at: 1 + length, in: part)
            }
            certificateEnd = blob.count
        }
        do {
            certificate = try Certificate(in: blob, range: certificateStart..<certificateEnd)
        } catch {
            throw .init(.certificate(error), at: certificateStart, in: part)
        }
        self.version = version
        signature = blob[1..<(1 + length)]
    }

    /// The big-endian 4-byte length at `offset`, when four bytes are there.
    static func certificateLength(_ blob: [UInt8], at offset: Int) -> Int? {
        guard offset >= 0, blob.count - offset >= 4 else { return nil }
        // Over Int.max only where Int has 32 bits (wasm32): more than any blob holds, as for 64 bits.
        return Int(exactly: blob[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) ?? Int.max
    }
}
