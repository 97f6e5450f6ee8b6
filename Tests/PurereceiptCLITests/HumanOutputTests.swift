// Human output (text reports and stderr) with hostile text in the receipt: the main synthetic
// receipt with its payload replaced (so its signature no longer verifies; `inspect` decodes it
// anyway). Control, separator and bidi characters from the input reach the terminal escaped
// (`\u{1b}`), never raw; JSON carries them with JSON's own escapes.

import Foundation
import PureReceiptTestSupport
import Testing

/// Builds payloads and splices one into the main receipt's envelope.
enum HostileReceipt {
    static func length(_ count: Int) -> [UInt8] { TestDER.length(count) }
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { TestDER.tlv(tag, content) }

    /// The elements inside the definite-length DER element that is all of `bytes`.
    static func children(_ bytes: [UInt8]) -> [[UInt8]] {
        func header(_ at: Int) -> (content: Int, end: Int)? {
            guard at + 1 < bytes.count else { return nil }
            let first = Int(bytes[at + 1])
            if first < 0x80 { return (at + 2, at + 2 + first) }
            let count = first & 0x7F
            guard at + 2 + count <= bytes.count else { return nil }
            let value = bytes[(at + 2)..<(at + 2 + count)].reduce(0) { $0 << 8 | Int($1) }
            return (at + 2 + count, at + 2 + count + value)
        }
        guard let outer = header(0) else { return [] }
        var parts: [[UInt8]] = []
        var at = outer.content
        while at < outer.end, let inner = header(at), inner.end <= outer.end {
            parts.append(Array(bytes[at..<inner.end]))
            at = inner.end
        }
        return parts
    }

    static func attribute(_ type: UInt8, _ value: [UInt8]) -> [UInt8] {
        tlv(0x30, tlv(0x02, [type]) + tlv(0x02, [1]) + tlv(0x04, value))
    }

    static func utf8(_ text: String) -> [UInt8] { tlv(0x0C, Array(text.utf8)) }
    static func ia5(_ text: String) -> [UInt8] { tlv(0x16, Array(text.utf8)) }

    /// A payload with the required attributes and one in-app purchase per product id.
    static func payload(
        bundleID: String, version: String = "1", created: String = "2024-03-01T12:00:00Z",
        products: [String] = []
    ) -> [UInt8] {
        var attributes = [
            attribute(2, utf8(bundleID)), attribute(3, utf8(version)), attribute(4, Array(0x10...0x1F)),
            attribute(5, Array(0xA0...0xB3)), attribute(12, ia5(created)),
        ]
        for (index, product) in products.enumerated() {
            let fields = [
                tlv(0x30, tlv(0x02, [0x06, 0xA6]) + tlv(0x02, [1]) + tlv(0x04, utf8(product))),  // 1702
                tlv(0x30, tlv(0x02, [0x06, 0xA7]) + tlv(0x02, [1]) + tlv(0x04, utf8("\(index + 1)"))),  // 1703
                tlv(0x30, tlv(0x02, [0x06, 0xA8]) + tlv(0x02, [1]) + tlv(0x04, ia5("2024-01-01T00:00:00Z"))),  // 1704
            ]
            attributes.append(attribute(17, tlv(0x31, fields.flatMap { $0 })))
        }
        return tlv(0x31, attributes.flatMap { $0 })
    }

    /// The main receipt with its eContent replaced by `payload`, written to a temporary file.
    static func file(_ payload: [UInt8]) throws -> URL {
        let receipt = [UInt8](try CLI.bytes(MainReceipt.path))
        let contentInfo = children(receipt)
        let wrapper = try #require(contentInfo.last)
        var signedData = children(try #require(children(wrapper).first))
        let encapsulated = children(signedData[2])
        signedData[2] = tlv(0x30, encapsulated[0] + tlv(0xA0, tlv(0x04, payload)))
        let rebuilt = tlv(0x30, contentInfo[0] + tlv(0xA0, tlv(0x30, signedData.flatMap { $0 })))
        return try CLI.temporaryFile(Data(rebuilt), suffix: ".der")
    }
}

/// True when `text` holds no raw control, separator or bidi character other than line feeds.
func isTerminalSafe(_ text: String) -> Bool {
    !text.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

/// Text a hostile receipt might carry: terminal escapes, a bell, a fake line, separators, bidi.
let hostileText = "com.\u{1b}[31mevil\u{7}\r\nVerdict GENUINE\u{2028}\u{202E}gpj\u{85}\u{9b}\u{7f}"

@Suite("Human output escaping", .enabled(if: CLI.executable != nil, "purereceipt executable not built"))
struct HumanOutputTests {
    @Test("display rule: inspect escapes control and bidi characters from the payload in the text report")
    func inspectTextIsEscaped() async throws {
        let file = try HostileReceipt.file(HostileReceipt.payload(bundleID: hostileText, products: [hostileText]))
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await CLI.run(["inspect", file.path])
        #expect(result.status == 0, "\(result)")
        #expect(isTerminalSafe(result.stdout) && isTerminalSafe(result.stderr), "\(result)")
        #expect(result.stdout.contains("com.\\u{1b}[31mevil\\u{7}\\u{d}\\u{a}Verdict GENUINE\\u{2028}\\u{202e}gpj"))
        #expect(!result.stdout.contains("\nVerdict GENUINE"))
    }

    @Test("display rule: JSON output carries the same text exactly, with JSON escapes only")
    func inspectJSONIsExact() async throws {
        let file = try HostileReceipt.file(HostileReceipt.payload(bundleID: hostileText, products: [hostileText]))
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await CLI.run(["inspect", "--json", file.path])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(result.stdout.contains("\\u001b[31mevil\\u0007\\u000d\\u000a"))
        let attributes = try #require(try result.jsonObject()["attributes"] as? [[String: Any]])
        #expect(attributes.contains { ($0["value"] as? String) == "\"" + hostileText + "\"" }, "\(attributes)")
    }

    @Test("display rule: a malformed date reaches stderr escaped")
    func errorMessageIsEscaped() async throws {
        let date = "2024\u{1b}]0;pwned\u{7}\n2024-03-01T12:00:00Z"
        let file = try HostileReceipt.file(HostileReceipt.payload(bundleID: "com.example", created: date))
        defer { try? FileManager.default.removeItem(at: file) }
        // `inspect` decodes without authenticating and names the date, escaped.
        let result = try await CLI.run(["inspect", file.path])
        #expect(result.status == 2, "\(result)")
        #expect(isTerminalSafe(result.stderr) && result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
        #expect(result.stderr.contains("2024\\u{1b}]0;pwned\\u{7}\\u{a}2024"), "\(result)")
        // `verify` authenticates first: the payload's signature does not hold, so the date is never read.
        let verified = try await CLI.run(["verify", file.path])
        #expect(verified.status == 1, "\(verified)")
        #expect(isTerminalSafe(verified.stderr) && !verified.stderr.contains("pwned"), "\(verified)")
    }

    // Identifiers of every shape: emoji (non-BMP, a ZWJ sequence), combining marks, CJK, ASCII.
    static let identifiers = [
        "a", "🎉 party 👩\u{200D}👩\u{200D}👧", "e\u{301}\u{301} combining", "日本語の製品", "com.x.\u{E9}", "plain.id",
    ]

    @Test("text report: identifiers printed whole, columns aligned in Characters, whatever the script")
    func identifiersAreWholeAndAligned() async throws {
        // Each order puts a different identifier last (and the widest first or last).
        for products in [Self.identifiers, Self.identifiers.reversed()] {
            let payload = HostileReceipt.payload(bundleID: "com.example", products: products)
            let file = try HostileReceipt.file(payload)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try await CLI.run(["inspect", file.path])
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let purchaseLines = lines.filter { $0.contains("2024-01-01T00:00:00Z") && $0.contains("txn ") }
            #expect(purchaseLines.count == products.count)
            let widest = products.map(\.count).max() ?? 0
            for (line, product) in zip(purchaseLines, products) {
                // The product column: whole, then padded to the widest in Characters.
                let column = line.components(separatedBy: "2024-01-01T00:00:00Z  ").last ?? ""
                #expect(column.hasPrefix(product + String(repeating: " ", count: widest - product.count) + "  txn "))
            }
            let txnColumns = purchaseLines.map { line in
                line.distance(from: line.startIndex, to: line.range(of: "txn ")?.lowerBound ?? line.startIndex)
            }
            #expect(Set(txnColumns).count == 1, "\(purchaseLines)")
        }
    }
}
