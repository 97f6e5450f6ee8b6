// ReceiptInput: turns what a caller holds (DER/BER bytes or base64 text) into receipt bytes.
//
// Detection: a receipt's first byte is 0x30 (SEQUENCE); base64 text never starts with 0x30
// ("0" is not in the base64 alphabet's first position for a 0x30 byte: base64 of a receipt begins
// with "MI"). Anything else is tried as base64 (whitespace and line breaks ignored).

import PureDER

extension ReceiptValidator {
    /// Longest input `receiptBytes(from:)` accepts: base64 text is 4/3 of the receipt, so the
    /// receipt limit scaled, with room for line breaks. A reader can stop after one byte more.
    public static let maxInputTextBytes = Limits.maxInputBytes / 3 * 4 + 4096

    /// The receipt bytes of `input`: returned as is when they start like a DER/BER SEQUENCE,
    /// otherwise decoded as base64.
    public static func receiptBytes(from input: [UInt8]) throws(VerificationError) -> [UInt8] {
        var bytes = input  // decoded into a new array: the caller's text is not touched
        try receiptBytes(&bytes) { (text: inout [UInt8]) throws(Base64Error) in text = try Base64.decode(text) }
        return bytes
    }

    /// `receiptBytes(from:)` with no second buffer: base64 text is decoded into `input` itself, so
    /// a caller that drops the text holds the receipt once. On a base64 error `input` is unchanged;
    /// on the other errors it may hold the decoded bytes.
    public static func receiptBytes(inPlace input: inout [UInt8]) throws(VerificationError) {
        try receiptBytes(&input) { (text: inout [UInt8]) throws(Base64Error) in try Base64.decode(inPlace: &text) }
    }

    private static func receiptBytes(
        _ input: inout [UInt8], decode: (inout [UInt8]) throws(Base64Error) -> Void
    ) throws(VerificationError) {
        guard let first = input.first else {
            throw .malformedInput("input.empty", "empty input")
        }
        // Limits: base64 text is 4/3 of the receipt, so bound it by the same limit scaled.
        guard input.count <= maxInputTextBytes else {
            throw .malformedInput("limit.inputSize", "input larger than \(Limits.maxInputBytes) bytes")
        }
        if first == 0x30 { return try checkedSize(input) }
        do {
            try decode(&input)
        } catch {
            throw .malformedInput("input.notASN1", "input is neither a DER/BER receipt nor base64: \(error.spelled)")
        }
        guard input.first == 0x30 else {
            throw .malformedInput("input.notASN1", "base64 input does not decode to a DER/BER SEQUENCE")
        }
        try checkedSize(input)
    }

    private static func checkedSize(_ bytes: [UInt8]) throws(VerificationError) {
        guard bytes.count <= Limits.maxInputBytes else {
            throw .malformedInput("limit.inputSize", "receipt larger than \(Limits.maxInputBytes) bytes")
        }
    }
}
