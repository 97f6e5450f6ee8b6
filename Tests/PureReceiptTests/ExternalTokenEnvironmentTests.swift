// Apple JWS rule (external-token-environment), read one way everywhere: the policy's field reader,
// the notification model and the verify document take a token's environment from the same function,
// which compares the bytes of `externalPurchaseId` (a character comparison read `SANDBOX` followed
// by a combining mark or a joiner as Production while the policy read Sandbox).

import PureJSON
import Testing

@testable import PureReceipt

@Suite("Apple JWS rule (external-token-environment): one byte comparison for policy, model and document")
struct ExternalTokenEnvironmentTests {
    /// `externalPurchaseId` values and the environment they imply.
    static let cases: [(id: String, expected: AppStoreEnvironment)] = [
        ("SANDBOX_0f1e2d3c", .sandbox),
        ("SANDBOX\u{0301}_0f1e", .sandbox),  // a combining acute accent on the X
        ("SANDBOX\u{200D}_0f1e", .sandbox),  // a zero-width joiner
        ("SANDBOX", .sandbox),
        ("0f1e2d3c", .production),
        ("sandbox_0f1e", .production),  // the rule is case-sensitive, as Apple's libraries are
        ("SANDBO", .production),
        ("\u{FEFF}SANDBOX_0f1e", .production),  // a byte-order mark first: not the prefix
    ]

    @Test("every reading of a token's environment agrees with the byte rule", arguments: cases)
    func everyReadingAgrees(_ id: String, _ expected: AppStoreEnvironment) throws {
        #expect(AppStoreEnvironment.ofExternalPurchaseId(id) == expected)
        var escaped = ""
        for scalar in id.unicodeScalars {
            escaped += scalar.isASCII ? String(scalar) : "\\u" + String(scalar.value, radix: 16).leftPadded(4)
        }
        let text = """
            {"notificationType":"EXTERNAL_PURCHASE_TOKEN","subtype":"UNREPORTED","notificationUUID":"0",\
            "version":"2.0","signedDate":1735689600000,"externalPurchaseToken":{"externalPurchaseId":"\(escaped)",\
            "tokenCreationDate":1735689600000,"appAppleId":123456789,"bundleId":"com.example.vectors"}}
            """
        guard case .object(let payload) = try JSONReader.read(text) else {
            Issue.record("not an object")
            return
        }
        // The policy's field reader (trusted), the model and the document's environment.
        #expect(try NotificationFields(payload).named.environment == expected.rawValue)
        let model = try ResponseBodyV2DecodedPayload(json: payload)
        #expect(model.statedEnvironment?.rawValue == expected.rawValue)
    }

    @Test("no token id means a production token")
    func absentIdIsProduction() {
        #expect(AppStoreEnvironment.ofExternalPurchaseId(nil) == .production)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
