// AuthenticatedReceipt: steps 1 to 4 of validation done — the CMS envelope parsed, the signer's
// path of certificate signatures found, the signature over the payload verified, the creation
// date read from the authenticated payload and the path checked at it; nothing else decoded.
//
// Authenticate first: the payload is read (PayloadScan.swift, then the decoder) only after the
// signer's path and the signature over the payload hold, so bytes no trusted key signed cost a
// parse of the envelope and the signer's path search, and are neither hashed nor decoded.

import PureDER
import PureX509

/// A receipt whose signature and chain verified, with the instant the chain was checked at.
struct AuthenticatedReceipt {
    let signedData: VerifiedSignedData
    let validityInstant: Instant
    /// Where the facts the policy reads lie in the authenticated payload.
    let scan: PayloadScan
    /// True when the signer is the caller's Xcode StoreKit-testing certificate.
    let viaXcode: Bool
}

extension ReceiptValidator {
    /// Step 1: the input as a parsed CMS envelope (nothing of the payload read); certificates of a
    /// path `cache` remembers are taken from it, already parsed.
    static func envelope(_ input: [UInt8], cache: VerifiedChainCache) throws(VerificationError) -> SignedData {
        let bytes = try receiptBytes(from: input)
        do { return try SignedData.parse(bytes, cache: cache) } catch { throw .from(error) }
    }

    /// Step 4 begins: the payload, whose signature verified, scanned for the facts verification
    /// reads (PayloadScan.swift), its creation date (attribute 12) decoded.
    static func scanPayload(_ signedData: SignedData) throws(VerificationError) -> PayloadScan {
        do {
            return try onPayload(signedData.content) { (bytes, range) throws(ReceiptError) in
                try PayloadScan(bytes, range: range)
            }
        } catch {
            // The scan names a fact first; the decoder names the first malformed attribute.
            throw ReceiptValidator.malformedPayload(signedData) ?? .from(error)
        }
    }

    /// `body` on the payload where it lies when it is one segment (DER, and most BER) and `body`
    /// succeeds there: no copy. Otherwise on a copy of the payload, so that errors carry payload
    /// offsets (a failure costs a copy; a BER payload in several segments is always copied).
    static func onPayload<T>(
        _ content: OctetStringSegments, _ body: ([UInt8], Range<Int>) throws(ReceiptError) -> T
    ) throws(ReceiptError) -> T {
        if content.segments.count == 1, let only = content.segments.first, let value = try? body(content.bytes, only) {
            return value
        }
        let payload = content.concatenated()
        return try body(payload, 0..<payload.count)
    }
}
