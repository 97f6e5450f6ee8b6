// Shared helpers of the PureX509 tests: file locations (from PackageFiles, PureReceiptTestSupport),
// a tiny DER encoder, and a builder of synthetic certificates for the parsing tables.

import Foundation
import PureDER
import PureReceiptTestSupport
import PureX509

// MARK: - Locations

/// The package root (PackageFiles.root).
func x509PackageRoot() -> URL { PackageFiles.root }

/// `../shared/corpus` next to the package (real Apple data; never copied into the project).
let corpusDirectory = PackageFiles.corpus
let corpusPresent = PackageFiles.exists(PackageFiles.corpus("certs"))

/// The committed synthetic PKI.
let pkiDirectory = PackageFiles.vector("pki")
let pkiPresent = PackageFiles.exists(pkiDirectory.appendingPathComponent("root.der"))

/// The Debian/Ubuntu root store.
let systemCertificatesDirectory = URL(fileURLWithPath: "/etc/ssl/certs")
let systemCertificatesPresent = !systemPEMFiles().isEmpty

/// Every `*.pem` in /etc/ssl/certs, sorted by name.
func systemPEMFiles() -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: systemCertificatesDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".pem") }.sorted().map { systemCertificatesDirectory.appendingPathComponent($0) }
}

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

// MARK: - A tiny DER encoder

enum DER {
    /// One TLV with a single-octet tag and a definite, minimal length.
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { TestDER.tlv(tag, content) }

    static func length(_ count: Int) -> [UInt8] { TestDER.length(count) }

    static func sequence(_ parts: [UInt8]...) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
    static func set(_ parts: [UInt8]...) -> [UInt8] { tlv(0x31, parts.flatMap { $0 }) }
    static func explicit(_ number: UInt8, _ parts: [UInt8]...) -> [UInt8] { tlv(0xA0 | number, parts.flatMap { $0 }) }
    static func integer(_ content: [UInt8]) -> [UInt8] { tlv(0x02, content) }
    static let null: [UInt8] = [0x05, 0x00]
    static let `true`: [UInt8] = [0x01, 0x01, 0xFF]
    static func octetString(_ content: [UInt8]) -> [UInt8] { tlv(0x04, content) }
    static func bitString(_ content: [UInt8], unused: UInt8 = 0) -> [UInt8] { tlv(0x03, [unused] + content) }
    static func utf8(_ text: String) -> [UInt8] { tlv(0x0C, Array(text.utf8)) }
    static func printable(_ text: String) -> [UInt8] { tlv(0x13, Array(text.utf8)) }
    static func utcTime(_ text: String) -> [UInt8] { tlv(0x17, Array(text.utf8)) }
    static func generalizedTime(_ text: String) -> [UInt8] { tlv(0x18, Array(text.utf8)) }

    /// OBJECT IDENTIFIER from dotted text.
    static func oid(_ dotted: String) -> [UInt8] {
        let arcs = dotted.split(separator: ".").compactMap { UInt64($0) }
        var content = base128(arcs[0] * 40 + arcs[1])
        for arc in arcs.dropFirst(2) { content += base128(arc) }
        return tlv(0x06, content)
    }

    private static func base128(_ value: UInt64) -> [UInt8] {
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return groups
    }

    /// AlgorithmIdentifier with optional parameters.
    static func algorithm(_ dotted: String, _ parameters: [UInt8]? = nil) -> [UInt8] {
        sequence(oid(dotted), parameters ?? [])
    }

    /// A Name of one CN attribute.
    static func name(_ commonName: String) -> [UInt8] {
        sequence(set(sequence(oid("2.5.4.3"), utf8(commonName))))
    }

    /// One Extension.
    static func `extension`(_ dotted: String, critical: Bool = false, _ value: [UInt8]) -> [UInt8] {
        sequence(oid(dotted), critical ? DER.true : [], octetString(value))
    }
}

// MARK: - Synthetic certificates

/// The parts of a certificate, each as encoded bytes, with defaults that parse: a v3 certificate
/// with an RSA-2048 key (an arbitrary odd modulus; never used to verify) and no extensions.
/// Tests change one part and check the error it causes.
struct CertificateParts {
    static let sha256WithRSA = DER.algorithm("1.2.840.113549.1.1.11", DER.null)
    /// 2048-bit odd modulus, e = 65537.
    static let rsaSPKI: [UInt8] = DER.sequence(
        DER.algorithm("1.2.840.113549.1.1.1", DER.null),
        DER.bitString(
            DER.sequence(
                DER.integer([0x00, 0xC5] + [UInt8](repeating: 0xA7, count: 254) + [0x01]),
                DER.integer([0x01, 0x00, 0x01]))))

    var version: [UInt8]? = DER.explicit(0, DER.integer([0x02]))
    var serialNumber: [UInt8] = DER.integer([0x01])
    var innerAlgorithm: [UInt8] = sha256WithRSA
    var issuer: [UInt8] = DER.name("Test Issuer")
    var validity: [UInt8] = DER.sequence(DER.utcTime("200101000000Z"), DER.utcTime("400101000000Z"))
    var subject: [UInt8] = DER.name("Test Subject")
    var subjectPublicKeyInfo: [UInt8] = rsaSPKI
    var uniqueIdentifiers: [UInt8] = []
    /// The Extension TLVs; nil = no extensions field.
    var extensions: [[UInt8]]? = nil
    /// Replaces the whole `[3]` field when set (for malformed lists).
    var rawExtensionsField: [UInt8]? = nil
    var tbsTrailing: [UInt8] = []
    /// nil = same bytes as `innerAlgorithm`.
    var outerAlgorithm: [UInt8]? = nil
    var signatureValue: [UInt8] = DER.bitString([UInt8](repeating: 0x5A, count: 256))

    var tbs: [UInt8] {
        var fields = (version ?? []) + serialNumber + innerAlgorithm + issuer + validity + subject
        fields += subjectPublicKeyInfo + uniqueIdentifiers
        if let rawExtensionsField {
            fields += rawExtensionsField
        } else if let extensions {
            fields += DER.explicit(3, DER.sequence(extensions.flatMap { $0 }))
        }
        return DER.sequence(fields + tbsTrailing)
    }

    var encoded: [UInt8] {
        DER.sequence(tbs, outerAlgorithm ?? innerAlgorithm, signatureValue)
    }

    /// Starting from the defaults, applies `change`.
    static func with(_ change: (inout CertificateParts) -> Void) -> CertificateParts {
        var parts = CertificateParts()
        change(&parts)
        return parts
    }
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
