// PathRules: what a certification path must satisfy beyond its signatures, as one value that the
// one path check (`checkPath`, ChainVerification.swift) reads. PureX509 knows RFC 5280 and nothing
// of Apple: `PathRules.rfc5280` is the plain profile, and each Apple format's rules (marker OIDs,
// path shape, key sizes, the Xcode opt-in) are values of this type in PureReceipt's `Trust/` folder.

public import PureDER

/// The rules a path is checked against, besides RFC 5280's (CA constraints, key usage, critical
/// extensions, validity at the instant), which always apply.
public struct PathRules: Sendable, Equatable {  // equal field by field; certificates byte for byte
    /// An extension the leaf must carry (a marker of its signing purpose); nil: none.
    public var leafMarker: OID?
    /// An extension the certificate that issued the leaf must carry; nil: none.
    public var issuerMarker: OID?
    /// The number of certificates in the path, anchor included; nil: any up to `Limits.maxChainLength`.
    public var certificates: Int?
    /// Fewest bits of an RSA key in the leaf.
    public var minimumLeafRSABits: Int
    /// Fewest bits of an RSA key above the leaf.
    public var minimumRSABits: Int
    /// Extensions understood when critical, besides those RFC 5280 processing understands.
    public var understoodExtensions: [OID]
    /// Report a self-issued leaf without `leafMarker` as Xcode-signed data (`xcodeNotAllowed`)
    /// rather than as a missing marker.
    public var selfIssuedLeafIsXcode: Bool
    /// When set, the whole path is this self-signed certificate, byte-identical, and its
    /// self-signature verifies (Xcode's StoreKit testing certificate); no anchor is involved.
    public var pinnedSelfSigned: Certificate?

    /// Rules with every field given; see each property.
    public init(
        leafMarker: OID? = nil, issuerMarker: OID? = nil, certificates: Int? = nil, minimumLeafRSABits: Int = 2048,
        minimumRSABits: Int = 2048, understoodExtensions: [OID] = [], selfIssuedLeafIsXcode: Bool = false,
        pinnedSelfSigned: Certificate? = nil
    ) {
        self.leafMarker = leafMarker
        self.issuerMarker = issuerMarker
        self.certificates = certificates
        self.minimumLeafRSABits = minimumLeafRSABits
        self.minimumRSABits = minimumRSABits
        self.understoodExtensions = understoodExtensions
        self.selfIssuedLeafIsXcode = selfIssuedLeafIsXcode
        self.pinnedSelfSigned = pinnedSelfSigned
    }

    /// RFC 5280 path validation alone (no markers, any path length), with RSA keys of 2048 bits or more.
    public static let rfc5280 = PathRules()
}
