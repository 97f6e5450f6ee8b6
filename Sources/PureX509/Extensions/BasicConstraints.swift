// BasicConstraints (RFC 5280 §4.2.1.9): whether the subject is a CA, and how many intermediate
// CAs may follow it.
//
// Accepts: the SEQUENCE with an optional cA BOOLEAN (DER: omitted when FALSE) and an optional
// non-negative pathLenConstraint that fits in Int.
// Does not check: that pathLenConstraint appears only when cA is TRUE (a rule for CAs; the chain
// verifier reads pathLenConstraint only for CA certificates).
//
// BasicConstraints ::= SEQUENCE {
//      cA                      BOOLEAN DEFAULT FALSE,
//      pathLenConstraint       INTEGER (0..MAX) OPTIONAL }

import PureDER

/// The decoded basicConstraints extension.
public struct BasicConstraints: Sendable, Hashable {
    /// The cA boolean.
    public let isCA: Bool
    /// The maximum number of non-self-issued intermediate certificates that may follow this one.
    public let pathLenConstraint: Int?

    /// The constraints with these values.
    public init(isCA: Bool, pathLenConstraint: Int?) {
        self.isCA = isCA
        self.pathLenConstraint = pathLenConstraint
    }

    /// Reads the extension value at the cursor.
    static func read(_ cursor: inout DERCursor) throws(DERError) -> BasicConstraints {
        var sequence = try cursor.readSequence("BasicConstraints")
        // X.690 §11.5: the DEFAULT FALSE value is not encoded (checked by the reader).
        let isCA = try sequence.readOptionalBooleanDefaultFalse("BasicConstraints.cA")
        var pathLength: Int?
        if sequence.peekTag() == .integer {
            let start = sequence.offset
            let value = try sequence.readInt64("BasicConstraints.pathLenConstraint")
            // RFC 5280 §4.2.1.9: "pathLenConstraint INTEGER (0..MAX)".
            guard value >= 0 else {
                throw DERError(.invalidValue, at: start, "BasicConstraints.pathLenConstraint: negative")
            }
            // On 32-bit platforms a limit beyond Int.max is as good as none: clamp, never trap.
            pathLength = Int(exactly: value) ?? Int.max
        }
        try sequence.expectEnd("BasicConstraints")
        return BasicConstraints(isCA: isCA, pathLenConstraint: pathLength)
    }
}
