// AppReceiptEncodable: the app receipt model as Encodable values, so a server can hand a verified
// receipt to JSONEncoder (or any Encoder) as it is.
//
// What is written, under the Swift property names (`bundleId`, `inAppPurchases`, …; the
// verifyReceipt document with Apple's names is `VerifyReceiptJSON`): every named attribute the
// receipt holds, absent ones left out; dates as integer milliseconds since 1970 (`Instant`); the
// environment as its attribute-0 text and the product type as its attribute-1707 integer; raw bytes
// (`opaqueValue`, `sha1Hash`, `bundleIdentifierData`) as standard base64 text; `fulfillmentToolVersion`
// as its text (`P234`). Not written: the undocumented `attributeNN` placeholders and `rawAttributes`
// (read them from the model).
//
// Encodable only. An `AppReceipt` is what `ReceiptValidator` decoded from a payload whose signature
// it checked; a decoded JSON document would make a value that looks verified and is not.
// `ReceiptEnvironment` and `InAppProductType` are plain values and decode too.
//
// Left out of an Embedded Swift build, which has no Codable; nothing a verdict depends on is here.

#if !hasFeature(Embedded)
    import PureDER

    extension ReceiptEnvironment: Codable {
        /// Writes the text of attribute 0 (`Production`, `ProductionSandbox`, `Xcode`, …).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// Reads the text of attribute 0; unknown text becomes ``other(_:)``. A plain value: decoding
        /// one proves nothing about where it came from.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self.init(rawValue: try container.decode(String.self))
        }
    }

    extension InAppProductType: Codable {
        /// Writes the attribute 1707 integer (0 non-consumable, 1 consumable, 2 non-renewing, 3
        /// auto-renewable, or any other value as read).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// Reads an attribute 1707 integer. A plain value: decoding one proves nothing.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self.init(rawValue: try container.decode(Int64.self))
        }
    }

    extension AppReceipt: Encodable {
        /// Writes the receipt's named attributes under the Swift property names (see the file
        /// header), its in-app purchases as an array in file order.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: FieldKey.self)
            try c.encodeIfPresent(environment, forKey: "environment")
            try c.encodeIfPresent(appAppleId, forKey: "appAppleId")
            try c.encode(bundleId, forKey: "bundleId")
            try c.encode(Base64.encode(Array(bundleIdentifierData)), forKey: "bundleIdentifierData")
            try c.encode(applicationVersion, forKey: "applicationVersion")
            try c.encode(Base64.encode(Array(opaqueValue)), forKey: "opaqueValue")
            try c.encode(Base64.encode(Array(sha1Hash)), forKey: "sha1Hash")
            try c.encodeIfPresent(transactionDate, forKey: "transactionDate")
            try c.encodeIfPresent(fulfillmentToolVersion?.text, forKey: "fulfillmentToolVersion")
            try c.encodeIfPresent(ageRating, forKey: "ageRating")
            try c.encodeIfPresent(developerID, forKey: "developerID")
            try c.encode(receiptCreationDate, forKey: "receiptCreationDate")
            try c.encodeIfPresent(downloadID, forKey: "downloadID")
            try c.encodeIfPresent(versionExternalIdentifier, forKey: "versionExternalIdentifier")
            try c.encode(inAppPurchases, forKey: "inAppPurchases")
            try c.encodeIfPresent(originalPurchaseDate, forKey: "originalPurchaseDate")
            try c.encodeIfPresent(originalApplicationVersion, forKey: "originalApplicationVersion")
            try c.encodeIfPresent(expirationDate, forKey: "expirationDate")
            try c.encodeIfPresent(organizationDisplayName, forKey: "organizationDisplayName")
            try c.encodeIfPresent(preorderDate, forKey: "preorderDate")
        }
    }

    extension InAppPurchase: Encodable {
        /// Writes the record's documented fields under the Swift property names, decoded in one walk
        /// of the record (see the file header).
        public func encode(to encoder: any Encoder) throws {
            let f = fields  // one walk of the record
            // `parse` checked these bytes are UTF-8: decoding replaces nothing.
            let text = { (range: Range<Int>) in String(decoding: payload[range], as: UTF8.self) }
            var c = encoder.container(keyedBy: FieldKey.self)
            try c.encodeIfPresent(f.quantity, forKey: "quantity")
            try c.encode(text(f.product), forKey: "productId")
            try c.encode(text(f.transaction), forKey: "transactionId")
            try c.encode(f.purchaseDate, forKey: "purchaseDate")
            try c.encodeIfPresent(f.originalTransaction.map(text), forKey: "originalTransactionId")
            try c.encodeIfPresent(f.originalPurchaseDate, forKey: "originalPurchaseDate")
            try c.encodeIfPresent(f.productType, forKey: "productType")
            try c.encodeIfPresent(f.subscriptionExpirationDate, forKey: "expiresDate")
            try c.encodeIfPresent(f.webOrderLineItemID, forKey: "webOrderLineItemId")
            try c.encodeIfPresent(f.cancellationDate, forKey: "revocationDate")
            try c.encodeIfPresent(revocationReason, forKey: "revocationReason")
            try c.encodeIfPresent(f.isTrialPeriod, forKey: "isTrialPeriod")
            try c.encodeIfPresent(f.isInIntroOfferPeriod, forKey: "isInIntroOfferPeriod")
            try c.encodeIfPresent(f.promotionalOffer.map(text), forKey: "offerIdentifier")
        }
    }
#endif
