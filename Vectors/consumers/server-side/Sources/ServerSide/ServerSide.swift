// What a server does with the three kinds of input it receives, with the project's test PKI
// standing in for Apple's: app receipts (base64 or bytes), App Store Server Notifications V2 and
// legacy transaction receipts, verified by many tasks at once through one shared `ChainCache`, with
// Foundation's `Data` and `Date` at the edges (`PureReceiptFoundation`). Prints one line per input
// and the cache's counters; exit status 0 when every verdict is the expected one.

import Foundation
import PureReceipt
import PureReceiptFoundation

/// One request: a kind, a file of `Vectors/`, and whether it must verify.
struct Request: Sendable {
    enum Kind: String, Sendable {
        case appReceipt = "app receipt"
        case notification
        case legacy = "legacy receipt"
    }
    let kind: Kind
    let file: String
    let genuine: Bool
}

/// The policies a server holds (bundle id hard-coded; the test PKI as anchors).
struct Policies: Sendable {
    let receipt: ReceiptPolicy
    let notification: SignedDataPolicy
    let legacy: LegacyReceiptPolicy
}

@main
struct ServerSide {
    /// `Vectors/` of the checkout: the first argument, or found from this file's path.
    static let vectors: URL = {
        if CommandLine.arguments.count > 1 { return URL(fileURLWithPath: CommandLine.arguments[1]) }
        var url = URL(fileURLWithPath: #filePath)
        // ServerSide.swift, ServerSide, Sources, server-side, consumers
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url
    }()

    static func data(_ path: String) throws -> Data { try Data(contentsOf: vectors.appendingPathComponent(path)) }

    static func certificate(_ path: String) throws -> Certificate {
        try Certificate(derEncoded: [UInt8](try data(path)))
    }

    static let requests: [Request] = [
        Request(kind: .appReceipt, file: "receipts/valid-der-sha256.der", genuine: true),
        Request(kind: .appReceipt, file: "receipts/valid-der-sha256.b64", genuine: true),  // as apps upload it
        Request(kind: .appReceipt, file: "receipts/valid-sandbox.der", genuine: true),
        Request(kind: .appReceipt, file: "receipts/valid-inapp-10.der", genuine: true),
        Request(kind: .appReceipt, file: "receipts/forged-evil-root-same-name.der", genuine: false),
        Request(kind: .notification, file: "jws/notification-valid.jws", genuine: true),
        Request(kind: .notification, file: "jws/notification-appdata-valid.jws", genuine: true),
        Request(kind: .notification, file: "jws/notification-nested-forged.jws", genuine: false),
        Request(kind: .legacy, file: "legacy/valid-v2.b64", genuine: true),
        Request(kind: .legacy, file: "legacy/valid-v3.b64", genuine: true),
        Request(kind: .legacy, file: "legacy/forged-purchase-info-changed.b64", genuine: false),
    ]

    static func main() async throws {
        let root = try certificate("pki/root.der")
        var receipt = ReceiptPolicy(bundleIdentifier: "com.example.pureapp")  // no device id on a server
        receipt.anchors = TrustAnchors(certificates: [root])
        var legacy = LegacyReceiptPolicy(
            bundleIdentifier: "com.example.pureapp", anchors: TrustAnchors(certificates: [root]))
        legacy.intermediates = [try certificate("legacy/itunes-ca.der"), try certificate("pki/intermediate.der")]
        let policies = Policies(
            receipt: receipt,
            notification: SignedDataPolicy(
                bundleId: "com.example.vectors", environment: .sandbox,
                signer: .apple(TrustAnchors(certificates: [try certificate("jws/root.der")]))),
            legacy: legacy)

        let cache = ChainCache()  // one cache for every task and every format
        let inputs = try requests.map { ($0, try data($0.file)) }
        // Each request is handled twice, as a busy server sees the same chains again and again.
        let lines = await withTaskGroup(of: (Int, String, Bool).self) { group in
            for (index, (request, body)) in (inputs + inputs).enumerated() {
                group.addTask {
                    let (line, genuine) = await handle(request, body, policies, cache)
                    return (index, line, genuine == request.genuine)
                }
            }
            var lines: [(Int, String, Bool)] = []
            for await line in group { lines.append(line) }
            return lines.sorted { $0.0 < $1.0 }
        }
        for (_, line, _) in lines.prefix(requests.count) { print(line) }
        let expected = lines.allSatisfy(\.2)
        print("chain cache: \(await cache.count) chains, \(await cache.hits) hits, \(await cache.misses) misses")
        print(expected ? "server-side: every verdict as expected" : "server-side: UNEXPECTED verdict")
        if !expected { exit(1) }
    }

    /// Verifies one request through the shared cache; the line to log and whether it verified.
    static func handle(_ request: Request, _ body: Data, _ policies: Policies, _ cache: ChainCache) async -> (
        String, Bool
    ) {
        let dates = ISO8601DateFormatter()
        let name = "\(request.kind.rawValue) \(request.file):"
        do {
            switch request.kind {
            case .appReceipt:
                let verified = try await cache.withCache { (local) throws(VerificationError) in
                    try ReceiptValidator.validate(body, policy: policies.receipt, cache: &local)
                }
                let created = Date(verified.receipt.receiptCreationDate)
                let active = verified.receipt.activeSubscriptions(at: verified.receipt.receiptCreationDate).map(
                    \.productId)
                return ("\(name) GENUINE, created \(dates.string(from: created)), active \(active)", true)
            case .notification:
                let verified = try await cache.withCache { (local) throws(VerificationError) in
                    try SignedDataVerifier.verifyNotification(body, policy: policies.notification, cache: &local)
                }
                let payload = verified.payload
                let signed = payload.signedDate.map { dates.string(from: Date($0)) } ?? "-"
                let id = payload.notificationUUIDValue?.uuidString ?? "-"
                return ("\(name) GENUINE \(payload.notificationType?.description ?? "-") \(id), signed \(signed)", true)
            case .legacy:
                let verified = try await cache.withCache { (local) throws(VerificationError) in
                    try LegacyReceiptValidator.validate(body, policy: policies.legacy, cache: &local)
                }
                let info = verified.receipt.purchaseInfo
                let bought = info.purchaseDate.map { dates.string(from: Date($0)) } ?? "-"
                let key = info.originalTransactionId ?? info.transactionId ?? "-"
                return ("\(name) GENUINE \(info.productId ?? "-") bought \(bought), account key \(key)", true)
            }
        } catch {
            return ("\(name) refused: \(error.verdict.rawValue) \(error.code)", false)
        }
    }
}
