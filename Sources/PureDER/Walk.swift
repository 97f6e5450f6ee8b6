// Walk: a generic depth-first visit of every element, for tools (the CLI's dump, benchmarks).
//
// `walk` descends into every constructed element; primitive contents are not interpreted.
// `scan` visits tags and content ranges only (no `DERElement`, so no reference counting per
// element: about 4× faster on large inputs, see Docs/PERFORMANCE.md), descends into every
// constructed element and, when the visitor asks, parses a primitive's content as elements too
// (an OCTET STRING holding DER, as receipt attribute values do).
// Recursion depth is bounded by `Limits.maxNestingDepth`: enforced by the element reader on
// constructed elements, and by `scan` itself before descending into a primitive.

extension DERCursor {
    /// Visits every element under this cursor in pre-order, requiring whole consumption at each level.
    public func walk(_ visit: (DERElement) throws(DERError) -> Void) throws(DERError) {
        var cursor = self
        while !cursor.isAtEnd {
            let element = try cursor.readElement()
            try visit(element)
            if element.tag.isConstructed {
                try element.content.walk(visit)
            }
        }
    }

    /// Visits every element under this cursor in pre-order as its tag and content range (absolute
    /// offsets into `bytes`), requiring whole consumption at each level. Constructed elements are
    /// always descended into; for a primitive element, `visit` returning true parses its content as
    /// elements under the same rules, one level deeper.
    public func scan(_ visit: (DERTag, Range<Int>) throws(DERError) -> Bool) throws(DERError) {
        var cursor = self
        try cursor.scanRemaining(visit)
    }

    /// `scan` of what remains, consuming it (one cursor value per level, no copies of it).
    private mutating func scanRemaining(_ visit: (DERTag, Range<Int>) throws(DERError) -> Bool) throws(DERError) {
        while !isAtEnd {
            let header = try peekHeader()
            let start = offset
            advance(to: header.end)
            let descend = try visit(header.tag, header.content)
            guard header.tag.isConstructed || descend else { continue }
            // Constructed children are bounded by the reader's check; a primitive's content is not.
            if !header.tag.isConstructed && depth >= Limits.maxNestingDepth {
                throw DERError(.nestingTooDeep, at: start, "primitive content scanned as elements")
            }
            // header.content lies inside this cursor's range (checked by peekHeader).
            var inner = DERCursor(
                checked: bytes, offset: header.content.lowerBound, end: header.content.upperBound, rules: rules,
                depth: depth + 1, indefiniteDepth: indefiniteDepth + (header.isIndefinite ? 1 : 0))
            try inner.scanRemaining(visit)
        }
    }
}
