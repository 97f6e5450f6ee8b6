// ScannedReceipt: step 1 of validation — the CMS envelope parsed and the payload scanned for the
// creation date and environment (PayloadScan.swift), nothing verified and nothing decoded.
//
// Authenticate first: the payload is decoded (step 3 of `ReceiptValidator.finish`) only after the
// signature and the certificate path hold, so bytes no trusted key signed cost a parse of the
// envelope, a walk over the payload's top-level headers and the hash the signature needs.

import PureDER
import PureX509

/// A receipt whose envelope parsed and whose payload top level scanned cleanly.
struct ScannedReceipt {
    let signedData: SignedData
    let creationDate: Instant
    let environment: ReceiptEnvironment?
}

extension ReceiptValidator {
    /// Step 1: input, CMS envelope, payload top level and attribute 12.
    static func scan(_ input: [UInt8], _ policy: ReceiptPolicy) throws(ReceiptValidationError) -> ScannedReceipt {
        let bytes = try receiptBytes(from: input)
        let signedData: SignedData
        do { signedData = try SignedData.parse(bytes) } catch { throw .from(error) }
        // Apple receipt rule (trust-first): with `checksTrustFirst`, a signer no certificate path
        // leads to an anchor is refused before any byte of the payload is read or hashed.
        if policy.checksTrustFirst,
            let error = signedData.untrustedSignerError(anchors: policy.anchors, xcode: policy.xcodeCertificate)
        {
            throw .from(error)
        }
        let scan: PayloadScan
        do {
            scan = try onPayload(signedData.content) { (bytes, range) throws(ReceiptError) in
                try PayloadScan(bytes, range: range)
            }
        } catch {
            // The scan names attribute 12 first; the decoder names the first malformed attribute.
            throw ReceiptValidator.malformedPayload(signedData) ?? .from(error)
        }
        return ScannedReceipt(signedData: signedData, creationDate: scan.creationDate, environment: scan.environment)
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
