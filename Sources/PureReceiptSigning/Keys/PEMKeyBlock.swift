// The PEM textual encoding of private keys (RFC 7468 §2, §10 PKCS #8, §11 encrypted PKCS #8;
// SEC 1 keys use the same form with the label EC PRIVATE KEY).
//
// Accepts: any text before the first block and after it, blank space around lines, CR LF or LF;
// EC PARAMETERS blocks are skipped. Refuses: ENCRYPTED PRIVATE KEY and legacy encrypted PEM
// (a Proc-Type header), RSA/DSA PRIVATE KEY labels (another algorithm), a missing END line.

import PureDER

struct PEMKeyBlock {
    var label: String
    var der: [UInt8]

    /// The first key block in `text`.
    static func first(in text: [UInt8]) throws(SigningKeyError) -> PEMKeyBlock {
        let begin = Array("-----BEGIN ".utf8)
        let dashes = Array("-----".utf8)
        var position = 0
        while let start = find(begin, in: text, from: position) {
            let labelStart = start + begin.count
            guard let labelEnd = find(dashes, in: text, from: labelStart) else { break }
            let label = String(decoding: text[labelStart..<labelEnd], as: UTF8.self)
            let bodyStart = labelEnd + dashes.count
            let end = Array("-----END \(label)-----".utf8)
            guard let bodyEnd = find(end, in: text, from: bodyStart) else {
                throw .malformed(field: "PEM (no END line)")
            }
            position = bodyEnd + end.count
            switch label {
            case "EC PARAMETERS": continue
            case "ENCRYPTED PRIVATE KEY": throw .encrypted
            case "RSA PRIVATE KEY", "DSA PRIVATE KEY", "OPENSSH PRIVATE KEY": throw .unsupportedAlgorithm
            case "PRIVATE KEY", "EC PRIVATE KEY": break
            default: continue
            }
            // RFC 1421 headers (Proc-Type: 4,ENCRYPTED, DEK-Info) mark an encrypted legacy key.
            if find(Array("Proc-Type:".utf8), in: text, from: bodyStart).map({ $0 < bodyEnd }) ?? false {
                throw .encrypted
            }
            guard let der = try? Base64.decode(text, in: bodyStart..<bodyEnd, .wrapped) else {
                throw .malformed(field: "PEM base64")
            }
            return PEMKeyBlock(label: label, der: der)
        }
        throw .unrecognizedFormat
    }

    /// The first index ≥ from where `needle` starts in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        for i in from...(haystack.count - needle.count)
        where haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }
}
