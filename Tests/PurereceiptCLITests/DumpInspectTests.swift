// `purereceipt dump` (annotated ASN.1 tree) and `purereceipt inspect` (decoded, UNVERIFIED), on the
// project's synthetic receipts and, when present, real corpus receipts (DER and Xcode BER).

import Foundation
import Testing

@Suite("purereceipt dump and inspect")
struct DumpInspectTests {
    /// Receipts to dump: the synthetic main receipt always; corpus receipts when the corpus exists.
    static let dumpTargets: [String] = {
        var targets = [MainReceipt.path, CLI.vector("valid-xcode-signed.der")]
        if CLI.corpusAvailable {
            targets += [
                "tpinappreceipt_production-ios-wwdrG5-sha256_2024.der",
                "revenuecat_sandbox-ios-9iap-sha1_2020.b64",
                "asl-swift_xcode-app-receipt-with-transaction_2023.der",
            ].map(CLI.corpusReceipt)
        }
        return targets
    }()

    @Test("dump names attributes 2, 3, 12, 17 and the in-app fields", arguments: dumpTargets)
    func dumpNames(_ path: String) async throws {
        let result = try await CLI.run(["dump", path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        for text in [
            "ReceiptAttribute type 2: bundle id", "ReceiptAttribute type 3: app version",
            "ReceiptAttribute type 12: creation date", "ReceiptAttribute type 17: in-app purchase",
            "ReceiptAttribute type 1702: product id", "ReceiptAttribute type 1703: transaction id",
            "ReceiptAttribute type 1704: purchase date", "OBJECT IDENTIFIER 1.2.840.113549.1.7.2 (id-signedData)",
        ] {
            #expect(result.stdout.contains(text), "dump lacks \(text)")
        }
    }

    @Test("dump of the main receipt shows decoded values and Apple's marker OIDs")
    func dumpValues() async throws {
        let result = try await CLI.run(["dump", MainReceipt.path])
        #expect(result.status == 0)
        for text in [
            "UTF8String \"com.example.pureapp\"", "IA5String \"2025-03-14T09:26:53Z\"",
            "UTF8String \"com.example.pureapp.pro\"", "(Apple receipt-signing leaf marker)",
            "(Apple WWDR intermediate marker)", "(rsaEncryption)", "(sha256)",
        ] {
            #expect(result.stdout.contains(text), "dump lacks \(text)")
        }
        // Exactly 7 in-app purchases appear as attribute 17.
        let purchases = result.stdout.components(separatedBy: "ReceiptAttribute type 17:").count - 1
        #expect(purchases == MainReceipt.inAppCount)
    }

    @Test("dump of a BER receipt shows indefinite lengths and end-of-contents")
    func dumpBER() async throws {
        let result = try await CLI.run(["dump", CLI.vector("valid-xcode-signed.der")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("   inf  SEQUENCE"))
        #expect(result.stdout.contains("end-of-contents"))
        #expect(result.stdout.contains("OCTET STRING constructed"))
    }

    @Test("dump columns line up with the header", arguments: [MainReceipt.path, CLI.vector("valid-xcode-signed.der")])
    func dumpColumns(_ path: String) async throws {
        let result = try await CLI.run(["dump", path])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.hasPrefix("offset"))
        let lengthEnd = try #require(header.range(of: "len")).upperBound
        let column = header.distance(from: header.startIndex, to: lengthEnd)
        let structureColumn = header.distance(
            from: header.startIndex, to: try #require(header.range(of: "structure")).lowerBound)
        for line in lines.dropFirst() {
            let characters = Array(line)
            #expect(characters.count > structureColumn, "\(line)")
            guard characters.count > structureColumn else { continue }
            // The last character of the length column is a digit or the "f" of "inf"; two spaces
            // separate it from the structure column.
            #expect(characters[column - 1] != " ", "length column misaligned: \(line)")
            #expect(characters[column] == " " && characters[column + 1] == " ", "\(line)")
            // Offsets are right-aligned in the first 6 columns.
            #expect(characters[5].isNumber, "offset column misaligned: \(line)")
        }
    }

    @Test(
        "inspect says UNVERIFIED first and last, even on a forged receipt",
        arguments: [
            MainReceipt.path, CLI.vector("forged-flipped-payload-byte.der"), CLI.vector("valid-xcode-signed.der"),
        ])
    func inspectText(_ path: String) async throws {
        let result = try await CLI.run(["inspect", path])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("UNVERIFIED") == true, "\(result)")
        #expect(lines.last?.hasPrefix("Verdict") == true && lines.last?.hasSuffix("UNVERIFIED") == true)
        #expect(!result.stdout.contains("GENUINE"))
        for text in [
            "Bundle ID", "Attributes (raw, file order)", "Certificates (", "Signers (1)",
            "   2 bundle id", "  12 creation date", "1702 product id",
        ] {
            #expect(result.stdout.contains(text), "inspect lacks \(text)")
        }
    }

    @Test("inspect on a corpus receipt", .enabled(if: CLI.corpusAvailable, "needs ../shared/corpus"))
    func inspectCorpus() async throws {
        let result = try await CLI.run([
            "inspect", CLI.corpusReceipt("tpinappreceipt_sandbox-ios-187iap-sha1_2020.b64"),
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Bundle ID             com.nutcall.alert"))
        #expect(result.stdout.contains("In-app purchases      187"))
        #expect(result.stdout.contains("In-app purchase 186 (raw)"))
        #expect(result.stdout.hasPrefix("UNVERIFIED"))
    }

    @Test("verify lists purchases with aligned columns")
    func purchaseAlignment() async throws {
        let result = try await CLI.run(["verify"] + MainReceipt.root + [MainReceipt.path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("In-app purchases") })
        let purchases = lines[(start + 1)...].prefix(MainReceipt.inAppCount)
        #expect(purchases.count == MainReceipt.inAppCount)
        let txnColumns = Set(
            purchases.compactMap { line in
                line.range(of: "txn ").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            })
        #expect(txnColumns.count == 1, "txn column not aligned: \(purchases)")
        #expect(purchases.contains { $0.contains("CANCELLED 2025-01-20T15:30:00Z") })
        #expect(purchases.contains { $0.contains("trial") })
    }
}
