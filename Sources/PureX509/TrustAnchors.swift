// TrustAnchors: the certificates a chain may end at, supplied by the caller — never taken from
// the data being verified.
//
// Two kinds of anchor:
//   - certificates the caller parsed (e.g. a test root read with `parse(pemOrDER:)`);
//   - pinned SHA-256 fingerprints of a whole certificate encoding. A certificate carried in the
//     data (a receipt's certificate set) whose fingerprint equals a pinned one *is* that anchor,
//     byte for byte, so no certificate file needs to ship. `appleIncRoot` pins Apple Inc. Root CA
//     (RSA-2048, 2006-04-25 → 2035-02-09), which every Apple-signed receipt carries;
//     `appleRootCAG3` pins Apple Root CA - G3 (P-384), which every Apple-signed JWS carries in x5c.
// Does not: read the operating system's trust store, or check revocation of anchors.

import PureCrypto
import PureDER

/// The trust anchors a chain must end at.
public struct TrustAnchors: Sendable {
    /// Anchors given as parsed certificates.
    public let certificates: [Certificate]
    /// SHA-256 fingerprints of whole certificate encodings that are anchors wherever they appear.
    public let pinnedSHA256: [[UInt8]]

    /// SHA-256 of the DER encoding of Apple Inc. Root CA ("CN=Apple Root CA, OU=Apple
    /// Certification Authority, O=Apple Inc., C=US").
    public static let appleIncRootSHA256: [UInt8] = [
        0xb0, 0xb1, 0x73, 0x0e, 0xcb, 0xc7, 0xff, 0x45, 0x05, 0x14, 0x2c, 0x49, 0xf1, 0x29, 0x5e, 0x6e,
        0xda, 0x6b, 0xca, 0xed, 0x7e, 0x2c, 0x68, 0xc5, 0xbe, 0x91, 0xb5, 0xa1, 0x10, 0x01, 0xf0, 0x24,
    ]

    /// Apple Inc. Root CA, pinned by fingerprint.
    public static let appleIncRoot = TrustAnchors(certificates: [], pinnedSHA256: [appleIncRootSHA256])

    /// SHA-256 of the DER encoding of Apple Root CA - G3 ("CN=Apple Root CA - G3, OU=Apple
    /// Certification Authority, O=Apple Inc., C=US", P-384, 2014-04-30 → 2039-04-30), the root of
    /// StoreKit 2 signed data.
    public static let appleRootCAG3SHA256: [UInt8] = [
        0x63, 0x34, 0x3a, 0xbf, 0xb8, 0x9a, 0x6a, 0x03, 0xeb, 0xb5, 0x7e, 0x9b, 0x3f, 0x5f, 0xa7, 0xbe,
        0x7c, 0x4f, 0x5c, 0x75, 0x6f, 0x30, 0x17, 0xb3, 0xa8, 0xc4, 0x88, 0xc3, 0x65, 0x3e, 0x91, 0x79,
    ]

    /// Apple Root CA - G3, pinned by fingerprint.
    public static let appleRootCAG3 = TrustAnchors(certificates: [], pinnedSHA256: [appleRootCAG3SHA256])

    /// Caller-supplied anchor certificates.
    public init(certificates: [Certificate]) {
        self.init(certificates: certificates, pinnedSHA256: [])
    }

    /// Anchor certificates and pinned fingerprints (each 32 bytes; others never match).
    public init(certificates: [Certificate], pinnedSHA256: [[UInt8]]) {
        self.certificates = certificates
        self.pinnedSHA256 = pinnedSHA256
    }

    /// Certificates from a file: one DER certificate, or PEM text with one or more CERTIFICATE
    /// blocks (other blocks are skipped).
    public static func parse(pemOrDER bytes: [UInt8]) throws(X509Error) -> [Certificate] {
        // A DER Certificate starts with a SEQUENCE tag; PEM text never does (0x30 is "0", which
        // cannot start a BEGIN line or explanatory text we would accept anyway).
        if bytes.first == 0x30 {
            return [try Certificate(derEncoded: bytes)]
        }
        guard bytes.count <= Limits.maxInputBytes else {
            throw X509Error(DERError(.inputTooLarge, at: 0, "PEM input"))
        }
        let blocks = try der { () throws(DERError) in try PEM.certificateBlocks(bytes) }
        var certificates: [Certificate] = []
        certificates.reserveCapacity(blocks.count)
        for block in blocks {
            certificates.append(try Certificate(derEncoded: block))
        }
        return certificates
    }

    /// The anchors usable for a chain over `pool`: the caller's certificates, then every pool
    /// certificate whose fingerprint is pinned (byte-identical to the pinned anchor).
    func candidates(in pool: [Certificate]) -> [Certificate] {
        var result = certificates
        guard !pinnedSHA256.isEmpty else { return result }
        for certificate in pool {
            let fingerprint = certificate.sha256Fingerprint()
            // Apple receipt rule (pinned-root): a carried certificate is an anchor only when the
            // SHA-256 of its whole encoding equals a pinned fingerprint (Apple Inc. Root CA: b0b1730e…f024).
            guard pinnedSHA256.contains(where: { constantTimeEqual($0, fingerprint) }) else { continue }
            guard !result.contains(where: { $0.isSameCertificate(as: certificate) }) else { continue }
            result.append(certificate)
        }
        return result
    }
}
