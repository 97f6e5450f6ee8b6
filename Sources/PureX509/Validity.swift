// Validity (RFC 5280 §4.1.2.5): the interval during which the CA warrants the certificate.
//
// Accepts: two Times (UTCTime `YYMMDDHHMMSSZ` or GeneralizedTime `YYYYMMDDHHMMSSZ`, as PureDER's
// readTime enforces RFC 5280 §4.1.2.5.1/§4.1.2.5.2).
// Does not check: that dates through 2049 use UTCTime and later ones GeneralizedTime (a rule for
// CAs, not for relying parties; both forms decode to the same instant), or that notBefore ≤
// notAfter (such a certificate is simply never valid: `isValid(at:)` is false at every time).
//
// Validity ::= SEQUENCE {
//      notBefore      Time,
//      notAfter       Time }
//
// Time ::= CHOICE {
//      utcTime        UTCTime,
//      generalTime    GeneralizedTime }

import PureDER

/// The validity interval of a certificate, both ends included.
struct Validity: Sendable {
    let notBefore: DERTime
    let notAfter: DERTime

    /// Reads one Validity SEQUENCE at the cursor.
    static func read(from cursor: inout DERCursor) throws(DERError) -> Validity {
        var sequence = try cursor.readSequence("Validity")
        let notBefore = try sequence.readTime("Validity.notBefore")
        let notAfter = try sequence.readTime("Validity.notAfter")
        try sequence.expectEnd("Validity")
        return Validity(notBefore: notBefore, notAfter: notAfter)
    }
}
