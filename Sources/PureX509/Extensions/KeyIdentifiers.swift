// SubjectKeyIdentifier (RFC 5280 §4.2.1.2) and AuthorityKeyIdentifier (RFC 5280 §4.2.1.1).
//
// Accepts: the key identifier OCTET STRING of SKI; the AKI SEQUENCE with its three optional,
// implicitly tagged fields in order (authorityCertIssuer is only checked to be a constructed [1]
// element, authorityCertSerialNumber a valid INTEGER).
// Does not use: either identifier for chain building — issuers are found by name and signature;
// the identifiers are exposed for callers and messages (RFC 5280 makes them a path-building
// hint, not a security check).
//
// SubjectKeyIdentifier ::= KeyIdentifier
//
// AuthorityKeyIdentifier ::= SEQUENCE {
//    keyIdentifier             [0] KeyIdentifier           OPTIONAL,
//    authorityCertIssuer       [1] GeneralNames            OPTIONAL,
//    authorityCertSerialNumber [2] CertificateSerialNumber OPTIONAL  }
//
// KeyIdentifier ::= OCTET STRING

import PureDER

/// Reads the subjectKeyIdentifier value at the cursor.
func readSubjectKeyIdentifier(_ cursor: inout DERCursor) throws(DERError) -> ArraySlice<UInt8> {
    try cursor.readOctetString("SubjectKeyIdentifier")
}

/// Reads the authorityKeyIdentifier value at the cursor; returns its keyIdentifier, if present.
func readAuthorityKeyIdentifier(_ cursor: inout DERCursor) throws(DERError) -> ArraySlice<UInt8>? {
    var sequence = try cursor.readSequence("AuthorityKeyIdentifier")
    // The module is IMPLICIT TAGS: [0] replaces the OCTET STRING tag.
    let keyIdentifier = try sequence.readOptionalElement(.contextPrimitive(0), "AuthorityKeyIdentifier.keyIdentifier")
    _ = try sequence.readOptionalElement(.contextConstructed(1), "AuthorityKeyIdentifier.authorityCertIssuer")
    if sequence.peekTag() == .contextPrimitive(2) {
        _ = try sequence.readIntegerBytes(tag: .contextPrimitive(2), "AuthorityKeyIdentifier.authorityCertSerialNumber")
    }
    try sequence.expectEnd("AuthorityKeyIdentifier")
    return keyIdentifier?.contentBytes
}
