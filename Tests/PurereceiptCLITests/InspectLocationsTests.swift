// inspect names where each certificate's revocation status is published: its OCSP responders
// (authorityInfoAccess) and CRL distribution points, as "ocsp" and "crl" rows in text and arrays in
// --json (app receipts' and legacy receipts' certificate objects, a JWS's "revocation_locations").
// Checked on the revocation test PKI's StoreKit-shaped chain, a vector receipt whose certificates
// name none, and a real App Store receipt from the shared corpus (skipped when it is absent).

import Foundation
import Testing

@Suite("purereceipt inspect: revocation locations")
struct InspectLocationsTests {
    static let appleReceipt = "appreceiptvalidator_production-macos-wwdrG5-sha256-knowndevice_2023.der"

    @Test("a JWS: each x5c certificate's OCSP and CRL URLs, in text and in --json")
    func signedData() async throws {
        let text = try await CLI.run(["inspect", "Vectors/revocation/jws-transaction.jws"])
        #expect(text.status == 0, "\(text)")
        for row in [
            "      ocsp     http://127.0.0.1:38265/", "      crl      http://127.0.0.1:38266/jws-intermediate.crl",
            "      crl      http://127.0.0.1:38266/root.crl", "      ocsp     none named",
        ] {
            #expect(text.stdout.contains(row + "\n"), "\(row) in \(text.stdout)")
        }
        let json = try await CLI.run(["inspect", "--json", "Vectors/revocation/jws-transaction.jws"])
        let locations = try #require(try json.jsonObject()["revocation_locations"] as? [[String: Any]], "\(json)")
        #expect(
            locations.map { $0["ocsp"] as? [String] } == [["http://127.0.0.1:38265/"], ["http://127.0.0.1:38265/"], []])
        #expect(
            locations.map { $0["crl"] as? [String] } == [
                ["http://127.0.0.1:38266/jws-intermediate.crl"], ["http://127.0.0.1:38266/root.crl"], [],
            ])
        #expect(locations.first?["subject"] as? String == "O=PureReceipt Revocation Tests, CN=Revocation Test JWS Leaf")
    }

    @Test("certificates that name no location say so; legacy receipts' embedded certificate too")
    func noLocations() async throws {
        let receipt = try await CLI.run(["inspect", MainReceipt.path])
        #expect(receipt.status == 0, "\(receipt)")
        #expect(receipt.stdout.components(separatedBy: "      ocsp     none named\n").count == 4, "three certificates")
        let json = try await CLI.run(["inspect", "--json", MainReceipt.path])
        let certificates = try #require(try json.jsonObject()["certificates"] as? [[String: Any]])
        #expect(certificates.count == 3 && certificates.allSatisfy { ($0["ocsp"] as? [String])?.isEmpty == true })
        let legacy = try await CLI.run(["inspect", "--json", "Vectors/legacy/valid-v1.b64"])
        let certificate = try #require(try legacy.jsonObject()["certificate"] as? [String: Any], "\(legacy)")
        #expect(certificate["ocsp"] as? [String] == [] && certificate["crl"] as? [String] == [])
    }

    @Test(
        "a real App Store receipt: the leaf's CRL, the WWDR intermediate's OCSP responder and CRL",
        .enabled(if: CLI.corpusAvailable, "../shared/corpus is absent"))
    func appleReceipt() async throws {
        let path = CLI.corpusReceipt(Self.appleReceipt)
        let json = try await CLI.run(["inspect", "--json", path])
        let certificates = try #require(try json.jsonObject()["certificates"] as? [[String: Any]], "\(json)")
        #expect(certificates.map { $0["ocsp"] as? [String] } == [[], ["http://ocsp.apple.com/ocsp03-applerootca"], []])
        #expect(
            certificates.map { $0["crl"] as? [String] } == [
                ["http://crl.apple.com/wwdrg5.crl"], ["http://crl.apple.com/root.crl"], [],
            ])
        let text = try await CLI.run(["inspect", path])
        #expect(text.stdout.contains("      crl      http://crl.apple.com/wwdrg5.crl\n"), "\(text)")
        #expect(text.stdout.contains("      ocsp     http://ocsp.apple.com/ocsp03-applerootca\n"), "\(text)")
    }
}
