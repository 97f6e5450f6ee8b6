// DecodedRealtimeRequestBody: the payload of a Retention Messaging realtime request (Apple's
// `RealtimeRequestBody` is `{"signedPayload": "<compact JWS>"}`; this is the JWS's payload), every
// documented field under Apple's name; every field stays available in `json`.
//
// The App Store POSTs one to the developer's Get Retention Message endpoint when a customer is
// about to see a subscription's cancellation sheet. It names no bundle id: its `appAppleId` is the
// only name of the app, which `SignedDataVerifier.verifyRealtimeRequest` requires the policy to give.

public import PureJSON

/// A realtime request for a retention message, decoded from the request's signed payload.
public struct DecodedRealtimeRequestBody: StoreKitPayload {
    /// The whole payload object, lossless.
    public let json: JSONObject
    /// The original transaction identifier of the customer's subscription.
    public let originalTransactionId: String?
    /// The App Store's numeric identifier of the app.
    public let appAppleId: Int64?
    /// The product identifier of the subscription the customer may cancel.
    public let productId: String?
    /// The customer's locale, e.g. `en-US`: the language of the message to return.
    public let userLocale: String?
    /// A UUID string, as written: the identifier of this request.
    public let requestIdentifier: String?
    /// When the App Store signed the request.
    public let signedDate: Instant?
    /// The server environment the request comes from.
    public let environment: StoreKitValue<AppStoreEnvironment>?

    public init(json: JSONObject) throws(StoreKitError) {
        let f = Fields(json)
        self.json = json
        originalTransactionId = try f.string("originalTransactionId")
        appAppleId = try f.int64("appAppleId")
        productId = try f.string("productId")
        userLocale = try f.string("userLocale")
        requestIdentifier = try f.string("requestIdentifier")
        signedDate = try f.date("signedDate")
        environment = try f.value("environment")
    }
}
