// purereceipt on StoreKit 2 signed data: compact JWS and notification bodies are detected by
// verify, inspect and dump, with the app receipts' exit statuses (0 genuine, 1 not genuine or a
// check failed, 2 malformed, 64 usage). The whole Vectors/jws suite runs through `verify`; the
// corpus JWS files get their MANIFEST.md verdicts.

import Foundation
import PureReceiptTestSupport
import Testing

/// One case of Vectors/jws/expectations.json, as command-line options.
struct JWSCLICase: Sendable, CustomTestStringConvertible {
    let file: String
    let options: [String]
    let expect: String
    var testDescription: String { "\(file) \(options.joined(separator: " ")): \(expect)" }

    /// The exit status the verdict maps to.
    var status: Int32 {
        if expect == "valid" { return 0 }
        let malformed = [
            "jws.partCount", "jws.base64", "jws.headerJSON", "jws.headerMember", "jws.signatureLength",
            "jws.certificate", "jws.criticalHeader", "signedData.signedDateMissing",
        ]
        return malformed.contains(expect) || expect.hasPrefix("json.") ? 2 : 1
    }

    static let all: [JWSCLICase] = {
        guard let root = PackageFiles.jsonObject(PackageFiles.vector("jws/expectations.json")),
            let items = root["cases"] as? [[String: Any]]
        else { return [] }
        let kinds = [
            "transaction": "transaction", "renewalInfo": "renewal", "appTransaction": "app-transaction",
            "notification": "notification", "realtimeRequest": "realtime-request",
        ]
        return items.map { item in
            let policy = item["policy"] as? [String: Any] ?? [:]
            let kind = item["kind"] as? String ?? ""
            var options = ["--kind", kinds[kind] ?? "?"]
            if let xcode = policy["xcode"] as? Bool, xcode {
                options += ["--xcode-root", "Vectors/jws/xcode.der"]
            } else {
                for root in policy["anchors"] as? [String] ?? ["root.der"] {
                    options += ["--root", "Vectors/jws/\(root)"]
                }
            }
            if let accepts = policy["acceptsUnstatedEnvironment"] as? Bool, accepts {
                options.append("--accept-unstated-environment")
            }
            // Renewal info and realtime requests name no bundle id: --bundle-id is refused with their --kind.
            if let bundle = policy["bundleId"] as? String, !["renewalInfo", "realtimeRequest"].contains(kind) {
                options += ["--bundle-id", bundle]
            }
            if let environment = policy["environment"] as? String { options += ["--environment", environment] }
            if let id = policy["appAppleId"] as? NSNumber { options += ["--app-apple-id", "\(id.int64Value)"] }
            if let device = policy["deviceVerificationID"] as? String { options += ["--device-id", device] }
            return JWSCLICase(
                file: item["file"] as? String ?? "", options: options, expect: item["expect"] as? String ?? "")
        }
    }()
}

@Suite("purereceipt on StoreKit 2 signed data (JWS)")
struct SignedDataCLITests {
    static let testRoot = ["--root", "Vectors/jws/root.der"]

    @Test(
        "Vectors/jws: every 8th case through verify gets its exit status and code",
        arguments: FullTests.sample(JWSCLICase.all, every: 8))
    func vectorSuite(_ c: JWSCLICase) async throws {
        try await Self.verify(c)
    }

    @Test("Vectors/jws: every case through verify gets its exit status and code", .fullTests, arguments: JWSCLICase.all)
    func fullVectorSuite(_ c: JWSCLICase) async throws {
        try await Self.verify(c)
    }

    static func verify(_ c: JWSCLICase) async throws {
        let result = try await CLI.run(["verify"] + c.options + ["Vectors/jws/\(c.file)"])
        #expect(result.status == c.status, "\(result)")
        if c.expect == "valid" {
            #expect(result.stdout.contains("Verdict"), "\(result)")
        } else {
            #expect(result.stderr.contains(c.expect), "\(result)")
        }
    }

    @Test("Vectors/jws: the 2026 formats through verify (every case of their files)")
    func formats2026() async throws {
        let prefixes = ["realtime-", "rotation-", "transaction-no-environment", "notification-migration"]
        let cases = JWSCLICase.all.filter { c in prefixes.contains { c.file.hasPrefix($0) } }
        #expect(cases.count >= 10)
        for c in cases { try await Self.verify(c) }
    }

    @Test("verify: a realtime request body is detected, reported with its fields; it needs --app-apple-id")
    func realtimeRequest() async throws {
        let body = "Vectors/jws/realtime-request-body.json"
        let result = try await CLI.run(["verify", "--json", "--app-apple-id", "123456789"] + Self.testRoot + [body])
        #expect(result.status == 0, "\(result)")
        let document = try result.jsonObject()
        #expect(document["kind"] as? String == "realtime-request")
        #expect(document["environment"] as? String == "Sandbox")
        let payload = try #require(document["payload"] as? [String: Any])
        #expect(payload["userLocale"] as? String == "en-US")
        #expect(payload["requestIdentifier"] as? String == "3a1f6c8e-9b2d-4e7a-8c5f-0d1e2f3a4b5c")
        let text = try await CLI.run(["verify", "--app-apple-id", "123456789"] + Self.testRoot + [body])
        #expect(text.status == 0 && text.stdout.contains("realtime-request"), "\(text)")
        #expect(text.stdout.contains("userLocale") && text.stdout.contains("Retention Messaging"), "\(text)")
        let noId = try await CLI.run(["verify"] + Self.testRoot + [body])
        #expect(noId.status == 1 && noId.stderr.contains("signedData.appAppleIdRequired"), "\(noId)")
        #expect(noId.stderr.contains("--app-apple-id"), "\(noId)")
        let inspected = try await CLI.run(["inspect", "--json", body])
        #expect((try inspected.jsonObject())["kind"] as? String == "realtime-request", "\(inspected)")
    }

    @Test("verify: data naming no environment is refused, or accepted with --accept-unstated-environment and said so")
    func unstatedEnvironment() async throws {
        let file = "Vectors/jws/transaction-no-environment.jws"
        let options = ["verify", "--app-apple-id", "123456789"] + Self.testRoot
        let refused = try await CLI.run(options + [file])
        #expect(refused.status == 1 && refused.stderr.contains("signedData.environment"), "\(refused)")
        #expect(refused.stderr.contains("the input names nothing, expected \"Production\""), "\(refused)")
        #expect(refused.stderr.contains("--accept-unstated-environment"), "\(refused)")
        let accepted = try await CLI.run(options + ["--accept-unstated-environment", file])
        #expect(accepted.status == 0 && accepted.stdout.contains("environment not stated"), "\(accepted)")
        let json = try await CLI.run(options + ["--json", "--accept-unstated-environment", file])
        let document = try json.jsonObject()
        #expect(document["environmentStated"] as? Bool == false && document["environment"] is NSNull, "\(json)")
        let stated = try await CLI.run(["verify", "--json"] + Self.testRoot + ["Vectors/jws/transaction-2026.jws"])
        #expect((try stated.jsonObject())["environmentStated"] as? Bool == true, "\(stated)")
        let receipt = try await CLI.run(["verify", "--accept-unstated-environment", MainReceipt.path])
        #expect(receipt.status == 2 && receipt.stderr.contains("input.optionNotApplicable"), "\(receipt)")
    }

    @Test("verify: 2026 fields and values no model knows reach the report as signed")
    func newFieldsReported() async throws {
        let result = try await CLI.run(
            ["verify", "--json"] + Self.testRoot + ["Vectors/jws/notification-migration.jws"])
        #expect(result.status == 0, "\(result)")
        let document = try result.jsonObject()
        let payload = try #require(document["payload"] as? [String: Any])
        #expect(payload["notificationType"] as? String == "MIGRATION")
        let nested = try #require(document["nested"] as? [String: Any])
        let transaction = try #require(nested["signedTransactionInfo"] as? [String: Any])
        #expect(transaction["previousOriginalTransactionId"] as? String == "1000000000000000")
        #expect(transaction["futureTransactionField"] is [String: Any])
        #expect((transaction["commitmentInfo"] as? [String: Any])?["totalBillingPeriods"] as? NSNumber == 12)
        let text = try await CLI.run(["verify"] + Self.testRoot + ["Vectors/jws/notification-migration.jws"])
        #expect(text.stdout.contains("previousOriginalTransactionId") && text.stdout.contains("futureFlag"), "\(text)")
    }

    @Test("The vector suite is present")
    func present() { #expect(JWSCLICase.all.count >= 30) }

    // Kind auto-detection after the signature: the same verdicts as with --kind, the kind named.
    @Test(
        "verify without --kind: the kind comes from the payload; forged and malformed keep their verdict",
        arguments: [
            ("transaction-valid.jws", Int32(0), "transaction"), ("renewal-valid.jws", 0, "renewal-info"),
            ("apptransaction-valid.jws", 0, "app-transaction"), ("notification-valid.jws", 0, "notification"),
            ("payload-modified.jws", 1, "jws.signatureInvalid"), ("leaf-other-key.jws", 1, "jws.signatureInvalid"),
            ("alg-none.jws", 1, "jws.algorithmNotAllowed"), ("root-lookalike.jws", 1, "jws.chainShape"),
            ("notification-nested-forged.jws", 1, "jws.signatureInvalid"), ("trailing-dot.jws", 2, "jws.partCount"),
            ("padding.jws", 2, "jws.base64"), ("payload-duplicate-keys.jws", 2, "json.duplicateKey"),
            ("expired-at-signed-date.jws", 1, "chain.certificateExpired"),
            ("xcode-transaction.jws", 1, "jws.xcodeNotAllowed"),
        ])
    func autoKind(file: String, status: Int32, text: String) async throws {
        let result = try await CLI.run(["verify"] + Self.testRoot + ["Vectors/jws/\(file)"])
        #expect(result.status == status, "\(result)")
        #expect((result.stdout + result.stderr).contains(text), "\(result)")
    }

    @Test("verify: the built-in Apple Root CA - G3 refuses the test PKI; --at moves the validity instant")
    func anchorsAndInstant() async throws {
        let builtIn = try await CLI.run(["verify", "Vectors/jws/transaction-valid.jws"])
        #expect(builtIn.status == 1 && builtIn.stderr.contains("jws.chain"), "\(builtIn)")
        let late = try await CLI.run(
            ["verify"] + Self.testRoot + ["--at", "2100-01-01T00:00:00Z", "Vectors/jws/transaction-valid.jws"])
        #expect(late.status == 1 && late.stderr.contains("given as --at"), "\(late)")
        let expired = try await CLI.run(
            ["verify"] + Self.testRoot + ["--at", "2025-01-01T00:00:00Z", "Vectors/jws/expired-at-signed-date.jws"])
        #expect(expired.status == 0, "\(expired)")
    }

    @Test("verify --json: verdict, kind, environment and Apple's payload, numbers as signed")
    func jsonShape() async throws {
        let result = try await CLI.run(["verify", "--json"] + Self.testRoot + ["Vectors/jws/transaction-valid.jws"])
        #expect(result.status == 0, "\(result)")
        let document = try result.jsonObject()
        #expect(document["verdict"] as? String == "genuine")
        #expect(document["kind"] as? String == "transaction")
        #expect(document["environment"] as? String == "Sandbox")
        #expect(document["bundleId"] as? String == "com.example.vectors")
        #expect((document["chain"] as? [String])?.count == 3)
        let payload = try #require(document["payload"] as? [String: Any])
        #expect(payload["transactionId"] as? String == "1000000000000001")
        #expect(payload["signedDate"] as? NSNumber == 1_735_689_600_000)
        #expect(result.stdout.contains("\"signedDate\": 1735689600000"))

        let failed = try await CLI.run(["verify", "--json"] + Self.testRoot + ["Vectors/jws/payload-modified.jws"])
        #expect(failed.status == 1)
        let failure = try failed.jsonObject()
        #expect(
            failure["verdict"] as? String == "not-authentic" && failure["code"] as? String == "jws.signatureInvalid")
        let malformed = try await CLI.run(["verify", "--json"] + Self.testRoot + ["Vectors/jws/trailing-dot.jws"])
        let malformedVerdict = try malformed.jsonObject()["verdict"] as? String
        #expect(malformed.status == 2 && malformedVerdict == "malformed")
    }

    @Test("A notification body ({\"signedPayload\": …}) from a file or stdin: nested data decoded")
    func notificationBody() async throws {
        let jws = try CLI.bytes("Vectors/jws/notification-valid.jws")
        let body = Data("\n{ \"signedPayload\" : \"".utf8) + jws + Data("\" }\n".utf8)
        let file = try CLI.temporaryFile(body, suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await CLI.run(["verify", "--json"] + Self.testRoot + [file.path])
        #expect(result.status == 0, "\(result)")
        let document = try result.jsonObject()
        #expect(document["kind"] as? String == "notification")
        let nested = try #require(document["nested"] as? [String: Any])
        #expect((nested["signedTransactionInfo"] as? [String: Any])?["transactionId"] as? String == "1000000000000001")
        #expect(nested["signedRenewalInfo"] is [String: Any])
        let text = try await CLI.run(["verify"] + Self.testRoot + ["-"], stdin: body)
        #expect(text.status == 0 && text.stdout.contains("notification body"), "\(text)")
        let forged =
            Data("{\"signedPayload\":\"".utf8) + (try CLI.bytes("Vectors/jws/payload-modified.jws"))
            + Data("\"}".utf8)
        let refused = try await CLI.run(["verify"] + Self.testRoot + ["-"], stdin: forged)
        #expect(refused.status == 1 && refused.stderr.contains("jws.signatureInvalid"), "\(refused)")
    }

    @Test("White space around a compact JWS is allowed")
    func whiteSpace() async throws {
        let jws = try CLI.bytes("Vectors/jws/transaction-valid.jws")
        let result = try await CLI.run(
            ["verify"] + Self.testRoot + ["-"], stdin: Data("\n  ".utf8) + jws + Data(" \r\n".utf8))
        #expect(result.status == 0, "\(result)")
    }

    @Test("A JWS in standard base64 (+ /) is still read as a JWS, and refused as malformed (jws.base64)")
    func standardBase64() async throws {
        var text = String(decoding: try CLI.bytes("Vectors/jws/transaction-valid.jws"), as: UTF8.self)
        let dot = try #require(text.lastIndex(of: "."))
        text.insert(contentsOf: "+/", at: dot)
        let result = try await CLI.run(["verify"] + Self.testRoot + ["-"], stdin: Data(text.utf8))
        #expect(result.status == 2 && result.stderr.contains("jws.base64"), "\(result)")
    }

    // Apple JWS rule (device-verification): --device-id names the device verification id.
    @Test("--device-id checks an AppTransaction's deviceVerification")
    func deviceVerification() async throws {
        let file = "Vectors/jws/apptransaction-valid.jws"
        let same = try await CLI.run([
            "verify", "--root", "Vectors/jws/root.der", "--device-id", "0b4e7a0e-5e2c-4b1d-8c3a-2f6d9e8b7a61", file,
        ])
        #expect(same.status == 0)
        let other = try await CLI.run([
            "verify", "--root", "Vectors/jws/root.der", "--device-id", "0B4E7A0E-5E2C-4B1D-8C3A-2F6D9E8B7A62", file,
        ])
        #expect(other.status == 1)
        #expect(
            other.stderr.contains("signedData.deviceVerification")
                || other.stdout.contains("signedData.deviceVerification"))
    }

    @Test(
        "Bad options exit 64",
        arguments: [
            ["--kind", "receipt", "Vectors/jws/transaction-valid.jws"],
            ["--app-apple-id", "twelve", "Vectors/jws/transaction-valid.jws"],
            ["--app-apple-id", "-5", "Vectors/jws/transaction-valid.jws"],
            ["--at", "yesterday", "Vectors/jws/transaction-valid.jws"],
            // Options that do not fit the input (a receipt option on a JWS, a JWS option on a
            // receipt) exit 2, not 64: UsageStatusTests.
        ])
    func usage(arguments: [String]) async throws {
        let result = try await CLI.run(["verify"] + arguments)
        #expect(result.status == 64, "\(result)")
    }

    @Test("Policy options: bundle id, environment, app Apple id are check failures (exit 1)")
    func policyChecks() async throws {
        let cases: [([String], String)] = [
            (["--bundle-id", "com.other", "Vectors/jws/transaction-valid.jws"], "signedData.bundleId"),
            (
                ["--environment", "Production", "--app-apple-id", "1", "Vectors/jws/transaction-valid.jws"],
                "signedData.environment"
            ),
            (["Vectors/jws/apptransaction-production.jws"], "--app-apple-id"),
            (["--app-apple-id", "987654321", "Vectors/jws/apptransaction-valid.jws"], "signedData.appAppleId"),
        ]
        for (options, text) in cases {
            let result = try await CLI.run(["verify"] + Self.testRoot + options)
            #expect(result.status == 1 && result.stderr.contains(text), "\(result)")
        }
        let good = try await CLI.run(
            ["verify"] + Self.testRoot + [
                "--app-apple-id", "123456789", "--bundle-id", "com.example.vectors", "--environment", "Production",
                "Vectors/jws/apptransaction-production.jws",
            ])
        #expect(good.status == 0 && good.stdout.contains("ok  \"com.example.vectors\""), "\(good)")
    }

    @Test("inspect: decodes a forged JWS without verifying, and says UNVERIFIED")
    func inspect() async throws {
        let text = try await CLI.run(["inspect", "Vectors/jws/payload-modified.jws"])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.hasPrefix("UNVERIFIED") && text.stdout.contains("Verdict               UNVERIFIED"))
        #expect(text.stdout.contains("transactionId"))
        let json = try await CLI.run(["inspect", "--json", "Vectors/jws/renewal-valid.jws"])
        let document = try json.jsonObject()
        #expect(document["verified"] as? Bool == false && document["kind"] as? String == "renewal-info")
        #expect((document["payload"] as? [String: Any])?["autoRenewStatus"] as? NSNumber == 1)
        let malformed = try await CLI.run(["inspect", "Vectors/jws/trailing-dot.jws"])
        #expect(malformed.status == 2 && malformed.stderr.contains("jws.partCount"), "\(malformed)")
    }

    @Test("dump: header, certificate subjects, payload JSON and signature")
    func dump() async throws {
        let result = try await CLI.run(["dump", "Vectors/jws/transaction-valid.jws"])
        #expect(result.status == 0, "\(result)")
        for text in [
            "protected header", "\"alg\": \"ES256\"", "x5c certificates (3, leaf first)", "Vectors JWS Leaf",
            "\"transactionId\": \"1000000000000001\"", "signature (r ‖ s, 64 bytes)",
        ] {
            #expect(result.stdout.contains(text), "\(text)\n\(result)")
        }
    }
}

/// The corpus JWS files (../shared/corpus/MANIFEST.md, "JWS"): Apple-signed ones genuine at their
/// signedDate with the built-in Apple Root CA - G3; the mock one only with its test CA as --root;
/// the Xcode ones only with --xcode-root.
@Suite("purereceipt on the corpus JWS files", .enabled(if: CLI.corpusAvailable, "needs ../shared/corpus"))
struct SignedDataCorpusCLITests {
    static func jws(_ name: String) -> String { PackageFiles.corpus("jws/\(name)").path }
    static func certificate(_ name: String) -> String { PackageFiles.corpus("certs/\(name)").path }
    static let mockRoot = certificate("asl-swift_testCA-for-MOCK-jws.der")
    static let xcodeRoot = certificate("extracted_StoreKitTestingInXcode-EC-selfsigned_2023.cer")

    @Test(
        "Each corpus JWS: its MANIFEST verdict with the built-in anchor, and with the opt-in it needs",
        arguments: [
            ("aporat_sandbox-TEST-notification_2022.jws", Int32(0), [String](), "notification"),
            ("mingos_sandbox-signedTransaction-consumable_2025.jws", 0, [], "transaction"),
            ("asl-swift_MOCK-testCA-signed-transactionInfo.jws", 1, [], "jws.chain"),
            ("asl-swift_MOCK-testCA-signed-transactionInfo.jws", 0, ["--root", mockRoot], "transaction"),
            ("asl-swift_xcode-signed-app-transaction.jws", 1, [], "jws.xcodeNotAllowed"),
            ("asl-swift_xcode-signed-app-transaction.jws", 0, ["--xcode-root", xcodeRoot], "app-transaction"),
            ("asl-swift_xcode-signed-transaction.jws", 1, [], "jws.xcodeNotAllowed"),
            ("asl-swift_xcode-signed-transaction.jws", 0, ["--xcode-root", xcodeRoot], "transaction"),
            ("asl-swift_xcode-signed-renewal-info.jws", 1, [], "jws.xcodeNotAllowed"),
            ("asl-swift_xcode-signed-renewal-info.jws", 0, ["--xcode-root", xcodeRoot], "renewal-info"),
        ])
    func verdict(file: String, status: Int32, options: [String], text: String) async throws {
        let result = try await CLI.run(["verify"] + options + [Self.jws(file)])
        #expect(result.status == status, "\(result)")
        #expect((result.stdout + result.stderr).contains(text), "\(result)")
        if status == 0 {
            let xcode = options.first == "--xcode-root"
            #expect(result.stdout.contains(xcode ? "XCODE TEST DATA (proves nothing)" : "GENUINE"), "\(result)")
        }
    }

    @Test("The Apple-signed corpus JWS are refused when their certificates are checked today (--at)")
    func expiredToday() async throws {
        let result = try await CLI.run(
            ["verify", "--at", "2026-11-01T00:00:00Z", Self.jws("aporat_sandbox-TEST-notification_2022.jws")])
        #expect(result.status == 1 && result.stderr.contains("chain.certificateExpired"), "\(result)")
    }
}
