// AppleTrust: Apple's rules for each format, in one place, as data read by PureX509's one path
// check (`PathRules`, ChainVerification.swift), its path search and its SignedData verification
// (`CMSRules`). PureX509 knows none of them: every OID, size, length and code below is passed in.
//
//   app receipts (CMS)      one SignerInfo, eContentType id-data, an RSA signer of 2048 bits or
//                           more (`CMSRules.apple`); anchor Apple Inc. Root CA (pinned by SHA-256);
//                           path leaf → intermediate → anchor exactly; the leaf carries
//                           1.2.840.113635.100.6.11.1, its issuer 1.2.840.113635.100.6.2.1; RSA keys
//                           of 2048 bits or more (`PathRules.apple`)
//   StoreKit 2 (JWS)        anchor Apple Root CA - G3 (pinned); the same markers and shape; x5c is
//                           exactly [leaf, intermediate, root], the path's intermediate is x5c[1] and
//                           x5c[2] is the anchor (AppleJWSTrust.swift)
//   legacy receipts         anchor Apple Inc. Root CA; the intermediate is one the library pins for
//                           the receipt's version (LegacyCertificates.swift), never one from the
//                           data; leaf marker 1.2.840.113635.100.6.5.1 with RSA-1024 allowed for
//                           versions 1–2, 1.2.840.113635.100.6.11.1 with 2048 bits for version 3
//   Xcode (opt-in)          the caller's self-signed StoreKit-testing certificate is an ordinary
//                           anchor, and a signer byte-identical to it is its own path of one, its
//                           self-signature verified (`PathRules.xcode`); its key ships with Xcode,
//                           so such data is accepted only as environment Xcode. Under Apple's rules
//                           a self-issued signer without the receipt-signing marker is refused as
//                           Xcode's (`chain.xcodeNotAllowed`, `PathRules.xcodeSigner`)
// No intermediate is pinned for receipts or StoreKit data: Apple re-issues its WWDR intermediates,
// and any certificate Apple's root signed with the marker is accepted (Docs/SECURITY.md).

public import PureDER
public import PureX509

/// Apple's marker extensions, the OIDs that tell a receipt-signing certificate from any other
/// certificate under Apple's roots.
public enum AppleMarkers {
    /// The signing leaf of app receipts, StoreKit data and version 3 legacy receipts.
    public static let receiptSigningLeaf = OID(1, 2, 840, 113_635, 100, 6, 11, 1)
    /// Apple Worldwide Developer Relations intermediates.
    public static let wwdrIntermediate = OID(1, 2, 840, 113_635, 100, 6, 2, 1)
    /// The signing leaf of version 1–2 legacy transaction receipts (issued by the iTunes Store CA).
    public static let iTunesStoreLeaf = OID(1, 2, 840, 113_635, 100, 6, 5, 1)
}

extension TrustAnchors {
    // Apple receipt rule (pinned-root): a carried certificate is an anchor only when the SHA-256 of
    // its whole encoding equals a pinned fingerprint (Apple Inc. Root CA: b0b1730e…f024), which
    // PureX509's TrustAnchors compares (`pinnedSHA256`).
    /// SHA-256 of the DER encoding of Apple Inc. Root CA ("CN=Apple Root CA, OU=Apple
    /// Certification Authority, O=Apple Inc., C=US").
    public static let appleIncRootSHA256: [UInt8] = [
        0xb0, 0xb1, 0x73, 0x0e, 0xcb, 0xc7, 0xff, 0x45, 0x05, 0x14, 0x2c, 0x49, 0xf1, 0x29, 0x5e, 0x6e,
        0xda, 0x6b, 0xca, 0xed, 0x7e, 0x2c, 0x68, 0xc5, 0xbe, 0x91, 0xb5, 0xa1, 0x10, 0x01, 0xf0, 0x24,
    ]

    /// Apple Inc. Root CA, pinned by fingerprint.
    public static let appleIncRoot = TrustAnchors(certificates: [], pinnedSHA256: [appleIncRootSHA256])

    /// SHA-256 of the DER encoding of Apple Root CA - G3 ("CN=Apple Root CA - G3, OU=Apple
    /// Certification Authority, O=Apple Inc., C=US", P-384, 2014-04-30 → 2039-04-30), the root of
    /// StoreKit 2 signed data.
    public static let appleRootCAG3SHA256: [UInt8] = [
        0x63, 0x34, 0x3a, 0xbf, 0xb8, 0x9a, 0x6a, 0x03, 0xeb, 0xb5, 0x7e, 0x9b, 0x3f, 0x5f, 0xa7, 0xbe,
        0x7c, 0x4f, 0x5c, 0x75, 0x6f, 0x30, 0x17, 0xb3, 0xa8, 0xc4, 0x88, 0xc3, 0x65, 0x3e, 0x91, 0x79,
    ]

    /// Apple Root CA - G3, pinned by fingerprint.
    public static let appleRootCAG3 = TrustAnchors(certificates: [], pinnedSHA256: [appleRootCAG3SHA256])

}

extension PathRules {
    /// Apple's signing path for app receipts and StoreKit 2 data.
    // Apple receipt rule (marker-oids): the signer leaf carries the receipt-signing marker
    // 1.2.840.113635.100.6.11.1 and the certificate that issued it the WWDR intermediate marker
    // 1.2.840.113635.100.6.2.1; without them any certificate chaining to Apple's root could sign.
    // Apple receipt rule (chain-shape): leaf → intermediate → anchor, exactly.
    // Apple receipt rule (rsa-2048): every RSA key in an Apple receipt path has at least 2048 bits.
    // Apple receipt rule (path-order): the verdict does not depend on the order of the certificate
    // set; Apple's expired and current WWDR intermediates share name and key, and PureX509's path
    // search tries every candidate (PathBuilding.swift).
    public static let apple = PathRules(
        leafMarker: AppleMarkers.receiptSigningLeaf, issuerMarker: AppleMarkers.wwdrIntermediate, certificates: 3,
        minimumLeafRSABits: 2048, minimumRSABits: 2048, understoodExtensions: appleMarkers,
        selfIssuedLeafRefusal: xcodeSigner)

    /// The code of a self-issued signer without the receipt-signing marker under Apple's rules:
    /// Xcode's StoreKit-testing certificate (`selfIssuedLeafRefusal`).
    static let xcodeSigner = "chain.xcodeNotAllowed"

    /// Xcode's StoreKit testing: the path is the signer alone, one of the anchors given (the
    /// StoreKit-testing certificate the caller opted in with), byte-identical and self-signed.
    // Apple receipt rule (xcode-opt-in): the signer is byte-identical to the self-signed
    // StoreKit-testing certificate the caller opted in with, and its self-signature verifies; the
    // decision is this comparison of bytes, never the shape of the data.
    public static let xcode = PathRules(
        certificates: 1, minimumLeafRSABits: 0, minimumRSABits: 0, understoodExtensions: appleMarkers)

    /// Legacy transaction receipts of `version` (1–2: the iTunes Store CA; 3: WWDR 2013).
    // Apple legacy rule (leaf-marker): the signing leaf carries its version's marker
    // (1.2.840.113635.100.6.5.1 for versions 1–2, 1.2.840.113635.100.6.11.1 for version 3); the
    // issuing CAs also sign certificates that must not sign receipts.
    // Apple legacy rule (pinned-intermediate): leaf → pinned intermediate → anchor, exactly.
    // Apple legacy rule (rsa-1024-v1-v2): RSA-1024 only for a version 1–2 leaf; 2048 bits elsewhere.
    public static func legacy(version: UInt8) -> PathRules {
        PathRules(
            leafMarker: version == 3 ? AppleMarkers.receiptSigningLeaf : AppleMarkers.iTunesStoreLeaf,
            certificates: 3, minimumLeafRSABits: version == 3 ? 2048 : 1024, minimumRSABits: 2048,
            understoodExtensions: appleMarkers)
    }

    /// Apple's markers are understood when critical: their presence is what the rules check.
    static let appleMarkers = [AppleMarkers.receiptSigningLeaf, AppleMarkers.wwdrIntermediate]
}

extension CMSRules {
    /// Apple's app receipts: one signer, id-data, an RSA signer of 2048 bits or more, Apple's path.
    // Apple receipt rule (one-signer): exactly one SignerInfo (Apple and Xcode receipts always have
    // one), which PureX509's verification requires of every SignedData.
    // Apple receipt rule (id-data-content): the payload is plain data. Apple and Xcode receipts use
    // id-data; any other content type signed by the same key is not a receipt, whatever it parses as.
    // Apple receipt rule (certificate-set-order): Apple writes leaf, intermediate, root in chain
    // order, which is not DER SET OF order; PureX509 reads the certificate set in any order.
    public static let apple = CMSRules(
        contentType: CMSObjectIdentifier.data, minimumSignerRSABits: 2048, path: .apple)

    /// Xcode's StoreKit-testing receipts: the same envelope and signer, the Xcode path
    /// (`PathRules.xcode`: the signer is one of the anchors given, byte-identical).
    public static let xcode = CMSRules(contentType: CMSObjectIdentifier.data, minimumSignerRSABits: 2048, path: .xcode)
}
