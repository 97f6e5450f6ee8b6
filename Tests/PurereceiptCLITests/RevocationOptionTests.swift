// verify --revocation off|prefer|require, --revocation-cache DIR, --offline: the options are checked
// before any input is read (64), require without a fresh good status is undetermined (exit 75,
// revocation.undetermined, retry later), for one input or several (where 2 outranks 75), prefer
// passes and reports what could not be checked, and a cache file round-trips while anything else
// in the directory is skipped. The synthetic PKI's certificates name no OCSP responder or CRL, so
// nothing is fetched here; the live responder tests are RevocationLiveCLITests (the tool) and
// PureReceiptFoundationTests' RevocationLiveTests (the transport).

import Foundation
import PureReceipt
import Testing

@testable import purereceipt

private let receipt = ["Vectors/receipts/valid-der-sha256.der", "--root", "Vectors/pki/root.der"]

@Suite("purereceipt verify --revocation")
struct RevocationOptionTests {
    @Test(
        "revocation options that cannot apply are usage errors before the input is read",
        arguments: [
            ["--revocation", "sometimes"], ["--revocation-cache", "/tmp/x"], ["--offline"],
            ["--revocation", "off", "--offline"],
            ["--revocation-cache", "/tmp/x", "Vectors/receipts/valid-der-sha1.der"],
        ])
    func misusedOptionsAreUsageErrors(_ extra: [String]) async throws {
        let result = try await CLI.run(["verify"] + receipt + extra)
        #expect(result.status == 64, "\(result.stderr)")
    }

    @Test("require with no fresh good status is undetermined: exit 75, revocation.undetermined")
    func requireWithoutStatusIsUndetermined() async throws {
        let result = try await CLI.run(["verify"] + receipt + ["--revocation", "require", "--offline", "--json"])
        #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("revocation.undetermined"), "\(result.stdout)")
        #expect(result.stderr.contains("revocation.undetermined"), "\(result.stderr)")
    }

    @Test("prefer passes and says which certificates could not be checked, in text and in --json")
    func preferReportsWhatWasNotChecked() async throws {
        let text = try await CLI.run(["verify"] + receipt + ["--revocation", "prefer", "--offline"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("Revocation"), "\(text.stdout)")
        #expect(text.stdout.contains("no fresh status"), "\(text.stdout)")
        let json = try await CLI.run(["verify"] + receipt + ["--revocation", "prefer", "--offline", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let revocation = try #require(object["revocation"] as? [String: Any])
        #expect(revocation["setting"] as? String == "prefer")
        let certificates = try #require(revocation["certificates"] as? [[String: Any]])
        #expect(certificates.count == 2)
        #expect(certificates.allSatisfy { $0["status"] as? String == "not-checked" })
    }

    @Test("several inputs: each genuine input checked, undetermined under require (exit 75), passing under prefer")
    func severalInputs() async throws {
        let inputs = ["Vectors/receipts/valid-der-sha256.der", "Vectors/receipts/valid-der-sha1.der"]
        let require = try await CLI.run(
            ["verify"] + receipt.dropFirst() + inputs + ["--revocation", "require", "--offline"])
        #expect(require.status == 75, "\(require)")
        let lines = require.stdout.split(separator: "\n")
        #expect(
            lines.count == 2
                && lines.allSatisfy { $0.contains(": undetermined app-receipt: revocation.undetermined: ") })
        #expect(require.stderr.contains("0 malformed or unreadable, 2 undetermined"), "\(require.stderr)")
        let malformed = try await CLI.run(
            ["verify"] + receipt.dropFirst() + inputs + [
                "Vectors/receipts/malformed-truncated-half.der", "--revocation", "require", "--offline",
            ])
        #expect(malformed.status == 2, "malformed outranks undetermined: \(malformed)")
        // --ndjson: one base64 receipt per line of standard input.
        let stdin = try inputs.map { try CLI.bytes($0).base64EncodedString() }.joined(separator: "\n")
        let prefer = try await CLI.run(
            ["verify", "--ndjson"] + receipt.dropFirst() + ["--revocation", "prefer", "--offline"],
            stdin: Data(stdin.utf8))
        #expect(prefer.status == 0 && prefer.stdout.split(separator: "\n").count == 2, "\(prefer)")
        for line in prefer.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let result = try #require(object["result"] as? [String: Any])
            let revocation = try #require(result["revocation"] as? [String: Any], "\(line.prefix(300))")
            #expect(revocation["setting"] as? String == "prefer")
            #expect((revocation["certificates"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test("a cache record round-trips; bytes that are not one are refused")
    func cacheRecordsRoundTrip() throws {
        let record = RevocationRecord(source: .ocsp, response: [1, 2, 3], certificate: [4, 5], issuer: [6])
        #expect(RevocationStep.decode(RevocationStep.encode(record)) == record)
        var cut = RevocationStep.encode(record)
        cut.removeLast()
        #expect(RevocationStep.decode(cut) == nil)
        #expect(RevocationStep.decode(Array("PRR1\u{03}xyz".utf8)) == nil)
        #expect(RevocationStep.decode([]) == nil)
        var long = RevocationStep.encode(record)
        long[10] = 0xFF  // a field length past the end
        #expect(RevocationStep.decode(long) == nil)
    }
}
