// The verification half of the `cms` target: `SignedData.verify(anchors:rules:at:)` under each
// policy a caller can choose — Apple's rules with the test root as the anchor, Apple's rules
// with the pinned Apple Inc. Root fingerprint (the library default), and the Xcode rules with
// the receipt's own first certificate as the anchor (the attacker-chosen case a development build
// may allow).

import PureDER
import PureReceipt
import PureX509

extension FuzzTargets {
    /// The test root as the only trust anchor, or nil if the embedded bytes stopped parsing.
    static let testAnchors: TrustAnchors? = testRoot.map { TrustAnchors(certificates: [$0]) }

    /// Verifies `signedData` under every policy, at the synthetic suite's creation date.
    static func verifySignedData(_ signedData: SignedData) {
        if let anchors = testAnchors {
            sink(
                Result { () throws(CMSError) in
                    try signedData.verify(anchors: anchors, rules: .apple, at: fuzzTime)
                })
        }
        sink(
            Result { () throws(CMSError) in
                try signedData.verify(anchors: .appleIncRoot, rules: .apple, at: fuzzTime)
            })
        if let first = signedData.certificates.first {
            sink(
                Result { () throws(CMSError) in
                    try signedData.verify(anchors: TrustAnchors(certificates: [first]), rules: .xcode, at: fuzzTime)
                })
        }
    }
}
