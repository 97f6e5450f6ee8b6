// KeyUsage (RFC 5280 §4.2.1.3): the purposes the certified key may be used for.
//
// Accepts: a BIT STRING of one or two content octets (the nine named bits), unused bits zero, at
// least one bit set. Trailing zero bits (a DER violation, X.690 §11.2.2) are tolerated: see below.
// Does not check: combinations the RFC discourages (e.g. encipherOnly without keyAgreement).
//
// KeyUsage ::= BIT STRING {
//      digitalSignature        (0),
//      nonRepudiation          (1), -- recent editions of X.509 have
//                                   -- renamed this bit to contentCommitment
//      keyEncipherment         (2),
//      dataEncipherment        (3),
//      keyAgreement            (4),
//      keyCertSign             (5),
//      cRLSign                 (6),
//      encipherOnly            (7),
//      decipherOnly            (8) }

import PureDER

/// The decoded keyUsage extension: bit n of the ASN.1 BIT STRING is `1 << n` here.
public struct KeyUsage: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bit 0, `digitalSignature`: verifying signatures other than on certificates and CRLs.
    public static let digitalSignature = KeyUsage(rawValue: 1 << 0)
    /// Bit 1, `nonRepudiation`: non-repudiation (X.509's contentCommitment).
    public static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
    /// Bit 2, `keyEncipherment`: enciphering keys.
    public static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
    /// Bit 3, `dataEncipherment`: enciphering user data.
    public static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
    /// Bit 4, `keyAgreement`: key agreement.
    public static let keyAgreement = KeyUsage(rawValue: 1 << 4)
    /// Bit 5, `keyCertSign`: verifying signatures on certificates.
    public static let keyCertSign = KeyUsage(rawValue: 1 << 5)
    /// Bit 6, `cRLSign`: verifying signatures on CRLs.
    public static let cRLSign = KeyUsage(rawValue: 1 << 6)
    /// Bit 7, `encipherOnly`: with keyAgreement: enciphering only.
    public static let encipherOnly = KeyUsage(rawValue: 1 << 7)
    /// Bit 8, `decipherOnly`: with keyAgreement: deciphering only.
    public static let decipherOnly = KeyUsage(rawValue: 1 << 8)

    /// Reads the extension value at the cursor.
    static func read(_ cursor: inout DERCursor) throws(DERError) -> KeyUsage {
        let start = cursor.offset
        let bits = try cursor.readBitString("KeyUsage")
        // Nine named bits fit in two octets; more would only carry bits no edition defines.
        guard (1...2).contains(bits.bytes.count) else {
            throw DERError(.invalidValue, at: start, "KeyUsage: not 1 or 2 octets")
        }
        // Not enforced: X.690 §11.2.2 asks DER encoders to drop trailing 0 bits of a named bit list;
        // trusted roots break it (Trustwave Global ECC P-256/P-384 in the Debian
        // store encode keyUsage as 03 03 07 06 00), and the bits read the same either way.
        // Unused bits must still be zero (checked by readBitString under DER).
        var value: UInt16 = 0
        for (index, octet) in bits.bytes.enumerated() {
            // BIT STRING bit k of octet i is named bit 8i + k, counted from the most significant bit.
            for bit in 0..<8 where octet & (0x80 >> bit) != 0 {
                value |= 1 << (index * 8 + bit)
            }
        }
        // RFC 5280 §4.2.1.3: "When the keyUsage extension appears in a certificate, at least one of
        // the bits MUST be set to 1."
        guard value != 0 else { throw DERError(.invalidValue, at: start, "KeyUsage: no bit set") }
        return KeyUsage(rawValue: value)
    }
}
