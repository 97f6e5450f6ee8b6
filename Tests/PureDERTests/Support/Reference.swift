// Independent reference decoders, written from X.690 and the PureDER file headers (the accepted
// subset and its limits) without reusing PureDER code. Differential tests compare PureDER against
// them on mutated and random inputs: they answer only "accepted, with which value" or "rejected".

import PureDER

enum Reference {
    // MARK: TLV structure

    /// Parses exactly one element from `bytes` and descends into every constructed element;
    /// nil when any rule of the accepted subset is broken.
    static func walk(_ bytes: [UInt8], rules: EncodingRules) -> WalkedNode? {
        guard bytes.count <= Limits.maxInputBytes else { return nil }
        var position = 0
        guard let node = element(bytes, &position, end: bytes.count, depth: 0, rules: rules),
            position == bytes.count
        else { return nil }
        return node
    }

    private static func element(
        _ bytes: [UInt8], _ position: inout Int, end: Int, depth: Int,
        rules: EncodingRules
    ) -> WalkedNode? {
        guard position < end else { return nil }
        let first = bytes[position]
        position += 1
        let tagClass: TagClass = [.universal, .application, .contextSpecific, .private][Int(first >> 6)]
        let constructed = first & 0x20 != 0
        var number = UInt32(first & 0x1F)
        if number == 31 {
            var octets: [UInt8] = []
            repeat {
                guard position < end else { return nil }
                octets.append(bytes[position])
                position += 1
            } while octets[octets.count - 1] & 0x80 != 0
            guard octets[0] != 0x80, octets.count <= 4 else { return nil }
            number = octets.reduce(0) { $0 << 7 | UInt32($1 & 0x7F) }
            guard number >= 31 else { return nil }
        }
        let tag = DERTag(tagClass, number: number, constructed: constructed)
        // End-of-contents is never an element; constructed nesting is capped.
        if tagClass == .universal && number == 0 { return nil }
        if constructed && depth >= Limits.maxNestingDepth { return nil }
        guard position < end else { return nil }
        let lengthOctet = bytes[position]
        position += 1
        if lengthOctet == 0x80 {
            guard rules == .ber, constructed else { return nil }
            var children: [WalkedNode] = []
            while true {
                guard end - position >= 2 else { return nil }
                if bytes[position] == 0 {
                    guard bytes[position + 1] == 0 else { return nil }
                    position += 2
                    return .constructed(tag, children)
                }
                guard let child = element(bytes, &position, end: end, depth: depth + 1, rules: rules) else {
                    return nil
                }
                children.append(child)
            }
        }
        var length: Int
        if lengthOctet < 0x80 {
            length = Int(lengthOctet)
        } else {
            let count = Int(lengthOctet & 0x7F)
            guard lengthOctet != 0xFF, count <= 4, count <= end - position else { return nil }
            let octets = bytes[position..<position + count]
            position += count
            length = octets.reduce(0) { $0 << 8 | Int($1) }
            if rules == .der && (length < 0x80 || octets.first == 0) { return nil }
        }
        guard length <= end - position else { return nil }
        let contentEnd = position + length
        guard constructed else {
            defer { position = contentEnd }
            return .primitive(tag, Array(bytes[position..<contentEnd]))
        }
        var children: [WalkedNode] = []
        while position < contentEnd {
            guard let child = element(bytes, &position, end: contentEnd, depth: depth + 1, rules: rules) else {
                return nil
            }
            children.append(child)
        }
        return .constructed(tag, children)
    }

    // MARK: INTEGER

    /// The value of INTEGER content octets as sign and magnitude (big-endian, no leading zeros),
    /// or nil when empty or not minimal.
    static func integer(_ content: [UInt8]) -> (negative: Bool, magnitude: [UInt8])? {
        guard let first = content.first else { return nil }
        if content.count > 1 {
            let nine = content[1] >> 7
            if (first == 0x00 && nine == 0) || (first == 0xFF && nine == 1) { return nil }
        }
        let negative = first >= 0x80
        var magnitude = content
        if negative {
            // Two's complement negation: invert and add one.
            magnitude = magnitude.map { ~$0 }
            var carry = 1
            for index in magnitude.indices.reversed() {
                let sum = Int(magnitude[index]) + carry
                magnitude[index] = UInt8(sum & 0xFF)
                carry = sum >> 8
            }
        }
        while magnitude.first == 0 { magnitude.removeFirst() }
        return (negative, magnitude)
    }

    static func int64(_ content: [UInt8]) -> Int64? {
        guard let (negative, magnitude) = integer(content), magnitude.count <= 8 else { return nil }
        let value = magnitude.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        if negative {
            guard value <= UInt64(1) << 63 else { return nil }
            return value == UInt64(1) << 63 ? Int64.min : -Int64(value)
        }
        guard value <= UInt64(Int64.max) else { return nil }
        return Int64(value)
    }

    static func uint64(_ content: [UInt8]) -> UInt64? {
        guard let (negative, magnitude) = integer(content), !negative, magnitude.count <= 8 else { return nil }
        return magnitude.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    // MARK: OBJECT IDENTIFIER

    /// Dotted text of OID content octets, or nil when invalid for PureDER's subset (sub-identifiers
    /// of at most 63 bits, at most `Limits.maxOIDComponents` arcs).
    static func oid(_ content: [UInt8]) -> String? {
        var subidentifiers: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in content {
            if current.isEmpty && byte == 0x80 { return nil }
            current.append(byte & 0x7F)
            if byte & 0x80 == 0 {
                subidentifiers.append(current)
                current = []
            }
        }
        guard current.isEmpty, !subidentifiers.isEmpty, subidentifiers.count + 1 <= Limits.maxOIDComponents else {
            return nil
        }
        var arcs: [String] = []
        for (index, groups) in subidentifiers.enumerated() {
            // 63 bits at most: 9 groups, or fewer.
            guard groups.count <= 9 else { return nil }
            let value = groups.reduce(UInt64(0)) { $0 << 7 | UInt64($1) }
            if index == 0 {
                let first: UInt64 = value >= 80 ? 2 : value / 40
                arcs += [String(first), String(value - 40 * first)]
            } else {
                arcs.append(String(value))
            }
        }
        return arcs.joined(separator: ".")
    }

    // MARK: Time

    /// Seconds since 1970 of a `YYYYMMDDHHMMSSZ` (GeneralizedTime) or `YYMMDDHHMMSSZ` (UTCTime)
    /// text, years 1…9999, by counting days directly; nil when invalid.
    static func time(_ text: [UInt8], generalized: Bool) -> Int64? {
        guard text.count == (generalized ? 15 : 13), text.last == UInt8(ascii: "Z"),
            text.dropLast().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        var fields = text.dropLast().map { Int64($0 - 0x30) }
        func take(_ count: Int) -> Int64 {
            let value = fields.prefix(count).reduce(0) { $0 * 10 + $1 }
            fields.removeFirst(count)
            return value
        }
        var year = take(generalized ? 4 : 2)
        if !generalized { year += year >= 50 ? 1900 : 2000 }
        let (month, day, hour, minute, second) = (take(2), take(2), take(2), take(2), take(2))
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard year >= 1, (1...12).contains(month), day >= 1, day <= lengths[Int(month) - 1], hour < 24,
            minute < 60, second < 60
        else { return nil }
        func leapYears(through y: Int64) -> Int64 { y / 4 - y / 100 + y / 400 }  // in 1…y, for y ≥ 0
        let daysBeforeYear = 365 * (year - 1970) + leapYears(through: year - 1) - leapYears(through: 1969)
        let daysBeforeMonth = lengths.prefix(Int(month) - 1).reduce(0, +)
        let days = daysBeforeYear + daysBeforeMonth + day - 1
        return ((days * 24 + hour) * 60 + minute) * 60 + second
    }

    // MARK: UTF-8

    /// Well-formed UTF-8 per the Unicode Standard, Table 3-7.
    static func isWellFormedUTF8(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            var following = 0
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: following = 1
            case 0xE0: (following, low) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: following = 2
            case 0xED: (following, high) = (2, 0x9F)
            case 0xF0: (following, low) = (3, 0x90)
            case 0xF1...0xF3: following = 3
            case 0xF4: (following, high) = (3, 0x8F)
            default: return false
            }
            guard bytes.count - index > following else { return false }
            for offset in 1...following {
                let byte = bytes[index + offset]
                let range: ClosedRange<UInt8> = offset == 1 ? low...high : 0x80...0xBF
                guard range.contains(byte) else { return false }
            }
            index += following + 1
        }
        return true
    }
}
