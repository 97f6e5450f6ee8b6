// ReceiptError: the one error type of receipt payload decoding (attribute SET, in-app purchase
// SETs, typed attribute values).
//
// Offsets are absolute byte offsets into the payload (the eContent OCTET STRING value), not into
// the whole receipt file. Every message names what was being read and where.

import PureDER

/// Why a receipt payload was rejected as malformed.
public struct ReceiptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable machine-readable code: `payload.structure`, `payload.duplicateAttribute`,
    /// `payload.attributeType`, `payload.date`, or the `DERError.code` of an encoding error
    /// (`der.truncated`, `der.trailingBytes`, `limit.count`, …).
    public let code: String
    /// Absolute byte offset in the payload where the problem was found.
    public let offset: Int
    /// The attribute type involved, when the error concerns one attribute.
    public let attributeType: Int64?
    /// What failed and where, for people.
    public let message: String

    public var description: String { message }

    /// The attribute SET, a ReceiptAttribute SEQUENCE or an in-app SET is not shaped as the grammar
    /// says (wrong tag, missing or extra field), or a required attribute is missing.
    public static let structure = "payload.structure"
    /// A singular (documented, non-repeating) attribute appears more than once.
    public static let duplicateAttribute = "payload.duplicateAttribute"
    /// An attribute's value is not one element of the inner ASN.1 type the attribute requires.
    public static let attributeType = "payload.attributeType"
    /// A date attribute holds a string that is not a valid receipt date.
    public static let date = "payload.date"

    package init(code: String, offset: Int, attributeType: Int64? = nil, _ message: String) {
        self.code = code
        self.offset = offset
        self.attributeType = attributeType
        self.message = message
    }

    /// A DER encoding error, keeping its code, prefixed with what the payload parser was reading.
    static func der(_ error: DERError, _ context: String, attributeType: Int64? = nil) -> ReceiptError {
        ReceiptError(
            code: error.code, offset: error.offset, attributeType: attributeType,
            "\(context): \(error.description)")
    }
}
