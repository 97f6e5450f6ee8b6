// OCSP responses (Revocation/OCSPResponse.swift, OCSPVerification.swift) and requests, with the
// committed fixtures of Vectors/revocation (generate.py: a receipt-shaped PKI, responses made with
// Python `cryptography`). Every response was produced at 2026-01-01T00:00:00Z with nextUpdate 12 h
// later; `now` is chosen per case. Skipped (visibly) when the vectors are absent.

import Foundation
import PureCrypto
import PureDER
import PureX509
import Testing

let revocationDirectory = x509PackageRoot().appendingPathComponent("Vectors/revocation")
let revocationPresent = FileManager.default.fileExists(
    atPath: revocationDirectory.appendingPathComponent("ocsp-good-by-name.der").path)

func revocationFile(_ name: String) throws -> [UInt8] {
    try readBytes(revocationDirectory.appendingPathComponent(name))
}

func revocationCertificate(_ name: String) throws -> Certificate {
    try Certificate(derEncoded: revocationFile("\(name).der"))
}

/// One hour after the fixtures' thisUpdate.
let revocationNow = time("2026-01-01T01:00:00Z")

/// The nonce of ocsp-good-nonce.der.
let fixtureNonce = [UInt8](1...16)

/// The status of `certificate` (issued by the intermediate) in the response `file`, or the error code.
func ocspOutcome(
    _ file: String, for certificate: String = "leaf", issuer: String = "intermediate",
    at now: DERTime = revocationNow, nonce: [UInt8]? = nil
) -> String {
    do {
        let response = try OCSPResponse(derEncoded: revocationFile(file))
        return try statusText(
            response.status(
                of: revocationCertificate(certificate), issuedBy: revocationCertificate(issuer), at: now, nonce: nonce),
            time: true)
    } catch {
        return errorText(error)
    }
}

/// A revocation error's code, or any other error as Swift writes it.
func errorText(_ error: any Error) -> String {
    (error as? RevocationError)?.code ?? "\(error)"
}

/// 2025-06-01T00:00:00Z, when leaf-revoked was revoked.
let revokedAt: Int64 = 1_748_736_000

@Suite("OCSP responses", .enabled(if: revocationPresent, "Vectors/revocation is absent"))
struct RevocationOCSPTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let file: String
        var certificate = "leaf"
        var issuer = "intermediate"
        var now = revocationNow
        var nonce: [UInt8]? = nil
        let expected: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "RFC 6960 §4.2.2.2: signed by the issuing CA, responder by name", file: "ocsp-good-by-name.der",
            expected: "good"),
        Case(name: "RFC 6960 §4.2.1: responder by key hash", file: "ocsp-good-by-key.der", expected: "good"),
        Case(name: "CertID with SHA-256 accepted", file: "ocsp-good-sha256.der", expected: "good"),
        Case(name: "no nextUpdate: usable for this check", file: "ocsp-good-no-next-update.der", expected: "good"),
        Case(
            name: "revoked: time and reason", file: "ocsp-revoked.der", certificate: "leaf-revoked",
            expected: "revoked \(revokedAt) 1"),
        Case(name: "unknown is a status, not an error", file: "ocsp-unknown.der", expected: "unknown"),
        Case(
            name: "the intermediate, signed by the root", file: "ocsp-intermediate-good.der",
            certificate: "intermediate",
            issuer: "root", expected: "good"),
        Case(name: "delegated responder with id-kp-OCSPSigning", file: "ocsp-delegated.der", expected: "good"),
        Case(name: "delegated responder by key hash", file: "ocsp-delegated-by-key.der", expected: "good"),
        Case(name: "nonce echoed", file: "ocsp-good-nonce.der", nonce: fixtureNonce, expected: "good"),
    ]

    static let refused: [Case] = [
        Case(
            name: "RFC 6960 §4.2.2.1: stale (now after nextUpdate)", file: "ocsp-good-by-name.der",
            now: time("2026-01-01T12:00:01Z"), expected: "revocation.stale"),
        Case(
            name: "RFC 6960 §4.2.2.1: not yet valid (thisUpdate beyond the skew)", file: "ocsp-good-by-name.der",
            now: time("2025-12-31T23:54:59Z"), expected: "revocation.notYetValid"),
        Case(
            name: "thisUpdate within the skew is accepted", file: "ocsp-good-by-name.der",
            now: time("2025-12-31T23:55:00Z"), expected: "good"),
        Case(
            name: "RFC 6960 §3.2: signed by another key under the CA's name", file: "ocsp-wrong-key.der",
            expected: "revocation.signature"),
        Case(
            name: "RFC 6960 §3.2: CertID for another certificate", file: "ocsp-for-another-certificate.der",
            expected: "revocation.mismatch"),
        Case(
            name: "CertID under another issuer", file: "ocsp-good-by-name.der", certificate: "intermediate",
            issuer: "root", expected: "revocation.responderNotFound"),
        Case(
            name: "RFC 6960 §4.2.2.2: delegated responder without id-kp-OCSPSigning",
            file: "ocsp-delegated-no-eku.der", expected: "revocation.responderNotAuthorized"),
        Case(
            name: "RFC 6960 §4.2.2.2: delegated responder issued by another CA",
            file: "ocsp-delegated-wrong-ca.der", expected: "revocation.responderNotAuthorized"),
        Case(
            name: "delegated responder not in the response", file: "ocsp-delegated-missing-certificate.der",
            expected: "revocation.responderNotFound"),
        Case(
            name: "RFC 8954 §2.1: nonce mismatch", file: "ocsp-good-nonce.der", nonce: [9, 9, 9],
            expected: "revocation.nonce"),
        Case(
            name: "RFC 8954 §2.1: nonce sent, none echoed", file: "ocsp-good-by-name.der", nonce: fixtureNonce,
            expected: "revocation.nonce"),
        Case(
            name: "RFC 6960 §4.2.1: responseStatus unauthorized", file: "ocsp-unauthorized.der",
            expected: "revocation.responseStatus"),
    ]

    @Test("verified statuses", arguments: cases)
    func statuses(_ item: Case) {
        #expect(
            ocspOutcome(item.file, for: item.certificate, issuer: item.issuer, at: item.now, nonce: item.nonce)
                == item.expected)
    }

    @Test("refused responses", arguments: refused)
    func refusedResponses(_ item: Case) {
        #expect(
            ocspOutcome(item.file, for: item.certificate, issuer: item.issuer, at: item.now, nonce: item.nonce)
                == item.expected)
    }

    @Test("delegated responder not valid now is not authorized")
    func delegatedResponderValidity() {
        #expect(
            ocspOutcome("ocsp-delegated.der", at: time("2041-01-01T00:00:00Z")) == "revocation.responderNotAuthorized")
    }

    @Test("every truncation and every flipped byte of a response is refused or proves the same")
    func truncationsAndFlips() throws {
        let bytes = try revocationFile("ocsp-delegated.der")
        let (leaf, issuer) = (try revocationCertificate("leaf"), try revocationCertificate("intermediate"))
        for end in 0..<bytes.count {
            #expect(throws: RevocationError.self) { try OCSPResponse(derEncoded: Array(bytes[..<end])) }
        }
        for index in bytes.indices {
            var copy = bytes
            copy[index] ^= 0x01
            guard let response = try? OCSPResponse(derEncoded: copy),
                let status = try? response.status(of: leaf, issuedBy: issuer, at: revocationNow, nonce: nil)
            else { continue }
            // A flip that still verifies can only be outside the signed data and the signature
            // (e.g. in the responder certificate's unsigned parts is impossible: it is signed too).
            #expect(status.value == .good, "byte \(index)")
        }
    }

    @Test("oversized responses are refused before parsing")
    func oversized() {
        let bytes = [UInt8](repeating: 0x30, count: Limits.maxOCSPResponseBytes + 1)
        #expect(throws: RevocationError.self) { try OCSPResponse(derEncoded: bytes) }
        do { _ = try OCSPResponse(derEncoded: bytes) } catch { #expect(error.code == "revocation.tooLarge") }
    }

    @Test("RFC 6960 §4.1.1: the request matches OpenSSL's, with and without a nonce")
    func requestMatchesOpenSSL() throws {
        let (leaf, issuer) = (try revocationCertificate("leaf"), try revocationCertificate("intermediate"))
        let request = OCSPRequest(for: leaf, issuedBy: issuer)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ocsp-req-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("req.der")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "ocsp", "-issuer", revocationDirectory.appendingPathComponent("intermediate.pem").path,
            "-cert", revocationDirectory.appendingPathComponent("leaf.pem").path, "-no_nonce", "-reqout", out.path,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        guard (try? openssl.run()) != nil else {
            print("skipped: openssl not found")
            return
        }
        openssl.waitUntilExit()
        #expect(request.derEncoded == (try readBytes(out)))
        let withNonce = OCSPRequest(for: leaf, issuedBy: issuer, nonce: fixtureNonce)
        #expect(withNonce.derEncoded.count == request.derEncoded.count + 2 + 2 + 2 + 11 + 2 + 2 + 16)
        #expect(withNonce.nonce == fixtureNonce)
        // A 20-octet serial (PKITS) and the longest nonce: the request passes 127 octets, so its
        // outer length takes the long form, and it reads back as strict DER, whole.
        let longSerial = try Certificate(
            derEncoded: readBytes(revocationDirectory.appendingPathComponent("pkits/ValidLongSerialNumberTest16EE.crt"))
        )
        let longIssuer = try Certificate(
            derEncoded: readBytes(revocationDirectory.appendingPathComponent("pkits/LongSerialNumberCACert.crt")))
        let longest = OCSPRequest(for: longSerial, issuedBy: longIssuer, nonce: [UInt8](repeating: 7, count: 32))
        #expect(longest.derEncoded[1] == 0x81 && Int(longest.derEncoded[2]) == longest.derEncoded.count - 3)
        var outer = try DERCursor(longest.derEncoded)
        _ = try outer.readSequence("OCSPRequest")
        try outer.expectEnd("OCSPRequest")
        // The longest nonce (cut to 32 octets): the request still reads back as strict DER, whole.
        let long = OCSPRequest(for: leaf, issuedBy: issuer, nonce: [UInt8](repeating: 7, count: 40))
        #expect(long.nonce?.count == 32)
        var cursor = try DERCursor(long.derEncoded)
        _ = try cursor.readSequence("OCSPRequest")
        try cursor.expectEnd("OCSPRequest")
    }

    @Test("RFC 5280 §4.2.2.1: AIA OCSP URL and CRL distribution point URL")
    func locations() throws {
        let leaf = try revocationCertificate("leaf")
        #expect(leaf.ocspURLs == ["http://127.0.0.1:38265/"])
        #expect(leaf.crlURLs == ["http://127.0.0.1:38266/intermediate.crl"])
        #expect(try revocationCertificate("root").ocspURLs.isEmpty)
    }
}
