// x509-limbo (C2SP) through PureX509's generic path validation: `verifyChain(leaf:pool:anchors:
// rules: .rfc5280, at:)`, the plain RFC 5280 rules with no Apple markers. The cases are the subset
// in Vectors/limbo/limbo-subset.json (Vectors/tools/make_limbo_subset.py; which families were
// skipped and why is in Vectors/limbo/README.md). Every case must give limbo's expected result,
// unless Vectors/limbo/expectations.json lists it as a difference with its reason; a listed
// difference that no longer differs fails too, so the list cannot go stale.
//
// Inputs: `trusted_certs` → TrustAnchors, `untrusted_intermediates` → the pool, `peer_certificate`
// → the leaf, `validation_time` (or, when limbo leaves it null, the subset's commit date) → the
// instant. A certificate that does not parse counts as a refusal (FAILURE). Host names, key usage
// and extended key usage requests of a case are not inputs of this API (see the README).

import Foundation
import PureDER
import PureReceiptTestSupport
import PureX509
import Testing

struct LimboCase: Sendable, CustomTestStringConvertible {
    let id: String
    let expected: String
    let trusted: [String]
    let intermediates: [String]
    let peer: String
    let time: String?
    var testDescription: String { id }
}

enum Limbo {
    static let folder = PackageFiles.vector("limbo")

    nonisolated(unsafe) static let subset: [String: Any] = json("limbo-subset.json")
    nonisolated(unsafe) static let expectations: [String: Any] = json("expectations.json")

    static func json(_ name: String) -> [String: Any] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    static let cases: [LimboCase] = (subset["testcases"] as? [[String: Any]] ?? []).map { item in
        LimboCase(
            id: item["id"] as? String ?? "?", expected: item["expected_result"] as? String ?? "?",
            trusted: item["trusted_certs"] as? [String] ?? [],
            intermediates: item["untrusted_intermediates"] as? [String] ?? [],
            peer: item["peer_certificate"] as? String ?? "", time: item["validation_time"] as? String)
    }

    /// id → (our result, reason) for each documented difference.
    static let differences: [String: (result: String, reason: String)] = {
        var out: [String: (String, String)] = [:]
        for item in expectations["differences"] as? [[String: Any]] ?? [] {
            if let id = item["id"] as? String, let ours = item["ours"] as? String {
                out[id] = (ours, item["reason"] as? String ?? "")
            }
        }
        return out
    }()

    /// The instant a case is validated at.
    static func instant(_ text: String?) -> DERTime {
        let fallback = (subset["provenance"] as? [String: Any])?["commitDate"] as? String
        let formatter = ISO8601DateFormatter()
        let date =
            text.flatMap(formatter.date(from:)) ?? fallback.flatMap(formatter.date(from:))
            ?? Date(timeIntervalSince1970: 0)
        return DERTime(secondsSince1970: Int64(date.timeIntervalSince1970))
    }

    static func certificates(_ pems: [String]) throws -> [Certificate] {
        try pems.flatMap { pem throws -> [Certificate] in try TrustAnchors.parse(pemOrDER: Array(pem.utf8)) }
    }

    /// "SUCCESS" or "FAILURE" (with the error) for one case.
    static func run(_ c: LimboCase) -> (result: String, detail: String) {
        do {
            let anchors = TrustAnchors(certificates: try certificates(c.trusted))
            let pool = try certificates(c.intermediates)
            guard let leaf = try certificates([c.peer]).first else { return ("FAILURE", "no leaf") }
            _ = try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: .rfc5280, at: instant(c.time))
            return ("SUCCESS", "")
        } catch {
            return ("FAILURE", "\(error)")
        }
    }
}

@Suite("x509-limbo subset through PathRules.rfc5280")
struct LimboTests {
    @Test("the subset and its expectations are present")
    func inventory() {
        #expect(Limbo.cases.count == Limbo.subset["selected"] as? Int)
        #expect(Limbo.cases.count >= 60)
        let ids = Set(Limbo.cases.map(\.id))
        for id in Limbo.differences.keys {
            #expect(ids.contains(id), "expectations.json names \(id), not in the subset")
        }
    }

    @Test("each case gives limbo's result or its documented difference", arguments: Limbo.cases)
    func limboCase(_ c: LimboCase) {
        let (result, detail) = Limbo.run(c)
        if let difference = Limbo.differences[c.id] {
            #expect(
                result == difference.result,
                "documented as \(difference.result) (\(difference.reason)); got \(result) \(detail)")
            #expect(difference.result != c.expected, "listed as a difference but limbo expects the same result")
        } else {
            #expect(result == c.expected, "limbo expects \(c.expected); got \(result) \(detail)")
        }
    }
}
