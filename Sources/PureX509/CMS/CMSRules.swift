// CMSRules: what a SignedData must satisfy beyond RFC 5652 before its signature counts, as one
// value the caller builds: the content type it signs, the size of the signer's RSA key, and the
// rules of the signer's path (PathRules.swift). PureX509 reads the value and knows no profile;
// a receipt profile is a value of this type in PureReceipt.

public import PureDER

/// The caller's requirements of a SignedData, its signer and the signer's path.
public struct CMSRules: Sendable, Equatable {
    /// The eContentType the content must have; nil: any (RFC 5652 §5.2 allows any content type).
    public var contentType: OID?
    /// Fewest bits of the signer's RSA key, checked before any path is searched.
    public var minimumSignerRSABits: Int
    /// What the signer's certification path must satisfy.
    public var path: PathRules

    /// Rules with every field given; see each property.
    public init(contentType: OID? = nil, minimumSignerRSABits: Int = 2048, path: PathRules = .rfc5280) {
        (self.contentType, self.minimumSignerRSABits, self.path) = (contentType, minimumSignerRSABits, path)
    }
}
