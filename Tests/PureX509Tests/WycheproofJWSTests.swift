// Wycheproof json_web_signature_test.json (Vectors/wycheproof, provenance in its README) through
// the compact JWS reader. No test carries `x5c`, and our reader takes keys only from an `x5c`
// chain (StoreKit 2's profile), so every test is refused before any signature is checked — the
// `valid` ones too: they are valid under a JWK key supplied beside the test, a mode we do not offer.
// Vectors/wycheproof/jws-expectations.json (make_jws_expectations.py, written from the reader's
// documented order, not from running it) gives each tcId's code.

import Foundation
import PureX509
import Testing

struct WycheproofJWSCase: Sendable, CustomTestStringConvertible {
    let tcId: Int
    let jws: String
    let result: String
    let code: String
    let why: String
    var testDescription: String { "tcId \(tcId) (\(result)): \(code)" }

    static let directory = x509PackageRoot().appendingPathComponent("Vectors/wycheproof")

    static func json(_ name: String) -> [String: Any] {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    static let all: [WycheproofJWSCase] = {
        let vectors = json("json_web_signature_test.json")
        let expectations = json("jws-expectations.json")
        var byId: [Int: [String: Any]] = [:]
        for item in expectations["tests"] as? [[String: Any]] ?? [] {
            if let id = item["tcId"] as? Int { byId[id] = item }
        }
        let groups = vectors["testGroups"] as? [[String: Any]] ?? []
        return groups.flatMap { group in
            (group["tests"] as? [[String: Any]] ?? []).map { test in
                let id = test["tcId"] as? Int ?? -1
                let expected = byId[id] ?? [:]
                return WycheproofJWSCase(
                    tcId: id, jws: test["jws"] as? String ?? "", result: test["result"] as? String ?? "?",
                    code: expected["code"] as? String ?? "missing expectation", why: expected["why"] as? String ?? "")
            }
        }
    }()
}

@Suite("Wycheproof JSON Web Signature vectors through CompactJWS")
struct WycheproofJWSTests {
    @Test("the file and its expectations are complete")
    func inventory() {
        let vectors = WycheproofJWSCase.json("json_web_signature_test.json")
        #expect(WycheproofJWSCase.all.count == vectors["numberOfTests"] as? Int)
        #expect(WycheproofJWSCase.all.count == 401)
        #expect(WycheproofJWSCase.all.filter { $0.result == "valid" }.count == 46)
        #expect(!WycheproofJWSCase.all.contains { $0.code == "missing expectation" })
    }

    @Test("every test is refused with the expected code", arguments: WycheproofJWSCase.all)
    func refused(_ c: WycheproofJWSCase) {
        let error = jwsFailure(Array(c.jws.utf8))
        #expect(error != nil, "accepted: \(c.why)")
        #expect(error?.code == c.code, "got \(error?.code ?? "no error"), expected \(c.code) (\(c.why))")
    }
}
