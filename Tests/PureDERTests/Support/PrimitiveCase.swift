// A named negative case for a primitive reader: the bytes, the rules, which reader runs, and the
// error it must throw. Used by the per-primitive test files.

import PureDER
import Testing

/// Which `DERCursor` reader a case runs.
enum PrimitiveReader: Sendable {
    case int64, uint64, integerBytes
    case implicitInt64(DERTag)
    case boolean, optionalBooleanDefaultFalse, null
    case oid
    case bitString
    case octetString, octetStringSegments
    case string(DERTag)
    case anyString
    case time

    /// Runs the reader on a cursor over `bytes`, then requires whole consumption.
    func run(_ bytes: [UInt8], rules: EncodingRules) throws(DERError) {
        var cursor = try DERCursor(bytes, rules: rules)
        switch self {
        case .int64: _ = try cursor.readInt64("value")
        case .uint64: _ = try cursor.readUInt64("value")
        case .integerBytes: _ = try cursor.readIntegerBytes("value")
        case .implicitInt64(let tag): _ = try cursor.readInt64(tag: tag, "value")
        case .boolean: _ = try cursor.readBoolean("value")
        case .optionalBooleanDefaultFalse: _ = try cursor.readOptionalBooleanDefaultFalse("value")
        case .null: try cursor.readNull("value")
        case .oid: _ = try cursor.readOID("value")
        case .bitString: _ = try cursor.readBitString("value")
        case .octetString: _ = try cursor.readOctetString("value")
        case .octetStringSegments: _ = try cursor.readOctetStringSegments("value")
        case .string(let tag): _ = try cursor.readString(tag, "value")
        case .anyString: _ = try cursor.readString("value")
        case .time: _ = try cursor.readTime("value")
        }
        try cursor.expectEnd("value")
    }
}

/// A named input that `reader` must reject with `kind` at `offset`.
struct RejectedPrimitive: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let rules: EncodingRules
    let reader: PrimitiveReader
    let kind: DERError.Kind
    let offset: Int
    var testDescription: String { name }

    init(_ name: String, _ reader: PrimitiveReader, _ bytes: [UInt8], _ kind: DERError.Kind, at offset: Int = 0) {
        self.init(name, reader, bytes, .der, kind, at: offset)
    }

    init(
        _ name: String, _ reader: PrimitiveReader, _ bytes: [UInt8], _ rules: EncodingRules,
        _ kind: DERError.Kind, at offset: Int = 0
    ) {
        self.name = name
        self.reader = reader
        self.bytes = bytes
        self.rules = rules
        self.kind = kind
        self.offset = offset
    }
}
