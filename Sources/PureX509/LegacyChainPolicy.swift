// LegacyChainPolicy: the chain of a legacy transaction receipt's signing certificate (iOS 3–6
// `SKPaymentTransaction.transactionReceipt`).
//
// Such a receipt embeds the leaf alone. The path is exactly leaf → intermediate → anchor, where
// the intermediate is one of the certificates the caller pins for the receipt's version (Apple
// iTunes Store Certification Authority for versions 1 and 2, Apple Worldwide Developer Relations
// CA 2013–2023 for version 3) — never a certificate from the data. The Apple receipt policy of
// ChainVerification.swift does not fit: the iTunes Store CA carries 1.2.840.113635.100.6.2.2, not
// the WWDR marker, its leaves carry 1.2.840.113635.100.6.5.1, and they are RSA-1024.
// Enforced, in this order: the leaf marker of the version; path building (PathBuilding.swift) over
// the pinned intermediates only; issuers are CAs; exactly one intermediate; no unknown critical
// extension; the leaf's keyUsage (if present) allows digitalSignature; every certificate valid at
// `time`; RSA keys ≥ `minimumLeafRSABits` for the leaf and ≥ 2048 bits above it.
// Deliberately not checked: revocation (see ChainVerification.swift), and the anchor's own
// signature (an anchor is trusted as given, RFC 5280 §6.1.1 (d)).

public import PureDER

/// What a legacy receipt's signing leaf must satisfy, by receipt version.
public struct LegacyChainRule: Sendable {
    /// The marker extension the leaf must carry.
    public let leafMarker: OID
    /// Smallest RSA modulus of the leaf, in bits (intermediates and anchors: always 2048).
    public let minimumLeafRSABits: Int

    /// A rule requiring the marker `leafMarker` and at least `minimumLeafRSABits` in the leaf.
    public init(leafMarker: OID, minimumLeafRSABits: Int) {
        self.leafMarker = leafMarker
        self.minimumLeafRSABits = minimumLeafRSABits
    }

    /// Versions 1 and 2: "PurchaseReceiptCertificate" leaves under the iTunes Store CA, RSA-1024.
    public static let iTunesStore = LegacyChainRule(
        leafMarker: OID(1, 2, 840, 113_635, 100, 6, 5, 1), minimumLeafRSABits: 1024)
    /// Version 3: "Mac App Store and iTunes Store Receipt Signing" leaves under WWDR, RSA-2048.
    public static let wwdr = LegacyChainRule(
        leafMarker: AppleMarkers.receiptSigningLeaf, minimumLeafRSABits: ChainPolicy.appleMinimumRSABits)
}

/// Verifies the chain leaf → one of `intermediates` → an anchor, at `time`.
/// - Returns: the path [leaf, intermediate, anchor].
public func verifyLegacyChain(
    leaf: Certificate, intermediates: [Certificate], anchors: TrustAnchors, rule: LegacyChainRule,
    at time: DERTime
) throws(X509Error) -> [Certificate] {
    // Apple legacy rule (leaf-marker): the signing leaf carries its version's marker
    // (1.2.840.113635.100.6.5.1 for versions 1–2, 1.2.840.113635.100.6.11.1 for version 3); the
    // issuing CAs also sign certificates that must not sign receipts.
    guard leaf.extensions.contains(rule.leafMarker) else {
        throw X509Error(.leafMarkerMissing, certificate: leaf.subject)
    }
    // Every candidate path is tried (PathBuilding.swift); the first that passes every check wins.
    return try buildPath(leaf: leaf, pool: intermediates, anchors: anchors.candidates(in: intermediates)) {
        (path) throws(X509Error) in try checkLegacyPath(path, rule: rule, at: time)
    }
}

/// The checks of a complete candidate path [leaf, …, anchor], in the order of the file header.
private func checkLegacyPath(_ path: [Certificate], rule: LegacyChainRule, at time: DERTime) throws(X509Error) {
    guard let leaf = path.first else { throw X509Error(.untrusted) }
    try checkIssuers(path)
    // Apple legacy rule (pinned-intermediate): leaf → pinned intermediate → anchor, exactly.
    guard path.count == 3 else { throw X509Error(.untrusted, certificate: leaf.subject) }
    for certificate in path {
        try checkCriticalExtensions(certificate)
    }
    // RFC 5280 §4.2.1.3: keyUsage digitalSignature for a key verifying signatures other than on
    // certificates and CRLs.
    if let usage = leaf.extensions.keyUsage, !usage.contains(.digitalSignature) {
        throw X509Error(.keyUsageNotAllowed, certificate: leaf.subject)
    }
    for certificate in path {
        // RFC 5280 §6.1.3 (a)(2): "The certificate validity period includes the current time."
        guard certificate.isValid(at: time) else {
            throw X509Error(.certificateExpired, certificate: certificate.subject)
        }
    }
    // Apple legacy rule (rsa-1024-v1-v2): RSA-1024 only for a version 1–2 leaf; 2048 bits elsewhere.
    for (index, certificate) in path.enumerated() {
        let minimum = index == 0 ? rule.minimumLeafRSABits : ChainPolicy.appleMinimumRSABits
        if case .rsa(let key) = certificate.publicKey, key.modulusBitCount < minimum {
            throw X509Error(.keyTooSmall, certificate: certificate.subject)
        }
    }
}
