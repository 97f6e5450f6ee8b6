// CertificateSet (RFC 5652 §10.2.3): the certificates a SignedData carries, `[0] IMPLICIT`.
//
// Accepts: strict DER (the element found in the BER envelope is re-read under DER, so an
// indefinite length or a non-minimal length here is refused), 0…`Limits.maxCertificates` entries,
// each the `certificate` alternative (a SEQUENCE), parsed in place by `Certificate`.
// Deliberately does not check: SET OF ordering (X.690 §11.6). Signers write their certificates in
// chain order (leaf, intermediate, root), which is not DER SET OF order; enforcing it would refuse
// their messages. Order carries no meaning: certificates are found by identifier and chained by
// name and signature.
// Rejected: the other CertificateChoices (extendedCertificate, attribute certificates, other) —
// nothing in a receipt uses them and nothing here could verify them.

import PureDER

/// The certificates of a SignedData.
///
/// ```
/// CertificateSet ::= SET OF CertificateChoices
///
/// CertificateChoices ::= CHOICE {
///     certificate Certificate,
///     extendedCertificate [0] IMPLICIT ExtendedCertificate,  -- Obsolete
///     v1AttrCert [1] IMPLICIT AttributeCertificateV1,        -- Obsolete
///     v2AttrCert [2] IMPLICIT AttributeCertificateV2,
///     other [3] IMPLICIT OtherCertificateFormat }
/// ```
enum CertificateSet {
    /// Parses the `certificates [0] IMPLICIT CertificateSet` element found by the BER envelope; a
    /// certificate byte-identical to one `known` remembers is taken from there, already parsed.
    static func parse(_ element: DERElement, known: VerifiedChainCache) throws(CMSError) -> [Certificate] {
        let bytes = element.bytes
        let set = try readDER { () throws(DERError) -> DERElement in
            // RFC 5280 §4.1.1.3: the signature is "computed upon the ASN.1 DER encoded tbsCertificate".
            // Certificates are read as DER: the whole element is re-read under DER rules, which
            // refuses indefinite and non-minimal lengths.
            var strict = try DERCursor(bytes: bytes, range: element.encodedRange, rules: .der, depth: element.depth)
            let set = try strict.readElement(.contextConstructed(0), "certificates [0]")
            try strict.expectEnd("certificates [0]")
            return set
        }
        // The order of the certificates is not checked (the file header: chain order is common).
        var entries = set.content
        var certificates: [Certificate] = []
        while !entries.isAtEnd {
            let entry = try readDER { () throws(DERError) in try entries.readElement() }
            guard certificates.count < Limits.maxCertificates else {
                throw CMSError(DERError(.tooMany, at: entry.start, "certificates"))
            }
            guard entry.tag == .sequence else {
                throw CMSError(.structure("CertificateChoices other than certificate (\(entry.tag))"), at: entry.start)
            }
            if let certificate = known.certificate(encodedAs: bytes[entry.encodedRange]) {
                certificates.append(certificate)
                continue
            }
            do {
                certificates.append(try Certificate(in: bytes, range: entry.encodedRange))
            } catch {
                throw CMSError(error, at: entry.start)
            }
        }
        return certificates
    }
}
