// What a chain cache holds, counted in bytes: the bound stated in ChainCache.swift's header, for
// tests and documentation. No verification reads it.

import PureCrypto
import PureDER

extension VerifiedChainCache {
    /// Most bytes one entry holds (ChainCache.swift's header): its certificates' encodings (at most
    /// `Limits.maxCachedPathBytes` together), the anchor's SHA-256 and the largest RSA key's n and
    /// R² mod n. The path rules
    /// are the caller's value, not the input's.
    public static let maxEntryBytes =
        Limits.maxCachedPathBytes + 32 + 2 * RSAPublicKey.supportedModulusBits.upperBound / 8

    /// Bytes of certificates and keys the entries hold (each entry at most `maxEntryBytes`).
    public var storedBytes: Int {
        entries.reduce(0) { total, entry in
            var key = 0
            if case .rsa(let rsa) = entry.signerKey { key = 2 * rsa.modulusByteCount }
            return total + entry.signer.count + entry.path.reduce(0) { $0 + $1.count } + entry.anchorSHA256.count + key
        }
    }
}
