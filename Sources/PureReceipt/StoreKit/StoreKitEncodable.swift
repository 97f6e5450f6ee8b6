// StoreKitEncodable: the StoreKit 2 models as Encodable values, under Apple's field names, so a
// server can hand a verified payload to JSONEncoder (or any Encoder) without writing a mapping.
//
// What is written: every documented field the model decodes, under its App Store Server API name,
// absent fields left out (never `null`); dates as integer milliseconds since 1970 (`Instant`);
// enumerated fields as their raw value, known or not (`StoreKitValue`); the objects kept as JSON
// (`advancedCommerceInfo`, `commitmentInfo`) as the JSON they are, numbers that are not integers in
// Int64's or UInt64's range written as the nearest Double (the exact text stays in `json`). Then every member of
// the payload the model did not write, as read: fields Apple added after these models (and
// documented fields written as JSON `null`), so that decoding a payload and encoding the model gives
// the payload's JSON value back (`FieldWriter`); a date with a fraction of a millisecond is the one
// value written rounded down.
//
// Encodable only. A model is the presentation of a payload whose signature `SignedDataVerifier`
// checked; decoding one from JSON would make a value that looks verified and is not. To read a
// payload without verifying it (tools, logs), call `init(payload:)`, knowing it proves nothing.
// `Instant` and `StoreKitValue` are plain values and decode too.
//
// Left out of an Embedded Swift build, which has no Codable; nothing a verdict depends on is here.

#if !hasFeature(Embedded)
    import PureJSON

    extension StoreKitValue: Encodable where Known.RawValue: Encodable {
        /// Writes the raw value as Apple wrote it (a string or an integer), known or not.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    extension StoreKitValue: Decodable where Known.RawValue: Decodable {
        /// Reads a raw value and maps it to its documented case, or keeps it as `.unknown`. An
        /// enumerated value is a plain value: decoding one proves nothing about where it came from.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self.init(rawValue: try container.decode(Known.RawValue.self))
        }
    }

    /// A member name written as it is (Apple's field names need no mapping).
    struct FieldKey: CodingKey, ExpressibleByStringLiteral {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(stringLiteral value: String) { self.stringValue = value }
    }

    /// A JSON value kept by a model (`advancedCommerceInfo`, `commitmentInfo`), written back as JSON.
    struct EncodableJSON: Encodable {
        let value: JSONValue

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .null:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            case .bool(let bool):
                var container = encoder.singleValueContainer()
                try container.encode(bool)
            case .string(let string):
                var container = encoder.singleValueContainer()
                try container.encode(string)
            case .number(let number):
                var container = encoder.singleValueContainer()
                if let integer = try? number.int64() {
                    try container.encode(integer)
                } else if let unsigned = UInt64(number.text) {
                    try container.encode(unsigned)  // beyond Int64, within UInt64: exact
                } else if let double = Double(number.text), double.isFinite {
                    try container.encode(double)
                } else {
                    try container.encode(number.text)  // beyond Double's range: the literal text
                }
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                for element in elements { try container.encode(EncodableJSON(value: element)) }
            case .object(let object):
                var container = encoder.container(keyedBy: FieldKey.self)
                for member in object.members {
                    try container.encode(EncodableJSON(value: member.value), forKey: FieldKey(stringValue: member.name))
                }
            }
        }
    }

    /// A model's keyed container that remembers the members it wrote, then writes the rest of the
    /// model's JSON object as read (`finish`): nothing the App Store signed is dropped.
    struct FieldWriter {
        var container: KeyedEncodingContainer<FieldKey>
        var written: Set<String> = []

        init(_ encoder: any Encoder) { container = encoder.container(keyedBy: FieldKey.self) }

        /// Writes a documented field, when present.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: FieldKey) throws {
            guard let value else { return }
            try container.encode(value, forKey: key)
            written.insert(key.stringValue)
        }

        /// Writes a JSON object kept by a model, when present.
        mutating func encodeIfPresent(_ object: JSONObject?, forKey key: FieldKey) throws {
            guard let object else { return }
            try container.encode(EncodableJSON(value: .object(object)), forKey: key)
            written.insert(key.stringValue)
        }

        /// Writes every member of `json` not written yet, in the payload's order.
        mutating func finish(_ json: JSONObject) throws {
            for member in json.members where !written.contains(member.name) {
                try container.encode(EncodableJSON(value: member.value), forKey: FieldKey(stringValue: member.name))
            }
        }
    }

    extension JWSTransactionDecodedPayload: Encodable {
        /// Writes the documented fields under Apple's names (see the file header); dates in
        /// milliseconds since 1970, enumerated values as their raw value.
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(originalTransactionId, forKey: "originalTransactionId")
            try c.encodeIfPresent(transactionId, forKey: "transactionId")
            try c.encodeIfPresent(webOrderLineItemId, forKey: "webOrderLineItemId")
            try c.encodeIfPresent(bundleId, forKey: "bundleId")
            try c.encodeIfPresent(productId, forKey: "productId")
            try c.encodeIfPresent(subscriptionGroupIdentifier, forKey: "subscriptionGroupIdentifier")
            try c.encodeIfPresent(purchaseDate, forKey: "purchaseDate")
            try c.encodeIfPresent(originalPurchaseDate, forKey: "originalPurchaseDate")
            try c.encodeIfPresent(expiresDate, forKey: "expiresDate")
            try c.encodeIfPresent(quantity, forKey: "quantity")
            try c.encodeIfPresent(type, forKey: "type")
            try c.encodeIfPresent(appAccountToken, forKey: "appAccountToken")
            try c.encodeIfPresent(inAppOwnershipType, forKey: "inAppOwnershipType")
            try c.encodeIfPresent(signedDate, forKey: "signedDate")
            try c.encodeIfPresent(revocationReason, forKey: "revocationReason")
            try c.encodeIfPresent(revocationDate, forKey: "revocationDate")
            try c.encodeIfPresent(isUpgraded, forKey: "isUpgraded")
            try c.encodeIfPresent(offerType, forKey: "offerType")
            try c.encodeIfPresent(offerIdentifier, forKey: "offerIdentifier")
            try c.encodeIfPresent(environment, forKey: "environment")
            try c.encodeIfPresent(storefront, forKey: "storefront")
            try c.encodeIfPresent(storefrontId, forKey: "storefrontId")
            try c.encodeIfPresent(transactionReason, forKey: "transactionReason")
            try c.encodeIfPresent(currency, forKey: "currency")
            try c.encodeIfPresent(price, forKey: "price")
            try c.encodeIfPresent(offerDiscountType, forKey: "offerDiscountType")
            try c.encodeIfPresent(appTransactionId, forKey: "appTransactionId")
            try c.encodeIfPresent(offerPeriod, forKey: "offerPeriod")
            try c.encodeIfPresent(revocationType, forKey: "revocationType")
            try c.encodeIfPresent(revocationPercentage, forKey: "revocationPercentage")
            try c.encodeIfPresent(advancedCommerceInfo, forKey: "advancedCommerceInfo")
            try c.encodeIfPresent(billingPlanType, forKey: "billingPlanType")
            try c.encodeIfPresent(commitmentInfo, forKey: "commitmentInfo")
            try c.encodeIfPresent(previousOriginalTransactionId, forKey: "previousOriginalTransactionId")
            try c.finish(json)
        }
    }

    extension JWSRenewalInfoDecodedPayload: Encodable {
        /// Writes the documented fields under Apple's names (see the file header); dates in
        /// milliseconds since 1970, enumerated values as their raw value.
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(expirationIntent, forKey: "expirationIntent")
            try c.encodeIfPresent(originalTransactionId, forKey: "originalTransactionId")
            try c.encodeIfPresent(autoRenewProductId, forKey: "autoRenewProductId")
            try c.encodeIfPresent(productId, forKey: "productId")
            try c.encodeIfPresent(autoRenewStatus, forKey: "autoRenewStatus")
            try c.encodeIfPresent(isInBillingRetryPeriod, forKey: "isInBillingRetryPeriod")
            try c.encodeIfPresent(priceIncreaseStatus, forKey: "priceIncreaseStatus")
            try c.encodeIfPresent(gracePeriodExpiresDate, forKey: "gracePeriodExpiresDate")
            try c.encodeIfPresent(offerType, forKey: "offerType")
            try c.encodeIfPresent(offerIdentifier, forKey: "offerIdentifier")
            try c.encodeIfPresent(signedDate, forKey: "signedDate")
            try c.encodeIfPresent(environment, forKey: "environment")
            try c.encodeIfPresent(recentSubscriptionStartDate, forKey: "recentSubscriptionStartDate")
            try c.encodeIfPresent(renewalDate, forKey: "renewalDate")
            try c.encodeIfPresent(currency, forKey: "currency")
            try c.encodeIfPresent(renewalPrice, forKey: "renewalPrice")
            try c.encodeIfPresent(offerDiscountType, forKey: "offerDiscountType")
            try c.encodeIfPresent(eligibleWinBackOfferIds, forKey: "eligibleWinBackOfferIds")
            try c.encodeIfPresent(appAccountToken, forKey: "appAccountToken")
            try c.encodeIfPresent(appTransactionId, forKey: "appTransactionId")
            try c.encodeIfPresent(offerPeriod, forKey: "offerPeriod")
            try c.encodeIfPresent(advancedCommerceInfo, forKey: "advancedCommerceInfo")
            try c.encodeIfPresent(commitmentInfo, forKey: "commitmentInfo")
            try c.encodeIfPresent(renewalBillingPlanType, forKey: "renewalBillingPlanType")
            try c.finish(json)
        }
    }

    extension AppTransaction: Encodable {
        /// Writes the documented fields under Apple's names (see the file header); dates in
        /// milliseconds since 1970, enumerated values as their raw value.
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(receiptType, forKey: "receiptType")
            try c.encodeIfPresent(appAppleId, forKey: "appAppleId")
            try c.encodeIfPresent(bundleId, forKey: "bundleId")
            try c.encodeIfPresent(applicationVersion, forKey: "applicationVersion")
            try c.encodeIfPresent(versionExternalIdentifier, forKey: "versionExternalIdentifier")
            try c.encodeIfPresent(receiptCreationDate, forKey: "receiptCreationDate")
            try c.encodeIfPresent(originalPurchaseDate, forKey: "originalPurchaseDate")
            try c.encodeIfPresent(originalApplicationVersion, forKey: "originalApplicationVersion")
            try c.encodeIfPresent(deviceVerification, forKey: "deviceVerification")
            try c.encodeIfPresent(deviceVerificationNonce, forKey: "deviceVerificationNonce")
            try c.encodeIfPresent(preorderDate, forKey: "preorderDate")
            try c.encodeIfPresent(signedDate, forKey: "signedDate")
            try c.encodeIfPresent(appTransactionId, forKey: "appTransactionId")
            try c.encodeIfPresent(originalPlatform, forKey: "originalPlatform")
            try c.encodeIfPresent(revocationDate, forKey: "revocationDate")
            try c.finish(json)
        }
    }

    extension ResponseBodyV2DecodedPayload: Encodable {
        /// Writes the documented fields under Apple's names (see the file header), with `data`,
        /// `summary`, `externalPurchaseToken` and `appData` as nested objects; the nested signed
        /// items stay the compact JWS text they are.
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(notificationType, forKey: "notificationType")
            try c.encodeIfPresent(subtype, forKey: "subtype")
            try c.encodeIfPresent(notificationUUID, forKey: "notificationUUID")
            try c.encodeIfPresent(data, forKey: "data")
            try c.encodeIfPresent(version, forKey: "version")
            try c.encodeIfPresent(signedDate, forKey: "signedDate")
            try c.encodeIfPresent(summary, forKey: "summary")
            try c.encodeIfPresent(externalPurchaseToken, forKey: "externalPurchaseToken")
            try c.encodeIfPresent(appData, forKey: "appData")
            try c.finish(json)
        }
    }

    extension NotificationData: Encodable {
        /// Writes the documented fields of `data` under Apple's names; the signed transaction and
        /// renewal info as the compact JWS text they are.
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(environment, forKey: "environment")
            try c.encodeIfPresent(appAppleId, forKey: "appAppleId")
            try c.encodeIfPresent(bundleId, forKey: "bundleId")
            try c.encodeIfPresent(bundleVersion, forKey: "bundleVersion")
            try c.encodeIfPresent(signedTransactionInfo, forKey: "signedTransactionInfo")
            try c.encodeIfPresent(signedRenewalInfo, forKey: "signedRenewalInfo")
            try c.encodeIfPresent(status, forKey: "status")
            try c.encodeIfPresent(consumptionRequestReason, forKey: "consumptionRequestReason")
            try c.finish(json)
        }
    }

    extension Summary: Encodable {
        /// Writes the documented fields of `summary` under Apple's names.
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(environment, forKey: "environment")
            try c.encodeIfPresent(appAppleId, forKey: "appAppleId")
            try c.encodeIfPresent(bundleId, forKey: "bundleId")
            try c.encodeIfPresent(productId, forKey: "productId")
            try c.encodeIfPresent(requestIdentifier, forKey: "requestIdentifier")
            try c.encodeIfPresent(storefrontCountryCodes, forKey: "storefrontCountryCodes")
            try c.encodeIfPresent(succeededCount, forKey: "succeededCount")
            try c.encodeIfPresent(failedCount, forKey: "failedCount")
            try c.finish(json)
        }
    }

    extension ExternalPurchaseToken: Encodable {
        /// Writes the documented fields of `externalPurchaseToken` under Apple's names.
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(externalPurchaseId, forKey: "externalPurchaseId")
            try c.encodeIfPresent(tokenCreationDate, forKey: "tokenCreationDate")
            try c.encodeIfPresent(appAppleId, forKey: "appAppleId")
            try c.encodeIfPresent(bundleId, forKey: "bundleId")
            try c.finish(json)
        }
    }

    extension AppData: Encodable {
        /// Writes the documented fields of `appData` under Apple's names; the signed app
        /// transaction as the compact JWS text it is.
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(appAppleId, forKey: "appAppleId")
            try c.encodeIfPresent(bundleId, forKey: "bundleId")
            try c.encodeIfPresent(environment, forKey: "environment")
            try c.encodeIfPresent(signedAppTransactionInfo, forKey: "signedAppTransactionInfo")
            try c.finish(json)
        }
    }

    extension DecodedRealtimeRequestBody: Encodable {
        /// Writes the documented fields of a realtime request under Apple's names (see the file header).
        public func encode(to encoder: any Encoder) throws {
            var c = FieldWriter(encoder)
            try c.encodeIfPresent(originalTransactionId, forKey: "originalTransactionId")
            try c.encodeIfPresent(appAppleId, forKey: "appAppleId")
            try c.encodeIfPresent(productId, forKey: "productId")
            try c.encodeIfPresent(userLocale, forKey: "userLocale")
            try c.encodeIfPresent(requestIdentifier, forKey: "requestIdentifier")
            try c.encodeIfPresent(signedDate, forKey: "signedDate")
            try c.encodeIfPresent(environment, forKey: "environment")
            try c.finish(json)
        }
    }
#endif
