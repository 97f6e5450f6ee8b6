// CRLs (Revocation/CertificateRevocationList.swift) with the committed fixtures of
// Vectors/revocation (valid 2026-01-01 to 2026-01-08), and the in-place reading of a large CRL.

import Foundation
import PureDER
import Testing

@testable import PureX509

/// The status of `certificate` in the CRL `file` (issued by `issuer`), or the error code.
func crlOutcome(
    _ file: String, for certificate: String = "leaf", issuer: String = "intermediate", at now: DERTime = revocationNow
) -> String {
    do {
        let crl = try CertificateRevocationList(derEncoded: revocationFile(file))
        return try statusText(
            crl.status(of: revocationCertificate(certificate), issuedBy: revocationCertificate(issuer), at: now),
            time: true)
    } catch {
        return errorText(error)
    }
}

@Suite("CRLs", .enabled(if: revocationPresent, "Vectors/revocation is absent"))
struct RevocationCRLTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let file: String
        var certificate = "leaf"
        var issuer = "intermediate"
        var now = revocationNow
        let expected: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "RFC 5280 §6.3.3: not listed is good", file: "intermediate.crl", expected: "good"),
        Case(
            name: "RFC 5280 §5.3.1: listed with its reason", file: "intermediate.crl", certificate: "leaf-revoked",
            expected: "revoked \(revokedAt) 1"),
        Case(
            name: "the intermediate on the root's empty CRL", file: "root.crl", certificate: "intermediate",
            issuer: "root", expected: "good"),
        Case(
            name: "RFC 5280 §6.3.3: stale CRL", file: "intermediate.crl", now: time("2026-01-08T00:00:01Z"),
            expected: "revocation.stale"),
        Case(
            name: "CRL not yet valid", file: "intermediate.crl", now: time("2025-12-31T23:50:00Z"),
            expected: "revocation.notYetValid"),
        Case(
            name: "RFC 5280 §6.3.3: signed by another key under the issuer's name",
            file: "intermediate-by-wrong-key.crl", expected: "revocation.signature"),
        Case(name: "a CRL of another issuer", file: "root.crl", expected: "revocation.mismatch"),
    ]

    @Test("CRL statuses and refusals", arguments: cases)
    func statuses(_ item: Case) {
        #expect(crlOutcome(item.file, for: item.certificate, issuer: item.issuer, at: item.now) == item.expected)
    }

    @Test("every truncation of a CRL is refused")
    func truncations() throws {
        let bytes = try revocationFile("intermediate.crl")
        for end in 0..<bytes.count {
            #expect(throws: RevocationError.self) { try CertificateRevocationList(derEncoded: Array(bytes[..<end])) }
        }
    }

    @Test("a large CRL is read in place: every entry validated, the last one found")
    func largeCRLInPlace() throws {
        // An unsigned 20 000-entry CRL built here: parsing validates every entry, and the lookup of
        // the last serial scans them all. The memory bound (nothing kept per entry) is measured on a
        // 16 MB CRL by Vectors/revocation/measure-crl-memory.sh, outside the parallel test run.
        let count = 20_000
        // One 23-byte entry (serial 10 xx xx xx, revoked 2025-06-01), copied with its serial set.
        let template: [UInt8] = [0x30, 0x15, 0x02, 0x04, 0x10, 0, 0, 0, 0x17, 0x0D] + Array("250601000000Z".utf8)
        var entries = [UInt8](repeating: 0, count: count * template.count)
        entries.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<count {
                let base = index * template.count
                for (offset, byte) in template.enumerated() { buffer[base + offset] = byte }
                buffer[base + 5] = UInt8(index >> 16 & 0xFF)
                buffer[base + 6] = UInt8(index >> 8 & 0xFF)
                buffer[base + 7] = UInt8(index & 0xFF)
            }
        }
        func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
            var length: [UInt8] = []
            var remaining = content.count
            while remaining > 0 {
                length.insert(UInt8(remaining & 0xFF), at: 0)
                remaining >>= 8
            }
            let header = content.count < 0x80 ? [UInt8(content.count)] : [0x80 | UInt8(length.count)] + length
            return [tag] + header + content
        }
        let algorithm: [UInt8] = [
            0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B, 0x05, 0x00,
        ]
        let name = tlv(0x30, tlv(0x31, tlv(0x30, [0x06, 0x03, 0x55, 0x04, 0x03] + tlv(0x0C, Array("Big".utf8)))))
        let thisUpdate: [UInt8] = [0x17, 0x0D] + Array("260101000000Z".utf8)
        let tbs = tlv(0x30, [0x02, 0x01, 0x01] + algorithm + name + thisUpdate + tlv(0x30, entries))
        let big = tlv(0x30, tbs + algorithm + tlv(0x03, [0x00, 0x01, 0x02]))
        #expect(big.count > 400_000 && big.count <= Limits.maxCRLBytes)
        let crl = try CertificateRevocationList(derEncoded: big)
        // The lookup proper (after the issuer and signature checks, which this unsigned CRL would
        // fail): the last serial, found after reading every entry.
        let last = try crl.find([
            0x10, UInt8(count >> 16 & 0xFF), UInt8((count - 1) >> 8 & 0xFF), UInt8((count - 1) & 0xFF),
        ])
        #expect(last != nil)
        #expect(try crl.find([0x7F]) == nil)
    }
}
