// PayloadScan: the two attributes verification needs before the signature is checked — the
// creation date (12), the instant certificate validity is judged at, and the environment (0),
// which names the path an Xcode receipt claims — read without decoding anything else.
//
// The scan walks the top-level SET OF ReceiptAttribute with the parser's own reader (every
// structural check of `AppReceipt.parse` up to, and excluding, decoding values), so a payload
// whose top level is malformed fails here with the error the full decoder reports (for an error of
// attribute 12 the validator asks `AppReceipt.check` for the decoder's first error). It decodes
// no in-app record and no value other than attributes 0 and 12: unauthenticated bytes cost one
// walk over the top-level headers and no allocation proportional to the input.
// Does not check (left to the full decoder, after authentication): every other value, in-app
// records, duplicates of attributes other than 12, the other required attributes.

import PureDER

/// What the validator reads from a payload before authenticating it.
struct PayloadScan {
    /// Attribute 12, decoded as `AppReceipt.parse` decodes it.
    let creationDate: Instant
    /// Attribute 0 (its first occurrence), nil when absent or not a UTF8String.
    let environment: ReceiptEnvironment?
}

extension PayloadScan {
    /// Scans `range` of `bytes` (the eContent value). Throws the error `AppReceipt.parse` reports
    /// for a malformed top level, and for a missing, repeated, empty or malformed attribute 12 the
    /// error of that attribute (a decoder might name an earlier malformed attribute instead).
    init(_ bytes: [UInt8], range: Range<Int>) throws(ReceiptError) {
        var dates: [AttributeSpan] = []
        var environmentItem: AttributeSpan?
        func visit(_ item: AttributeSpan) {
            if item.type == ReceiptAttributeType.creationDate && dates.count < 2 { dates.append(item) }
            if item.type == 0 && environmentItem == nil { environmentItem = item }
        }
        try ReceiptAttribute.forEach(
            bytes, range: range, limit: Limits.maxReceiptAttributes, limitName: "Limits.maxReceiptAttributes",
            what: { "payload" }, visit)
        let decoder = AttributeDecoder(bytes: bytes, inAppOffset: nil)
        // Apple receipt rule (singular-attributes): attribute 12 appears exactly once.
        if dates.count > 1 { throw AppReceipt.duplicate(dates[1], decoder) }
        guard let date = dates.first else { throw AppReceipt.missing(ReceiptAttributeType.creationDate) }
        creationDate = try AppReceipt.creationDate(date, decoder)
        environment = environmentItem.flatMap { try? decoder.utf8String($0) }.map(ReceiptEnvironment.init(rawValue:))
    }
}
