// ReceiptValidator: the one call that verifies a receipt under a policy.
//
// One order, authenticate first (Docs/SECURITY.md), each failure stops:
//   1. the input and the CMS envelope, nothing of the payload read;
//   2. the signer: one SignerInfo, id-data, an RSA key of 2048 bits or more, the receipt-signing
//      marker, and a path of certificate signatures to an anchor — Apple's, or, when the signer is
//      the opted-in Xcode certificate byte for byte, that certificate's self-signature — with no
//      instant yet (an untrusted signer costs the envelope and its path search only: the payload
//      is neither hashed nor read);
//   3. the CMS signature over the payload;
//   4. the creation date (attribute 12) read from the now authenticated payload, and every check of
//      the path at it (or at the caller's instant): validity, CA constraints, markers, key sizes;
//   5. the payload decoded into the model (presentation); then, from the facts the trusted scan
//      read (PayloadScan.swift): 6. bundle identifier, 7. bundle version, 8. device hash;
//   9. environment, 10. VPP expiration.
// A receipt that is both forged and malformed is therefore not authentic: nothing is decoded from
// content whose signature has not verified.
// Trust anchors and chain policy come only from the caller's `ReceiptPolicy`.

public import PureCrypto
import PureDER
public import PureX509

/// A receipt whose signature, chain and requested checks all held.
public struct VerifiedReceipt: Sendable {
    /// The decoded payload.
    public let receipt: AppReceipt
    /// The verified chain, signer first, trust anchor last.
    public let chain: [Certificate]
    /// Digest algorithm of the signature.
    public let digestAlgorithm: HashAlgorithm
    /// True when accepted through the Xcode StoreKit-testing opt-in (proves nothing about a purchase).
    public let isXcodeTestReceipt: Bool
    /// The instant certificate validity was evaluated at.
    public let validityInstant: Instant
}

/// Verifies App Store receipts.
public enum ReceiptValidator {
    /// Verifies `input` (DER/BER bytes or base64 text) under `policy`.
    public static func validate(_ input: [UInt8], policy: ReceiptPolicy)
        throws(VerificationError) -> VerifiedReceipt
    {
        var none = VerifiedChainCache(capacity: 0)
        return try validate(input, policy: policy, cache: &none)
    }

    /// `validate(_:policy:)`, remembering verified chains in `cache` (ChainCache.swift in PureX509):
    /// the same checks, in the same order, with the same errors; a chain verified before under the
    /// same anchors, with byte-identical certificates, does not have its certificate signatures
    /// verified again. The receipt's own signature and every other check run on every call; Xcode
    /// paths are never remembered. Share one cache between tasks with `ChainCache.withCache`.
    public static func validate(
        _ input: [UInt8], policy: ReceiptPolicy, cache: inout VerifiedChainCache
    ) throws(VerificationError) -> VerifiedReceipt {
        let signedData = try envelope(input, cache: cache)
        var signer = try trustedSigner(signedData, policy, cache: &cache)
        let authenticated = try authenticate(signedData, &signer, policy, cache: &cache)
        return try finish(authenticated, policy: policy)
    }

    /// Step 2: the signer's own checks (`CMSRules.apple`: one SignerInfo, id-data, an RSA key of
    /// 2048 bits or more), then its path of certificate signatures to an anchor under Apple's rules
    /// (a path `cache` remembered is not verified again) or, for the caller's Xcode certificate, the
    /// path of one of that certificate (`leafIsAnchor`: Apple's rules never pass a path of one).
    static func trustedSigner(_ signedData: SignedData, _ policy: ReceiptPolicy, cache: inout VerifiedChainCache)
        throws(VerificationError) -> SignerPaths
    {
        let leaf: Certificate
        do throws(CMSError) { leaf = try signedData.signerCertificate(.apple) } catch { throw .from(error) }
        // Apple receipt rule (xcode-opt-in): the Xcode StoreKit-testing path is the signer's only when
        // the caller supplied that certificate and the signer is it, byte for byte (so the signer is
        // the anchor); its key ships with Xcode, so such a receipt proves nothing.
        let xcode = policy.xcodeCertificate.map { leaf.isSameCertificate(as: $0) } == true
        let anchors = xcode ? TrustAnchors(certificates: [leaf]) : policy.anchors
        do throws(CMSError) {
            return try signedData.signerPaths(of: leaf, anchors: anchors, rules: xcode ? .xcode : .apple, cache: &cache)
        } catch {
            // With an opt-in, a signer Apple's rules refuse as Xcode's is refused as the Xcode path
            // refuses it: it is not the certificate the caller opted in with.
            guard policy.xcodeCertificate != nil, case .chain(let refusal) = error.kind,
                case .refused(PathRules.xcodeSigner) = refusal.kind
            else { throw .from(error) }
            throw .from(CMSError(X509Error(.untrusted, certificate: leaf.subject), at: nil))
        }
    }

    /// Steps 3 and 4: the signature over the payload, then the creation date read from the
    /// authenticated payload and every check of the signer's path at it.
    static func authenticate(
        _ signedData: SignedData, _ signer: inout SignerPaths, _ policy: ReceiptPolicy,
        cache: inout VerifiedChainCache
    ) throws(VerificationError) -> AuthenticatedReceipt {
        let signerInfo: SignerInfo
        do { signerInfo = try signedData.verifySignerSignature(signer) } catch { throw .from(error) }
        // Apple receipt rule (authenticate-first): no value of the payload is read before the
        // signer's path of certificate signatures and the signature over the payload hold.
        // RFC 5652 §5.6: the recipient verifies the signature "to determine whether the content was altered".
        let scan = try scanPayload(signedData)
        // Apple receipt rule (validity-at-creation-date): certificates are judged at the signed creation
        // date (attribute 12): leaves expire within two years and receipts are not re-signed.
        let instant = policy.validityInstant ?? scan.creationDate
        let chain: [Certificate]
        do { chain = try SignedData.chain(&signer, at: instant.derTime, cache: &cache) } catch { throw .from(error) }
        return AuthenticatedReceipt(
            signedData: signedData.verified(by: signerInfo, chain: chain), validityInstant: instant, scan: scan,
            viaXcode: signer.leafIsAnchor)
    }

    /// Steps 5 to 10, on an authenticated receipt.
    static func finish(_ authenticated: AuthenticatedReceipt, policy: ReceiptPolicy)
        throws(VerificationError) -> VerifiedReceipt
    {
        let verified = authenticated.signedData
        let viaXcode = authenticated.viaXcode
        let instant = authenticated.validityInstant

        // 5. The model, decoded only now that a trusted key signed it (presentation: no check below
        // reads it; a malformed payload is reported with the decoder's first error).
        let receipt = try decodePayload(verified.contentSegments)
        // The facts the checks read, decoded by the trusted scan.
        let facts: ReceiptFacts
        do { facts = try authenticated.scan.facts() } catch { throw .from(error) }

        // 6–8. The app and the device.
        try checkBundle(facts, policy)
        // Apple receipt rule (device-hash): checked only when the caller passes the device identifier.
        if let device = policy.deviceIdentifier,
            !DeviceHash.matches(
                deviceIdentifier: device, opaqueValue: facts.opaqueValue,
                bundleIdentifierTLV: facts.bundleIdentifierTLV, hash: facts.sha1Hash)
        {
            throw .policy("policy.deviceHash", "receipt hash (attribute 5) does not match this device")
        }

        // 9. Environment: in the caller's list; Xcode only through the opt-in, and an opt-in receipt
        // only as Xcode (the StoreKit testing key is public, so it can sign any environment).
        // Apple receipt rule (xcode-opt-in): an opt-in receipt is accepted only as environment Xcode.
        let environment = ReceiptEnvironment(rawValue: facts.environment ?? "")
        if viaXcode && environment != .xcode {
            // The StoreKit-testing key is public: such a receipt claiming another environment is forged.
            throw VerificationError(
                .notAuthentic, code: "chain.xcodeNotAllowed",
                .text(
                    "signed by the Xcode StoreKit-testing certificate but claims environment \(environment.rawValue.displayEscaped): forged"
                )
            )
        }
        // Apple receipt rule (environment-list): the caller's environment list always applies, Xcode
        // included; Xcode also needs the opt-in (Apple never signs an Xcode receipt).
        let accepted = policy.environments.contains(environment) && (environment != .xcode || viaXcode)
        guard accepted else {
            throw .mismatch(
                "policy.environment", "environment (attribute 0)", found: environment.rawValue,
                expected: policy.environments.map { $0.rawValue }.joined(separator: "\" or \""))
        }

        // 10. VPP expiration (attribute 21), against the caller's clock or the validity instant.
        // Apple receipt rule (vpp-expiration): a VPP receipt (attribute 21) is refused after it expires.
        if !viaXcode, let expiration = facts.expirationDate, expiration <= (policy.currentTime ?? instant) {
            throw .policy("policy.receiptExpired", "receipt expired at \(expiration) (attribute 21)")
        }
        return VerifiedReceipt(
            receipt: receipt, chain: verified.chain, digestAlgorithm: verified.digestAlgorithm,
            isXcodeTestReceipt: viaXcode, validityInstant: instant)
    }

    /// The error the decoder reports for an authenticated payload, or nil when it is well-formed
    /// (for a precise error where the scan of attribute 12 failed). `AppReceipt.check` keeps no
    /// record, so the cost is a walk and memory stays bounded.
    static func malformedPayload(_ signedData: SignedData) -> VerificationError? {
        do throws(ReceiptError) {
            try onPayload(signedData.content, AppReceipt.check)
            return nil
        } catch {
            return .from(error)
        }
    }

    /// The payload decoded where it lies when it is one segment (no copy: the receipt's values are
    /// slices of the input); from a copy when it is in several segments or malformed.
    static func decodePayload(_ content: OctetStringSegments) throws(VerificationError) -> AppReceipt {
        do {
            return try onPayload(content) { (bytes, range) throws(ReceiptError) in
                try AppReceipt.parse(bytes, range: range)
            }
        } catch { throw .from(error) }
    }

    /// Steps 4 and 5: the bundle identifier and version.
    static func checkBundle(_ receipt: ReceiptFacts, _ policy: ReceiptPolicy) throws(VerificationError) {
        // Apple receipt rule (bundle-binding): bundle identifier (2), then version (3), equal the
        // caller's hard-coded values, compared exactly: as UTF-8 bytes, never Unicode-equivalent.
        if let expected = policy.bundleIdentifier, !receipt.bundleIdentifier.hasSameBytes(as: expected) {
            throw .mismatch(
                "policy.bundleId", "bundle identifier (attribute 2)", found: receipt.bundleIdentifier,
                expected: expected)
        }
        if let expected = policy.bundleVersion, !receipt.appVersion.hasSameBytes(as: expected) {
            throw .mismatch(
                "policy.bundleVersion", "bundle version (attribute 3)", found: receipt.appVersion, expected: expected)
        }
    }

    /// Verifies base64 text as servers receive it.
    public static func validate(base64 text: String, policy: ReceiptPolicy)
        throws(VerificationError) -> VerifiedReceipt
    {
        try validate(Array(text.utf8), policy: policy)
    }
}
