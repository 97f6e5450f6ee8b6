// SignedDataVerifier.verify(_:kind:fromRequestBody:policy:cache:): one entry for every kind, the
// data parsed and authenticated once. Every generated vector gets the verdict its own verifier
// gives, with its kind named and without; a kind whose members the payload does not have is
// refused (input.kindMismatch), never checked as the wrong kind.

import Foundation
import PureReceipt
import PureX509
import Testing

private let kinds: [String: SignedDataKind] = [
    "transaction": .transaction, "renewalInfo": .renewal, "appTransaction": .appTransaction,
    "notification": .notification, "realtimeRequest": .realtimeRequest,
]

private func outcome(_ body: () throws(VerificationError) -> VerifiedInput) -> String {
    do {
        return "valid as \(try body().signedDataKind?.rawValue ?? "receipt")"
    } catch {
        return error.code
    }
}

@Suite("StoreKit 2 signed data: one entry for every kind")
struct SignedDataAnyKindTests {
    @Test(
        "every vector: the named kind's verdict, and the same kind found from the verified payload",
        arguments: JWSVectors.cases)
    func sameVerdictAsItsVerifier(_ c: JWSVectorCase) throws {
        let bytes = [UInt8](try Data(contentsOf: JWSVectors.folder.appendingPathComponent(c.file)))
        let policy = try JWSVectors.policy(c)
        let kind = try #require(kinds[c.kind])
        var cache = VerifiedChainCache()
        let named = outcome { () throws(VerificationError) in
            try SignedDataVerifier.verify(bytes, kind: kind, policy: policy, cache: &cache)
        }
        #expect(named == (c.expect == "valid" ? "valid as \(kind.rawValue)" : c.expect), "\(c.why)")
        if c.expect == "valid" {
            let found = outcome { () throws(VerificationError) in
                try SignedDataVerifier.verify(bytes, policy: policy, cache: &cache)
            }
            #expect(found == "valid as \(kind.rawValue)")
        }
    }

    /// Vectors of one kind named as another whose members they lack.
    static let mismatches: [(file: String, kind: SignedDataKind, members: String)] = [
        ("transaction-valid.jws", .renewal, "transaction"),
        ("transaction-valid.jws", .appTransaction, "transaction"),
        ("renewal-valid.jws", .transaction, "renewal"),
        ("apptransaction-valid.jws", .transaction, "app-transaction"),
        ("notification-valid.jws", .transaction, "notification"),
        ("realtime-valid.jws", .notification, "realtime-request"),
    ]

    @Test("a named kind the verified payload's members contradict is input.kindMismatch", arguments: mismatches)
    func kindMismatch(_ file: String, _ kind: SignedDataKind, _ members: String) throws {
        let bytes = [UInt8](try Data(contentsOf: JWSVectors.folder.appendingPathComponent(file)))
        let valid = try #require(JWSVectors.cases.first { $0.file == file && $0.expect == "valid" })
        var cache = VerifiedChainCache()
        let error = #expect(throws: VerificationError.self) {
            try SignedDataVerifier.verify(bytes, kind: kind, policy: try JWSVectors.policy(valid), cache: &cache)
        }
        #expect(error?.code == "input.kindMismatch")
        #expect(error?.verdict == .malformed)
        #expect(
            error?.message.contains("members of kind \(members), not of \(kind.rawValue)") == true,
            "\(error?.message ?? "")")
    }

    @Test("a request body holds a notification or a realtime request, by its verified payload")
    func requestBody() throws {
        for (file, expected) in [
            ("realtime-valid.jws", SignedDataKind.realtimeRequest), ("notification-valid.jws", .notification),
        ] {
            let bytes = [UInt8](try Data(contentsOf: JWSVectors.folder.appendingPathComponent(file)))
            let valid = try #require(JWSVectors.cases.first { $0.file == file && $0.expect == "valid" })
            var cache = VerifiedChainCache()
            let result = try SignedDataVerifier.verify(
                bytes, fromRequestBody: true, policy: try JWSVectors.policy(valid), cache: &cache)
            #expect(result.signedDataKind == expected)
        }
    }
}
