// StoreKitEncodable: the StoreKit 2 models as Encodable values, under Apple's field names, so a
// server can hand a verified payload to JSONEncoder (or any Encoder) without writing a mapping.
//
// What is written: the JSON object the model was decoded from, member by member in the payload's
// order, as read (`json`). Every field the App Store signed is there under its App Store Server API
// name, the documented ones and those Apple added after these models alike, so decoding a payload
// and encoding the model gives the payload's JSON value back. Dates are the integer milliseconds
// since 1970 Apple wrote, enumerated values their raw values, absent fields absent (a member the
// payload writes as `null` stays `null`). Numbers go out as integers when they are integer
// literals in Int64's or UInt64's range, otherwise as the nearest Double (the exact text stays in
// `json`).
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

    /// Writes `json`, a model's payload object, as read.
    func encodeAsRead(_ json: JSONObject, to encoder: any Encoder) throws {
        try EncodableJSON(value: .object(json)).encode(to: encoder)
    }

    extension JWSTransactionDecodedPayload: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }

    extension JWSRenewalInfoDecodedPayload: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }

    extension AppTransaction: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }

    extension ResponseBodyV2DecodedPayload: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }

    extension NotificationData: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }

    extension Summary: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }

    extension ExternalPurchaseToken: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }

    extension AppData: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }

    extension DecodedRealtimeRequestBody: Encodable {
        /// Writes the JSON object this was decoded from, as read (see the file header).
        public func encode(to encoder: any Encoder) throws { try encodeAsRead(json, to: encoder) }
    }
#endif
