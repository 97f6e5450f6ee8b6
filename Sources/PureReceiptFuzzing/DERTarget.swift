// Fuzz target `der`: the input walked as DER and as BER, and every element handed to the typed
// decoder its tag names (INTEGER, BOOLEAN, NULL, OID, BIT STRING, OCTET STRING with BER segments,
// character strings, times).
//
// Walks the whole input with `DERCursor.walk` (which recurses into every constructed element,
// bounded by `Limits.maxNestingDepth`), scans it with `DERCursor.scan` descending into every
// primitive too, and reads it with `DERCursor.single`.

import PureDER

extension FuzzTargets {
    /// Runs the DER layer on `data` under both encoding rules.
    @Sendable package static func der(_ data: [UInt8]) {
        for rules in [EncodingRules.der, EncodingRules.ber] {
            sink(try? DERCursor.single(data, rules: rules, "fuzz input"))
            guard let cursor = try? DERCursor(data, rules: rules) else { continue }
            var count = 0
            let result = Result { () throws(DERError) in
                try cursor.walk { (element: DERElement) throws(DERError) in
                    count += 1
                    decodeTyped(element)
                }
            }
            sink(result)
            sink(count)
            // `scan`, asked to parse every primitive's content as elements too: its level-by-level
            // cursor narrowing and the depth bound on primitive descents, on arbitrary nesting.
            var scanned = 0
            let scan = Result { () throws(DERError) in
                try cursor.scan { (_, content) throws(DERError) -> Bool in
                    scanned += 1
                    return !content.isEmpty
                }
            }
            sink(scan)
            sink(scanned)
        }
    }

    /// Re-reads `element` from its own start with the decoder its tag calls for.
    private static func decodeTyped(_ element: DERElement) {
        guard
            let at = try? DERCursor(
                bytes: element.bytes, range: element.encodedRange, rules: element.rules,
                depth: element.depth)
        else { return }
        let tag = element.tag
        guard tag.tagClass == .universal else {
            // Context-specific and other classes: read as an IMPLICIT OCTET STRING, as CMS does.
            var c = at
            sink(
                try? c.readOctetStringSegments(
                    tag: DERTag(tag.tagClass, number: tag.number, constructed: false),
                    "implicit"
                ).concatenated())
            return
        }
        var c = at
        switch tag.number {
        case 1:
            sink(try? c.readBoolean("BOOLEAN"))
            var d = at
            sink(try? d.readOptionalBooleanDefaultFalse("BOOLEAN DEFAULT FALSE"))
        case 2, 10:
            let integerTag = DERTag.universal(tag.number)
            sink(try? c.readIntegerBytes(tag: integerTag, "INTEGER"))
            var d = at
            sink(try? d.readInt64(tag: integerTag, "INTEGER"))
            var e = at
            sink(try? e.readUInt64(tag: integerTag, "INTEGER"))
        case 3:
            sink(try? c.readBitString("BIT STRING"))
        case 4:
            sink(try? c.readOctetStringSegments("OCTET STRING").concatenated())
            var d = at
            sink(try? d.readOctetString("OCTET STRING"))
        case 5:
            sink(try? c.readNull("NULL"))
        case 6:
            sink(try? c.readOID("OID").description)
        case 23, 24:
            sink(try? c.readTime("Time").description)
        default:
            sink(try? c.readString("string").value)
            var d = at
            sink(try? d.readString(DERTag.universal(tag.number), "string"))
        }
    }
}
