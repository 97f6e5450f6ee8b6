// TrustAnchors: the certificates a chain may end at, supplied by the caller — never taken from
// the data being verified.
//
// Two kinds of anchor:
//   - certificates the caller parsed (e.g. a test root read with `parse(pemOrDER:)`);
//   - pinned SHA-256 fingerprints of a whole certificate encoding. A certificate carried in the
//     data (a receipt's certificate set) whose fingerprint equals a pinned one *is* that anchor,
//     byte for byte, so no certificate file needs to ship (a caller's roots, pinned in its own
//     module).
// Does not: read the operating system's trust store, or check revocation of anchors.

import PureCrypto
import PureDER

/// The trust anchors a chain must end at.
public struct TrustAnchors: Sendable {
    /// Anchors given as parsed certificates.
    public let certificates: [Certificate]
    /// SHA-256 fingerprints of whole certificate encodings that are anchors wherever they appear.
    public let pinnedSHA256: [[UInt8]]

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
            // RFC 5280 §6.1.1 (d): trust anchor information is the caller's input; a carried
            // certificate is that anchor only when the SHA-256 of its whole encoding is pinned.
            guard pinnedSHA256.contains(where: { constantTimeEqual($0, fingerprint) }) else { continue }
            guard !result.contains(where: { $0.isSameCertificate(as: certificate) }) else { continue }
            result.append(certificate)
        }
        return result
    }
}
