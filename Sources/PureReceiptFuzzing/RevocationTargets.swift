// Fuzz targets `ocsp` and `crl`: `OCSPResponse(derEncoded:)` and `CertificateRevocationList(
// derEncoded:)` on the input and, when it parses, the full verification for the revocation test
// PKI's leaf (issued by its intermediate) and intermediate (issued by its root), at the fixtures'
// instant and at extreme ones, with and without a nonce; then the policy core
// (`RevocationSubject.evaluate`) on the same bytes, and the store's import of them.

import PureDER
import PureReceipt
import PureX509

extension FuzzTargets {
    /// The revocation fixtures' instant, 2026-01-01T01:00:00Z, and two extremes.
    static let revocationTimes = [
        DERTime(secondsSince1970: 1_767_229_200), DERTime(secondsSince1970: Int64.min),
        DERTime(secondsSince1970: Int64.max),
    ]

    /// (certificate, issuer) pairs of the revocation test PKI; empty if the embedded bytes stopped
    /// parsing (a finding of its own: the unit tests parse the same files).
    static let revocationPairs: [(Certificate, Certificate)] = {
        guard let leaf = try? Certificate(derEncoded: revocationLeafDER),
            let intermediate = try? Certificate(derEncoded: revocationIntermediateDER),
            let root = try? Certificate(derEncoded: revocationRootDER)
        else { return [] }
        return [(leaf, intermediate), (intermediate, root)]
    }()

    /// Parses `data` as an OCSP response and verifies it for each pair.
    @Sendable package static func ocsp(_ data: [UInt8]) {
        guard let response = try? OCSPResponse(derEncoded: data) else { return }
        for (certificate, issuer) in revocationPairs {
            for time in revocationTimes {
                for nonce in [nil, [UInt8](1...16)] {
                    sink(
                        Result { () throws(RevocationError) in
                            try response.status(of: certificate, issuedBy: issuer, at: time, nonce: nonce)
                        })
                }
            }
        }
        revocationPolicy(data, .ocsp)
    }

    /// Parses `data` as a CRL and verifies it for each pair.
    @Sendable package static func crl(_ data: [UInt8]) {
        guard let list = try? CertificateRevocationList(derEncoded: data) else { return }
        for (certificate, issuer) in revocationPairs {
            for time in revocationTimes {
                sink(
                    Result { () throws(RevocationError) in try list.status(of: certificate, issuedBy: issuer, at: time)
                    })
            }
        }
        revocationPolicy(data, .crl)
    }

    /// The policy core and the store on the same bytes.
    static func revocationPolicy(_ data: [UInt8], _ source: RevocationSource) {
        let now = Instant(millisecondsSince1970: 1_767_229_200_000)
        for (certificate, issuer) in revocationPairs {
            let subject = RevocationSubject(certificate: certificate, issuer: issuer)
            let request = RevocationRequest(source: source, url: "", body: [], nonce: nil)
            sink(subject.evaluate(data, for: request, at: now))
            var store = RevocationStore(capacity: 2)
            let record = RevocationRecord(
                source: source, response: data, certificate: Array(certificate.derEncoded),
                issuer: Array(issuer.derEncoded))
            sink(store.importRecords([record], at: now))
            sink(store.status(of: subject, at: now))
            sink(store.exportRecords())
        }
    }
}
