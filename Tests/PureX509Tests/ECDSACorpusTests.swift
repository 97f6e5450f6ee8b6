// ECDSA with real Apple certificates and StoreKit 2 JWS files from ../shared/corpus (read in
// place, never copied; skipped visibly when the folder is absent): the G3 root, the WWDR G6
// intermediate, the x5c leaf of two Apple-signed JWS files, and the ES256 JWS signatures
// themselves (RFC 7518 §3.4: raw 64-byte r ‖ s over SHA-256 of ASCII header.payload).

import Foundation
import PureCrypto
import PureX509
import Testing

/// base64url without padding (RFC 7515 §2) → bytes.
private func base64URLDecode(_ text: Substring) -> [UInt8]? {
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while standard.count % 4 != 0 { standard += "=" }
    return Data(base64Encoded: standard).map { [UInt8]($0) }
}

/// A compact JWS of the corpus: its three parts, the x5c certificates (DER) from the header.
private struct CorpusJWS {
    let signingInput: [UInt8]
    let signature: [UInt8]
    let x5c: [[UInt8]]

    init(_ name: String) throws {
        let text = try String(
            contentsOf: corpusDirectory.appendingPathComponent("jws").appendingPathComponent(name), encoding: .utf8)
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(
            separator: ".", omittingEmptySubsequences: false)
        try #require(parts.count == 3)
        let header = try #require(base64URLDecode(parts[0]))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(header)) as? [String: Any])
        #expect(json["alg"] as? String == "ES256")
        let chain = try #require(json["x5c"] as? [String])
        x5c = try chain.map { try #require(Data(base64Encoded: $0)).map { $0 } }
        signingInput = Array("\(parts[0]).\(parts[1])".utf8)
        signature = try #require(base64URLDecode(parts[2]))
    }
}

private let appleJWSFiles = [
    "mingos_sandbox-signedTransaction-consumable_2025.jws", "aporat_sandbox-TEST-notification_2022.jws",
]

private func appleCorpusCertificate(_ name: String) throws -> Certificate {
    try Certificate(derEncoded: readBytes(corpusDirectory.appendingPathComponent("certs").appendingPathComponent(name)))
}

@Suite("ECDSA with real Apple certificates and JWS", .enabled(if: corpusPresent, "../shared/corpus is absent"))
struct ECDSACorpusTests {
    @Test(
        "RFC 5758 §3.2: each Apple JWS leaf (x5c[0]) verifies under WWDR G6; a flipped bit does not",
        arguments: appleJWSFiles)
    func leafUnderG6(file: String) throws {
        let g6 = try appleCorpusCertificate("extracted_AppleWWDRCA-G6-EC.cer")
        let jws = try CorpusJWS(file)
        let leafDER = try #require(jws.x5c.first)
        let leaf = try Certificate(derEncoded: leafDER)
        #expect(leaf.signatureAlgorithm == .ecdsa(.sha384))
        #expect(x509ErrorCode { () throws(X509Error) in try leaf.verifySignature(issuedBy: g6) } == "no error")

        // One bit of the signature BIT STRING (its last octet) and one bit inside the TBS.
        let tbsStart = 4 + 4  // outer SEQUENCE header (4 octets) then TBS header (4): inside the TBS
        for index in [leafDER.count - 1, tbsStart + 20] {
            var tampered = leafDER
            tampered[index] ^= 0x01
            let code = x509ErrorCode { () throws(X509Error) in
                try Certificate(derEncoded: tampered).verifySignature(issuedBy: g6)
            }
            #expect(code == "signature.invalid", "flip at \(index)")
        }
    }

    @Test(
        "RFC 7518 §3.4: the ES256 signature of each Apple JWS verifies with its leaf key (raw r ‖ s)",
        arguments: appleJWSFiles)
    func jwsSignature(file: String) throws {
        let jws = try CorpusJWS(file)
        let leaf = try Certificate(derEncoded: try #require(jws.x5c.first))
        guard case .ec(let key) = leaf.publicKey else {
            Issue.record("leaf key is not EC")
            return
        }
        #expect(key.curve == .p256)
        #expect(jws.signature.count == 64)
        let digest = HashAlgorithm.sha256.hash(jws.signingInput)
        #expect(key.isValidSignatureVarTime(raw: jws.signature[...], digest: digest))
        var flipped = jws.signature
        flipped[17] ^= 0x80
        #expect(!key.isValidSignatureVarTime(raw: flipped[...], digest: digest))
        var otherInput = jws.signingInput
        otherInput[otherInput.count - 1] ^= 0x01
        #expect(!key.isValidSignatureVarTime(raw: jws.signature[...], digest: HashAlgorithm.sha256.hash(otherInput)))
        // The same signature in DER form is not accepted as raw, nor raw as DER.
        #expect(!key.isValidSignatureVarTime(der: jws.signature[...], digest: digest))
    }

    @Test("SEC 1 §2.3.4: an invalid EC point in a certificate names its offset")
    func invalidPointNamesOffset() throws {
        let g3 = try appleCorpusCertificate("extracted_AppleRootCA-G3.cer")
        guard case .ec(let key) = g3.publicKey else {
            Issue.record("G3 key is not EC")
            return
        }
        var der = try readBytes(corpusDirectory.appendingPathComponent("certs/extracted_AppleRootCA-G3.cer"))
        let pointOffset = try #require(indexOf(key.sec1Point, in: der))
        der[pointOffset + 96] ^= 0x01  // last octet of Y: off the curve
        do {
            _ = try Certificate(derEncoded: der)
            Issue.record("an off-curve point was accepted")
        } catch {
            #expect(error.code == "x509.badPublicKey")
            #expect(error.description.contains("offset \(pointOffset)"), "\(error)")
            #expect(error.description.contains("pointNotOnCurve"), "\(error)")
        }
    }
}

/// The first index where `needle` occurs in `haystack`.
private func indexOf(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}
