// CompactJWS: the JWS Compact Serialization (RFC 7515 §7.1) of an ES256 signature with an `x5c`
// certificate chain (RFC 7515 §4.1.6).
//
// Accepts: exactly three base64url parts (RFC 7515 §2, no padding, canonical trailing bits)
// separated by `.`; a protected header that is a strict JSON object (PureJSON: no duplicate
// names) with `alg` = "ES256" and `x5c` = a non-empty array of base64 (RFC 4648 §4) DER
// certificates; optional string members `typ` and `kid`; a 64-byte signature (raw r ‖ s).
// Rejects: every other `alg` (`none`, `HS256`, `RS256`, …: no algorithm confusion), `crit`
// (no extension is understood), `jku`, `jwk`, `x5u` (keys are taken from `x5c` only), a
// DER-encoded ECDSA signature, any white space or padding.
// Ignores: other header members (RFC 7515 §4: they "MUST be ignored" when not understood).
// Does not: verify anything. `JWSVerification.swift` checks the signature and the chain; the
// payload bytes are returned undecoded, for the caller to read only after verification.

import PureDER
public import PureJSON

/// A parsed, not yet verified, compact JWS.
public struct CompactJWS: Sendable {
    /// The decoded protected header, lossless.
    public let header: JSONObject
    /// `typ`, when present.
    public let type: String?
    /// `kid`, when present.
    public let keyID: String?
    /// The `x5c` certificates, in the order given (leaf first).
    public let certificates: [Certificate]
    /// The decoded payload bytes (not read here).
    public let payload: [UInt8]
    /// The 64-byte signature r ‖ s.
    public let signature: [UInt8]
    /// The JWS Signing Input: the ASCII bytes `BASE64URL(header) '.' BASE64URL(payload)`.
    public let signingInput: ArraySlice<UInt8>

    /// Parses a compact JWS given as its ASCII bytes.
    public init(compact bytes: [UInt8]) throws(JWSError) {
        try self.init(compact: bytes, cache: VerifiedChainCache(capacity: 0))
    }

    /// `init(compact:)`, taking each `x5c` certificate whose decoded bytes are identical to one of a
    /// path `cache` remembers from there, parsed when it was remembered (the same value: parsing
    /// depends on the bytes alone).
    public init(compact bytes: [UInt8], cache: VerifiedChainCache) throws(JWSError) {
        guard bytes.count <= JSONLimits.maxInputBytes else { throw JWSError(.inputTooLarge) }
        // RFC 7515 §7.1: "BASE64URL(UTF8(JWS Protected Header)) || '.' || BASE64URL(JWS Payload)
        // || '.' || BASE64URL(JWS Signature)": exactly two dots.
        let dots = bytes.indices.filter { bytes[$0] == 0x2E }
        guard dots.count == 2, let first = dots.first, let second = dots.last else {
            throw JWSError(.partCount, at: dots.count > 2 ? dots[2] : 0, "\(dots.count + 1) parts")
        }
        // RFC 7515 §2: each part is base64url "with all trailing '=' characters omitted".
        let headerBytes = try Self.base64(bytes, 0..<first, .urlUnpadded, "header")
        payload = try Self.base64(bytes, (first + 1)..<second, .urlUnpadded, "payload")
        signature = try Self.base64(bytes, (second + 1)..<bytes.count, .urlUnpadded, "signature")
        signingInput = bytes[0..<second]

        let parsed: JSONValue
        do throws(JSONError) {
            parsed = try JSONReader.read(headerBytes)
        } catch {
            throw JWSError(.headerJSON, at: 0, "\(error.code) at header byte \(error.offset)")
        }
        guard let object = parsed.objectValue else { throw JWSError(.headerJSON, at: 0, "not an object") }
        header = object
        // RFC 7515 §4.1.1: "alg" identifies the algorithm; RFC 8725 §3.1: libraries "MUST enable
        // the caller to specify a supported set of algorithms": ours is exactly { ES256 }.
        guard let alg = object["alg"] else { throw JWSError(.headerMember, at: 0, "alg") }
        guard alg.stringValue == "ES256" else {
            throw JWSError(.algorithmNotAllowed, at: 0, alg.stringValue ?? "not a string")
        }
        // RFC 7515 §4.1.11: crit lists extensions that "MUST be understood and processed"; we
        // understand none, so a header carrying crit is refused.
        guard object["crit"] == nil else { throw JWSError(.criticalHeader, at: 0, "crit") }
        // RFC 7515 §4.1.2: keys from jku, jwk or x5u would let the data name its own key; refused.
        for name in ["jku", "jwk", "x5u"] where object[name] != nil {
            throw JWSError(.headerMember, at: 0, name)
        }
        type = try Self.optionalString(object, "typ")
        keyID = try Self.optionalString(object, "kid")
        // RFC 7515 §4.1.6: x5c is "a JSON array of certificate value strings. Each string in the
        // array is a base64-encoded (Section 4 of [RFC4648] -- not base64url-encoded) DER PKIX
        // certificate value."
        guard let chain = object["x5c"]?.arrayValue, !chain.isEmpty else {
            throw JWSError(.headerMember, at: 0, "x5c")
        }
        guard chain.count <= Limits.maxCertificates else { throw JWSError(.inputTooLarge, at: 0, "x5c") }
        var certificates: [Certificate] = []
        for (index, entry) in chain.enumerated() {
            guard let text = entry.stringValue else { throw JWSError(.headerMember, at: 0, "x5c[\(index)]") }
            let utf8 = Array(text.utf8)
            let der = try Self.base64(utf8, 0..<utf8.count, .unwrapped, "x5c[\(index)]")
            if let known = cache.certificate(encodedAs: der[...]) {
                certificates.append(known)
                continue
            }
            do throws(X509Error) {
                certificates.append(try Certificate(derEncoded: der))
            } catch {
                throw JWSError(.certificate, at: 0, "x5c[\(index)]: \(error.code)")
            }
        }
        self.certificates = certificates
        // RFC 7518 §3.4: the ES256 signature is "the concatenation of the two unsigned integers"
        // R and S, each 32 octets: 64 octets, never a DER ECDSA-Sig-Value.
        guard signature.count == 64 else {
            throw JWSError(.signatureLength, at: second + 1, "\(signature.count) bytes")
        }
    }

    /// `range` of `bytes` decoded as `options` base64 (PureDER `Base64`); a refusal is `.base64` at
    /// the offending byte's index in `bytes`, or at the end of `range` when its length is wrong.
    private static func base64(_ bytes: [UInt8], _ range: Range<Int>, _ options: Base64.Options, _ what: String)
        throws(JWSError) -> [UInt8]
    {
        do throws(Base64Error) {
            return try Base64.decode(bytes, in: range, options)
        } catch {
            throw JWSError(.base64, at: error.offset ?? range.upperBound, what)
        }
    }

    /// The string member `name`, nil when absent, `.headerMember` when not a string.
    private static func optionalString(_ object: JSONObject, _ name: String) throws(JWSError) -> String? {
        guard let value = object[name] else { return nil }
        guard let text = value.stringValue else { throw JWSError(.headerMember, at: 0, name) }
        return text
    }
}
