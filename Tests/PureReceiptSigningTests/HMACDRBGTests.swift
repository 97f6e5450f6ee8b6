// HMAC-SHA256 against RFC 4231 §4 and HMAC_DRBG against NIST CAVP (no reseed), both from
// Vectors/signing (provenance in its README).

import Foundation
import PureReceiptTestSupport
import Testing

@testable import PureReceiptSigning

/// Vectors/signing/<name> as text (the test fails when it is missing: the files are committed).
func signingVector(_ name: String) throws -> String {
    try PackageFiles.text(PackageFiles.vector("signing/\(name)"))
}

/// The `Name = value` records of a CAVP-style file, each a dictionary (repeated names get `#2`).
func cavpRecords(_ text: String, first: String) -> [[String: String]] {
    var records: [[String: String]] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("#"), !trimmed.hasPrefix("["), let equals = trimmed.firstIndex(of: "=") else {
            continue
        }
        let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
        let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if name == first { records.append([:]) }
        guard !records.isEmpty else { continue }
        let key = records[records.count - 1][name] == nil ? name : name + "#2"
        records[records.count - 1][key] = value
    }
    return records
}

@Suite("HMAC-SHA256 (RFC 4231) and HMAC_DRBG (NIST CAVP)")
struct HMACDRBGTests {
    @Test("RFC 4231 §4: every HMAC-SHA-256 test case (RFC 2104 §2: keys longer than a block hashed first)")
    func rfc4231() throws {
        let records = cavpRecords(try signingVector("rfc-4231-sha256.txt"), first: "Len")
        #expect(records.count == 6)
        for record in records {
            let key = hex(record["Key"] ?? "")
            let message = hex(record["Msg"] ?? "")
            #expect(HMACSHA256(key: key).authenticationCode(message) == hex(record["MD"] ?? ""))
        }
    }

    @Test("NIST CAVP HMAC_DRBG SHA-256, no reseed: the second 1024-bit output (the generator of RFC 6979 §3.2)")
    func cavp() throws {
        let records = cavpRecords(try signingVector("hmac-drbg-sha256-no-reseed.txt"), first: "COUNT")
        #expect(records.count == 4)
        for record in records {
            var drbg = HMACDRBG(
                entropy: hex(record["EntropyInput"] ?? ""), nonce: hex(record["Nonce"] ?? ""),
                personalization: hex(record["PersonalizationString"] ?? ""))
            _ = drbg.generate(128, additionalInput: hex(record["AdditionalInput"] ?? ""))
            let bits = drbg.generate(128, additionalInput: hex(record["AdditionalInput#2"] ?? ""))
            #expect(bits == hex(record["ReturnedBits"] ?? ""), "COUNT \(record["COUNT"] ?? "?")")
        }
    }
}
