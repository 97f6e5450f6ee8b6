// purereceipt verify --public-key FILE [JWS-FILE]: a compact JWS (RFC 7515 §7.1) signed with
// ES256 (RFC 7518 §3.4) by the holder of a given P-256 public key: the requests and tokens the
// signing commands make, checked in one command. No certificate chain and no x5c: the key is the
// trust decision. The header must say "alg": "ES256" and carry no x5c and no crit.

import Foundation
import PureCrypto
import PureDER
import PureJSON
import PureReceiptRunner

enum PublicKeyVerify {
    static func run(_ arguments: [String]) -> Int32 {
        let options = parseArguments(arguments, command: "verify", valued: ["--public-key"], flags: []) {
            usageError("verify --public-key: \($0)", command: "verify")
        }
        guard let keyPath = options.last("--public-key") else { return ExitCode.usage }
        let keyBytes = SigningInput.read(keyPath, limit: SigningInput.maxKeyBytes, what: "public key")
        guard let key = publicKey(keyBytes) else {
            fail(
                "public key \(keyPath): expected a P-256 SubjectPublicKeyInfo (PEM PUBLIC KEY or DER)",
                ExitCode.malformed)
        }
        let input = SigningInput.read(options.positional.first ?? "-", limit: SigningInput.maxClaimsBytes, what: "JWS")
        let text = input.filter { $0 != 0x0A && $0 != 0x0D && $0 != 0x20 }
        let parts = text.split(separator: 0x2E, omittingEmptySubsequences: false)
        let decoded = parts.map { try? Base64.decode(Array($0), in: 0..<$0.count, .urlUnpadded) }
        guard parts.count == 3, let headerBytes = decoded[0], let payloadBytes = decoded[1], let signature = decoded[2],
            case .object(let header)? = try? JSONReader.read(headerBytes),
            (try? JSONReader.read(payloadBytes)) != nil
        else {
            fail("not a compact JWS (three base64url parts, JSON header and payload)", ExitCode.malformed)
        }
        // RFC 7515 §4.1.1: alg must be understood; here exactly ES256. x5c and crit are refused.
        guard header["alg"]?.stringValue == "ES256" else {
            fail("the JWS header's alg is not ES256", ExitCode.malformed)
        }
        guard header["x5c"] == nil, header["crit"] == nil else {
            fail("the JWS header has x5c or crit: verify it without --public-key", ExitCode.malformed)
        }
        let signingInput = Array(parts[0]) + [0x2E] + Array(parts[1])
        guard key.isValidSignatureVarTime(raw: signature[...], digest: SHA256.hash(signingInput)) else {
            print("not genuine: the ES256 signature does not verify with \(keyPath)")
            return ExitCode.notGenuine
        }
        print("genuine: ES256 signature verified with \(keyPath)")
        print("header: \(String(decoding: headerBytes, as: UTF8.self))")
        print("payload: \(String(decoding: payloadBytes, as: UTF8.self))")
        return ExitCode.genuine
    }

    /// RFC 5480 §2: SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING point }, in
    /// DER or in a PEM "PUBLIC KEY" block (RFC 7468 §13).
    static func publicKey(_ bytes: [UInt8]) -> ECPublicKey? {
        var der = bytes
        let begin = Array("-----BEGIN PUBLIC KEY-----".utf8)
        let end = Array("-----END PUBLIC KEY-----".utf8)
        if bytes.first != 0x30 {
            guard let start = offset(of: begin, in: bytes), let stop = offset(of: end, in: bytes),
                stop >= start + begin.count,
                let decoded = try? Base64.decode(bytes, in: (start + begin.count)..<stop, .wrapped)
            else { return nil }
            der = decoded
        }
        guard var spki = try? DERCursor.single(der, "SubjectPublicKeyInfo").content,
            var algorithm = try? spki.readSequence("algorithm"),
            (try? algorithm.readOID("algorithm")) == OID(1, 2, 840, 10045, 2, 1),
            (try? algorithm.readOID("namedCurve")) == OID(1, 2, 840, 10045, 3, 1, 7), algorithm.isAtEnd,
            let point = try? spki.readBitString("subjectPublicKey"), point.unusedBits == 0, spki.isAtEnd
        else { return nil }
        return try? ECPublicKey(curve: .p256, sec1Point: point.bytes)
    }
}
