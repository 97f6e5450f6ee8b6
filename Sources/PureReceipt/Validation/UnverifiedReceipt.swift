// UnverifiedReceipt: structure only — the CMS envelope and the payload decoded, NOTHING verified.
//
// For tools (inspection, support) and for reading a receipt whose authenticity was established
// elsewhere. Never grant anything from an UnverifiedReceipt: anyone can write one.

public import PureX509

/// A receipt decoded without checking its signature, chain or any policy.
public struct UnverifiedReceipt: Sendable {
    /// The parsed CMS SignedData (certificates, signer information, algorithms), not verified.
    public let signedData: SignedData
    /// The decoded payload, not verified.
    public let receipt: AppReceipt
}

extension ReceiptValidator {
    /// Decodes `input` (DER/BER bytes or base64 text) WITHOUT verifying anything. Fails only when
    /// the input is not a well-formed receipt.
    public static func parseUnverified(_ input: [UInt8]) throws(VerificationError) -> UnverifiedReceipt {
        let bytes = try receiptBytes(from: input)
        let signedData: SignedData
        do { signedData = try SignedData.parse(bytes) } catch { throw .from(error) }
        return UnverifiedReceipt(signedData: signedData, receipt: try decodePayload(signedData.content))
    }
}
