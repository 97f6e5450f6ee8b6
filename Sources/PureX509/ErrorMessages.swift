// ErrorMessages: the words of the certificate, CMS and JWS errors, for people (presentation: the
// kind, code and offset each layer found are in X509Error.swift, CMS/CMSError.swift and
// JWS/JWSError.swift; nothing decides on this text). Every text that can hold input (an object
// identifier, a detail, a JWS header value) is written `displayBounded`: at most 256 characters of
// it, escaped.

import PureDER

extension X509Error: CustomStringConvertible {
    /// The subject of the certificate concerned, rendered for a message (bounded; nil when none is).
    public var certificate: String? { subject?.description }

    public var description: String {
        let what: String
        switch kind {
        case .encoding(let error): what = "malformed certificate: \(error)"
        case .unsupportedVersion: what = "certificate version not supported (only v1 and v3)"
        case .algorithmMismatch: what = "signatureAlgorithm differs from TBSCertificate.signature"
        case .unsupportedSignatureAlgorithm(let oid): what = "signature algorithm \(bounded(oid)) not supported"
        case .unsupportedPublicKey(let detail): what = "public key not supported: \(detail.displayBounded)"
        case .badPublicKey(let detail): what = "invalid public key: \(detail.displayBounded)"
        case .duplicateExtension(let oid): what = "extension \(bounded(oid)) appears twice"
        case .badExtension(let oid): what = "extension \(bounded(oid)) is malformed"
        case .signerNotFound: what = "signing certificate not found"
        case .untrusted: what = "no path to a trust anchor"
        case .certificateExpired: what = "certificate not valid at the verification time"
        case .leafMarkerMissing(let oid): what = "leaf lacks the extension \(bounded(oid)) the path rules require of it"
        case .intermediateMarkerMissing: what = "the leaf's issuer lacks the extension the path rules require of it"
        case .notCA: what = "issuing certificate is not allowed to act as a CA"
        case .unknownCriticalExtension(let oid): what = "unknown critical extension \(bounded(oid))"
        case .keyTooSmall: what = "RSA key smaller than the policy minimum"
        case .chainTooLong: what = "certificate chain too long"
        case .chainTooShort: what = "path too short: the anchor is the issuer the path rules require below it"
        case .badSignature: what = "signature does not verify"
        case .refused(let code): what = "a self-issued signer the path rules refuse (\(code))"
        case .keyUsageNotAllowed: what = "leaf keyUsage does not include digitalSignature"
        }
        guard let certificate else { return what }
        return "\(what) [certificate: \(certificate)]"
    }
}

extension CMSError: CustomStringConvertible {
    public var description: String {
        let location = offset.map { " at byte \($0)" } ?? ""
        switch kind {
        case .encoding(let error): return error.description
        case .structure(let text): return "CMS structure: \(text.displayBounded)\(location)"
        case .detachedContent: return "CMS: detached signature (no eContent)\(location)"
        case .signerCount(let count): return "CMS: expected exactly one SignerInfo, found \(count)"
        case .contentType(let oid): return "CMS structure: eContentType \(bounded(oid)) is not the one required"
        case .algorithmMismatch: return "CMS: digest and signature algorithms disagree\(location)"
        case .unsupportedAlgorithm(let oid): return "CMS: unsupported algorithm \(bounded(oid))\(location)"
        case .messageDigestMismatch: return "CMS: messageDigest attribute does not match the content\(location)"
        case .contentTypeMismatch: return "CMS: contentType attribute does not match eContentType\(location)"
        case .signedAttributes(let text): return "CMS signed attributes: \(text.displayBounded)\(location)"
        case .chain(let error): return "\(error)"
        }
    }
}

extension JWSError: CustomStringConvertible {
    /// What was found, in words, then the detail and where: e.g. "the signature does not verify
    /// with x5c[0]'s key", "x5c certificate chain refused (chain.untrusted: no path to a trust
    /// anchor [certificate: CN=…])".
    public var description: String {
        let what: String
        switch kind {
        case .partCount where offset == 0:
            // Fewer than three parts: the usual cause is a JWS cut short when copied.
            let dot = detail == "2 parts" ? "no second dot" : "no dot"
            return "not a compact JWS: expected three dot-separated parts, header.payload.signature (\(dot): "
                + "was it cut short?)"
        case .partCount: what = "not a compact JWS: expected three dot-separated parts"
        case .base64: what = "not strict base64url"
        case .headerJSON: what = "the protected header is not a strict JSON object"
        case .headerMember: what = "header member missing or of the wrong type"
        case .algorithmNotAllowed: what = "header alg is not ES256"
        case .criticalHeader: what = "the header carries crit, which is never understood"
        case .signatureLength: what = "the signature is not 64 bytes (ES256 r ‖ s)"
        case .inputTooLarge: what = "larger than the limit"
        case .certificate: what = "an x5c certificate does not parse"
        case .chain: what = "x5c certificate chain refused"
        case .keyType: what = "the signing certificate's key is not P-256"
        case .signatureInvalid: what = "the signature does not verify with x5c[0]'s key"
        case .payloadJSON: what = "the payload is not a strict JSON object"
        }
        return what + (detail.isEmpty ? "" : " (\(detail.displayBounded))") + (offset > 0 ? " at byte \(offset)" : "")
    }
}

/// An object identifier in a message: its dotted text, at most `maxDisplayedCharacters` of it (an
/// identifier of 64 arcs is about 1 240 characters).
private func bounded(_ oid: OID) -> String { oid.description.displayBounded }
