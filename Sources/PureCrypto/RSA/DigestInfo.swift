// DigestInfo encodings for EMSA-PKCS1-v1_5 (RFC 8017 §9.2), as fixed DER prefixes.
//
// Accepts: SHA-1, SHA-224, SHA-256, SHA-384, SHA-512, each with its AlgorithmIdentifier
// parameters present as NULL.
// Deliberately does not: parse a DigestInfo (verification builds the expected encoding and
// compares; RFC 8017 §8.2.2 step 3), or accept the variant with parameters omitted.
//
// Decision, parameters omitted (Wycheproof flag `MissingNull`, result "acceptable"): REJECTED.
// RFC 8017 §9.2 Note 1 gives T for each hash with the parameters written as NULL (`05 00`),
// and §8.2.2 step 3 verifies by re-encoding with EMSA-PKCS1-v1_5-ENCODE, which produces that
// one T. The omitted-parameters form is a legacy signer quirk (RFC 8017's ASN.1 notes let
// AlgorithmIdentifier *parsers* take both forms, but verification here parses nothing).
// Every signer we must accept (Apple's receipt and certificate signers, OpenSSL, the CAs in
// Debian's store) writes NULL, and each extra accepted encoding is one more expected EM that a
// forger may aim at. So there is exactly one expected encoding per hash.
// Recorded in Vectors/wycheproof/expectations.json and checked by the Wycheproof test.
//
// DigestInfo ::= SEQUENCE {
//     digestAlgorithm DigestAlgorithmIdentifier,
//     digest Digest }

extension HashAlgorithm {
    /// The DER encoding of DigestInfo up to (not including) the digest value H, with NULL
    /// parameters, as RFC 8017 §9.2 Note 1 lists it for each hash.
    var digestInfoPrefix: [UInt8] {
        switch self {
        case .sha1:
            // RFC 8017 §9.2 Note 1: "SHA-1: (0x)30 21 30 09 06 05 2b 0e 03 02 1a 05 00 04 14 || H."
            // (OID 1.3.14.3.2.26; the SHA-2 OIDs below are 2.16.840.1.101.3.4.2.{4,1,2,3}.)
            return [0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2B, 0x0E, 0x03, 0x02, 0x1A, 0x05, 0x00, 0x04, 0x14]
        // The SHA-2 hashes: 2.16.840.1.101.3.4.2.4, .1, .2, .3.
        case .sha224: return sha2DigestInfoPrefix(arc: 0x04)
        case .sha256: return sha2DigestInfoPrefix(arc: 0x01)
        case .sha384: return sha2DigestInfoPrefix(arc: 0x02)
        case .sha512: return sha2DigestInfoPrefix(arc: 0x03)
        }
    }

    /// RFC 8017 §9.2 Note 1's prefix for a SHA-2 hash, the four differing only in the last arc of
    /// the OID 2.16.840.1.101.3.4.2.`arc` and in the digest length n (`digestSize`: 28, 32, 48 or
    /// 64 bytes), e.g. "SHA-256: (0x)30 31 30 0d 06 09 60 86 48 01 65 03 04 02 01 05 00 04 20 || H.":
    /// SEQUENCE of 17 + n bytes { SEQUENCE of 13 { OID of 9, NULL }, OCTET STRING of n }.
    private func sha2DigestInfoPrefix(arc: UInt8) -> [UInt8] {
        let n = UInt8(digestSize)
        return [
            0x30, 0x11 + n, 0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, arc,
            0x05, 0x00, 0x04, n,
        ]
    }
}

/// RFC 8017 §9.2 EMSA-PKCS1-v1_5-ENCODE steps 2–5 for an already computed digest:
/// EM = 0x00 || 0x01 || PS || 0x00 || T, PS being emLength − tLen − 3 octets 0xff.
/// Returns nil when the digest length does not match the algorithm or emLength is too short.
func emsaPKCS1v15Encode(digest: [UInt8], algorithm: HashAlgorithm, emLength: Int) -> [UInt8]? {
    let prefix = algorithm.digestInfoPrefix
    guard digest.count == algorithm.digestSize else { return nil }
    let tLength = prefix.count + digest.count
    // RFC 8017 §9.2 step 3: "If emLen < tLen + 11, output "intended encoded message length too
    // short" and stop." (tLen ≤ 19 + 64, so the sum cannot overflow.)
    guard emLength >= tLength + 11 else { return nil }
    var em = [UInt8](repeating: 0xFF, count: emLength)
    em[0] = 0x00
    em[1] = 0x01
    // RFC 8017 §9.2 step 4: "The length of PS will be at least 8 octets." PS occupies
    // em[2 ..< emLength − tLen − 1]; the separator 0x00 follows it.
    let separator = emLength - tLength - 1
    em[separator] = 0x00
    // emLength ≥ tLength + 11, so separator + 1 + tLength = emLength: T fits exactly.
    em.replaceSubrange((separator + 1)..<(separator + 1 + prefix.count), with: prefix)
    em.replaceSubrange((separator + 1 + prefix.count)..<emLength, with: digest)
    return em
}
