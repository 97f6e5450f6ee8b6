// LegacyReceiptValidator: verifies a legacy transaction receipt offline, then the caller's policy.
//
// One order, authenticate first, as for the other formats (each failure stops): 1. the envelope
// (outer plist and signature blob, LegacyTransactionReceipt.swift), nothing of purchase-info read;
// 2. a path of certificate signatures leaf → pinned intermediate → anchor (`PathRules.legacy`,
// Trust/AppleTrust.swift), no instant yet; 3. the leaf's RSA PKCS #1 v1.5 SHA-1 signature over
// version ‖ purchase-info; 4. purchase-info read, and every check of the path at its purchase date
// (or the caller's instant); 5. bundle id, product id, environment (compared as bytes).
// RSA-1024 leaves are accepted for versions 1–2 only: those verdicts are evidence about history,
// not proof against a party able to factor RSA-1024 (Docs/SECURITY.md).

import PureCrypto
import PureDER
public import PureX509

/// What the caller requires of a legacy receipt. Nothing here is taken from the receipt.
public struct LegacyReceiptPolicy: Sendable {
    /// Anchors. Default: Apple Inc. Root CA (shipped, pinned by fingerprint).
    public var anchors: TrustAnchors
    /// The intermediates a leaf may be issued by, for every version. Nil (the default): the built-in
    /// iTunes Store CA for versions 1–2 and WWDR CA 2013–2023 for version 3.
    public var intermediates: [Certificate]?
    /// Instant certificate validity is evaluated at. Nil: the signed purchase date.
    public var validityInstant: Instant?
    /// Required `bid`, `product-id`, and accepted environments (`Production` when absent).
    public var bundleIdentifier: String?
    /// Required `product-id` (compared as bytes), or nil for any.
    public var productIdentifier: String?
    /// Accepted values of the outer `environment` key (`Production` when the key is absent), or nil
    /// for any. The key is outside the signature: use it to route, never to decide.
    public var environments: [String]?

    /// A policy for the app `bundleIdentifier` (`bid`; required: write `.anyApp` only in a tool that
    /// inspects any app's receipts); every other requirement defaults to none, the trust to Apple's
    /// built-in certificates.
    public init(
        bundleIdentifier: BundleIdentifierRequirement,
        anchors: TrustAnchors = TrustAnchors(certificates: LegacyCertificates.appleIncRoot.map { [$0] } ?? []),
        intermediates: [Certificate]? = nil, validityInstant: Instant? = nil,
        productIdentifier: String? = nil, environments: [String]? = nil
    ) {
        self.anchors = anchors
        self.intermediates = intermediates
        self.validityInstant = validityInstant
        self.bundleIdentifier = bundleIdentifier.identifier
        self.productIdentifier = productIdentifier
        self.environments = environments
    }
}

/// A legacy receipt whose signature, chain and requested checks held.
public struct VerifiedLegacyReceipt: Sendable {
    /// The parsed receipt: purchase info, signature blob and outer pairs.
    public let receipt: LegacyTransactionReceipt
    /// leaf, intermediate, anchor.
    public let chain: [Certificate]
    /// The instant certificate validity was evaluated at.
    public let validityInstant: Instant
    /// True for an RSA-1024 leaf (versions 1–2): historical evidence, not current proof.
    public var hasWeakKey: Bool {
        guard case .rsa(let key) = receipt.signatureBlob.certificate.publicKey else { return false }
        return key.modulusBitCount < PathRules.apple.minimumRSABits
    }
}

/// Verifies legacy transaction receipts (iOS 3–6 `transactionReceipt`) offline: signature, chain at
/// the purchase date, then the policy.
public enum LegacyReceiptValidator {
    /// Verifies `input` (base64 text or the plist text) under `policy`.
    public static func validate(_ input: [UInt8], policy: LegacyReceiptPolicy)
        throws(VerificationError) -> VerifiedLegacyReceipt
    {
        var none = VerifiedChainCache(capacity: 0)
        return try validate(input, policy: policy, cache: &none)
    }

    /// `validate(_:policy:)`, remembering verified chains in `cache`: the same checks in the same
    /// order; only the intermediate's signature, verified before for these certificates, is not
    /// verified again. Share one cache between tasks with `ChainCache.withCache`.
    public static func validate(
        _ input: [UInt8], policy: LegacyReceiptPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedLegacyReceipt {
        // 1. The envelope: the outer plist and the signature blob; nothing of purchase-info read.
        let envelope: LegacyEnvelope
        do { envelope = try LegacyEnvelope(input) } catch { throw malformed(error) }
        let blob = envelope.signatureBlob
        // 2. A path of certificate signatures from the signing leaf to an anchor, with no instant.
        // Apple legacy rule (pinned-intermediate): the intermediates are the pinned ones (or the
        // caller's), never a certificate from the data.
        let builtIn = blob.version == 3 ? LegacyCertificates.wwdr2013 : LegacyCertificates.iTunesStoreCA
        let pool = policy.intermediates ?? (builtIn.map { [$0] } ?? [])
        let rules = PathRules.legacy(version: blob.version)
        var paths: SignerPaths
        do {
            paths = try SignerPaths(
                leaf: blob.certificate, pool: pool, anchors: policy.anchors, rules: rules, cache: &cache)
        } catch {
            throw VerificationError(.notAuthentic, code: error.code, .x509(error))
        }
        // 3. The signature. Apple legacy rule (signed-bytes): it covers version byte ‖ purchase-info
        // bytes. RFC 8017 §8.2.2: RSASSA-PKCS1-V1_5-VERIFY with SHA-1 (Apple legacy rule (sha1)).
        let signed = [blob.version] + envelope.purchaseInfoBytes
        guard case .rsa(let key) = paths.signerKey,
            (try? key.verifyPKCS1v15(signature: blob.signature, message: signed[...], algorithm: .sha1)) != nil
        else {
            throw VerificationError(.notAuthentic, code: "signature.invalid", .text("signature does not verify"))
        }
        // 4. Only now is purchase-info read, and its purchase date is the instant of the path check.
        let receipt: LegacyTransactionReceipt
        do { receipt = try LegacyTransactionReceipt(envelope) } catch { throw malformed(error) }
        // Apple legacy rule (validity-at-purchase): certificates are judged at the signed purchase date.
        guard let instant = policy.validityInstant ?? receipt.purchaseInfo.purchaseDate else {
            throw malformed(LegacyReceiptError(.date("purchase-date-ms"), at: 0, in: "purchase-info"))
        }
        let chain: [Certificate]
        do { chain = try paths.path(at: instant.derTime, cache: &cache) } catch {
            throw VerificationError(.notAuthentic, code: error.code, .x509(error))
        }

        let info = receipt.purchaseInfo
        if let expected = policy.bundleIdentifier, info.bundleId?.hasSameBytes(as: expected) != true {
            throw .mismatch("policy.bundleId", "purchase-info bid", found: info.bundleId, expected: expected)
        }
        if let expected = policy.productIdentifier, info.productId?.hasSameBytes(as: expected) != true {
            throw .mismatch(
                "policy.productId", "purchase-info product-id", found: info.productId, expected: expected)
        }
        // The environment key is outside the signed bytes: a check for routing, not for trust.
        if let accepted = policy.environments, !accepted.contains(where: receipt.environmentName.hasSameBytes) {
            throw .mismatch(
                "policy.environment", "environment (outer plist, unsigned)", found: receipt.environmentName,
                expected: accepted.joined(separator: "\" or \""))
        }
        return VerifiedLegacyReceipt(receipt: receipt, chain: chain, validityInstant: instant)
    }

    static func malformed(_ error: LegacyReceiptError) -> VerificationError {
        VerificationError(.malformed, code: error.code, .legacy(error), offset: error.offset)
    }
}
