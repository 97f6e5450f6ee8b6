// AppReceiptParser: the receipt payload `SET OF ReceiptAttribute` into an `AppReceipt`.
//
// Accepts: strict DER, attributes in any order (Xcode receipts are not DER-sorted), type 17
// repeated, unknown types (including repeats of them) kept raw, at most
// `Limits.maxReceiptAttributes` attributes.
// Rejects: a known singular attribute (every type of RECEIPT-FIELDS.md 3a except 17) appearing
// twice; a known attribute whose value is not exactly one element of its inner type; an invalid
// date; a malformed in-app record; a missing bundle id (2), app version (3), opaque value (4),
// SHA-1 hash (5) or creation date (12) — the fields validation cannot do without.
// Does not check: attribute versions, SET OF order, or any value against a policy (bundle id,
// environment, hash): that is the validation layer's job.
//
// Unknown types may repeat because nothing reads them: rejecting a repeat would make the parser
// fail on a future Apple attribute, while accepting it loses nothing (all are in rawAttributes).

import PureDER

extension AppReceipt {
    /// Decodes a receipt payload (the eContent OCTET STRING value). Error offsets are payload offsets.
    package static func parse(payload: [UInt8]) throws(ReceiptError) -> AppReceipt {
        try parse(payload, range: 0..<payload.count)
    }

    /// Decodes the payload at `range` of `payload` where it lies, without copying it: attribute and
    /// record offsets are payload offsets; error offsets are payload offsets only when range starts
    /// at 0 (a caller decoding in place reports errors by decoding a copy). Error precedence: the
    /// whole top-level structure first, then each attribute in order, then the required ones.
    /// Without `keep`, no in-app record is stored: memory stays one record whatever the payload's size.
    static func parse(_ payload: [UInt8], range: Range<Int>, keep: Bool = true) throws(ReceiptError) -> AppReceipt {
        var receipt = AppReceipt()
        (receipt.payload, receipt.payloadRange) = (payload, range)
        // Two walks, no array of the top-level attributes: the first checks the structure and counts
        // the records, so their array is sized once (doubling would hold two copies while copying).
        var records = 0
        let count = { (item: AttributeSpan) in
            if keep && item.type == ReceiptAttributeType.inAppPurchase { records += 1 }
        }
        try ReceiptAttribute.forEach(
            payload, range: range, limit: Limits.maxReceiptAttributes, limitName: "Limits.maxReceiptAttributes",
            what: { "payload" }, count)
        receipt.inAppPurchases.reserveCapacity(records)
        let decoder = AttributeDecoder(bytes: payload, inAppOffset: nil)
        var seen = SeenAttributes(base: 0)
        func decode(_ item: AttributeSpan) throws(ReceiptError) {
            if item.type == ReceiptAttributeType.inAppPurchase {
                let purchase = try InAppPurchase.parse(payload, item)
                if keep { receipt.inAppPurchases.append(purchase) }
                return
            }
            guard isKnownSingular(item.type) else { return }  // unknown: kept raw only
            // Apple receipt rule (singular-attributes): every known attribute but 17 appears at most once.
            guard seen.insert(item.type) else { throw duplicate(item, decoder) }
            try receipt.decode(item, decoder)
        }
        try ReceiptAttribute.forEach(
            payload, range: range, payloadStart: range.lowerBound, limit: Limits.maxReceiptAttributes, limitName: "",
            what: { "" }, decode)
        // Apple receipt rule (required-attributes): bundle id (2), version (3), opaque value (4),
        // hash (5) and creation date (12) are in every receipt; validation depends on each.
        let required: [Int64] = [2, 3, 4, 5, 12]
        for type in required where !seen.contains(type) { throw missing(type) }
        return receipt
    }

    /// Every check of `parse`, keeping nothing. For a payload no trusted key signed, to report it
    /// as `parse` would (malformed before not authentic).
    static func check(_ bytes: [UInt8], range: Range<Int>) throws(ReceiptError) {
        _ = try parse(bytes, range: range, keep: false)
    }

    /// The error for a second occurrence of a singular attribute.
    static func duplicate(_ item: AttributeSpan, _ decoder: AttributeDecoder) -> ReceiptError {
        ReceiptError(
            code: ReceiptError.duplicateAttribute, offset: item.offset, attributeType: item.type,
            "\(decoder.label(item)): appears more than once (again at byte \(item.offset))")
    }

    /// The error for a missing required top-level attribute.
    static func missing(_ type: Int64) -> ReceiptError {
        ReceiptError(
            code: ReceiptError.structure, offset: 0, attributeType: type,
            "payload: missing attribute \(type) (\(ReceiptAttributeType.name(ofTopLevel: type)))")
    }

    /// Attribute 12, which must hold a date (an empty string, "absent" elsewhere, is refused).
    static func creationDate(_ item: AttributeSpan, _ decoder: AttributeDecoder) throws(ReceiptError) -> Instant {
        guard let date = try decoder.date(item) else {
            throw ReceiptError(
                code: ReceiptError.date, offset: item.offset, attributeType: item.type,
                "\(decoder.label(item)): empty, but a creation date is required")
        }
        return date
    }

    /// The documented and observed top-level types other than 17 (RECEIPT-FIELDS.md 3a).
    static func isKnownSingular(_ type: Int64) -> Bool {
        switch type {
        case 0...16, 18...23, 25, 32: return true
        default: return false
        }
    }

    /// Stores one known singular top-level attribute.
    private mutating func decode(_ item: AttributeSpan, _ decoder: AttributeDecoder) throws(ReceiptError) {
        switch item.type {
        case 0: environment = ReceiptEnvironment(rawValue: try decoder.utf8String(item))
        case 1: appAppleId = try decoder.uint64(item)
        case 2:
            bundleId = try decoder.utf8String(item)
            bundleIdentifierData = decoder.bytes[item.value]
        case 3: applicationVersion = try decoder.utf8String(item)
        case 4: opaqueValue = decoder.bytes[item.value]
        case 5: sha1Hash = decoder.bytes[item.value]
        case 6: attribute6 = decoder.bytes[item.value]
        case 7: attribute7 = decoder.bytes[item.value]
        case 8: transactionDate = try decoder.date(item)
        case 9: fulfillmentToolVersion = try decoder.packedInteger(item)
        case 10: ageRating = try decoder.ia5String(item)
        case 11: developerID = try decoder.uint64(item)
        case 12: receiptCreationDate = try AppReceipt.creationDate(item, decoder)
        case 13: attribute13 = try decoder.int64(item)
        case 14: attribute14 = try decoder.int64(item)
        case 15: downloadID = try decoder.uint64(item)
        case 16: versionExternalIdentifier = try decoder.uint64(item)
        case 18: originalPurchaseDate = try decoder.date(item)
        case 19: originalApplicationVersion = try decoder.utf8String(item)
        case 20: attribute20 = try decoder.utf8String(item)
        case 21: expirationDate = try decoder.date(item)
        case 22: attribute22 = try decoder.date(item)
        case 23: organizationDisplayName = try decoder.utf8String(item)
        case 25: attribute25 = try decoder.int64(item)
        case 32: preorderDate = try decoder.date(item)
        default: break  // unreachable: the caller passes isKnownSingular types only
        }
    }
}
