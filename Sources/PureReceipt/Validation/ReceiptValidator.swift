// ReceiptValidator: the one call that verifies a receipt under a policy.
//
// Order of checks (each failure stops): 1. structure — input, CMS envelope, the payload's top-level
// SET and its creation date (attribute 12), nothing else decoded; 2. signature and chain, with
// certificate validity at the creation date (or the caller's instant); 3. the payload decoded;
// 4. bundle identifier, 5. bundle version, 6. device hash; 7. environment, 8. VPP expiration.
// Authenticate first (Docs/SECURITY.md): a payload is decoded only once a trusted key signed it;
// when step 2 fails, the payload is checked without being kept (`malformedPayload`), so a malformed
// one is reported as malformed, the verdict of decoding before verifying.
// With `ReceiptPolicy.checksTrustFirst`, a signer no certificate path leads to an anchor is refused
// right after the envelope is parsed (step 1), before the payload is scanned or hashed.
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
    public static func validate(_ input: [UInt8], policy: ReceiptPolicy = ReceiptPolicy())
        throws(ReceiptValidationError) -> VerifiedReceipt
    {
        // 1. Structure: input, CMS envelope (with `checksTrustFirst`, the signer's path now),
        // payload top level and creation date.
        let signedData = try envelope(input)
        let path = try trustFirst(signedData, policy)
        let scanned = try scan(signedData)
        // 2. Signature and chain under the Apple policy (the Xcode opt-in is tried in `finish`).
        let time = validityTime(scanned, policy)
        let apple = Result { () throws(CMSError) in
            try scanned.signedData.verify(anchors: policy.anchors, policy: .apple, at: time, knownPath: path)
        }
        return try finish(scanned, policy: policy, apple: apple)
    }

    /// The instant certificate validity is evaluated at: the caller's, or the creation date.
    static func validityTime(_ scanned: ScannedReceipt, _ policy: ReceiptPolicy) -> DERTime {
        (policy.validityInstant ?? scanned.creationDate).derTime
    }

    /// Steps 2 (the Xcode fallback) to 8, given the outcome of the Apple-policy verification.
    static func finish(
        _ scanned: ScannedReceipt, policy: ReceiptPolicy, apple: Result<VerifiedSignedData, CMSError>
    ) throws(ReceiptValidationError) -> VerifiedReceipt {
        let signedData = scanned.signedData

        // 2. Signature and chain, at the creation date unless the caller chose an instant.
        // Apple receipt rule (validity-at-creation-date): certificates are judged at the signed creation
        // date (attribute 12): leaves expire within two years and receipts are not re-signed.
        let instant = policy.validityInstant ?? scanned.creationDate
        let time = validityTime(scanned, policy)
        let verified: VerifiedSignedData
        var viaXcode = false
        switch apple {
        case .success(let result):
            verified = result
        case .failure(let error):
            // Apple receipt rule (xcode-opt-in): the Xcode StoreKit-testing path is tried only when the
            // caller supplied that certificate; its key ships with Xcode, so such a receipt proves nothing.
            guard let xcode = policy.xcodeCertificate else {
                throw malformedPayload(signedData) ?? notAuthentic(error, environment: scanned.environment)
            }
            do {
                verified = try signedData.verify(
                    anchors: TrustAnchors(certificates: [xcode]),
                    policy: .xcode(xcode), at: time)
                viaXcode = true
            } catch let xcodeError {
                // Report the failure of the path the receipt claims to be on.
                throw malformedPayload(signedData) ?? .from(scanned.environment == .xcode ? xcodeError : error)
            }
        }

        // 3. The payload, decoded only now that a trusted key signed it.
        // Apple receipt rule (authenticate-first): no value but attributes 0 and 12 and no in-app
        // record is decoded before the signature and the certificate path hold.
        // RFC 5652 §5.6: the recipient verifies the signature "to determine whether the content was altered".
        let receipt = try decodePayload(signedData.content)

        // 4–6. The app and the device.
        try checkBundle(receipt, policy)
        // Apple receipt rule (device-hash): checked only when the caller passes the device identifier.
        if let device = policy.deviceIdentifier, !DeviceHash.matches(receipt: receipt, deviceIdentifier: device) {
            throw .policy("policy.deviceHash", "receipt hash (attribute 5) does not match this device")
        }

        // 7. Environment: in the caller's list; Xcode only through the opt-in, and an opt-in receipt
        // only as Xcode (the StoreKit testing key is public, so it can sign any environment).
        // Apple receipt rule (xcode-opt-in): an opt-in receipt is accepted only as environment Xcode.
        let environment = receipt.environment ?? .other("")
        if viaXcode && environment != .xcode {
            // The StoreKit-testing key is public: such a receipt claiming another environment is forged.
            throw ReceiptValidationError(
                .notAuthentic, code: "chain.xcodeNotAllowed",
                "signed by the Xcode StoreKit-testing certificate but claims environment \(environment.rawValue.displayEscaped): forged"
            )
        }
        // Apple receipt rule (environment-list): the caller's environment list always applies, Xcode
        // included; Xcode also needs the opt-in (Apple never signs an Xcode receipt).
        let accepted = policy.environments.contains(environment) && (environment != .xcode || viaXcode)
        guard accepted else {
            throw .policy("policy.environment", "environment \(environment.rawValue.displayEscaped) not accepted")
        }

        // 8. VPP expiration (attribute 21), against the caller's clock or the validity instant.
        // Apple receipt rule (vpp-expiration): a VPP receipt (attribute 21) is refused after it expires.
        if !viaXcode, let expiration = receipt.expirationDate, expiration <= (policy.currentTime ?? instant) {
            throw .policy("policy.receiptExpired", "receipt expired at \(expiration) (attribute 21)")
        }
        return VerifiedReceipt(
            receipt: receipt, chain: verified.chain, digestAlgorithm: verified.digestAlgorithm,
            isXcodeTestReceipt: viaXcode, validityInstant: instant)
    }

    /// For a payload no trusted key signed: the error the decoder reports for it, or nil when it is
    /// well-formed. A malformed payload is reported as malformed whatever its signature, the verdict
    /// of decoding before verifying; `AppReceipt.check` keeps no record, so the cost is a walk and
    /// memory stays bounded. In place for one segment; on a copy (for payload offsets) only on error.
    static func malformedPayload(_ signedData: SignedData) -> ReceiptValidationError? {
        do throws(ReceiptError) {
            try onPayload(signedData.content, AppReceipt.check)
            return nil
        } catch {
            return .from(error)
        }
    }

    /// The payload decoded where it lies when it is one segment (no copy: the receipt's values are
    /// slices of the input); from a copy when it is in several segments or malformed.
    static func decodePayload(_ content: OctetStringSegments) throws(ReceiptValidationError) -> AppReceipt {
        do {
            return try onPayload(content) { (bytes, range) throws(ReceiptError) in
                try AppReceipt.parse(bytes, range: range)
            }
        } catch { throw .from(error) }
    }

    /// Steps 4 and 5: the bundle identifier and version.
    static func checkBundle(_ receipt: AppReceipt, _ policy: ReceiptPolicy) throws(ReceiptValidationError) {
        // Apple receipt rule (bundle-binding): bundle identifier (2), then version (3), equal the
        // caller's hard-coded values, compared exactly: as UTF-8 bytes, never Unicode-equivalent.
        if let expected = policy.bundleIdentifier, !receipt.bundleIdentifier.hasSameBytes(as: expected) {
            throw .policy(
                "policy.bundleId",
                "bundle identifier \"\(receipt.bundleIdentifier.displayEscaped)\" is not \"\(expected.displayEscaped)\""
            )
        }
        if let expected = policy.bundleVersion, !receipt.appVersion.hasSameBytes(as: expected) {
            throw .policy(
                "policy.bundleVersion",
                "bundle version \"\(receipt.appVersion.displayEscaped)\" is not \"\(expected.displayEscaped)\"")
        }
    }

    /// Verifies base64 text as servers receive it.
    public static func validate(base64 text: String, policy: ReceiptPolicy = ReceiptPolicy())
        throws(ReceiptValidationError) -> VerifiedReceipt
    {
        try validate(Array(text.utf8), policy: policy)
    }

    /// A clearer error for the commonest mistake: an Xcode receipt without the opt-in.
    private static func notAuthentic(_ error: CMSError, environment: ReceiptEnvironment?) -> ReceiptValidationError {
        if environment == .xcode, !error.isMalformed {
            return ReceiptValidationError(
                .notAuthentic, code: "chain.xcodeNotAllowed",
                "Xcode StoreKit-testing receipt: accepted only with an explicit Xcode certificate opt-in (\(error))")
        }
        return .from(error)
    }
}
