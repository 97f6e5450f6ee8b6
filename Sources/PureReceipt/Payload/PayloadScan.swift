// PayloadScan: every attribute verification reads from a receipt payload, read by trusted code
// alone, once the signature over the payload has verified — the facts the verdict depends on.
//
//   - the creation date (12), the instant certificate validity is judged at, read before the path
//     is checked at an instant;
//   - then, for the caller's policy: the environment (0), the bundle identifier (2, as text and as
//     its whole DER TLV, which the device hash covers), the version (3), the opaque value (4), the
//     device hash (5) and the VPP expiration date (21).
//
// The scan walks the top-level SET OF ReceiptAttribute with the parser's own reader (every
// structural check of `AppReceipt.parse` up to, and excluding, decoding values) and remembers
// where each of these seven attributes lies; nothing else is decoded, no in-app record is read,
// and nothing is allocated in proportion to the input. Each of them must appear at most once, and
// 2, 3, 4, 5 and 12 must appear: a payload that names a fact twice is refused, so what the policy
// compares is what the model shows.
//
// The full model (AppReceipt, InAppPurchase: presentation) is decoded after the path check and
// before the policy, so a malformed payload is reported with the decoder's first error as before;
// no policy check reads the model.

import PureDER

/// The facts of an authenticated payload that verification reads.
struct PayloadScan {
    /// The type numbers of the facts (RECEIPT-FIELDS.md 3a).
    static let factTypes: [Int64] = [0, 2, 3, 4, 5, 12, 21]

    /// The bytes the payload lies in (shared, not copied).
    let bytes: [UInt8]
    /// Where each fact lies: 0 and 21 may be absent; the others every receipt carries.
    let environment: AttributeSpan?
    let bundleIdentifier: AttributeSpan
    let appVersion: AttributeSpan
    let opaqueValue: AttributeSpan
    let sha1Hash: AttributeSpan
    let expirationDate: AttributeSpan?
    /// Attribute 12, decoded as `AppReceipt.parse` decodes it.
    let creationDate: Instant

    /// Scans `range` of `bytes` (the eContent value). Throws the error `AppReceipt.parse` reports
    /// for a malformed top level; for a fact that appears twice, the error of its second
    /// occurrence; for a missing fact, or an empty or malformed attribute 12, the error of that
    /// attribute (a decoder might name an earlier malformed attribute instead).
    init(_ bytes: [UInt8], range: Range<Int>) throws(ReceiptError) {
        self.bytes = bytes
        var found: [AttributeSpan?] = [nil, nil, nil, nil, nil, nil, nil]  // in the order of factTypes
        var repeated: AttributeSpan?
        func visit(_ item: AttributeSpan) {
            guard let slot = Self.factTypes.firstIndex(of: item.type) else { return }
            // Apple receipt rule (singular-attributes): each fact appears at most once.
            if found[slot] == nil {
                found[slot] = item
            } else if repeated == nil {
                repeated = item
            }
        }
        try ReceiptAttribute.forEach(
            bytes, range: range, limit: Limits.maxReceiptAttributes, limitName: "Limits.maxReceiptAttributes",
            what: { "payload" }, visit)
        let decoder = AttributeDecoder(bytes: bytes, inAppOffset: nil)
        if let repeated { throw AppReceipt.duplicate(repeated, decoder) }
        // Apple receipt rule (required-attributes): bundle id (2), version (3), opaque value (4),
        // hash (5) and creation date (12) are in every receipt; validation depends on each.
        func required(_ type: Int64) throws(ReceiptError) -> AttributeSpan {
            guard let index = Self.factTypes.firstIndex(of: type), let span = found[index] else {
                throw AppReceipt.missing(type)
            }
            return span
        }
        let created = try required(12)
        guard let date = try decoder.date(created) else {
            throw ReceiptError(
                code: ReceiptError.date, offset: created.offset, attributeType: 12,
                "\(decoder.label(created)): empty, but a creation date is required")
        }
        creationDate = date
        (bundleIdentifier, appVersion) = (try required(2), try required(3))
        (opaqueValue, sha1Hash) = (try required(4), try required(5))
        (environment, expirationDate) = (found[0], found[6])
    }

    /// The policy's facts, decoded with the checks of the full decoder (a UTF8String that is
    /// valid UTF-8, a date in the receipt dialect).
    func facts() throws(ReceiptError) -> ReceiptFacts {
        let decoder = AttributeDecoder(bytes: bytes, inAppOffset: nil)
        return ReceiptFacts(
            environment: try environment.map { (item) throws(ReceiptError) in try decoder.utf8String(item) },
            bundleIdentifier: try decoder.utf8String(bundleIdentifier),
            bundleIdentifierTLV: bytes[bundleIdentifier.value],
            appVersion: try decoder.utf8String(appVersion),
            opaqueValue: bytes[opaqueValue.value],
            sha1Hash: bytes[sha1Hash.value],
            expirationDate: try expirationDate.flatMap { (item) throws(ReceiptError) in try decoder.date(item) })
    }
}

/// The values of an authenticated payload the caller's policy is checked against.
struct ReceiptFacts {
    /// 0: the environment's text; nil when the attribute is absent.
    let environment: String?
    /// 2: the bundle identifier, and its whole UTF8String TLV (what the device hash covers).
    let bundleIdentifier: String
    let bundleIdentifierTLV: ArraySlice<UInt8>
    /// 3: the bundle version.
    let appVersion: String
    /// 4, 5: the opaque value and the device hash.
    let opaqueValue: ArraySlice<UInt8>
    let sha1Hash: ArraySlice<UInt8>
    /// 21: the VPP expiration date; nil when absent or empty.
    let expirationDate: Instant?
}
