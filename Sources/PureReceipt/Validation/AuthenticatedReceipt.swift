// ScannedReceipt: step 1 of validation — the CMS envelope parsed and the payload scanned for the
// creation date and environment (PayloadScan.swift), nothing verified and nothing decoded.
//
// Authenticate first: the payload is decoded (step 3 of `ReceiptValidator.finish`) only after the
// signature and the certificate path hold, so bytes no trusted key signed cost a parse of the
// envelope, a walk over the payload's top-level headers and the hash the signature needs; with
// `ReceiptPolicy.checksTrustFirst`, an untrusted signer costs the envelope and its path search only.

import PureDER
import PureX509

/// A receipt whose envelope parsed and whose payload top level scanned cleanly.
struct ScannedReceipt {
    let signedData: SignedData
    let creationDate: Instant
    let environment: ReceiptEnvironment?
}

extension ReceiptValidator {
    /// Step 1 begins: the input as a parsed CMS envelope (nothing of the payload read).
    static func envelope(_ input: [UInt8]) throws(ReceiptValidationError) -> SignedData {
        let bytes = try receiptBytes(from: input)
        do { return try SignedData.parse(bytes) } catch { throw .from(error) }
    }

    /// With `checksTrustFirst`: the signer's path of certificate signatures to an anchor (`known`
    /// when a chain cache holds it), or its refusal, before any byte of the payload is read; nil
    /// when the policy does not ask for it or the signer is the opted-in Xcode certificate.
    static func trustFirst(_ signedData: SignedData, _ policy: ReceiptPolicy, known: [Certificate]? = nil)
        throws(ReceiptValidationError) -> [Certificate]?
    {
        // Apple receipt rule (trust-first): with `checksTrustFirst`, a signer no certificate path
        // leads to an anchor is refused before any byte of the payload is read or hashed.
        guard policy.checksTrustFirst else { return nil }
        do {
            return try signedData.trustedSignerPath(
                anchors: policy.anchors, xcode: policy.xcodeCertificate, known: known)
        } catch {
            throw .from(error)
        }
    }

    /// Step 1 after the envelope: the payload's top level scanned for the creation date and environment.
    static func scan(_ signedData: SignedData) throws(ReceiptValidationError) -> ScannedReceipt {
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
