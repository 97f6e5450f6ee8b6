// BIT STRING (X.690 §8.6, DER restriction §11.2).
//
// Accepts: primitive encodings only (the constructed BER form is rejected under both rule sets:
// nothing we parse uses it). In DER, unused bits must be zero.

/// A BIT STRING's content: the unused-bit count and the octets that hold the bits.
public struct BitString: Sendable {
    /// Number of unused bits in the last octet, 0…7.
    public let unusedBits: UInt8
    /// The octets holding the bits (after the initial unused-bits octet).
    public let bytes: ArraySlice<UInt8>
}

extension DERCursor {
    /// Reads a BIT STRING.
    public mutating func readBitString(tag: DERTag = .bitString, _ what: @autoclosure Context) throws(DERError)
        -> BitString
    {
        let element = try readElement(tag, what())
        guard !element.tag.isConstructed else { throw DERError(.wrongConstructedBit, at: element.start, what()) }
        let content = element.contentBytes
        // X.690 §8.6.2: "the initial octet shall encode ... the number of unused bits in the final
        // subsequent octet. The number shall be in the range zero to seven."
        guard let unused = content.first, unused <= 7 else {
            throw DERError(.invalidValue, at: element.start, "\(what()): unused-bits octet")
        }
        let data = content.dropFirst()
        // X.690 §8.6.2.3: "If the bitstring is empty, there shall be no subsequent octets, and the
        // initial octet shall be zero."
        if data.isEmpty && unused != 0 {
            throw DERError(.invalidValue, at: element.start, "\(what()): empty with unused bits")
        }
        // X.690 §11.2.1: "Each unused bit in the final octet of the encoding of a bit string value shall
        // be set to zero."
        if rules == .der, let last = data.last, unused > 0, last & ((1 << unused) - 1) != 0 {
            throw DERError(.invalidValue, at: element.start, "\(what()): unused bits not zero")
        }
        return BitString(unusedBits: unused, bytes: data)
    }
}
