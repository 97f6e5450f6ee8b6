// StoreKitFields: the one decoding helper of the StoreKit 2 models, and their error type.
//
// Each model keeps the whole decoded JSON object (`json`, lossless: unknown fields stay readable)
// and reads its documented fields through `Fields`, one line per field. A field that is absent or
// JSON `null` is nil; a field of the wrong JSON type is an error naming the field and the byte
// offset of its value's name in the payload. Dates are milliseconds since 1970, rounded down to a
// whole millisecond (`JSONNumber.millisecondsRoundedDown`, Docs/JSON.md); integer fields must be
// integer literals in Int64's range (`JSONNumber.int64`).

public import PureJSON

/// Why a payload does not decode into a StoreKit model.
public struct StoreKitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field concerned (dotted for nested objects, e.g. `data.bundleId`), or `payload`.
    public let field: String
    /// Byte offset in the payload (of the member's name), 0 for the payload itself.
    public let offset: Int
    /// A stable machine-readable code: `storekit.notAnObject`, `storekit.fieldType` or a JSON code.
    public let code: String

    /// An error with a stable `code`, about `field`, at byte `offset` of the payload.
    public init(_ code: String, field: String, at offset: Int) {
        self.code = code
        self.field = field
        self.offset = offset
    }

    public var description: String { "\(code) (\(field)) at byte \(offset)" }
}

/// Reads typed fields of one JSON object.
struct Fields {
    let object: JSONObject
    let prefix: String

    init(_ object: JSONObject, prefix: String = "") {
        self.object = object
        self.prefix = prefix
    }

    /// The object of a whole payload, or `storekit.notAnObject` / the JSON error.
    static func payloadObject(_ bytes: [UInt8]) throws(StoreKitError) -> JSONObject {
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONReader.read(bytes)
        } catch {
            throw StoreKitError(error.code, field: "payload", at: error.offset)
        }
        guard let object = value.objectValue else {
            throw StoreKitError("storekit.notAnObject", field: "payload", at: 0)
        }
        return object
    }

    /// The member's value, nil when absent or null; `convert` maps it or returns nil for a wrong type.
    func field<T>(_ name: String, _ convert: (JSONValue) throws(JSONError) -> T?) throws(StoreKitError) -> T? {
        guard let member = object.member(name), member.value != .null else { return nil }
        let converted: T?
        do throws(JSONError) {
            converted = try convert(member.value)
        } catch {
            throw StoreKitError(error.code, field: prefix + name, at: member.offset)
        }
        guard let value = converted else {
            throw StoreKitError("storekit.fieldType", field: prefix + name, at: member.offset)
        }
        return value
    }

    func string(_ name: String) throws(StoreKitError) -> String? { try field(name) { $0.stringValue } }
    func bool(_ name: String) throws(StoreKitError) -> Bool? { try field(name) { $0.boolValue } }
    func object(_ name: String) throws(StoreKitError) -> JSONObject? { try field(name) { $0.objectValue } }

    func int64(_ name: String) throws(StoreKitError) -> Int64? {
        try field(name) { (v) throws(JSONError) in try v.numberValue?.int64() }
    }

    func date(_ name: String) throws(StoreKitError) -> Instant? {
        try field(name) { (v) throws(JSONError) in
            try v.numberValue.map { (n) throws(JSONError) in
                Instant(millisecondsSince1970: try n.millisecondsRoundedDown())
            }
        }
    }

    func strings(_ name: String) throws(StoreKitError) -> [String]? {
        try field(name) { v in
            guard let items = v.arrayValue else { return nil }
            let strings = items.compactMap { $0.stringValue }
            return strings.count == items.count ? strings : nil
        }
    }

    /// A nested model read from the object member `name`.
    func nested<T>(_ name: String, _ make: (Fields) throws(StoreKitError) -> T) throws(StoreKitError) -> T? {
        guard let inner = try object(name) else { return nil }
        return try make(Fields(inner, prefix: prefix + name + "."))
    }
}

/// A decoded StoreKit 2 JSON payload (a JWS payload, once its signature holds).
public protocol StoreKitPayload: Sendable {
    /// Decodes the documented fields of `json`, keeping the object itself.
    init(json: JSONObject) throws(StoreKitError)
    /// The field that dates the signature (`signedDate`; `receiptCreationDate` for AppTransaction).
    static var signedDateField: String { get }
}

extension StoreKitPayload {
    public static var signedDateField: String { "signedDate" }

    /// Decodes a payload from its JSON bytes (strict: PureJSON, duplicate names refused).
    public init(payload bytes: [UInt8]) throws(StoreKitError) {
        try self.init(json: Fields.payloadObject(bytes))
    }
}
