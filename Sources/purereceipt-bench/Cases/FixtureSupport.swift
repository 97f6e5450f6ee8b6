// Shared pieces of the receipt benchmark cases: the fixture trust anchor, the validity instant,
// the receipt fixture names, and a note printer for setup facts (stderr, never the TSV).

import Foundation
import PureDER
import PureX509

/// Prints a setup fact (node counts, chosen instants) to stderr, where compare.py ignores it.
func benchNote(_ message: String) {
    FileHandle.standardError.write(Data("# \(message)\n".utf8))
}

/// The anchor's time: certificate validity is checked at the current time (X509_STORE default), read
/// once at setup — the fixtures are valid for 19 years, so one instant serves the whole run.
let benchNow = DERTime(secondsSince1970: Int64(Date().timeIntervalSince1970))

/// `root.der` as the only trust anchor, as the anchor puts it in its X509_STORE.
func fixtureAnchors(_ fixtures: Fixtures) throws -> TrustAnchors {
    TrustAnchors(certificates: [try Certificate(derEncoded: fixtures.bytes("root.der"))])
}

/// Receipt fixtures of gen_fixtures.sh, by the suffix of the anchor's case names.
let receiptFixtures: [(suffix: String, file: String)] = [
    ("8k_sha256", "receipt-8k-sha256.der"),
    ("8k_sha1", "receipt-8k-sha1.der"),
    ("8k_sha256_ber", "receipt-8k-sha256-ber.der"),
    ("8k_sha256_signedattrs", "receipt-8k-sha256-attrs.der"),
    ("1m_sha256", "receipt-1m-sha256.der"),
    ("1m_sha1", "receipt-1m-sha1.der"),
    ("1m_sha256_ber", "receipt-1m-sha256-ber.der"),
]
