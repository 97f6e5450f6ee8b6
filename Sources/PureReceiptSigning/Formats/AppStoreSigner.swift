// AppStoreSigner: a key from App Store Connect with the identifiers every signed format names.
// The library never reads the clock and never draws a nonce on its own: each call takes the
// instant and the nonce (and, through `NonceGeneration`, the hedging randomness of the ECDSA
// nonce, by default the system generator).

/// A signing key with its key identifier, issuer identifier and bundle identifier.
public struct AppStoreSigner: Sendable {
    /// The private key (a `.p8` from App Store Connect).
    public let key: SigningKey
    /// The key's identifier in App Store Connect (the JWS header's `kid`).
    public let keyID: String
    /// The issuer identifier from the Keys page in App Store Connect (`iss`).
    public let issuerID: String
    /// The app's bundle identifier (`bid`).
    public let bundleID: String

    /// Refuses empty identifiers.
    public init(key: SigningKey, keyID: String, issuerID: String, bundleID: String) throws(SigningError) {
        for (name, value) in [
            ("key identifier", keyID), ("issuer identifier", issuerID), ("bundle identifier", bundleID),
        ]
        where value.isEmpty {
            throw .emptyField(name)
        }
        (self.key, self.keyID, self.issuerID, self.bundleID) = (key, keyID, issuerID, bundleID)
    }

    /// The JOSE header of every JWS here: {"alg":"ES256","kid":…,"typ":"JWT"} (RFC 7515 §4.1).
    var header: [UInt8] {
        var json = JSONText()
        json.beginObject()
        json.key("alg")
        json.string("ES256")
        json.key("kid")
        json.string(keyID)
        json.key("typ")
        json.string("JWT")
        json.endObject()
        return json.bytes
    }
}

/// Whether `text` is a UUID in the 8-4-4-4-12 hexadecimal form (either letter case).
func isUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (i, byte) in bytes.enumerated() {
        let isHyphen = byte == 0x2D
        let isHex = (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        guard [8, 13, 18, 23].contains(i) ? isHyphen : isHex else { return false }
    }
    return true
}
