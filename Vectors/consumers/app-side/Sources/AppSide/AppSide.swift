// What an app does at launch, with the project's test PKI standing in for Apple's: verify the app
// receipt (signature, chain, bundle id, version, this device's hash), then a StoreKit 2 signed
// transaction, and print the verdicts; a forged receipt must be refused. Exit status 0 when every
// verdict is the expected one.
//
// Only the `PureReceipt` product is imported. Foundation reads the files, as an app reads
// `Bundle.main.appStoreReceiptURL`; the library itself takes `[UInt8]` and `Instant`.

import Foundation
import PureReceipt

@main
struct AppSide {
    /// `Vectors/` of the checkout: the first argument, or found from this file's path.
    static let vectors: URL = {
        if CommandLine.arguments.count > 1 { return URL(fileURLWithPath: CommandLine.arguments[1]) }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }  // AppSide.swift, AppSide, Sources, app-side, consumers
        return url
    }()

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: vectors.appendingPathComponent(path)))
    }

    static func main() throws {
        var expected = true

        // The app receipt. Hard-code the bundle id and version; the device identifier is
        // identifierForVendor's 16 bytes (here the one the test receipt was made for).
        var policy = ReceiptPolicy(bundleIdentifier: "com.example.pureapp")
        policy.anchors = TrustAnchors(certificates: [try Certificate(derEncoded: try bytes("pki/root.der"))])
        policy.bundleVersion = "42"
        policy.deviceIdentifier = [
            0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10,
        ]
        let receiptBytes = try bytes("receipts/valid-der-sha256.der")  // Bundle.main.appStoreReceiptURL in an app
        do throws(VerificationError) {
            let verified = try ReceiptValidator.validate(receiptBytes, policy: policy)
            let receipt = verified.receipt
            let now = receipt.receiptCreationDate  // an app passes the clock; queries never go before creation
            let environment = receipt.environment?.description ?? "-"
            print("app receipt: GENUINE \(environment) \(receipt.bundleId) \(receipt.applicationVersion)")
            print("  created \(receipt.receiptCreationDate), \(receipt.inAppPurchases.count) in-app purchases")
            let pro = receipt.isOwned(productID: "com.example.pureapp.pro", at: now)
            let monthly = receipt.subscriptionStatus(productID: "com.example.pureapp.monthly", at: now)
            print("  owns com.example.pureapp.pro: \(pro)")
            print("  com.example.pureapp.monthly: \(monthly)")
        } catch {
            print("app receipt: \(error.verdict.rawValue) \(error.code): \(error.message)")
            expected = false
        }

        // A forged receipt (its leaf lacks Apple's receipt-signing marker) must be refused.
        let forged = try bytes("receipts/forged-leaf-without-marker.der")
        do throws(VerificationError) {
            _ = try ReceiptValidator.validate(forged, policy: policy)
            print("forged receipt: accepted (WRONG)")
            expected = false
        } catch {
            print("forged receipt: refused, \(error.verdict.rawValue) \(error.code)")
        }

        // A StoreKit 2 transaction (`Transaction.jwsRepresentation` in an app), checked again here.
        let storeKitPolicy = SignedDataPolicy(
            bundleId: "com.example.vectors", environment: .sandbox,
            signer: .apple(TrustAnchors(certificates: [try Certificate(derEncoded: try bytes("jws/root.der"))])))
        let jws = try bytes("jws/transaction-valid.jws")
        do throws(VerificationError) {
            let verified = try SignedDataVerifier.verifyTransaction(jws, policy: storeKitPolicy)
            let transaction = verified.payload
            print("transaction: GENUINE \(transaction.productId ?? "-") \(transaction.type?.description ?? "-")")
            let purchased = transaction.purchaseDate?.description ?? "-"
            print("  purchased \(purchased), expires \(transaction.expiresDate?.description ?? "-")")
            print("  signed by \(verified.chain.count) certificates, Xcode-signed: \(verified.isXcodeSigned)")
        } catch {
            print("transaction: \(error.verdict.rawValue) \(error.code): \(error.message)")
            expected = false
        }

        print(expected ? "app-side: every verdict as expected" : "app-side: UNEXPECTED verdict")
        if !expected { exit(1) }
    }
}
