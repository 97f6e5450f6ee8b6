// ContentInfo (RFC 5652 §3): the outermost envelope of a receipt.
//
// Accepts: BER (definite or indefinite lengths; streaming signers write indefinite ones) with
// contentType id-signedData and exactly one element inside `[0]`. Whole consumption: nothing may
// follow the ContentInfo, nothing may follow the content inside `[0]`.
// Deliberately does not: accept any other content type (a receipt is signed data or nothing).

import PureDER

/// The outer wrapper of a CMS message.
///
/// ```
/// ContentInfo ::= SEQUENCE {
///     contentType ContentType,
///     content [0] EXPLICIT ANY DEFINED BY contentType }
///
/// ContentType ::= OBJECT IDENTIFIER
/// ```
enum ContentInfo {
    /// Reads the ContentInfo that must span all of `bytes` and returns the SignedData element
    /// inside it (read under BER rules, not yet parsed).
    static func signedDataElement(in bytes: [UInt8]) throws(CMSError) -> DERElement {
        try readDER { () throws(DERError) -> DERElement in
            var input = try DERCursor(bytes, rules: .ber)
            let contentInfoElement = try input.readEnvelopeElement(.sequence, "ContentInfo")
            // Whole consumption: trailing bytes after the outermost structure are an error.
            try input.expectEnd("after ContentInfo")
            return contentInfoElement
        }.contentsAsSignedData()
    }
}

extension DERElement {
    /// The ContentInfo fields, given this element is the ContentInfo SEQUENCE.
    fileprivate func contentsAsSignedData() throws(CMSError) -> DERElement {
        var fields = content
        let contentTypeStart = fields.offset
        let contentType = try readDER { () throws(DERError) in try fields.readEnvelopeOID("ContentInfo.contentType") }
        // RFC 5652 §5.1: "The following object identifier identifies the signed-data content type:
        // id-signedData". A receipt is a SignedData; nothing else is accepted.
        guard contentType == CMSObjectIdentifier.signedData else {
            throw CMSError(
                .structure("ContentInfo.contentType is \(contentType), not id-signedData"),
                at: contentTypeStart)
        }
        return try readDER { () throws(DERError) -> DERElement in
            var explicit = try fields.readEnvelopeElement(.contextConstructed(0), "ContentInfo.content [0]").content
            try fields.expectEnd("ContentInfo")
            let signedData = try explicit.readEnvelopeElement(.sequence, "SignedData")
            try explicit.expectEnd("ContentInfo.content [0]")
            return signedData
        }
    }
}
