// Identifiers are compared as UTF-8 bytes, never with Swift's Unicode canonical equivalence: the
// bundle binding (attributes 2 and 3) and the product and transaction queries. Pairs that `==`
// equates but whose bytes differ: "café" in NFC and NFD, and U+212A KELVIN SIGN against "K".

import Testing

@testable import PureReceipt

/// Canonically equivalent pairs with different UTF-8 bytes.
private let equivalentPairs: [(String, String)] = [
    ("caf\u{E9}", "cafe\u{301}"),  // NFC, NFD
    ("com.example.\u{212A}it", "com.example.Kit"),  // KELVIN SIGN, K
]

private func receipt(bundleID: String, version: String, _ records: [[UInt8]] = []) throws -> AppReceipt {
    try SyntheticReceipt.parse(
        SyntheticReceipt.payload(
            adding: [
                DERBuilder.attribute(2, DERBuilder.utf8(bundleID)), DERBuilder.attribute(3, DERBuilder.utf8(version)),
            ] + records, except: [2, 3]))
}

/// The facts the validator compares, read by the trusted scan of the same payload.
private func facts(bundleID: String, version: String) throws -> ReceiptFacts {
    let payload = SyntheticReceipt.payload(
        adding: [
            DERBuilder.attribute(2, DERBuilder.utf8(bundleID)), DERBuilder.attribute(3, DERBuilder.utf8(version)),
        ],
        except: [2, 3])
    return try PayloadScan(payload, range: 0..<payload.count).facts()
}

@Suite("Exact identifier comparison")
struct ExactBytesTests {
    @Test("the pairs are equal for Swift's == and differ in bytes")
    func pairsAreEquivalent() {
        for (a, b) in equivalentPairs {
            #expect(a == b)
            #expect(Array(a.utf8) != Array(b.utf8))
        }
    }

    // Apple receipt rule (bundle-binding): bundle id and version equal the caller's, byte for byte.
    @Test("Apple receipt rule (bundle-binding): bundle id and version compare UTF-8 bytes, not Unicode equivalence")
    func bundleBindingIsBytewise() throws {
        for (inReceipt, expected) in equivalentPairs {
            let r = try facts(bundleID: inReceipt, version: inReceipt)
            var policy = ReceiptPolicy(bundleIdentifier: .anyApp)
            policy.bundleIdentifier = expected
            #expect(throws: VerificationError.self) { try ReceiptValidator.checkBundle(r, policy) }
            policy.bundleIdentifier = inReceipt
            policy.bundleVersion = expected
            do {
                try ReceiptValidator.checkBundle(r, policy)
                Issue.record("version \(expected) accepted for \(inReceipt)")
            } catch {
                #expect(error.code == "policy.bundleVersion")
            }
            policy.bundleVersion = inReceipt
            try ReceiptValidator.checkBundle(r, policy)
        }
    }

    @Test("queries match product and original transaction ids by UTF-8 bytes")
    func queriesAreBytewise() throws {
        for (stored, asked) in equivalentPairs {
            let r = try receipt(
                bundleID: SyntheticReceipt.bundleID, version: "42",
                [
                    SyntheticReceipt.inApp(
                        product: stored, transaction: stored, original: stored, purchase: "2024-01-01T00:00:00Z"),
                    SyntheticReceipt.inApp(
                        product: "sub", transaction: "t1", original: stored, purchase: "2024-02-01T00:00:00Z",
                        expires: "2024-04-01T00:00:00Z"),
                    SyntheticReceipt.inApp(
                        product: "sub", transaction: "t2", original: asked, purchase: "2024-02-01T00:00:00Z",
                        expires: "2024-05-01T00:00:00Z"),
                ])
            let t = instant("2024-03-15T00:00:00Z")
            #expect(r.purchases(of: asked).isEmpty && r.purchases(of: stored).count == 1)
            #expect(!r.isOwned(productID: asked, at: t) && r.isOwned(productID: stored, at: t))
            #expect(r.purchases(originalTransactionID: stored).count == 2)
            #expect(r.subscriptionStatus(productID: asked, at: t) == .never)
            #expect(
                r.subscriptionStatus(originalTransactionID: stored, at: t)
                    == .active(expires: instant("2024-04-01T00:00:00Z")))
            // Two chains whose ids are equivalent but not identical stay two chains.
            let active = r.activeSubscriptions(at: t)
            #expect(
                active.map { Array($0.originalTransactionId.utf8) } == [Array(stored.utf8), Array(asked.utf8)])
        }
    }
}
