// HMAC-SHA256 (RFC 2104, FIPS 198-1) over PureCrypto's SHA-256: the one HMAC of the package,
// used by the nonce generator (RFC 6979 §3.2, SP 800-90A HMAC_DRBG).
//
// Accepts: keys and messages of any length (a key longer than the 64-byte block is hashed first,
// RFC 2104 §2). Timing depends on the lengths only, never on the bytes (SHA-256 has no
// data-dependent branch or index; the pads are XORs over all 64 bytes).

import PureCrypto

/// HMAC with SHA-256: a 32-byte tag. The hash states after the key's two pad blocks are computed
/// once per key and copied for each tag (SHA256 is a value), so a key used twice hashes its pads once.
struct HMACSHA256 {
    /// SHA-256 after the block K ⊕ ipad, and after K ⊕ opad.
    private let inner: SHA256
    private let outer: SHA256

    init(key: [UInt8]) {
        // RFC 2104 §2: "if the key is longer than B bytes, first hash it"; then zero-pad to B = 64.
        var block = key.count > 64 ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        (self.inner, self.outer) = (inner, outer)
    }

    /// HMAC(K, a ‖ b ‖ c) = H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ a ‖ b ‖ c)). Three parameters, not a
    /// variadic list: an array of arrays would instantiate runtime metadata on first use, whose
    /// cache lookups differ between runs and would blur the callgrind comparison.
    func authenticationCode(_ a: [UInt8], _ b: [UInt8] = [], _ c: [UInt8] = []) -> [UInt8] {
        var inner = self.inner
        inner.update(a + b + c)
        var outer = self.outer
        outer.update(inner.finalize())
        return outer.finalize()
    }
}

/// HMAC_DRBG with SHA-256 (NIST SP 800-90A Rev. 1 §10.1.2), without reseeding: RFC 6979 §3.2
/// steps b–h are its instantiate and generate. State: V (32 bytes) and the HMAC of the key K.
struct HMACDRBG {
    private var mac: HMACSHA256
    private var value: [UInt8]
    /// The additional input of the last generate's closing update, not yet applied (see generate).
    private var deferredUpdate: [UInt8]?

    /// §10.1.2.3 instantiate: K = 0x00…, V = 0x01…, then update with seed material
    /// entropy ‖ nonce ‖ personalization.
    init(entropy: [UInt8], nonce: [UInt8], personalization: [UInt8] = []) {
        mac = HMACSHA256(key: [UInt8](repeating: 0, count: 32))
        value = [UInt8](repeating: 1, count: 32)
        update(entropy + nonce + personalization)
    }

    /// §10.1.2.2 update: K = HMAC(K, V ‖ 0x00 ‖ data), V = HMAC(K, V); and when data is not
    /// empty, once more with 0x01.
    private mutating func update(_ data: [UInt8]) {
        mac = HMACSHA256(key: mac.authenticationCode(value, [0x00], data))
        value = mac.authenticationCode(value)
        guard !data.isEmpty else { return }
        mac = HMACSHA256(key: mac.authenticationCode(value, [0x01], data))
        value = mac.authenticationCode(value)
    }

    /// §10.1.2.5 generate: `count` bytes (V = HMAC(K, V) per 32 bytes), then the update with the
    /// additional input. The count is a public length. That closing update changes only the state
    /// the next call starts from, so it runs at the start of the next call: the same outputs, and a
    /// signature whose first candidate k is accepted (RFC 6979 §3.2 step h.3) never pays for it.
    mutating func generate(_ count: Int, additionalInput: [UInt8] = []) -> [UInt8] {
        if let data = deferredUpdate { update(data) }
        if !additionalInput.isEmpty { update(additionalInput) }
        var out: [UInt8] = []
        while out.count < count {
            value = mac.authenticationCode(value)
            out += value
        }
        deferredUpdate = additionalInput
        return Array(out.prefix(count))
    }
}
