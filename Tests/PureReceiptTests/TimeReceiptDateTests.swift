// Tests for parseReceiptDate (receipt attribute date strings): every corpus form with its exact
// millisecond value, and a table of named rejections.

import Foundation
import PureReceiptTestSupport
import Testing

@testable import PureReceipt

@Suite("Time: receipt dates")
struct TimeReceiptDateTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let ms: Int64
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        // Apple receipts (corpus)
        Valid(text: "2015-08-10T06:54:32Z", ms: 1_439_189_672_000),
        Valid(text: "2020-07-22T17:39:08Z", ms: 1_595_439_548_000),
        // Xcode 12 / 2021 StoreKit Testing receipts: offset without colon (corpus)
        Valid(text: "2020-07-22T18:33:15+0100", ms: 1_595_439_195_000),
        Valid(text: "4001-01-01T03:00:00+0300", ms: 64_092_211_200_000),
        Valid(text: "4001-01-01T02:00:00+0200", ms: 64_092_211_200_000),
        Valid(text: "4001-01-01T00:00:00Z", ms: 64_092_211_200_000),
        // offsets with colon, negative, half-hour, "-00:00"
        Valid(text: "2020-07-22T10:39:08-07:00", ms: 1_595_439_548_000),
        Valid(text: "2020-07-22T10:39:08-0700", ms: 1_595_439_548_000),
        Valid(text: "2019-06-15T05:30:00+05:30", ms: 1_560_556_800_000),
        Valid(text: "2020-07-22T17:39:08-00:00", ms: 1_595_439_548_000),
        Valid(text: "2020-07-22T17:39:08+0000", ms: 1_595_439_548_000),
        // fractional seconds: 1 to 9 digits, truncated to milliseconds
        Valid(text: "2023-10-19T01:45:36.123Z", ms: 1_697_679_936_123),
        Valid(text: "2023-10-19T01:45:36.1239Z", ms: 1_697_679_936_123),
        Valid(text: "2023-10-19T01:45:36.123999999Z", ms: 1_697_679_936_123),
        Valid(text: "2023-10-19T01:45:36.5Z", ms: 1_697_679_936_500),
        Valid(text: "2023-10-19T01:45:36.05Z", ms: 1_697_679_936_050),
        Valid(text: "2023-10-19T01:45:36.000Z", ms: 1_697_679_936_000),
        Valid(text: "2023-10-19T02:45:36.123+01:00", ms: 1_697_679_936_123),
        // calendar edges
        Valid(text: "2024-02-29T12:00:00Z", ms: 1_709_208_000_000),
        Valid(text: "2000-02-29T23:59:59Z", ms: 951_868_799_000),
        Valid(text: "1900-03-01T00:00:00Z", ms: -2_203_891_200_000),
        Valid(text: "1970-01-01T00:00:00Z", ms: 0),
        Valid(text: "1969-12-31T23:59:59.500Z", ms: -500),
        Valid(text: "0001-01-01T00:00:00Z", ms: -62_135_596_800_000),
        Valid(text: "0000-01-01T00:00:00Z", ms: -62_167_219_200_000),
        Valid(text: "0000-01-01T00:00:00+23:59", ms: -62_167_219_200_000 - 86_340_000),
        Valid(text: "9999-12-31T23:59:59.999Z", ms: 253_402_300_799_999),
        Valid(text: "9999-12-31T23:59:59-23:59", ms: 253_402_300_799_000 + 86_340_000),
    ]

    @Test("valid forms parse to the exact millisecond", arguments: valid)
    func parsesValid(_ v: Valid) throws {
        let t = try #require(try parseReceiptDate(v.text))
        #expect(t.millisecondsSince1970 == v.ms)
        let viaBytes = try #require(try parseReceiptDate(bytes: ArraySlice(Array(v.text.utf8))))
        #expect(viaBytes == t)
    }

    @Test("the empty string means absent")
    func emptyIsAbsent() throws {
        #expect(try parseReceiptDate("") == nil)
        #expect(try parseReceiptDate(bytes: []) == nil)
    }

    @Test("bytes variant honours slice bounds (non-zero start index)")
    func sliceBounds() throws {
        let whole = Array("xx2020-07-22T17:39:08Zyy".utf8)
        let t = try #require(try parseReceiptDate(bytes: whole[2..<22]))
        #expect(t.millisecondsSince1970 == 1_595_439_548_000)
        #expect(throws: ReceiptDateError.self) { try parseReceiptDate(bytes: whole[2..<23]) }
    }

    enum Expect: Sendable { case format, range }

    struct Rejection: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expect: Expect
        var testDescription: String { name }
    }

    static let rejections: [Rejection] = [
        // out of range
        Rejection(name: "February 30", text: "2023-02-30T12:00:00Z", expect: .range),
        Rejection(name: "February 29 in a common year", text: "2023-02-29T12:00:00Z", expect: .range),
        Rejection(name: "February 29 in 1900 (century)", text: "1900-02-29T12:00:00Z", expect: .range),
        Rejection(name: "April 31", text: "2023-04-31T12:00:00Z", expect: .range),
        Rejection(name: "month 13", text: "2023-13-01T12:00:00Z", expect: .range),
        Rejection(name: "month 00", text: "2023-00-01T12:00:00Z", expect: .range),
        Rejection(name: "day 00", text: "2023-01-00T12:00:00Z", expect: .range),
        Rejection(name: "day 32", text: "2023-01-32T12:00:00Z", expect: .range),
        Rejection(name: "hour 24", text: "2023-01-01T24:00:00Z", expect: .range),
        Rejection(name: "minute 60", text: "2023-01-01T12:60:00Z", expect: .range),
        Rejection(name: "leap second 60", text: "2016-12-31T23:59:60Z", expect: .range),
        Rejection(name: "second 99", text: "2016-12-31T23:59:99Z", expect: .range),
        Rejection(name: "offset +25:00", text: "2023-01-01T12:00:00+25:00", expect: .range),
        Rejection(name: "offset +24:00", text: "2023-01-01T12:00:00+24:00", expect: .range),
        Rejection(name: "offset minutes 60", text: "2023-01-01T12:00:00+0960", expect: .range),
        Rejection(name: "offset -99:99", text: "2023-01-01T12:00:00-99:99", expect: .range),
        // wrong form
        Rejection(name: "missing seconds", text: "2023-01-01T12:00Z", expect: .format),
        Rejection(name: "missing zone", text: "2023-01-01T12:00:00", expect: .format),
        Rejection(name: "lowercase t", text: "2023-01-01t12:00:00Z", expect: .format),
        Rejection(name: "lowercase z", text: "2023-01-01T12:00:00z", expect: .format),
        Rejection(name: "space instead of T", text: "2023-01-01 12:00:00Z", expect: .format),
        Rejection(name: "trailing space", text: "2023-01-01T12:00:00Z ", expect: .format),
        Rejection(name: "trailing newline", text: "2023-01-01T12:00:00Z\n", expect: .format),
        Rejection(name: "leading space", text: " 2023-01-01T12:00:00Z", expect: .format),
        Rejection(name: "two-digit year", text: "23-01-01T12:00:00Z", expect: .format),
        Rejection(name: "five-digit year", text: "12023-01-01T12:00:00Z", expect: .format),
        Rejection(name: "signed year", text: "+2023-01-01T12:00:00Z", expect: .format),
        Rejection(name: "one-digit month", text: "2023-1-01T12:00:00Z", expect: .format),
        Rejection(name: "one-digit hour", text: "2023-01-01T1:00:00Z", expect: .format),
        Rejection(name: "extra Z", text: "2023-01-01T12:00:00ZZ", expect: .format),
        Rejection(name: "extra characters", text: "2023-01-01T12:00:00Zjunk", expect: .format),
        Rejection(name: "Z and offset", text: "2023-01-01T12:00:00Z+01:00", expect: .format),
        Rejection(name: "empty fraction", text: "2023-01-01T12:00:00.Z", expect: .format),
        Rejection(name: "ten fraction digits", text: "2023-01-01T12:00:00.1234567890Z", expect: .format),
        Rejection(name: "comma fraction", text: "2023-01-01T12:00:00,123Z", expect: .format),
        Rejection(name: "offset hours only", text: "2023-01-01T12:00:00+01", expect: .format),
        Rejection(name: "one-digit offset hour", text: "2023-01-01T12:00:00+1:00", expect: .format),
        Rejection(name: "one-digit offset minute", text: "2023-01-01T12:00:00+01:0", expect: .format),
        Rejection(name: "three-digit offset minute", text: "2023-01-01T12:00:00+01:000", expect: .format),
        Rejection(name: "bad offset and junk: form first", text: "2023-01-01T12:00:00+25:00x", expect: .format),
        Rejection(name: "offset with seconds", text: "2023-01-01T12:00:00+01:00:00", expect: .format),
        Rejection(name: "unicode minus", text: "2023-01-01T12:00:00\u{2212}01:00", expect: .format),
        Rejection(name: "fullwidth digit", text: "2023-01-0\u{FF11}T12:00:00Z", expect: .format),
        Rejection(name: "NUL inside", text: "2023-01-01T12:00:00\u{0}Z", expect: .format),
        Rejection(name: "slashes", text: "2023/01/01T12:00:00Z", expect: .format),
        Rejection(name: "date only", text: "2023-01-01", expect: .format),
        Rejection(name: "Unix seconds", text: "1595439548", expect: .format),
        Rejection(name: "space", text: " ", expect: .format),
        Rejection(name: "very long", text: String(repeating: "2023-01-01T12:00:00Z", count: 50), expect: .format),
    ]

    @Test("named rejections", arguments: rejections)
    func rejects(_ r: Rejection) {
        let bounded =
            r.text.utf8.count > 40 ? String(decoding: Array(r.text.utf8).prefix(40), as: UTF8.self) + "…" : r.text
        let expected: ReceiptDateError = r.expect == .format ? .invalidFormat(bounded) : .outOfRange(bounded)
        #expect(throws: expected) { try parseReceiptDate(r.text) }
        #expect(throws: expected) { try parseReceiptDate(bytes: ArraySlice(Array(r.text.utf8))) }
    }

    @Test("error text is bounded to 40 bytes plus an ellipsis")
    func errorTextBounded() {
        let long = String(repeating: "x", count: 100_000)
        #expect(throws: ReceiptDateError.invalidFormat(String(repeating: "x", count: 40) + "…")) {
            try parseReceiptDate(long)
        }
    }

    @Test("invalid UTF-8 bytes are rejected, not trapped on")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("2023-01-01T12:00:00".utf8) + [0xFF]
        #expect(throws: ReceiptDateError.self) { try parseReceiptDate(bytes: bytes[...]) }
    }

    @Test("every 1-byte mutation of a valid date either parses or throws (never traps)")
    func mutations() {
        let base = Array("2020-07-22T18:33:15.123+01:00".utf8)
        var parsed = 0
        for i in base.indices {
            for b in [UInt8](arrayLiteral: 0x00, 0x20, 0x2B, 0x2D, 0x2E, 0x30, 0x39, 0x3A, 0x54, 0x5A, 0x7A, 0xFF) {
                var m = base
                m[i] = b
                if (try? parseReceiptDate(bytes: m[...])) != nil { parsed += 1 }
            }
            // deletion
            var d = base
            d.remove(at: i)
            _ = try? parseReceiptDate(bytes: d[...])
        }
        // Some digit substitutions remain valid dates; most mutations are rejected.
        #expect(parsed > 0)
        #expect(parsed < base.count * 12)
    }
}

/// Every date string quoted in the corpus MANIFEST (receipt attribute values, creation dates).
private let manifest = PackageFiles.corpus("MANIFEST.md")

@Suite("Time: corpus dates")
struct TimeCorpusDateTests {
    // The corpus lives outside the project (../shared/corpus); skipped visibly when absent.
    @Test(
        "every date quoted in the corpus MANIFEST parses as a receipt date",
        .enabled(if: PackageFiles.exists(manifest), "../shared/corpus absent"))
    func manifestDates() throws {
        let text = try PackageFiles.text(manifest)
        let regex = try NSRegularExpression(
            pattern: #"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:?[0-9]{2})"#)
        let ns = text as NSString
        let found = regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range)
        }
        #expect(found.count > 100)
        #expect(found.contains("2020-07-22T18:33:15+0100"))
        #expect(found.contains("4001-01-01T03:00:00+0300"))
        for s in Set(found) {
            #expect(try parseReceiptDate(s) != nil, "\(s)")
        }
    }
}

@Suite("Time: parser robustness")
struct TimeParserRobustnessTests {
    @Test("random strings over the date alphabet parse or throw, never trap; accepted ones round-trip")
    func randomStrings() throws {
        let alphabet = Array("0123456789-T:Z.+ tz".utf8)
        var rng = SystemRandomNumberGenerator()
        var accepted = 0
        for _ in 0..<20_000 {
            // Start from a valid date and mutate a few positions, so many inputs get deep.
            var bytes = Array("2020-07-22T18:33:15.123+01:00".utf8)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[i] = alphabet.randomElement(using: &rng) ?? 0x30
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet.randomElement(using: &rng) ?? 0x30, at: i)
                }
            }
            guard let t = try? parseReceiptDate(bytes: bytes[...]) else { continue }
            accepted += 1
            // An accepted date, printed and parsed again, is the same instant.
            #expect(try parseReceiptDate(t.description) == t)
        }
        #expect(accepted > 0)
    }
}

/// The reading walk of a checked in-app record (`InAppPurchase.fields`) reads a date of the form
/// `YYYY-MM-DDTHH:MM:SSZ` by position, without the parser's checks: it must give the parser's
/// instant and, for the JSON, exactly the UTC fields `CivilDateTime(instant)` gives.
@Suite("Time: dates read again in a checked record")
struct TimeCheckedDateTests {
    /// `text` as the value of an in-app attribute 1704 (an IA5String), and its decoder.
    static func attribute(_ text: String) -> (AttributeDecoder, AttributeSpan) {
        let bytes: [UInt8] = [0x16, UInt8(text.utf8.count)] + Array(text.utf8)
        let span = AttributeSpan(type: 1704, version: 1, value: 0..<bytes.count, offset: 0, payloadStart: 0)
        return (AttributeDecoder(bytes: bytes, inAppOffset: 0), span)
    }

    @Test("the by-position read gives the parser's instant and that instant's UTC fields, 1970 to 2100")
    func sweep() throws {
        var t = Instant(millisecondsSince1970: 0)
        var checked = 0
        while t.millisecondsSince1970 < 4_102_444_800_000 {  // 2100-01-01
            let (decoder, span) = Self.attribute(formatRFC3339(t))
            var utc: CivilDateTime?
            #expect(try decoder.date(span, validating: false, utc: &utc) == t)
            #expect(utc == CivilDateTime(t))
            #expect(try decoder.date(span) == t)
            checked += 1
            // 1 day, 7 h, 13 min and 17 s: every hour, minute and second value, both sides of every month's end.
            t = Instant(millisecondsSince1970: t.millisecondsSince1970 + 112_397_000)
        }
        #expect(checked > 36_000)
    }

    @Test("other forms are parsed whole, as when first checked", arguments: TimeReceiptDateTests.valid)
    func otherForms(_ valid: TimeReceiptDateTests.Valid) throws {
        let (decoder, span) = Self.attribute(valid.text)
        var utc: CivilDateTime?
        #expect(try decoder.date(span, validating: false, utc: &utc)?.millisecondsSince1970 == valid.ms)
        #expect(
            utc
                == (valid.text.utf8.count == 20 && valid.text.hasSuffix("Z")
                    ? CivilDateTime(Instant(millisecondsSince1970: valid.ms)) : nil))
    }

    @Test(
        "every corpus record read again gives the checked values and the UTC fields of its dates",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: corpus tests skipped"))
    func corpusRecords() throws {
        var dates = 0
        for name in Corpus.receiptNames() {
            for purchase in try AppReceipt.parse(payload: try Corpus.payload(name)).inAppPurchases {
                let f = purchase.fields
                let pairs: [(Instant?, Instant?, CivilDateTime?)] = [
                    (f.purchaseDate, purchase.purchaseDate, f.utc.purchase),
                    (f.originalPurchaseDate, purchase.originalPurchaseDate, f.utc.original),
                    (f.subscriptionExpirationDate, purchase.expiresDate, f.utc.expiration),
                    (f.cancellationDate, purchase.revocationDate, f.utc.cancellation),
                ]
                for (read, checked, utc) in pairs {
                    #expect(read == checked)
                    if let utc, let read { #expect(utc == CivilDateTime(read)) }
                    dates += utc == nil ? 0 : 1
                }
            }
        }
        #expect(dates >= 600)  // 689 dates in the corpus as of 2026-11: the fast path was taken
    }
}
