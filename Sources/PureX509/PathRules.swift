// PathRules: what a certification path must satisfy beyond its signatures, as one value that the
// one path check (`checkPath`, ChainVerification.swift) reads. PureX509 knows RFC 5280 and no
// profile: `PathRules.rfc5280` is the plain profile, and a caller's profile (marker OIDs, path
// length, key sizes, the code of a self-issued signer it names) is a value of this type that the
// caller builds and passes in.

public import PureDER

/// The rules a path is checked against, besides RFC 5280's (CA constraints, key usage, critical
/// extensions, validity at the instant), which always apply.
public struct PathRules: Sendable, Equatable {  // equal field by field
    /// An extension the leaf must carry (a marker of its signing purpose); nil: none.
    public var leafMarker: OID?
    /// An extension the certificate that issued the leaf must carry; nil: none.
    public var issuerMarker: OID?
    /// The number of certificates in the path, anchor included; nil: any up to `Limits.maxChainLength`.
    /// 1: the leaf is itself one of the caller's anchor certificates (ChainVerification.swift).
    public var certificates: Int?
    /// Fewest bits of an RSA key in the leaf.
    public var minimumLeafRSABits: Int
    /// Fewest bits of an RSA key above the leaf.
    public var minimumRSABits: Int
    /// Extensions understood when critical, besides those RFC 5280 processing understands.
    public var understoodExtensions: [OID]
    /// The code of the refusal of a self-issued leaf without `leafMarker` (`X509Error.Kind.refused`:
    /// a kind of signer the caller's profile names); nil: such a leaf is `leafMarkerMissing`.
    public var selfIssuedLeafRefusal: String?

    /// Rules with every field given; see each property.
    public init(
        leafMarker: OID? = nil, issuerMarker: OID? = nil, certificates: Int? = nil, minimumLeafRSABits: Int = 2048,
        minimumRSABits: Int = 2048, understoodExtensions: [OID] = [], selfIssuedLeafRefusal: String? = nil
    ) {
        self.leafMarker = leafMarker
        self.issuerMarker = issuerMarker
        self.certificates = certificates
        self.minimumLeafRSABits = minimumLeafRSABits
        self.minimumRSABits = minimumRSABits
        self.understoodExtensions = understoodExtensions
        self.selfIssuedLeafRefusal = selfIssuedLeafRefusal
    }

    /// RFC 5280 path validation alone (no markers, any path length), with RSA keys of 2048 bits or more.
    public static let rfc5280 = PathRules()
}
