// Inputs that are not receipts: verify, inspect and dump say what the input is and what was
// expected (exit 2, code input.<kind>, with --json a 21002 document), instead of the first ASN.1
// field a receipt parser disliked. Inputs that are broken receipts keep their parse error.

import Foundation
import PureReceiptTestSupport
import Testing

struct ForeignInput: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: Data
    let code: String
    /// Text the message must contain.
    let says: String

    var testDescription: String { name }

    static let rootDER: Data =
        (try? Data(contentsOf: PackageFiles.url("Vectors/pki/root.der")))
        ?? Data()

    static let jws =
        "eyJhbGciOiJFUzI1NiIsIng1YyI6W119.eyJ0cmFuc2FjdGlvbklkIjoiMSJ9.c2lnbmF0dXJlLWJ5dGVz"

    static let textual: [ForeignInput] = [
        ForeignInput(
            name: "PEM certificate",
            bytes: Data(
                ("-----BEGIN CERTIFICATE-----\n"
                    + rootDER.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
                    + "\n-----END CERTIFICATE-----\n").utf8),
            code: "input.certificate", says: "this is an X.509 certificate (PEM, subject CN=PureReceipt Test Root CA"),
        ForeignInput(
            name: "base64 of a DER certificate", bytes: Data(rootDER.base64EncodedString().utf8),
            code: "input.certificate", says: "this is an X.509 certificate (base64 DER"),
        ForeignInput(
            name: "PEM private key",
            bytes: Data("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n".utf8),
            code: "input.pem", says: "this is a PEM file (PRIVATE KEY), not a receipt"),
        ForeignInput(
            name: "notification body with a duplicate member",
            bytes: Data("{\"signedPayload\": \"\(jws)\", \"signedPayload\": \"\(jws)\"}".utf8), code: "input.jws",
            says: "this is an App Store Server Notification V2 body ({\"signedPayload\": …}) that is not strict JSON"),
        ForeignInput(
            name: "notification body cut short",
            bytes: Data("{\"signedPayload\": \"\(jws.prefix(40))".utf8), code: "input.jws",
            says: "this is an App Store Server Notification V2 body ({\"signedPayload\": …}) that is cut short: "
                + "it ends at byte 59 before its JSON is complete (json.truncated), so its signedPayload is not verified"
        ),
        ForeignInput(
            name: "other JSON object", bytes: Data("{\"receipt-data\": 42}".utf8), code: "input.json",
            says: "this is a JSON document, not a receipt"),
    ]

    static let derCertificate = ForeignInput(
        name: "DER certificate", bytes: rootDER, code: "input.certificate",
        says: "this is an X.509 certificate (DER, subject CN=PureReceipt Test Root CA")

    static let all = textual + [derCertificate]
}

@Suite("purereceipt: inputs that are not receipts")
struct InputKindTests {
    static let expected = "expected an app receipt (PKCS #7: DER, BER or base64) or a legacy transaction receipt"

    @Test("verify names the input and what was expected", arguments: ForeignInput.all)
    func verify(_ input: ForeignInput) async throws {
        let result = try await CLI.run(["verify"], stdin: input.bytes)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("purereceipt: not a well-formed receipt: \(input.code): "), "\(result)")
        #expect(result.stderr.contains(input.says), "\(result)")
        #expect(result.stderr.contains(Self.expected), "\(result)")
    }

    @Test("verify --json prints a 21002 document with the input's code", arguments: ForeignInput.all)
    func verifyJSON(_ input: ForeignInput) async throws {
        let result = try await CLI.run(["verify", "--json"], stdin: input.bytes)
        #expect(result.status == 2, "\(result)")
        let document = try result.jsonObject()
        #expect(document["status"] as? Int == 21002)
        #expect(document["reason"] as? String == input.code)
        #expect((document["message"] as? String)?.contains(input.says) == true, "\(result)")
    }

    @Test("inspect names the input", arguments: ForeignInput.all)
    func inspect(_ input: ForeignInput) async throws {
        let result = try await CLI.run(["inspect"], stdin: input.bytes)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\(input.code): \(input.says)"), "\(result)")
    }

    // dump is an ASN.1 dumper: a DER certificate is dumped, so only the textual kinds apply.
    @Test(
        "dump names a textual input that is not ASN.1",
        arguments: ForeignInput.textual.filter { $0.name != "base64 of a DER certificate" })
    func dump(_ input: ForeignInput) async throws {
        let result = try await CLI.run(["dump"], stdin: input.bytes)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\(input.code): \(input.says)"), "\(result)")
    }

    @Test(
        "broken receipts keep their own parse error",
        arguments: [
            ("truncated SEQUENCE", Data([0x30, 0x82, 0x01])),
            ("legacy plist without its signature", Data("{ \"purchase-info\" = \"e30=\"; }".utf8)),
            ("two dots but not base64url", Data("eyJ.a b.c".utf8)),
        ])
    func brokenReceipt(name: String, bytes: Data) async throws {
        let result = try await CLI.run(["verify"], stdin: bytes)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("purereceipt: not a well-formed receipt: "), "\(result)")
        #expect(!result.stderr.contains(": input.certificate:") && !result.stderr.contains(": input.jws:"))
        #expect(!result.stderr.contains(": input.json:") && !result.stderr.contains(": input.pem:"))
    }
}
