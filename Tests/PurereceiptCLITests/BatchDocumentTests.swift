// Text-mode batch output builds only what it prints: no `verify --json` document is rendered for a
// line that is written as text (an app receipt's document is about 2.5 times the receipt, and a
// result waits in the window until its turn), while --ndjson keeps the whole document.
// Measured on six genuine 16 MB receipts, --jobs 8: peak RSS 328 MB before, 55 MB after
// (Docs/CHANGELOG.md).

import Foundation
import PureReceipt
import PureReceiptRunner
import PureReceiptTestSupport
import Testing

@testable import purereceipt

@Suite("purereceipt verify: text mode builds no document")
struct BatchDocumentTests {
    static func plan(ndjson: Bool) -> VerifyPlan {
        var options = ParsedArguments()
        options.values["--root"] = [PackageFiles.url("Vectors/pki/root.der").path]
        options.values["--bundle-id"] = [MainReceipt.bundleID]
        return VerifyCommand.plan(options, json: false, documents: ndjson ? .line : .none, revocation: .off)
    }

    @Test("A genuine app receipt written as text has no document; with --ndjson it has the whole one")
    func textModeBuildsNoDocument() throws {
        let bytes = [UInt8](try CLI.bytes(MainReceipt.path))
        for ndjson in [false, true] {
            var cache = VerifiedChainCache(capacity: 4)
            let line = BatchCheck.verify(.line(1), bytes, Self.plan(ndjson: ndjson), cache: &cache)
            #expect(line.verdict == "genuine", "\(line)")
            if ndjson {
                let document = try #require(line.document)
                #expect(String(decoding: document, as: UTF8.self).contains("\"in_app\""))
            } else {
                #expect(line.document == nil)
            }
        }
    }
}
