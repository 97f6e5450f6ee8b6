// JSONNumber: a number kept as its literal text, with exact conversions (nothing goes through
// floating point, so nothing is ever rounded silently).
//
// RFC 8259 §6: "This specification allows implementations to set limits on the range and
// precision of numbers accepted." We keep the text (validated by the reader against the §6
// grammar) and convert on request:
// - `int64()`: only integer literals (`-?(0|[1-9][0-9]*)`, no fraction, no exponent: `1.0` and
//   `1e3` are not integers), exactly, in Int64's range; otherwise an error, never a rounding.
// - `millisecondsRoundedDown()`: any number, rounded toward negative infinity to a whole number
//   (Xcode writes dates as fractional milliseconds, e.g. `1697679936049.7297` → 1697679936049,
//   `-0.5` → -1), exactly, in Int64's range. Exponents are applied exactly too (`1.5e3` → 1500).

/// A JSON number: its literal text and where it was read.
public struct JSONNumber: Sendable, Equatable {
    /// The literal text, exactly as written (RFC 8259 §6 grammar).
    public let text: String
    /// Byte offset of the number's first character in the input (reported by conversion errors).
    public let offset: Int

    /// Wraps literal text; the reader calls this only with text that matches the §6 grammar.
    package init(text: String, offset: Int) {
        self.text = text
        self.offset = offset
    }

    /// The exact integer value of an integer literal (no fraction, no exponent) in Int64's range.
    public func int64() throws(JSONError) -> Int64 {
        let bytes = Array(text.utf8)
        // Policy (Docs/JSON.md): an integer field is written as an integer literal.
        guard !bytes.contains(where: { $0 == 0x2E || $0 == 0x65 || $0 == 0x45 }) else {  // . e E
            throw JSONError(.notAnInteger, at: offset)
        }
        return try floorValue(bytes)
    }

    /// The value rounded toward negative infinity to a whole number (see the file header).
    public func millisecondsRoundedDown() throws(JSONError) -> Int64 {
        try floorValue(Array(text.utf8))
    }

    /// floor(value) of a §6 literal, exactly, or `.numberOutOfRange` / `.invalidNumber`.
    private func floorValue(_ bytes: [UInt8]) throws(JSONError) -> Int64 {
        var i = 0
        let negative = bytes.first == 0x2D  // -
        if negative { i = 1 }
        var digits: [UInt8] = []  // integer and fraction digits, values 0 ... 9
        var fractionDigits = 0
        var inFraction = false
        while i < bytes.count, bytes[i] != 0x65, bytes[i] != 0x45 {  // up to e / E
            let b = bytes[i]
            if b == 0x2E {
                inFraction = true
            } else if b >= 0x30, b <= 0x39 {
                digits.append(b - 0x30)
                if inFraction { fractionDigits += 1 }
            } else {
                throw JSONError(.invalidNumber, at: offset)
            }
            i += 1
        }
        // The exponent saturates once ≥ 2^22 (so exponent * 10 + 9 < 2^26 fits even a 32-bit Int):
        // the text has at most maxStringBytes = 2^20 digits, so a saturated exponent already puts
        // every digit beyond Int64's range (positive) or below the units digit (negative).
        var exponent = 0
        if i < bytes.count {
            i += 1
            var expNegative = false
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D {
                expNegative = bytes[i] == 0x2D
                i += 1
            }
            while i < bytes.count {
                let b = bytes[i]
                guard b >= 0x30, b <= 0x39 else { throw JSONError(.invalidNumber, at: offset) }
                if exponent < 1 << 22 { exponent = exponent * 10 + Int(b - 0x30) }
                i += 1
            }
            if expNegative { exponent = -exponent }
        }
        guard let firstNonZero = digits.firstIndex(where: { $0 != 0 }) else { return 0 }
        let significant = digits[firstNonZero...]
        // value = significant × 10^scale; |scale| < 2^27: no overflow, even with a 32-bit Int.
        let scale = exponent - fractionDigits
        let keep = significant.count + scale  // number of digits before the decimal point
        guard keep <= 19 else { throw JSONError(.numberOutOfRange, at: offset) }
        var result: Int64 = 0  // accumulated as a negative number, to reach Int64.min
        var dropped = false
        for (index, d) in significant.enumerated() {
            if index >= keep {
                if d != 0 { dropped = true }
                continue
            }
            try accumulate(&result, digit: d)
        }
        if scale > 0 {
            for _ in 0..<scale { try accumulate(&result, digit: 0) }  // scale < keep ≤ 19 here
        }
        if negative {
            guard dropped else { return result }
            let (down, overflow) = result.subtractingReportingOverflow(1)  // floor of −x.y is −x − 1
            guard !overflow else { throw JSONError(.numberOutOfRange, at: offset) }
            return down
        }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(result)  // floor of x.y is x
        guard !overflow else { throw JSONError(.numberOutOfRange, at: offset) }
        return positive
    }

    /// result = result × 10 − digit, or `.numberOutOfRange` on overflow.
    private func accumulate(_ result: inout Int64, digit: UInt8) throws(JSONError) {
        let (times10, o1) = result.multipliedReportingOverflow(by: 10)
        let (next, o2) = times10.subtractingReportingOverflow(Int64(digit))
        guard !o1, !o2 else { throw JSONError(.numberOutOfRange, at: offset) }
        result = next
    }
}
