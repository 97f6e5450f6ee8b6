// Apple's words for the refusals Apple's rules add to RFC 5280 and RFC 5652 (Validation/
// ErrorMessages.swift): PureX509 words these kinds generically, and the messages read through
// VerificationError (and the `jws.chain` detail) are Apple's, byte for byte the ones PureX509 wrote
// when it still knew Apple; Apple's refusals of a StoreKit signer (`jws.chainShape`,
// `jws.xcodeNotAllowed`) are PureReceipt's own codes.

import Foundation
import PureDER
import Testing

@testable import PureReceipt
@testable import PureX509

@Suite("Apple's words for Apple's rules")
struct AppleWordingTests {
    static let chainWords: [(X509Error.Kind, String, String)] = [
        (
            .leafMarkerMissing(AppleMarkers.receiptSigningLeaf), "chain.leafMarkerMissing",
            "leaf lacks the Apple receipt-signing extension 1.2.840.113635.100.6.11.1"
        ),
        (
            .intermediateMarkerMissing, "chain.intermediateMarkerMissing",
            "intermediate lacks the Apple WWDR extension 1.2.840.113635.100.6.2.1"
        ),
        (
            .chainTooShort, "chain.tooShort",
            "path too short: the Apple policy needs leaf → WWDR intermediate → root; the anchor is the intermediate"
        ),
        (
            .refused(code: PathRules.xcodeSigner), "chain.xcodeNotAllowed",
            "self-signed (Xcode StoreKit testing) signer not accepted by the Apple policy"
        ),
    ]

    @Test(
        "Apple receipt rule (marker-oids): the chain refusals of Apple's rules read in Apple's words, with the certificate"
    )
    func chainRefusals() throws {
        let leaf = try Certificate(derEncoded: readBytes(pkiDirectory.appendingPathComponent("leaf.der")))
        for (kind, code, words) in Self.chainWords {
            let bare = X509Error(kind)
            #expect(bare.code == code)
            #expect(VerificationError(.notAuthentic, code: bare.code, .x509(bare)).message == words)
            let named = X509Error(kind, certificate: leaf.subject)
            let expected = "\(words) [certificate: \(leaf.subject)]"
            #expect(VerificationError.from(CMSError(named, at: nil)).message == expected)
            #expect(VerificationError(.notAuthentic, code: code, .x509(named)).message == expected)
            // PureX509's own words for the kind name no profile.
            #expect(!named.description.contains("Apple") && !named.description.contains("Xcode"))
        }
        #expect(PathRules.apple.selfIssuedLeafRefusal == "chain.xcodeNotAllowed")
    }

    @Test("Apple receipt rule (id-data-content): another eContentType reads in the receipt's words")
    func contentType() {
        let error = VerificationError.from(CMSError(.contentType(OID(1, 2, 3, 4)), at: nil))
        #expect((error.verdict, error.code, error.offset) == (.malformed, "cms.structure", nil))
        #expect(error.message == "CMS structure: eContentType is 1.2.3.4, receipts carry id-data")
        #expect(CMSRules.apple.contentType == OID(1, 2, 840, 113_549, 1, 7, 1))
    }

    @Test("Apple JWS rule (x5c-three): Apple's refusals of a StoreKit signer, their codes and words")
    func signerRefusals() {
        let cases: [(String, String, String)] = [
            (
                "jws.chainShape", "2 certificates",
                "x5c does not have the certificates Apple's data carries (2 certificates)"
            ),
            ("jws.chainShape", "", "x5c does not have the certificates Apple's data carries"),
            (
                "jws.xcodeNotAllowed", "Apple_Xcode_Key",
                "Xcode-signed data, where Apple's signature is required (Apple_Xcode_Key)"
            ),
            ("jws.xcodeNotAllowed", "", "Xcode-signed data, where Apple's signature is required"),
        ]
        for (code, detail, message) in cases {
            let error = VerificationError.signer(code, detail)
            #expect((error.verdict, error.code, error.offset) == (.notAuthentic, code, 0))
            #expect(error.message == message)
        }
        // A detail taken from the input is escaped and bounded.
        let hostile = VerificationError.signer("jws.xcodeNotAllowed", "\u{1b}[2J" + String(repeating: "k", count: 1000))
        #expect(!hostile.message.contains("\u{1b}") && hostile.message.count < 400)
    }
}
