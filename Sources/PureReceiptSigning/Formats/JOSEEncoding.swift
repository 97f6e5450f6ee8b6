// The encodings of a compact JWS (RFC 7515 §7.1): base64url without padding (RFC 7515 §2,
// RFC 4648 §5) and the JSON text of the header and claims (RFC 8259), written by a small writer
// of our own: the package's document writer lives in PureReceipt, which this product must not
// import.

import PureDER
import PureJSON

enum JOSEEncoding {
    /// RFC 7515 §2 Base64url: the URL-safe alphabet, no padding.
    static func base64URL(_ bytes: [UInt8]) -> String {
        var text = Array(Base64.encode(bytes).utf8)
        while text.last == 0x3D { text.removeLast() }  // '='
        for i in text.indices {
            if text[i] == 0x2B { text[i] = 0x2D }  // '+' → '-'
            if text[i] == 0x2F { text[i] = 0x5F }  // '/' → '_'
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// BASE64URL(header) '.' BASE64URL(payload) '.' BASE64URL(r ‖ s): RFC 7515 §7.1 with the
    /// ES256 signature of RFC 7518 §3.4 over the ASCII signing input.
    static func compactJWS(header: [UInt8], payload: [UInt8], key: SigningKey, nonce: NonceGeneration) -> String {
        let signingInput = base64URL(header) + "." + base64URL(payload)
        let signature = key.signature(for: Array(signingInput.utf8), nonce: nonce)
        return signingInput + "." + base64URL(signature.raw)
    }
}

/// A compact JSON writer for objects of claims: strings escaped per RFC 8259 §7, numbers as
/// their literal text, members in the order written.
struct JSONText {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    mutating func beginObject() {
        separate()
        bytes.append(0x7B)
        needsComma.append(false)
    }

    mutating func endObject() {
        bytes.append(0x7D)
        needsComma.removeLast()
    }

    mutating func beginArray() {
        separate()
        bytes.append(0x5B)
        needsComma.append(false)
    }

    mutating func endArray() {
        bytes.append(0x5D)
        needsComma.removeLast()
    }

    /// A member name; the value follows.
    mutating func key(_ name: String) {
        separate()
        quote(name)
        bytes.append(0x3A)
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = false }
    }

    mutating func string(_ value: String) {
        separate()
        quote(value)
    }

    mutating func literal(_ text: String) {
        separate()
        bytes += Array(text.utf8)
    }

    mutating func integer(_ value: Int64) { literal(String(value)) }

    /// Any value the reader produced, written back compactly (numbers keep their text).
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: literal("null")
        case .bool(let b): literal(b ? "true" : "false")
        case .number(let n): literal(n.text)
        case .string(let s): string(s)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.members {
                key(member.name)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// The comma before every value but the first of its container.
    private mutating func separate() {
        guard let last = needsComma.last else { return }
        if last { bytes.append(0x2C) }
        needsComma[needsComma.count - 1] = true
    }

    /// RFC 8259 §7: '"' and '\' escaped, control characters as \u00XX, everything else as UTF-8.
    private mutating func quote(_ text: String) {
        bytes.append(0x22)
        let hexDigits = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C: bytes += [0x5C, byte]
            case 0x00..<0x20: bytes += [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }
}
