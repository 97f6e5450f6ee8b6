// InstantCodable: `Instant` as a Codable value — one JSON number, the milliseconds since
// 1970-01-01T00:00:00Z, as StoreKit 2 payloads and verifyReceipt `_ms` fields write dates.
//
// Left out of an Embedded Swift build, which has no Codable; nothing a verdict depends on is here.

#if !hasFeature(Embedded)
    extension Instant: Codable {
        /// Writes the instant as one integer: milliseconds since 1970-01-01T00:00:00Z (negative
        /// before), e.g. `1735689600000` for 2025-01-01T00:00:00Z.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(millisecondsSince1970)
        }

        /// Reads an integer number of milliseconds since 1970-01-01T00:00:00Z. An instant is a plain
        /// value: decoding one proves nothing about where it came from.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self.init(millisecondsSince1970: try container.decode(Int64.self))
        }
    }
#endif
