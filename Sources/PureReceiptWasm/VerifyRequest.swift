// VerifyRequest: the policy a host gives the WebAssembly module, as one JSON object whose members
// are the options of `purereceipt verify --json` (Docs/EMBEDDING.md, "The request"):
//
//   {"roots": ["<base64 of a DER or PEM certificate file>", …], "xcodeRoot": "<base64>",
//    "bundleId": "…", "bundleVersion": "…", "deviceId": "…", "environment": "Production,Sandbox",
//    "at": "RFC 3339", "now": "RFC 3339", "endpoint": "production", "appAppleId": "1234",
//    "kind": "transaction", "productId": "…", "acceptUnstatedEnvironment": true}
//
// Every member is optional and a string (roots: an array of strings; acceptUnstatedEnvironment, the
// flag --accept-unstated-environment: a boolean) except `now` for app receipts:
// the module has no clock, so the host passes the current instant (it is ignored for StoreKit 2 signed
// data and legacy receipts, which are checked at their own signing instant or at `at`). An unknown
// member, a member of another type or text that is not strict JSON is a usage error (status 64).

import PureDER
import PureJSON
import PureReceiptRunner

enum VerifyRequest {
    /// Reads the request text as the runner's request (its documents indented, its messages in the
    /// request's words); the message of a usage error when it is not a request.
    static func read(_ text: [UInt8]) -> Result<RunRequest, RequestError> {
        let object: JSONObject
        do {
            guard let read = try JSONReader.read(text).objectValue else {
                return .failure(RequestError("the request is not a JSON object"))
            }
            object = read
        } catch {
            return .failure(RequestError("the request is not strict JSON (\(error.code) at byte \(error.offset))"))
        }
        var request = RunRequest(documents: .pretty)
        request.words = .request
        // `now` is the host's clock, given with every input: no format refuses it.
        request.nowIsClock = true
        for member in object.members {
            switch member.name {
            case "roots":
                // An array of base64 strings, every one decoded, or the request is refused.
                let files = member.value.arrayValue?.map { $0.stringValue.flatMap { try? Base64.decode($0) } }
                guard let files, files.allSatisfy({ $0 != nil }) else {
                    return .failure(RequestError("roots: expected an array of base64 strings"))
                }
                request.roots += files.compactMap { $0 }.map { CertificateFile($0, path: nil) }
            case "xcodeRoot":
                guard let text = member.value.stringValue, let bytes = try? Base64.decode(text) else {
                    return .failure(RequestError("xcodeRoot: expected a base64 string"))
                }
                request.xcodeRoot = CertificateFile(bytes, path: nil)
            case "acceptUnstatedEnvironment":
                guard let flag = member.value.boolValue else {
                    return .failure(RequestError("acceptUnstatedEnvironment: expected true or false"))
                }
                request.flags.removeAll { $0 == RunRequest.unstatedEnvironmentFlag }
                if flag { request.flags.append(RunRequest.unstatedEnvironmentFlag) }
            default:
                // The string members: the options that take a value (OptionWords.valuedMembers).
                guard let known = OptionWords.valuedMembers.first(where: { $0.member == member.name }) else {
                    return .failure(RequestError("unknown request member: \(member.name)"))
                }
                guard let value = member.value.stringValue else {
                    return .failure(RequestError("\(member.name): expected a string"))
                }
                request.values.append((known.option, value))
            }
        }
        return .success(request)
    }
}

/// Why a request could not be read.
struct RequestError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
