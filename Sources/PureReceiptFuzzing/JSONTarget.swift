// Fuzz target `json`: the strict JSON reader on arbitrary bytes, then every number of an accepted
// text through both exact conversions (int64, millisecondsRoundedDown) and every member lookup.

import PureJSON

extension FuzzTargets {
    /// Reads `data` as JSON; on success walks the tree and converts every number.
    @Sendable package static func json(_ data: [UInt8]) {
        guard let value = try? JSONReader.read(data) else { return }
        walk(value)
    }

    /// Visits every value below `value`, converting numbers and looking members up by name.
    private static func walk(_ value: JSONValue) {
        switch value {
        case .number(let n):
            sink(Result { () throws(JSONError) in try n.int64() })
            sink(Result { () throws(JSONError) in try n.millisecondsRoundedDown() })
        case .array(let elements):
            for element in elements { walk(element) }
        case .object(let object):
            for member in object.members {
                sink(object[member.name])
                walk(member.value)
            }
        default:
            sink(value)
        }
    }
}
