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

    /// `scan` of what remains, consuming it. One cursor value serves every level: descending saves
    /// the enclosing `end` and resume offset on a stack (at most `Limits.maxNestingDepth` deep) and
    /// narrows the cursor to the content; finishing a level restores them. No cursor is created per
    /// level, so the walk costs no reference counting per element.
    private mutating func scanRemaining(_ visit: (DERTag, Range<Int>) throws(DERError) -> Bool) throws(DERError) {
        var saved: [(end: Int, resume: Int, indefinite: Bool)] = []
        saved.reserveCapacity(Limits.maxNestingDepth)
        while true {
            if offset >= end {
                // Level finished: back to the enclosing one, just past the element we descended into.
                guard let level = saved.popLast() else { return }
                end = level.end
                depth -= 1
                if level.indefinite { indefiniteDepth -= 1 }
                offset = level.resume
                continue
            }
            let header = try peekHeader()
            let start = offset
            advance(to: header.end)
            let descend = try visit(header.tag, header.content)
            guard header.tag.isConstructed || descend else { continue }
            // Constructed children are bounded by the reader's check; a primitive's content is not.
            if !header.tag.isConstructed && depth >= Limits.maxNestingDepth {
                throw DERError(.nestingTooDeep, at: start, "primitive content scanned as elements")
            }
            // header.content lies inside [offset, end) of this level (checked by peekHeader), so the
            // narrowed cursor keeps 0 ≤ offset ≤ end ≤ bytes.count.
            saved.append((end: end, resume: header.end, indefinite: header.isIndefinite))
            end = header.content.upperBound
            offset = header.content.lowerBound
            depth += 1
            if header.isIndefinite { indefiniteDepth += 1 }
        }
    }
}
