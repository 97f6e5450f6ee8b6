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
    static func scan(_ input: [UInt8]) throws(ReceiptValidationError) -> ScannedReceipt {
        let bytes = try receiptBytes(from: input)
        let signedData: SignedData
        do { signedData = try SignedData.parse(bytes) } catch { throw .from(error) }
        let content = signedData.content
        let scan: PayloadScan
        do {
            // One segment (DER, and most BER): scan the input in place, no copy. Errors carry
            // payload offsets, so a failure is reported from a scan of the copied payload.
            if content.segments.count == 1, let only = content.segments.first,
                let inPlace = try? PayloadScan(content.bytes, range: only)
            {
                scan = inPlace
            } else {
                let payload = content.concatenated()
                scan = try PayloadScan(payload, range: 0..<payload.count)
            }
        } catch {
            // The scan names attribute 12 first; the decoder names the first malformed attribute.
            throw ReceiptValidator.malformedPayload(signedData) ?? .from(error)
        }
        return ScannedReceipt(signedData: signedData, creationDate: scan.creationDate, environment: scan.environment)
    }
}
