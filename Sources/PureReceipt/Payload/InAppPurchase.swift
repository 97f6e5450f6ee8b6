// InAppPurchase: one in-app purchase record — the value of a type-17 receipt attribute, itself a
// DER `SET OF ReceiptAttribute` — checked whole in one walk when the receipt is decoded, then kept
// as its place in the one shared payload (24 bytes a record, no heap allocation per record): every
// field is decoded again from those bytes when read, so memory stays close to the input's size
// however many records a receipt holds (Docs/SECURITY.md, "Memory").
//
// Accepts: the attributes of RECEIPT-FIELDS.md table 3b with the inner types given there, in any
// order; unknown types (and repeats of them) kept raw; at most `Limits.maxInAppAttributes`.
// Requires: product id (1702), transaction id (1703) and purchase date (1704), without which no
// query can use the record. A singular attribute appearing twice rejects the whole receipt.
// Does not check: that the record is plausible (dates in order, product type consistent with an
// expiration date) — that is the queries' business, and they fail closed.

import PureDER

/// The product type of an in-app purchase (attribute 1707; absent in Xcode receipts).
public enum InAppProductType: Sendable, Hashable {
    /// 0: bought once, kept forever.
    case nonConsumable
    /// 1: used up once bought (receipts list them until the transaction is finished).
    case consumable
    /// 2: a subscription with a fixed period that does not renew.
    case nonRenewingSubscription
    /// 3: an auto-renewable subscription.
    case autoRenewableSubscription
    /// Any other value, kept verbatim.
    case other(Int64)

    /// The type for an attribute 1707 value (unknown values become ``other(_:)``).
    public init(rawValue: Int64) {
        switch rawValue {
        case 0: self = .nonConsumable
        case 1: self = .consumable
        case 2: self = .nonRenewingSubscription
        case 3: self = .autoRenewableSubscription
        default: self = .other(rawValue)
        }
    }

    /// The attribute 1707 value.
    public var rawValue: Int64 {
        switch self {
        case .nonConsumable: return 0
        case .consumable: return 1
        case .nonRenewingSubscription: return 2
        case .autoRenewableSubscription: return 3
        case .other(let value): return value
        }
    }
}

/// One in-app purchase receipt (receipt attribute 17). Optional fields are nil when the attribute
/// is absent or, for dates, holds the empty string.
///
/// A value is the record's place in the shared payload (24 bytes, whatever the record holds):
/// each field is found and decoded again in the record's bytes when read (one walk of its
/// attribute headers), so a receipt of many records costs little more memory than its own bytes.
/// Read a field once per use rather than in a loop; the queries and the JSON rendering decode
/// every field of a record in a single walk.
public struct InAppPurchase: Sendable {
    /// The bytes the payload lies in (shared, not copied). Every index below is < 2^32 (`parse`
    /// refuses larger ones; receipts are at most `Limits.maxInputBytes`).
    let payload: [UInt8]
    /// The record's SET content in `payload`, the attribute's payload offset, and the index of the
    /// payload's first byte (offsets are counted from it).
    private let start: UInt32, end: UInt32, attributeOffset: UInt32, base: UInt32
    var record: Range<Int> { Int(start)..<Int(end) }
    var payloadStart: Int { Int(base) }
    /// Offset of the type-17 ReceiptAttribute in the payload.
    public var offset: Int { Int(attributeOffset) }
    /// 1701: number of items purchased.
    public var quantity: Int64? { decoded(1701, AttributeDecoder.int64) }
    /// 1702: product identifier.
    public var productId: String { decoded(1702, AttributeDecoder.utf8String) ?? "" }
    /// 1703: transaction identifier (`"0"`, `"1"`, … in Xcode receipts).
    public var transactionId: String { decoded(1703, AttributeDecoder.utf8String) ?? "" }
    /// 1704: purchase date (for a renewal: the start of its period).
    public var purchaseDate: Instant { decoded(1704, AttributeDecoder.date).flatMap { $0 } ?? Fields().purchaseDate }
    /// 1705: transaction identifier of the original purchase (absent in Xcode receipts).
    public var originalTransactionId: String? { decoded(1705, AttributeDecoder.utf8String) }
    /// 1706: date of the original purchase.
    public var originalPurchaseDate: Instant? { decoded(1706, AttributeDecoder.date) ?? nil }
    /// 1707: product type (undocumented by Apple; absent in Xcode receipts).
    public var productType: InAppProductType? { decoded(1707, AttributeDecoder.int64).map(InAppProductType.init) }
    /// 1708: expiration date of an auto-renewable subscription period.
    public var expiresDate: Instant? { decoded(1708, AttributeDecoder.date) ?? nil }
    /// 1709: undocumented UTF8String (empty in every sample).
    public var attribute1709: String? { decoded(1709, AttributeDecoder.utf8String) }
    /// 1710: undocumented INTEGER, 0 or four ASCII characters such as `MR5F`.
    public var attribute1710: ASCIIPackedInteger? { decoded(1710, AttributeDecoder.packedInteger) }
    /// 1711: web order line item id (up to 8 bytes).
    public var webOrderLineItemId: UInt64? { decoded(1711, AttributeDecoder.uint64) }
    /// 1712: date Apple customer support cancelled (refunded) the transaction.
    public var revocationDate: Instant? { decoded(1712, AttributeDecoder.date) ?? nil }
    /// 1713: the period is a free trial (any non-zero INTEGER reads as true).
    public var isTrialPeriod: Bool? { decoded(1713, AttributeDecoder.flag) }
    /// 1714 ... 1718: undocumented UTF8Strings (empty in every sample), by type.
    public var attribute1714: String? { decoded(1714, AttributeDecoder.utf8String) }
    /// 1715: undocumented UTF8String.
    public var attribute1715: String? { decoded(1715, AttributeDecoder.utf8String) }
    /// 1716: undocumented UTF8String.
    public var attribute1716: String? { decoded(1716, AttributeDecoder.utf8String) }
    /// 1717: undocumented UTF8String.
    public var attribute1717: String? { decoded(1717, AttributeDecoder.utf8String) }
    /// 1718: undocumented UTF8String.
    public var attribute1718: String? { decoded(1718, AttributeDecoder.utf8String) }
    /// 1719: the period is an introductory offer (any non-zero INTEGER reads as true).
    public var isInIntroOfferPeriod: Bool? { decoded(1719, AttributeDecoder.flag) }
    /// 1720: cancellation reason (INTEGER; reported by one parser, never observed).
    public var revocationReason: Int64? { decoded(1720, AttributeDecoder.int64) }
    /// 1721: promotional offer identifier.
    public var offerIdentifier: String? { decoded(1721, AttributeDecoder.utf8String) }
    /// 1722: undocumented INTEGER (0 in samples).
    public var attribute1722: Int64? { decoded(1722, AttributeDecoder.int64) }
    /// Every attribute of the record, known or not, in file order (read again on each access).
    public var rawAttributes: [ReceiptAttribute] {
        // `parse` read this record whole and without error; reading the same bytes again cannot fail.
        (try? ReceiptAttribute.readSet(
            payload, range: record, payloadStart: payloadStart, limit: Limits.maxInAppAttributes, limitName: "",
            what: { "" })) ?? []
    }

    /// The fields of the record, decoded in one walk. `parse` decoded the same bytes without error,
    /// so this one cannot fail; were it ever to, the fields read as absent and the purchase date as
    /// the last representable instant, so the record is never active (fail closed).
    @inline(__always)  // the caller's copy is the result: no copy of the large value
    var fields: Fields { (try? Fields(payload, record: record, offset: offset, checkingAll: false)) ?? Fields() }

    /// Attribute `type` of the record, decoded by `read` (`parse` checked the whole record, so the
    /// walk and the decoding cannot fail); nil when absent.
    private func decoded<T>(
        _ type: Int64, _ read: (AttributeDecoder) -> (AttributeSpan) throws(ReceiptError) -> T
    ) -> T? {
        var found: AttributeSpan?
        let visit = { (item: AttributeSpan) in if item.type == type { found = item } }
        try? ReceiptAttribute.forEach(
            payload, range: record, limit: Limits.maxInAppAttributes, limitName: "", what: { "" }, visit)
        return found.flatMap { try? read(AttributeDecoder(bytes: payload, inAppOffset: offset))($0) }
    }
}

extension InAppPurchase {
    /// The decoded fields of one record: numbers and dates as values, the identifiers as
    /// ranges of the payload (built into `String`s only when read).
    struct Fields {
        var quantity: Int64?
        var product = 0..<0, transaction = 0..<0, originalTransaction: Range<Int>?, promotionalOffer: Range<Int>?
        var purchaseDate = Instant(millisecondsSince1970: .max)  // 1704 is required: set by every decode
        var originalPurchaseDate: Instant?, subscriptionExpirationDate: Instant?, cancellationDate: Instant?
        /// The UTC fields of the four dates above, when the reading walk read them (the JSON writes them).
        var utc:
            (
                purchase: CivilDateTime?, original: CivilDateTime?, expiration: CivilDateTime?,
                cancellation: CivilDateTime?
            )
        var productType: InAppProductType?
        var webOrderLineItemID: UInt64?
        var isTrialPeriod: Bool?, isInIntroOfferPeriod: Bool?

        init() {}

        /// Every field of the record at `record` (the SET's content) of the in-app attribute at payload
        /// offset `offset`, in one walk. A value or duplicate error is held until the walk ends, so a
        /// structural error anywhere in the record is reported first, as when the record was read
        /// whole before its values. With `checkingAll` false (a record `parse` already checked), the
        /// attributes `Fields` does not store are skipped rather than checked again.
        init(_ payload: [UInt8], record: Range<Int>, offset: Int, checkingAll: Bool = true) throws(ReceiptError) {
            let what = { "in-app purchase at byte \(offset)" }
            let decoder = AttributeDecoder(bytes: payload, inAppOffset: offset)
            var seen = SeenAttributes(base: 1700)
            var pending: ReceiptError?
            self.init()
            try ReceiptAttribute.forEach(
                payload, range: record, limit: Limits.maxInAppAttributes, limitName: "Limits.maxInAppAttributes",
                what: what
            ) { (item) throws(ReceiptError) in
                guard pending == nil, (1701...1722).contains(item.type) else { return }  // unknown: kept raw only
                guard checkingAll || Self.checkedOnly & 1 << (item.type - 1700) == 0 else { return }
                // Apple receipt rule (singular-attributes): each in-app attribute appears at most once per record.
                guard seen.insert(item.type) else {
                    pending = AppReceipt.duplicate(item, decoder)
                    return
                }
                do throws(ReceiptError) { try decode(item, decoder, checkingAll) } catch { pending = error }
            }
            if let pending { throw pending }
            for required in ReceiptAttributeType.productIdentifier...ReceiptAttributeType.purchaseDate
            where !seen.contains(required) {
                throw ReceiptError(
                    code: ReceiptError.structure, offset: offset, attributeType: required,
                    "\(what()): missing attribute \(required) (\(ReceiptAttributeType.name(ofInApp: required)))")
            }
        }

        /// Bit t − 1700 set for the in-app types `decode` checks but does not store.
        private static let checkedOnly: Int64 = 1 << 9 | 1 << 10 | 0b11111 << 14 | 1 << 20 | 1 << 22

        /// Stores one known in-app attribute (type 1701 ... 1722). With `checking` false (a record
        /// `parse` already checked), string values are taken as they lie, without checking their
        /// UTF-8 again.
        private mutating func decode(_ item: AttributeSpan, _ decoder: AttributeDecoder, _ checking: Bool)
            throws(ReceiptError)
        {
            switch item.type {
            case 1701: quantity = try decoder.int64(item)
            case 1702: product = try decoder.utf8Content(item, validating: checking)
            case 1703: transaction = try decoder.utf8Content(item, validating: checking)
            case 1704:
                guard let date = try decoder.date(item, validating: checking, utc: &utc.purchase) else {
                    throw ReceiptError(
                        code: ReceiptError.date, offset: item.offset, attributeType: item.type,
                        "\(decoder.label(item)): empty, but a purchase date is required")
                }
                purchaseDate = date
            case 1705: originalTransaction = try decoder.utf8Content(item, validating: checking)
            case 1706: originalPurchaseDate = try decoder.date(item, validating: checking, utc: &utc.original)
            case 1707: productType = InAppProductType(rawValue: try decoder.int64(item))
            case 1708: subscriptionExpirationDate = try decoder.date(item, validating: checking, utc: &utc.expiration)
            case 1709, 1714...1718: _ = try decoder.utf8Content(item)  // checked, read on access
            case 1710, 1720, 1722: _ = try decoder.int64(item)  // checked, read on access
            case 1711: webOrderLineItemID = try decoder.uint64(item)
            case 1712: cancellationDate = try decoder.date(item, validating: checking, utc: &utc.cancellation)
            case 1713: isTrialPeriod = try decoder.flag(item)
            case 1719: isInIntroOfferPeriod = try decoder.flag(item)
            case 1721: promotionalOffer = try decoder.utf8Content(item, validating: checking)
            default: break  // unreachable: the caller passes 1701 ... 1722 only
            }
        }
    }

    /// Checks the value of the type-17 attribute `attribute` of `payload` whole (every field, as
    /// `Fields` decodes them) and returns the record, which keeps only its place in the payload.
    static func parse(_ payload: [UInt8], _ attribute: AttributeSpan) throws(ReceiptError) -> InAppPurchase {
        let record = attribute.value
        _ = try Fields(payload, record: record, offset: attribute.offset)
        // Indices and offsets of a receipt within the input limits are far below 2^32; a larger
        // array (a direct caller's) is refused rather than truncated.
        guard let start = UInt32(exactly: record.lowerBound), let end = UInt32(exactly: record.upperBound),
            let offset = UInt32(exactly: attribute.offset), let base = UInt32(exactly: attribute.payloadStart)
        else {
            throw ReceiptError(
                code: ReceiptError.structure, offset: attribute.offset, attributeType: 17,
                "in-app purchase at byte \(attribute.offset): beyond 4 GiB of input")
        }
        return InAppPurchase(payload: payload, start: start, end: end, attributeOffset: offset, base: base)
    }
}
