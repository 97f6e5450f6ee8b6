// PayloadScan: the attribute verification needs once the signature over the payload has verified
// and before the path is checked at an instant — the creation date (12), the instant certificate
// validity is judged at — read without decoding anything else.
//
// The scan walks the top-level SET OF ReceiptAttribute with the parser's own reader (every
// structural check of `AppReceipt.parse` up to, and excluding, decoding values), so a payload
// whose top level is malformed fails here with the error the full decoder reports (for an error of
// attribute 12 the validator asks `AppReceipt.check` for the decoder's first error). It decodes
// no in-app record and no value other than attribute 12: one walk over the top-level headers and
// no allocation proportional to the input.
// Does not check (left to the full decoder, after authentication): every other value, in-app
// records, duplicates of attributes other than 12, the other required attributes.

import PureDER

/// What the validator reads from a payload before authenticating it.
struct PayloadScan {
    /// Attribute 12, decoded as `AppReceipt.parse` decodes it.
    let creationDate: Instant
}

extension PayloadScan {
    /// Scans `range` of `bytes` (the eContent value). Throws the error `AppReceipt.parse` reports
    /// for a malformed top level, and for a missing, repeated, empty or malformed attribute 12 the
    /// error of that attribute (a decoder might name an earlier malformed attribute instead).
    init(_ bytes: [UInt8], range: Range<Int>) throws(ReceiptError) {
        var dates: [AttributeSpan] = []
        func visit(_ item: AttributeSpan) {
            if item.type == ReceiptAttributeType.creationDate && dates.count < 2 { dates.append(item) }
        }
        try ReceiptAttribute.forEach(
            bytes, range: range, limit: Limits.maxReceiptAttributes, limitName: "Limits.maxReceiptAttributes",
            what: { "payload" }, visit)
        let decoder = AttributeDecoder(bytes: bytes, inAppOffset: nil)
        // Apple receipt rule (singular-attributes): attribute 12 appears exactly once.
        if dates.count > 1 { throw AppReceipt.duplicate(dates[1], decoder) }
        guard let date = dates.first else { throw AppReceipt.missing(ReceiptAttributeType.creationDate) }
        creationDate = try AppReceipt.creationDate(date, decoder)
    }
}
