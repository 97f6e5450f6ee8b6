// ExtendedKeyUsage (RFC 5280 §4.2.1.12): further purposes of the certified key, as OIDs.
//
// Accepts: a non-empty SEQUENCE of at most `Limits.maxExtensions` OBJECT IDENTIFIERs.
// Does not check: the purposes themselves — path rules (PathRules.swift) do not use
// extendedKeyUsage; a caller's profile names its signers by marker extensions instead.
// The extension is decoded so that a critical extendedKeyUsage counts as understood.
//
// ExtKeyUsageSyntax ::= SEQUENCE SIZE (1..MAX) OF KeyPurposeId
//
// KeyPurposeId ::= OBJECT IDENTIFIER

import PureDER

/// Reads the extendedKeyUsage value at the cursor.
func readExtendedKeyUsage(_ cursor: inout DERCursor) throws(DERError) -> [OID] {
    let start = cursor.offset
    var sequence = try cursor.readSequence("ExtKeyUsageSyntax")
    var purposes: [OID] = []
    while !sequence.isAtEnd {
        guard purposes.count < Limits.maxExtensions else {
            throw DERError(.tooMany, at: sequence.offset, "ExtKeyUsageSyntax: KeyPurposeIds")
        }
        purposes.append(try sequence.readOID("KeyPurposeId"))
    }
    // RFC 5280 §4.2.1.12: "ExtKeyUsageSyntax ::= SEQUENCE SIZE (1..MAX) OF KeyPurposeId"
    guard !purposes.isEmpty else { throw DERError(.invalidValue, at: start, "ExtKeyUsageSyntax: empty") }
    return purposes
}
