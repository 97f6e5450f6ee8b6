// PureReceipt module. See Docs/ARCHITECTURE.md.
//
// Lower-layer names that users call directly, reachable from `import PureReceipt` alone.

public import PureCrypto
public import PureDER
public import PureJSON
public import PureX509

/// Standard base64 (RFC 4648 §4) as receipts are sent as text: the one decoder, in PureDER.
public typealias Base64 = PureDER.Base64

/// Why base64 text was rejected (PureDER).
public typealias Base64Error = PureDER.Base64Error

// The trust configuration and results name X.509 types; they are part of this module's surface.

/// An X.509 certificate (PureX509): a trust anchor, or a certificate of a verified chain.
public typealias Certificate = PureX509.Certificate

/// The certificates a chain may end at, given by the caller (PureX509); Apple's roots are
/// `TrustAnchors.appleIncRoot` and `TrustAnchors.appleRootCAG3`.
public typealias TrustAnchors = PureX509.TrustAnchors

/// A certificate's subject or issuer name (PureX509).
public typealias DistinguishedName = PureX509.DistinguishedName

/// What a certification path must satisfy beyond its signatures (PureX509); Apple's values are
/// `PathRules.apple`, `.xcode` and `.legacy(version:)`.
public typealias PathRules = PureX509.PathRules

/// A chain cache owned by one task, passed `inout` to any verify call (PureX509).
public typealias VerifiedChainCache = PureX509.VerifiedChainCache

#if !hasFeature(Embedded)  // an actor: not in Embedded Swift
    /// A chain cache shared between tasks, for all three formats: `ChainCache.withCache` (PureX509).
    public typealias ChainCache = PureX509.ChainCache
#endif

/// Why an OCSP response or CRL was refused (PureX509, Revocation/).
public typealias RevocationError = PureX509.RevocationError

/// A certificate's status from a verified OCSP response or CRL (PureX509, Revocation/).
public typealias RevocationStatus = PureX509.RevocationStatus

/// A digest algorithm, as a verified receipt reports it (PureCrypto).
public typealias HashAlgorithm = PureCrypto.HashAlgorithm

/// An object identifier, such as Apple's marker extensions (PureDER).
public typealias OID = PureDER.OID

/// Every size, depth and count bound of the readers (PureDER).
public typealias Limits = PureDER.Limits

/// A certificate or chain error, as `LegacyReceiptError` carries it (PureX509).
public typealias X509Error = PureX509.X509Error

/// A certificate time: `Certificate.notBefore`, `notAfter` (PureDER).
public typealias DERTime = PureDER.DERTime

/// A parsed CMS SignedData envelope, as `UnverifiedReceipt` shows it (PureX509).
public typealias SignedData = PureX509.SignedData

// The StoreKit 2 models keep their whole payload (`json`): the JSON values of PureJSON.

/// A JSON object: the members of a payload, in order (PureJSON).
public typealias JSONObject = PureJSON.JSONObject

/// A JSON value (PureJSON).
public typealias JSONValue = PureJSON.JSONValue

/// A JSON number, kept as its exact text (PureJSON).
public typealias JSONNumber = PureJSON.JSONNumber
