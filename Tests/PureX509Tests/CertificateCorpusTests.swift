// Real certificates: the Debian root store (/etc/ssl/certs) and the certificates of
// ../shared/corpus, parsed. Both are read in place, never copied into the project; each suite is
// skipped (visibly) when its folder is absent. What the corpus's Apple certificates are under
// Apple's rules is tested with those rules (Tests/PureReceiptTests/Trust/AppleCertificateTests.swift).

import Foundation
import PureCrypto
import PureDER
import PureReceiptTestSupport
import PureX509
import Testing

@Suite("Real certificates")
struct CertificateCorpusTests {
    // Needs the ca-certificates package's /etc/ssl/certs/*.pem (present on every Debian machine).
    @Test(
        "every root in /etc/ssl/certs parses; RSA and ECDSA (FIPS 186-5 §6.4.2) self-signatures of every 3rd verify",
        .enabled(if: systemCertificatesPresent, "no /etc/ssl/certs/*.pem on this machine"))
    func systemRoots() throws {
        try Self.systemRoots(verifyingEvery: 3)
    }

    @Test(
        "every root in /etc/ssl/certs parses and its self-signature verifies", .fullTests,
        .enabled(if: systemCertificatesPresent, "no /etc/ssl/certs/*.pem on this machine"))
    func fullSystemRoots() throws {
        try Self.systemRoots(verifyingEvery: 1)
    }

    /// Parses every root and verifies the self-signature of every `stride`-th one in file-name order.
    static func systemRoots(verifyingEvery stride: Int) throws {
        var rsaVerified = 0
        var ecVerified = 0
        var failures: [String] = []
        let files = systemPEMFiles()
        for (index, file) in files.enumerated() {
            let certificates: [Certificate]
            do {
                certificates = try TrustAnchors.parse(pemOrDER: try readBytes(file))
            } catch {
                failures.append("\(file.lastPathComponent): \(error)")
                continue
            }
            guard let root = certificates.first, certificates.count == 1 else {
                failures.append("\(file.lastPathComponent): \(certificates.count) certificates")
                continue
            }
            #expect(root.isSelfIssued, "\(file.lastPathComponent)")
            guard index % stride == 0 else { continue }
            switch root.signatureAlgorithm {
            case .rsaPKCS1v15:
                do {
                    try root.verifySignature(issuedBy: root)
                    rsaVerified += 1
                } catch {
                    failures.append("\(file.lastPathComponent): \(error)")
                }
            case .ecdsa:
                guard case .ec = root.publicKey else {
                    failures.append("\(file.lastPathComponent): ECDSA signature but not an EC key")
                    continue
                }
                do {
                    try root.verifySignature(issuedBy: root)
                    ecVerified += 1
                } catch {
                    failures.append("\(file.lastPathComponent): \(error)")
                }
            }
        }
        print(
            "/etc/ssl/certs: \(files.count) roots, \(rsaVerified) RSA self-signatures verified, \(ecVerified) EC self-signatures verified"
        )
        #expect(failures.isEmpty, "\(failures)")
        #expect(rsaVerified + ecVerified == (files.count + stride - 1) / stride)
        #expect(rsaVerified > 0)
        #expect(ecVerified > 0)
    }

    // Needs ../shared/corpus (real certificates; never copied into the project).
    @Test("every certificate of the corpus parses", .enabled(if: corpusPresent, "../shared/corpus is absent"))
    func corpusCertificates() throws {
        let folder = corpusDirectory.appendingPathComponent("certs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 10)
        for name in names {
            let bytes = try readBytes(folder.appendingPathComponent(name))
            let certificate = try Certificate(derEncoded: bytes)
            #expect(Array(certificate.derEncoded) == bytes, "\(name)")
            #expect(certificate.version == 3, "\(name)")
        }
    }
}
