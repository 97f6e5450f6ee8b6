// Limits: every size, depth and count bound of the whole stack, in one place.
//
// Each limit has its own error path: exceeding one is reported as `DERError.Kind.inputTooLarge`,
// `.nestingTooDeep` or `.tooMany` with a context naming the limit, and higher layers map those to
// their own cases. Values are chosen to accept the largest real receipts with a wide margin.

/// Resource limits applied to untrusted input.
public enum Limits {
    /// Largest receipt accepted, in bytes (32 MiB). Real receipts of subscription apps reach a few
    /// hundred kilobytes; a receipt with 100 000 in-app purchases is about 30 MB.
    public static let maxInputBytes = 32 * 1024 * 1024
    /// Deepest nesting of constructed elements any generic walk or BER scan descends into.
    /// Grammar-driven parsers are bounded by their code (one function per production).
    public static let maxNestingDepth = 64
    /// Deepest nesting of BER indefinite-length elements. Finding the end of an indefinite element
    /// means scanning its content, and each enclosing indefinite element scanned it already, so this
    /// bounds the work of a BER parse to this many passes over the input. Xcode receipts use 6.
    public static let maxIndefiniteNesting = 8
    /// Most length octets after the 0x8n length-of-length octet (lengths up to 2^32 − 1).
    public static let maxLengthOctets = 4
    /// Most segments a BER constructed OCTET STRING may be split into, counting every segment
    /// element: primitive and constructed, empty ones included.
    public static let maxOctetStringSegments = 4096
    /// Most elements (children, and the children of indefinite-length children) a scan for the end
    /// of one indefinite-length element reads. BER is read only in the CMS envelope, where this is
    /// the eContent segments plus a few dozen envelope fields.
    public static let maxIndefiniteElements = 2 * maxOctetStringSegments
    /// Most certificates in a CMS `certificates` field.
    public static let maxCertificates = 16
    /// Longest certificate chain, leaf and anchor included.
    public static let maxChainLength = 5
    /// Most verified chains a `VerifiedChainCache` / `ChainCache` keeps (least recently used evicted).
    public static let maxCachedChains = 64
    /// Largest path a chain cache remembers, all its certificates' encodings together (16 KiB;
    /// Apple's chains are 3–5 KiB). A longer path is verified on every call, never remembered, so
    /// the cache holds at most `maxCachedChains` × this many certificate bytes.
    public static let maxCachedPathBytes = 16 * 1024
    /// Most extensions in one certificate.
    public static let maxExtensions = 64
    /// Most relative distinguished names (and attributes per RDN) in one Name.
    public static let maxNameComponents = 64
    /// Largest encoded Name, in bytes (64 KiB). Real names are under 300 bytes (RFC 5280's upper
    /// bounds make an ordinary name a few hundred); OpenSSL refuses names over 1 MiB. Names are
    /// compared and rendered, so an attacker-sized name only costs.
    public static let maxNameBytes = 64 * 1024
    /// Most SignerInfos read from a SignedData (the receipt policy then requires exactly one).
    public static let maxSignerInfos = 8
    /// Most signed attributes in one SignerInfo.
    public static let maxSignedAttributes = 32
    /// Most top-level receipt attributes.
    public static let maxReceiptAttributes = 500_000
    /// Most attributes inside one in-app purchase record.
    public static let maxInAppAttributes = 256
    /// Most sub-identifiers in an OBJECT IDENTIFIER.
    public static let maxOIDComponents = 64
    /// Largest legacy transaction receipt accepted, in bytes, as base64 or as plist text (1 MiB).
    /// Real ones are 3–6 KB; the limit leaves room for any purchase-info Apple ever wrote.
    public static let maxLegacyReceiptBytes = 1024 * 1024
    /// Most key/value pairs in one legacy plist dictionary (real purchase-info holds 9 to 24).
    public static let maxLegacyPlistKeys = 256
    /// Longest quoted string in a legacy plist, in bytes before unescaping (a signature is ~2.3 KB
    /// of base64, a purchase-info ~2 KB).
    public static let maxLegacyStringBytes = 64 * 1024
    /// Largest OCSP response accepted, in bytes (64 KiB). Apple's responses are 1.5–3 KB (one
    /// SingleResponse, at most a responder certificate).
    public static let maxOCSPResponseBytes = 64 * 1024
    /// Most SingleResponses read from one OCSP response (Apple's carry one; a real DoD responder's
    /// in the vectors carries 20 for a one-certificate request).
    public static let maxOCSPSingleResponses = 64
    /// Most certificates in an OCSP response's `certs` field (a delegated responder needs one).
    public static let maxOCSPCertificates = 4
    /// Largest CRL accepted, in bytes (16 MiB). A CRL is scanned in place: beyond its bytes (held
    /// by the caller) a lookup keeps a constant number of cursors, whatever the entry count.
    public static let maxCRLBytes = 16 * 1024 * 1024
    /// How far in the future a response's or CRL's thisUpdate may lie, in seconds (5 minutes):
    /// the clock skew between a responder and the caller's clock that is tolerated.
    public static let revocationClockSkewSeconds: Int64 = 300
    /// Most statuses a revocation store keeps (least recently used evicted first).
    public static let maxRevocationStoreEntries = 1024
    /// Most bytes of raw responses and CRLs a revocation store keeps for export (64 MiB).
    public static let maxRevocationStoreBytes = 64 * 1024 * 1024
}
