// LegacyPurchaseInfoEncodable: a legacy transaction receipt's signed `purchase-info` as an
// Encodable value: one object of its pairs, in file order, keys and values exactly as written
// (`"product-id": "com.example.pro"`, `"purchase-date-ms": "1262304000000"`): every value is text,
// as in the plist, and the parser refused duplicate keys, so the object is lossless.
//
// Encodable only. A `LegacyPurchaseInfo` is what `LegacyReceiptValidator` read from a purchase-info
// whose signature it checked; a decoded JSON object would look verified and not be.
//
// Left out of an Embedded Swift build, which has no Codable; nothing a verdict depends on is here.

#if !hasFeature(Embedded)
    extension LegacyPurchaseInfo: Encodable {
        /// Writes every pair of `entries`, in file order, as one object of strings.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: FieldKey.self)
            for entry in entries { try c.encode(entry.value, forKey: FieldKey(stringValue: entry.key)) }
        }
    }
#endif
