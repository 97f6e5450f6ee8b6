// External revocation vectors (Vectors/revocation/README.md): real Apple OCSP responses (from
// apple/swift-certificates' tests), the OCSP responses and CRLs of the `cryptography-vectors`
// suite with what this library does with each, and the CRL tests of NIST PKITS (section 4.4).

import Foundation
import PureDER
import PureX509
import Testing

private let vectors = revocationDirectory

private func file(_ path: String) throws -> [UInt8] { try readBytes(vectors.appendingPathComponent(path)) }

private func certificate(_ path: String) throws -> Certificate { try Certificate(derEncoded: file(path)) }

/// "parses", or the error code of parsing.
func parseOutcome(_ path: String) -> String {
    do {
        let bytes = try file(path)
        if path.contains("/resp-") || path.contains("ocsp") {
            _ = try OCSPResponse(derEncoded: bytes)
        } else {
            _ = try CertificateRevocationList(derEncoded: bytes)
        }
        return "parses"
    } catch let error as RevocationError {
        return error.code
    } catch {
        return "\(error)"
    }
}

/// "good", "revoked [SECONDS] REASON" or "unknown": what a verified OCSP response or CRL says.
func statusText(_ status: RevocationStatus, time: Bool = false) -> String {
    switch status.value {
    case .good: return "good"
    case .revoked(let at, let reason):
        return "revoked " + (time ? "\(at.secondsSince1970) " : "") + (reason.map(String.init) ?? "-")
    case .unknown: return "unknown"
    }
}

/// What parsing does with each file of cryptography-vectors 50.0.2 (x509/ocsp, x509/custom), and why.
let cryptographyExpectations: [(file: String, expected: String, why: String)] = [
    ("ocsp-army.deps.mil-resp.der", "parses", "a real responder's answer: 20 SingleResponses, one certificate"),
    ("resp-delegate-unknown-cert.der", "parses", "a delegated responder; authorization is checked at verification"),
    ("resp-invalid-signature-oid.der", "x509.unsupportedSignatureAlgorithm", "signature algorithm we do not verify"),
    ("resp-invalid-version.der", "der.unexpectedTag", "ResponseData version present (only v1, absent, exists)"),
    ("resp-responder-key-hash.der", "parses", "ResponderID byKey"),
    ("resp-response-type-unknown-oid.der", "revocation.unsupported", "only id-pkix-ocsp-basic is read"),
    ("resp-revoked-no-next-update.der", "parses", "no nextUpdate: usable once, never stored"),
    ("resp-revoked-reason.der", "parses", "revocationReason present"),
    ("resp-revoked.der", "parses", "revoked"),
    ("resp-sct-extension.der", "parses", "a non-critical single extension"),
    ("resp-sha256.der", "parses", "CertID with SHA-256"),
    ("resp-single-extension-reason.der", "parses", "a non-critical single extension"),
    ("resp-successful-no-response-bytes.der", "der.truncated", "successful needs responseBytes"),
    ("resp-unauthorized.der", "revocation.responseStatus", "no status given"),
    ("resp-unknown-extension.der", "parses", "a non-critical response extension"),
    ("resp-unknown-hash-alg.der", "revocation.unsupported", "CertID hash other than SHA-1/SHA-256"),
    ("resp-unknown-response-status.der", "revocation.responseStatus", "status outside the enumeration"),
    ("crl_all_reasons.der", "parses", "every reason code"),
    ("crl_almost_10k.der", "parses", "a large CRL, read in place"),
    ("crl_bad_version.der", "der.invalidValue", "RFC 5280 §5.1.2.1: version present and not v2"),
    ("crl_delta_crl_indicator.der", "revocation.criticalExtension", "RFC 5280 §5.2: a delta CRL is not processed"),
    ("crl_dup_entry_ext.der", "x509.duplicateExtension", "the same entry extension twice"),
    ("crl_empty.der", "parses", "no entries"),
    ("crl_empty_no_sequence.der", "parses", "revokedCertificates absent"),
    ("crl_inner_outer_mismatch.der", "x509.algorithmMismatch", "RFC 5280 §5.1.1.2: inner and outer algorithms differ"),
    ("crl_inval_date_fractional_seconds.der", "parses", "the fractional date is in invalidityDate, not read"),
    ("crl_invalid_time.der", "der.invalidValue", "a malformed time"),
    ("crl_md2_unknown_crit_entry_ext.der", "x509.unsupportedSignatureAlgorithm", "MD2 signature"),
    ("crl_no_next_update.der", "parses", "no nextUpdate: usable once, never stored"),
    ("crl_unrecognized_extension.der", "parses", "a non-critical unknown CRL extension"),
    ("crl_unsupported_reason.der", "parses", "reason codes are read only for the serial looked up"),
    ("invalid_signature_crl.der", "parses", "well-formed; the signature fails at verification"),
    ("valid_signature_crl.der", "parses", "well-formed"),
]

// RFC 5280 §5.3: an unknown critical CRL entry extension makes the CRL unusable (PKITS 4.4.8).
/// NIST PKITS 4.4 (CRL) cases: certificate, its issuer, the issuer's CRL, expected status or code
/// at 2026-01-01 (PKITS CRLs run 2010–2030).
let pkitsCases: [(test: String, certificate: String, issuer: String, crl: String, expected: String)] = [
    ("4.4.1 valid path", "ValidCertificatePathTest1EE", "GoodCACert", "GoodCACRL", "good"),
    ("trust anchor CRL", "GoodCACert", "TrustAnchorRootCertificate", "TrustAnchorRootCRL", "good"),
    ("4.4.2 revoked CA", "RevokedsubCACert", "GoodCACert", "GoodCACRL", "revoked 1"),
    ("4.4.3 revoked EE", "InvalidRevokedEETest3EE", "GoodCACert", "GoodCACRL", "revoked 1"),
    // PKITS spoils this signature in its BIT STRING's unused-bits octet: refused before any RSA.
    (
        "4.4.4 bad CRL signature", "InvalidBadCRLSignatureTest4EE", "BadCRLSignatureCACert", "BadCRLSignatureCACRL",
        "der.invalidValue"
    ),
    (
        "4.4.5 bad CRL issuer name", "InvalidBadCRLIssuerNameTest5EE", "BadCRLIssuerNameCACert",
        "BadCRLIssuerNameCACRL",
        "revocation.mismatch"
    ),
    ("4.4.6 wrong CRL", "InvalidWrongCRLTest6EE", "WrongCRLCACert", "WrongCRLCACRL", "revocation.mismatch"),
    (
        "4.4.8 unknown critical CRL entry extension", "InvalidUnknownCRLEntryExtensionTest8EE",
        "UnknownCRLEntryExtensionCACert", "UnknownCRLEntryExtensionCACRL", "revocation.criticalExtension"
    ),
    (
        "4.4.9 unknown critical CRL extension", "InvalidUnknownCRLExtensionTest9EE", "UnknownCRLExtensionCACert",
        "UnknownCRLExtensionCACRL", "revocation.criticalExtension"
    ),
    (
        "4.4.11 old CRL nextUpdate", "InvalidOldCRLnextUpdateTest11EE", "OldCRLnextUpdateCACert",
        "OldCRLnextUpdateCACRL",
        "revocation.stale"
    ),
    (
        "4.4.12 pre-2000 CRL nextUpdate", "Invalidpre2000CRLnextUpdateTest12EE", "pre2000CRLnextUpdateCACert",
        "pre2000CRLnextUpdateCACRL", "revocation.stale"
    ),
    (
        "4.4.13 GeneralizedTime nextUpdate", "ValidGeneralizedTimeCRLnextUpdateTest13EE",
        "GeneralizedTimeCRLnextUpdateCACert", "GeneralizedTimeCRLnextUpdateCACRL", "good"
    ),
    (
        "4.4.14 negative serial, not listed", "ValidNegativeSerialNumberTest14EE", "NegativeSerialNumberCACert",
        "NegativeSerialNumberCACRL", "good"
    ),
    (
        "4.4.15 negative serial, revoked", "InvalidNegativeSerialNumberTest15EE", "NegativeSerialNumberCACert",
        "NegativeSerialNumberCACRL", "revoked 1"
    ),
    (
        "4.4.16 long serial, not listed", "ValidLongSerialNumberTest16EE", "LongSerialNumberCACert",
        "LongSerialNumberCACRL", "good"
    ),
    (
        "4.4.17 long serial, not listed", "ValidLongSerialNumberTest17EE", "LongSerialNumberCACert",
        "LongSerialNumberCACRL", "good"
    ),
    (
        "4.4.18 long serial, revoked", "InvalidLongSerialNumberTest18EE", "LongSerialNumberCACert",
        "LongSerialNumberCACRL", "revoked 1"
    ),
    (
        "4.7.4 keyUsage without cRLSign", "InvalidkeyUsageCriticalcRLSignFalseTest4EE",
        "keyUsageCriticalcRLSignFalseCACert", "keyUsageCriticalcRLSignFalseCACRL", "revocation.mismatch"
    ),
    (
        "delta CRL indicator without a base", "InvaliddeltaCRLIndicatorNoBaseTest1EE", "deltaCRLIndicatorNoBaseCACert",
        "deltaCRLIndicatorNoBaseCACRL", "revocation.criticalExtension"
    ),
]

@Suite("Revocation vectors", .enabled(if: revocationPresent, "Vectors/revocation is absent"))
struct RevocationVectorTests {
    @Test("cryptography-vectors OCSP responses and CRLs: each file's expected outcome")
    func cryptographyVectors() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: vectors.appendingPathComponent("cryptography").path
        ).sorted()
        #expect(names == cryptographyExpectations.map(\.file).sorted(), "every committed file has an expectation")
        for item in cryptographyExpectations {
            #expect(parseOutcome("cryptography/\(item.file)") == item.expected, "\(item.file): \(item.why)")
        }
    }

    @Test("NIST PKITS 4.4 CRL cases", arguments: pkitsCases.indices)
    func pkits(_ index: Int) throws {
        let item = pkitsCases[index]
        let outcome: String
        do {
            let crl = try CertificateRevocationList(derEncoded: file("pkits/\(item.crl).crl"))
            let status = try crl.status(
                of: certificate("pkits/\(item.certificate).crt"), issuedBy: certificate("pkits/\(item.issuer).crt"),
                at: time("2026-01-01T00:00:00Z"))
            outcome = statusText(status)
        } catch let error as RevocationError {
            outcome = error.code
        }
        #expect(outcome == item.expected, "PKITS \(item.test)")
    }

    @Test("real Apple OCSP responses (www.apple.com, 2023): delegated responder by key, and the CA itself")
    func appleResponses() throws {
        let leaf = try certificate("apple/www.apple.com.der")
        let intermediate = try certificate("apple/www.apple.com.intermediate.der")
        let root = try certificate("apple/www.apple.com.root.der")
        let now = time("2023-03-15T20:00:00Z")
        let leafStatus = try OCSPResponse(derEncoded: file("apple/www.apple.com.ocsp-response.der"))
            .status(of: leaf, issuedBy: intermediate, at: now, nonce: nil)
        #expect(leafStatus.value == .good)
        #expect(leafStatus.nextUpdate == time("2023-03-16T07:35:41Z"))
        let intermediateStatus = try OCSPResponse(
            derEncoded: file("apple/www.apple.com.intermediate.ocsp-response.der")
        )
        .status(of: intermediate, issuedBy: root, at: now, nonce: nil)
        #expect(intermediateStatus.value == .good)
        // The same bytes a day later are stale; asked about another certificate, a mismatch.
        #expect(throws: RevocationError.self) {
            try OCSPResponse(derEncoded: file("apple/www.apple.com.ocsp-response.der"))
                .status(of: leaf, issuedBy: intermediate, at: time("2023-03-16T07:35:42Z"), nonce: nil)
        }
        #expect(throws: RevocationError.self) {
            try OCSPResponse(derEncoded: file("apple/www.apple.com.ocsp-response.der"))
                .status(of: intermediate, issuedBy: root, at: now, nonce: nil)
        }
    }
}
