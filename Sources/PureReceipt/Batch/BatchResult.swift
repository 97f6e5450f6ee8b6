// VerifiedInput: what verified, by format, for any verify call that takes more than one format
// (`SignedDataVerifier.verify(_:kind:fromRequestBody:policy:cache:)`, BatchVerifier). BatchInput
// and BatchResult: what a BatchVerifier takes and gives back, one per input. Plain values: the
// pairing of a result with its input is BatchVerifier's.

/// What verified, by format.
public enum VerifiedInput: Sendable {
    /// An app receipt (`ReceiptValidator`).
    case appReceipt(VerifiedReceipt)
    /// A legacy transaction receipt (`LegacyReceiptValidator`).
    case legacyReceipt(VerifiedLegacyReceipt)
    /// A signed transaction (`SignedDataVerifier.verifyTransaction`).
    case transaction(VerifiedStoreKitData<JWSTransactionDecodedPayload>)
    /// Signed renewal info (`SignedDataVerifier.verifyRenewalInfo`).
    case renewalInfo(VerifiedStoreKitData<JWSRenewalInfoDecodedPayload>)
    /// A signed AppTransaction (`SignedDataVerifier.verifyAppTransaction`).
    case appTransaction(VerifiedStoreKitData<AppTransaction>)
    /// A notification, its nested items verified and decoded (`SignedDataVerifier.verifyNotification`).
    case notification(VerifiedStoreKitData<ResponseBodyV2DecodedPayload>)
    /// A Retention Messaging realtime request (`SignedDataVerifier.verifyRealtimeRequest`).
    case realtimeRequest(VerifiedStoreKitData<DecodedRealtimeRequestBody>)

    /// The kind of StoreKit 2 signed data that verified; nil for a receipt.
    public var signedDataKind: SignedDataKind? {
        switch self {
        case .transaction: return .transaction
        case .renewalInfo: return .renewal
        case .appTransaction: return .appTransaction
        case .notification: return .notification
        case .realtimeRequest: return .realtimeRequest
        default: return nil
        }
    }
}

#if !hasFeature(Embedded)
    /// One input of a batch: its bytes (any format `InputFormat` detects) and the caller's name for it.
    public struct BatchInput: Sendable {
        /// The caller's name for the input (a row id, a file path, a line number), handed back with
        /// its result.
        public var id: String
        /// An app receipt, a legacy transaction receipt, a compact JWS or a notification body.
        public var bytes: [UInt8]
        /// For a compact JWS, which payload it carries when the caller knows (the field it came in);
        /// nil: from a notification body, or the payload's members once its signature verified.
        public var kind: SignedDataKind?

        /// An input named `id` (echoed in its result), its `bytes`, and for a compact JWS its kind
        /// when the caller knows it.
        public init(id: String, bytes: [UInt8], kind: SignedDataKind? = nil) {
            self.id = id
            self.bytes = bytes
            self.kind = kind
        }
    }

    /// `VerifiedInput`, by its first name.
    public typealias BatchOutcome = VerifiedInput

    /// The result for one input: what verified, or why not.
    public struct BatchResult: Sendable {
        /// The input's `id`.
        public let id: String
        /// The verified data, or the error (its verdict, code and message) of the first failed check.
        public let result: Result<BatchOutcome, VerificationError>

        /// True when the input verified under its format's policy.
        public var isGenuine: Bool {
            if case .success = result { return true }
            return false
        }
    }
#endif
