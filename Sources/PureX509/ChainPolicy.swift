// ChainPolicy and AppleMarkers: what, beyond RFC 5280 path validation, a receipt signer's chain
// must satisfy.
//
// `.apple`: the path is exactly leaf → intermediate → anchor; the leaf carries Apple's
// receipt-signing marker extension and the certificate that issued it Apple's WWDR intermediate
// marker; every RSA key has at least 2048 bits. Without the two markers, any certificate that
// chains to Apple's root — every developer's code-signing certificate does — could sign a
// "receipt".
// `.xcode(cert)`: the signer is byte-identical to `cert`, a self-signed certificate the caller
// chose to accept (Xcode's StoreKit testing certificate). Its private key ships with Xcode, so a
// receipt signed with it proves nothing: accept it only in development.

public import PureDER

/// Apple's marker extensions (their value is not read; presence is what counts).
public enum AppleMarkers {
    /// Carried by the "Mac App Store and iTunes Store Receipt Signing" leaf certificates.
    public static let receiptSigningLeaf = OID(1, 2, 840, 113_635, 100, 6, 11, 1)
    /// Carried by the Apple Worldwide Developer Relations intermediate certificates.
    public static let wwdrIntermediate = OID(1, 2, 840, 113_635, 100, 6, 2, 1)
}

/// The policy a signer's certificate chain is verified under.
public enum ChainPolicy: Sendable {
    /// Apple's receipt-signing PKI: leaf marker, intermediate marker, path leaf → intermediate →
    /// anchor exactly, RSA keys ≥ 2048 bits.
    case apple
    /// The signer must be byte-identical to this self-signed certificate; its self-signature is
    /// verified. The anchors passed to `verifyChain` are not used.
    case xcode(Certificate)

    /// Smallest RSA modulus, in bits, the Apple policy accepts anywhere in the path.
    public static let appleMinimumRSABits = 2048
}
