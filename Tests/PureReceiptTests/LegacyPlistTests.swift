// The old-style plist subset of legacy receipts (OpenStepPlist.swift), and the signature blob
// layout (LegacySignatureBlob.swift): accepted forms, every escape, and named negative cases.

import PureDER
import Testing

@testable import PureReceipt

private func parse(_ text: String) throws(LegacyReceiptError) -> [LegacyPlistEntry] {
    try OpenStepPlistParser.dictionary(Array(text.utf8), part: "test")
}

@Suite("Legacy old-style plist parser")
struct LegacyPlistTests {
    @Test("pairs in file order, white space of every kind between tokens")
    func accepted() throws {
        let entries = try parse(" \t{\n\t\"b\" = \"2\";\r\n  \"a\"=\"1\" ;\"c\" = \"line\nbreak\";}\n")
        #expect(entries.map(\.key) == ["b", "a", "c"])
        #expect(entries.map(\.value) == ["2", "1", "line\nbreak"])
        #expect(entries.map(\.offset) == [5, 19, 28])
        #expect(try parse("{}").isEmpty)
    }

    // Apple legacy rule (plist-escapes): the C escapes; Apple legacy rule (plist-octal): \101 \7
    // \0619 \177; Apple legacy rule (plist-unicode): \U with 1–4 digits and a surrogate pair.
    @Test(
        "Apple legacy rule (plist-escapes): each escape",
        arguments: [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), (#"\t"#, "\t"), (#"\r"#, "\r"), (#"\a"#, "\u{07}"),
            (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"), (#"\v"#, "\u{0B}"), (#"\101"#, "A"), (#"\7"#, "\u{07}"),
            (#"\0619"#, "19"), (#"\177"#, "\u{7F}"), (#"\U00e9"#, "é"), (#"\U41"#, "A"), (#"\U20AC"#, "€"),
            (#"\Ud83d\Ude00"#, "😀"), ("é", "é"),
        ])
    func escape(escaped: String, expected: String) throws {
        let value = try #require(try parse("{\"k\" = \"x\(escaped)y\";}").first?.value)
        #expect(Array(value.utf8) == Array("x\(expected)y".utf8))
    }

    @Test(
        "named negative cases, with the offset",
        arguments: [
            ("", "legacy.syntax", 0),  // no '{'
            ("{", "legacy.syntax", 1),  // no '}'
            (#"{"a" = "1"}"#, "legacy.syntax", 10),  // missing ';'
            (#"{"a" = 1;}"#, "legacy.syntax", 7),  // unquoted value
            (#"{a = "1";}"#, "legacy.syntax", 1),  // unquoted key
            (#"{"a" "1";}"#, "legacy.syntax", 5),  // missing '='
            (#"{"a" = ("1");}"#, "legacy.syntax", 7),  // array
            (#"{"a" = <01>;}"#, "legacy.syntax", 7),  // data
            (#"{"a" = {};}"#, "legacy.syntax", 7),  // nested dictionary
            ("{ // c\n}", "legacy.syntax", 2),  // comment
            ("{ /* c */ }", "legacy.syntax", 2),  // comment
            (#"{} x"#, "legacy.syntax", 3),  // trailing bytes
            (#"{"a" = "1"; "a" = "2";}"#, "legacy.duplicateKey", 12),  // Apple legacy rule (unique-keys)
            (#"{"a" = "1"; "\141" = "2";}"#, "legacy.duplicateKey", 12),  // the same key once unescaped
            (#"{"a" = "1;}"#, "legacy.unterminatedString", 7),
            (#"{"a" = "\q";}"#, "legacy.badEscape", 8),
            (#"{"a" = "\U";}"#, "legacy.badEscape", 8),
            (#"{"a" = "\200";}"#, "legacy.badEscape", 8),  // Apple legacy rule (plist-octal): NeXTSTEP byte
            (#"{"a" = "\Ud83d";}"#, "legacy.badEscape", 14),  // Apple legacy rule (plist-unicode): lone high
            (#"{"a" = "\Ude00";}"#, "legacy.badEscape", 8),  // lone low surrogate
            ("{\"a\" = \"\u{01}\";}", "legacy.syntax", 8),  // control byte
        ])
    func refused(text: String, code: String, offset: Int) {
        let error = #expect(throws: LegacyReceiptError.self) { try parse(text) }
        #expect(error?.code == code)
        #expect(error?.offset == offset)
    }

    @Test("not UTF-8 once unescaped")
    func notUTF8() {
        let error = #expect(throws: LegacyReceiptError.self) {
            try OpenStepPlistParser.dictionary([0x7B, 0x22, 0xFF, 0x22, 0x3D, 0x22, 0x22, 0x3B, 0x7D], part: "test")
        }
        #expect(error?.code == "legacy.notUTF8")
    }

    @Test("limits: input size, pair count, string length, each with its own error")
    func limits() {
        let big = [UInt8](repeating: 0x20, count: Limits.maxLegacyReceiptBytes + 1)
        let error1 = #expect(throws: LegacyReceiptError.self) {
            try OpenStepPlistParser.dictionary(big, part: "t")
        }
        #expect(error1?.code == "limit.inputSize")
        let many = "{" + (0...Limits.maxLegacyPlistKeys).map { "\"k\($0)\" = \"v\";" }.joined() + "}"
        let error2 = #expect(throws: LegacyReceiptError.self) { try parse(many) }
        #expect(error2?.code == "limit.count")
        let long = "{\"k\" = \"" + String(repeating: "a", count: Limits.maxLegacyStringBytes + 1) + "\";}"
        let error3 = #expect(throws: LegacyReceiptError.self) { try parse(long) }
        #expect(error3?.code == "limit.stringLength")
        let fits = "{\"k\" = \"" + String(repeating: "a", count: Limits.maxLegacyStringBytes - 2) + "\";}"
        #expect((try? parse(fits))?.count == 1)
    }
}

@Suite("Legacy signature blob layout")
struct LegacySignatureBlobTests {
    @Test("Apple legacy rule (signature-length): unknown version bytes and short blobs")
    func versions() {
        for (blob, code) in [
            ([], "legacy.truncated"), ([0], "legacy.unknownVersion"), ([4], "legacy.unknownVersion"),
            ([2] + [UInt8](repeating: 1, count: 128), "legacy.truncated"),
            ([3] + [UInt8](repeating: 1, count: 256) + [0, 0], "legacy.truncated"),
            ([2] + [UInt8](repeating: 1, count: 128) + [0, 0, 0, 9, 0x30], "legacy.truncated"),
            ([2] + [UInt8](repeating: 1, count: 128) + [0, 0, 0, 0, 0x30], "legacy.trailingBytes"),
        ] as [([UInt8], String)] {
            let error = #expect(throws: LegacyReceiptError.self) { try LegacySignatureBlob(blob) }
            #expect(error?.code == code, "\(blob.prefix(1)) \(blob.count)")
        }
    }

    // Apple legacy rule (certificate-length) and Apple legacy rule (v1-trailer): the certificate's end.
    @Test("certificates that are not DER, and the version 1 trailer")
    func certificates() {
        let v2 = [2] + [UInt8](repeating: 1, count: 128) + [0, 0, 0, 2, 0x30, 0x00]
        let error = #expect(throws: LegacyReceiptError.self) { try LegacySignatureBlob(v2) }
        #expect(error?.code.hasPrefix("x509.") == true || error?.code.hasPrefix("der.") == true)
        let v1 = [1] + [UInt8](repeating: 1, count: 128) + [0x30, 0x00, 0, 0, 0, 0]
        let error1 = #expect(throws: LegacyReceiptError.self) { try LegacySignatureBlob(v1) }
        #expect(error1?.code.hasPrefix("legacy.") == false)
        let v1Short = [1] + [UInt8](repeating: 1, count: 128) + [0x30, 0x00, 0, 0, 0]
        let error2 = #expect(throws: LegacyReceiptError.self) { try LegacySignatureBlob(v1Short) }
        #expect(error2?.code == "legacy.versionOneTrailer")
        let v1Long = [1] + [UInt8](repeating: 1, count: 128) + [0x30, 0x05, 0, 0, 0, 0]
        let error3 = #expect(throws: LegacyReceiptError.self) { try LegacySignatureBlob(v1Long) }
        #expect(error3?.code == "der.lengthPastEnd" || error3?.code == "der.truncated")
    }

    // Apple legacy rule (date-ms) and Apple legacy rule (date-etc-gmt): the two date forms.
    @Test("the date forms of purchase-info")
    func dates() {
        #expect(LegacyPurchaseInfo.milliseconds("1447821281000") == Instant(millisecondsSince1970: 1_447_821_281_000))
        for bad in ["", "-1", "+1", "1e3", "1234567890123456", " 1"] {
            #expect(LegacyPurchaseInfo.milliseconds(bad) == nil, "\(bad)")
        }
        #expect(
            LegacyPurchaseInfo.etcGMT("2017-12-23 17:03:44 Etc/GMT")
                == Instant(millisecondsSince1970: 1_514_048_624_000))
        for bad in [
            "2017-12-23T17:03:44 Etc/GMT", "2017-12-23 17:03:44 UTC", "2017-12-23 17:03:44 Etc/GMT ",
            "2017-02-30 17:03:44 Etc/GMT", "2017-12-23 17:03:44 America/Los_Angeles",
        ] {
            #expect(LegacyPurchaseInfo.etcGMT(bad) == nil, "\(bad)")
        }
    }
}
