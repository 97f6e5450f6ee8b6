// The public surface as a user meets it: this file imports PureReceipt alone, so every name below
// must be reachable from `import PureReceipt` (Module.swift), and verdicts print as the README and
// the tool write them.

import PureReceipt
import Testing

@Suite("Public surface from import PureReceipt")
struct PublicSurfaceTests {
    @Test("verdicts print as the README and the tool write them")
    func verdictWords() {
        #expect("\(VerificationError.Verdict.malformed)" == "malformed")
        #expect("\(VerificationError.Verdict.notAuthentic)" == "not-authentic")
        #expect("\(VerificationError.Verdict.policyFailed)" == "policy-failed")
        let error = VerificationError(.policyFailed, code: "policy.bundleId", message: "m")
        #expect("\(error.verdict)" == "policy-failed")
        #expect(error.description == "policy-failed: m [policy.bundleId]")
    }

    @Test("lower-layer types the models and errors name are reachable")
    func lowerLayerTypes() {
        #expect(X509Error(.untrusted).code == "chain.untrusted")
        #expect(DERTime(secondsSince1970: 86_400).description == "1970-01-02T00:00:00Z")
        let object = JSONObject(members: [], offset: 0)
        #expect(object.member("bundleId") == nil)
        let value: JSONValue = .null
        #expect(value.stringValue == nil)
        #expect(TrustAnchors(certificates: []).certificates.isEmpty)
        #expect(OID(1, 2, 840).description == "1.2.840")
        let _: SignedData.Type = SignedData.self
        let _: JSONNumber.Type = JSONNumber.self
    }
}
