// Walk: a generic depth-first visit of every element, for tools (the CLI's dump, benchmarks).
//
// Descends into every constructed element; primitive contents are not interpreted. Recursion
// depth is bounded by `Limits.maxNestingDepth`, enforced by `readElement` on constructed elements.

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
}
