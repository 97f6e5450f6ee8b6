// Real certificates: the Debian root store (/etc/ssl/certs) and the Apple certificates of
// ../shared/corpus. Both are read in place, never copied into the project; each suite is skipped
// (visibly) when its folder is absent.

import Foundation
import PureCrypto
import PureDER
import PureReceipt
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

    // Needs ../shared/corpus (real Apple certificates; never copied into the project).
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

    @Test(
        "Apple Inc. Root CA: pinned fingerprint, self-signature, fields",
        .enabled(if: corpusPresent, "../shared/corpus is absent"))
    func appleRoot() throws {
        let root = try appleCertificate("tpinappreceipt_AppleIncRootCertificate.cer")
        #expect(root.sha256Fingerprint() == TrustAnchors.appleIncRootSHA256)
        #expect(
            hexString(root.sha256Fingerprint()) == "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024")
        #expect(TrustAnchors.appleIncRoot.pinnedSHA256 == [TrustAnchors.appleIncRootSHA256])
        #expect(root.subject.description == "CN=Apple Root CA, OU=Apple Certification Authority, O=Apple Inc., C=US")
        #expect(root.isSelfIssued)
        #expect(root.signatureAlgorithm == .rsaPKCS1v15(.sha1))
        #expect(root.extensions.basicConstraints?.isCA == true)
        #expect(root.extensions.keyUsage == [.keyCertSign, .cRLSign])
        #expect(root.notBefore == time("2006-04-25T21:40:36Z"))
        #expect(root.notAfter == time("2035-02-09T21:40:36Z"))
        try root.verifySignature(issuedBy: root)
    }

    static let wwdrIntermediates = [
        "extracted_AppleWWDRCA-G1-2008to2016.cer", "extracted_AppleWWDRCA-G1-2013to2023.cer",
        "extracted_AppleWWDRCA-G5.cer", "extracted_AppleWWDRCA-G7.cer", "extracted_AppleWWDRCA-G8.cer",
    ]

    @Test(
        "WWDR intermediates carry the marker and verify under Apple Inc. Root CA",
        .enabled(if: corpusPresent, "../shared/corpus is absent"), arguments: wwdrIntermediates)
    func wwdrIntermediate(_ file: String) throws {
        let root = try appleCertificate("tpinappreceipt_AppleIncRootCertificate.cer")
        let intermediate = try appleCertificate(file)
        #expect(intermediate.extensions.contains(AppleMarkers.wwdrIntermediate))
        #expect(!intermediate.extensions.contains(AppleMarkers.receiptSigningLeaf))
        #expect(intermediate.extensions.basicConstraints?.isCA == true)
        #expect(intermediate.issuer == root.subject)
        try intermediate.verifySignature(issuedBy: root)
        #expect(
            x509ErrorCode { () throws(X509Error) in try root.verifySignature(issuedBy: intermediate) }
                == "signature.invalid")
    }

    @Test(
        "RFC 5480 §2.1.1: StoreKit 2 chain certificates: G3 verifies itself, WWDR G6 verifies under G3",
        .enabled(if: corpusPresent, "../shared/corpus is absent"))
    func ecCertificates() throws {
        let g3 = try appleCertificate("extracted_AppleRootCA-G3.cer")
        let g6 = try appleCertificate("extracted_AppleWWDRCA-G6-EC.cer")
        #expect(hexString(g3.sha256Fingerprint()) == "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179")
        #expect(g6.extensions.contains(AppleMarkers.wwdrIntermediate))
        #expect(g6.signatureAlgorithm == .ecdsa(.sha384))
        guard case .ec(let key) = g3.publicKey else {
            Issue.record("expected an EC key")
            return
        }
        #expect(key.curve == .p384)
        #expect(key.sec1Point.count == 97)
        #expect(g3.publicKey.description == "EC P-384")
        #expect(x509ErrorCode { () throws(X509Error) in try g3.verifySignature(issuedBy: g3) } == "no error")
        #expect(x509ErrorCode { () throws(X509Error) in try g6.verifySignature(issuedBy: g3) } == "no error")
        // G6 did not sign G3.
        #expect(
            x509ErrorCode { () throws(X509Error) in try g3.verifySignature(issuedBy: g6) } == "signature.invalid")
    }

    @Test(
        "the StoreKit test certificate is self-signed and verifies against itself",
        .enabled(if: corpusPresent, "../shared/corpus is absent"))
    func storeKitCertificate() throws {
        let storeKit = try appleCertificate("tpinappreceipt_StoreKitTestCertificate.cer")
        #expect(storeKit.isSelfIssued)
        #expect(
            storeKit.subject.description.hasPrefix("emailAddress=StoreKit, C=US, OU=StoreKit, O=StoreKit, CN=StoreKit"))
        try storeKit.verifySignature(issuedBy: storeKit)
        let path = try verifyChain(
            leaf: storeKit, pool: [storeKit], anchors: .appleIncRoot, rules: .xcode(storeKit),
            at: time("2023-10-19T01:18:54Z"))
        #expect(path.count == 1)
        #expect(
            x509ErrorCode { () throws(X509Error) in
                try verifyChain(
                    leaf: storeKit, pool: [storeKit], anchors: .appleIncRoot, rules: .apple,
                    at: time("2023-10-19T01:18:54Z"))
            } == "chain.xcodeNotAllowed")
    }

    private func appleCertificate(_ name: String) throws -> Certificate {
        try Certificate(
            derEncoded: readBytes(corpusDirectory.appendingPathComponent("certs").appendingPathComponent(name)))
    }
}
