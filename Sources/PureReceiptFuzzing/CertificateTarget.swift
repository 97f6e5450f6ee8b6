// Fuzz target `certificate`: `Certificate(derEncoded:)` on the input and, when it parses, every
// derived value: fingerprint, names, validity, public key, each extension and its decoded form,
// and signature checks against itself and against the test root. Also `TrustAnchors.parse(pemOrDER:)`,
// which reads the same bytes as DER or as PEM text.
//
// The signature checks run the RSA layer (public key, modular exponentiation, PKCS #1 v1.5
// encode-and-compare) on whatever key and signature the input carries.

import PureDER
import PureX509

extension FuzzTargets {
    /// The receipt creation date of the synthetic suite, 2025-03-14T09:26:53Z.
    static let fuzzTime = DERTime(secondsSince1970: 1_741_944_413)

    /// The parsed test root, or nil if the embedded bytes stopped parsing (a finding of its own:
    /// the unit tests parse the same file).
    static let testRoot: Certificate? = try? Certificate(derEncoded: testRootDER)

    /// Parses `data` as one certificate and exercises everything derived from it.
    @Sendable package static func certificate(_ data: [UInt8]) {
        // The anchor-file reader: DER as below, or PEM text (PEM.swift) with any number of blocks.
        if let parsed = try? TrustAnchors.parse(pemOrDER: data) {
            for certificate in parsed.prefix(4) { sink(certificate.sha256Fingerprint()) }
        }
        guard let certificate = try? Certificate(derEncoded: data) else { return }
        exercise(certificate)
        sink(Result { () throws(X509Error) in try certificate.verifySignature(issuedBy: certificate) })
        if let root = testRoot {
            sink(Result { () throws(X509Error) in try certificate.verifySignature(issuedBy: root) })
            sink(Result { () throws(X509Error) in try root.verifySignature(issuedBy: certificate) })
        }
    }

    /// Reads every public property of a parsed certificate.
    static func exercise(_ certificate: Certificate) {
        sink(certificate.sha256Fingerprint())
        sink(certificate.ocspURLs)
        sink(certificate.crlURLs)
        sink(certificate.version)
        sink(certificate.serialNumber)
        sink(certificate.signatureAlgorithm)
        sink(certificate.subject.description)
        sink(certificate.issuer.description)
        sink(certificate.isSelfIssued)
        sink(certificate.notBefore.description)
        sink(certificate.notAfter.description)
        sink(certificate.isValid(at: fuzzTime))
        sink(certificate.publicKey.description)
        sink(certificate.tbsCertificate.count)
        let extensions = certificate.extensions
        for item in extensions.all {
            sink(item.oid.description)
            sink(extensions.contains(item.oid))
            sink(extensions[item.oid]?.critical)
        }
        sink(extensions.basicConstraints)
        sink(extensions.keyUsage)
        sink(extensions.extendedKeyUsage?.map(\.description))
        sink(extensions.subjectKeyIdentifier)
        sink(extensions.authorityKeyIdentifier)
        sink(extensions.certificatePolicies?.map(\.description))
    }
}
