// purereceipt token: an App Store Server API bearer token (a compact JWS) on stdout.

import Foundation
import PureReceiptSigning

enum TokenCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let options = SigningInput.options(
            arguments, command: "token", valued: ["--key", "--key-id", "--issuer-id", "--bundle-id", "--expires-in"])
        guard let lifetime = Int64(options.last("--expires-in") ?? "1200"),
            (1...AppStoreSigner.maximumTokenLifetime).contains(lifetime)
        else {
            usageError("token: --expires-in must be 1 … 3600 seconds (Apple's limit is 60 minutes)", command: "token")
        }
        let signer = SigningInput.signer(options, command: "token")
        do {
            print(try signer.apiToken(issuedAt: SigningInput.now(), lifetime: lifetime))
            return ExitCode.genuine
        } catch {
            usageError("token: \(error.description)", command: "token")
        }
    }
}
