// Path building does not depend on the order of the certificate set (PathBuilding.swift): the
// synthetic case (an expired and a valid intermediate with the same name and key, Vectors/pki),
// the real one (Apple's WWDR 2008 and 2013 intermediates beside a 2017 receipt, read from
// ../shared/corpus), an intermediate given as a trust anchor, and the verified-chain cache.
//
// The expired twin below was made once with Python `cryptography` 48 by this script, run with
// the path of Vectors/pki (it reuses intermediate.key.pem, so only the signature changes on a
// rerun):
//
//   # An expired twin of Vectors/pki/intermediate.der: same subject, same key (intermediate.key.pem),
//   # same extensions, serial 0x7100, valid 2010-01-01 → 2015-01-01, signed by the test root.
//   import base64, datetime, sys
//   from cryptography import x509
//   from cryptography.hazmat.primitives import hashes, serialization
//
//   PKI = sys.argv[1]
//   root_key = serialization.load_pem_private_key(open(f"{PKI}/root.key.pem", "rb").read(), None)
//   root = x509.load_der_x509_certificate(open(f"{PKI}/root.der", "rb").read())
//   inter = x509.load_der_x509_certificate(open(f"{PKI}/intermediate.der", "rb").read())
//   def dt(y): return datetime.datetime(y, 1, 1, tzinfo=datetime.timezone.utc)
//   b = (x509.CertificateBuilder().subject_name(inter.subject).issuer_name(root.subject)
//        .public_key(inter.public_key()).serial_number(0x7100)
//        .not_valid_before(dt(2010)).not_valid_after(dt(2015)))
//   for ext in inter.extensions:
//       b = b.add_extension(ext.value, critical=ext.critical)
//   c = b.sign(root_key, hashes.SHA256())
//   b64 = base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode()
//   print("    static let expiredIntermediateTwin = certificate(")
//   print('        """')
//   for i in range(0, len(b64), 100): print("        " + b64[i:i+100])
//   print('        """)')

import Foundation
import PureDER
import Testing

@testable import PureReceipt
@testable import PureX509

enum PathOrderFixtures {
    private static func certificate(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64.replacingOccurrences(of: "\n", with: "")) ?? Data())
    }

    static let expiredIntermediateTwin = certificate(
        """
        MIID1zCCAr+gAwIBAgICcQAwDQYJKoZIhvcNAQELBQAwfjELMAkGA1UEBhMCVVMxGTAXBgNVBAoMEFB1cmVSZWNlaXB0IFRlc3Qx
        MTAvBgNVBAsMKFB1cmVSZWNlaXB0IFRlc3QgQ2VydGlmaWNhdGlvbiBBdXRob3JpdHkxITAfBgNVBAMMGFB1cmVSZWNlaXB0IFRl
        c3QgUm9vdCBDQTAeFw0xMDAxMDEwMDAwMDBaFw0xNTAxMDEwMDAwMDBaMGUxCzAJBgNVBAYTAlVTMRkwFwYDVQQKDBBQdXJlUmVj
        ZWlwdCBUZXN0MQswCQYDVQQLDAJHMTEuMCwGA1UEAwwlUHVyZVJlY2VpcHQgVGVzdCBXV0RSIEludGVybWVkaWF0ZSBDQTCCASIw
        DQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBANEby9hoff+JOCytD/3r5GjVWZOkgbDAeKxlCPRzeU7VxFygCRjO1FD0xXtx9uzQ
        g/6OIggLJs32FOBX+oY5CtlwcLTufTuJy19g7yIQroFkoerD7PNvT+r3ixjNGfPMMycgYbeYSSNG8bHVAXSZV+zMuwMUYFPoA0Rc
        va+mVQ3aom/gRADatiM1kRdUQAqGop1U0BYdfucyKHSBkUCYeRcF8SHkNpAbetfX6ugpsP8fvZ7a5X8xSm80vYeKLr1qVH/j4lAr
        tPipvCt0NRUm9Dg0Oq9fwpnSG3aJDtndv7K0rLS/msWJ9XRL0Jbv+/cGGr/yznqEdN7eiZudaVd53BUCAwEAAaN4MHYwEgYDVR0T
        AQH/BAgwBgEB/wIBADAfBgNVHSMEGDAWgBRZPd/kbY+JnhKWJ7ehkq14XkBJLDAdBgNVHQ4EFgQU0n80zrKOjmCS3ajZD9FXt09k
        P6UwDgYDVR0PAQH/BAQDAgEGMBAGCiqGSIb3Y2QGAgEEAgUAMA0GCSqGSIb3DQEBCwUAA4IBAQBNnDFdM7tSxnBab8FiqjmIKXWS
        5I+YOg9V+2sDPtgNQMsuuu6D8/ClVmvg4mMlFlXlU0cbC1RzYKGnxdL/SxnwrWIC84JySbR5JptmMFK/XwrXnhQY7nmn1vATodTK
        AIfQn5hbXTnw3GH8lmsuN9DHL/wx/h95BaA8Fb23G8dVu2V2vcSYS1Gh4MluGtTGLoazmx75/mREJFXBow4YOWlM9PQhJnimQkFm
        4qC03tNKa0H+MVuVgUQdSUUCwmTIgcp34TKcun/LCm8oWqlg5WwMgUSPkJionoKTupLR+S61+z7t/NnHgBI7hPCHLOkpyv7vhlj+
        pNEfD4IVW/hmTKaU
        """)
}

/// The creation date of the vector suite's main receipt: the twin (2010 → 2015) has expired by then.
private let receiptTime = time("2025-03-14T09:26:53Z")

private func pki(_ name: String) throws -> Certificate {
    try Certificate(derEncoded: readBytes(pkiDirectory.appendingPathComponent("\(name).der")))
}

/// Every ordering of `items` (at most 5 items here: 120 orders).
func permutations<T>(_ items: [T]) -> [[T]] {
    guard let first = items.first else { return [[]] }
    return permutations(Array(items.dropFirst())).flatMap { rest in
        (0...rest.count).map { index in
            var order = rest
            order.insert(first, at: index)
            return order
        }
    }
}

/// "no error" or the code verifyChain throws.
private func outcome(_ body: () throws(X509Error) -> [Certificate]) -> String {
    do {
        _ = try body()
        return "no error"
    } catch {
        return error.code
    }
}

@Suite("Path building and certificate order", .enabled(if: pkiPresent, "Vectors/pki is absent"))
struct PathOrderTests {
    // Apple receipt rule (path-order): expired and valid intermediates with the same name and key.
    @Test("Apple receipt rule (path-order): same verdict and path in every order of the pool (expired twin)")
    func expiredTwinInEveryOrder() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let twin = try Certificate(derEncoded: PathOrderFixtures.expiredIntermediateTwin)
        #expect(twin.subject == intermediate.subject)
        #expect(!twin.isValid(at: receiptTime) && intermediate.isValid(at: receiptTime))
        let anchors = TrustAnchors(certificates: [root])
        for pool in permutations([leaf, twin, intermediate, root]) {
            let path = try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: .apple, at: receiptTime)
            #expect(path.map { Array($0.derEncoded) } == [leaf, intermediate, root].map { Array($0.derEncoded) })
        }
        // With only the expired twin, the error is its own, whatever the order.
        for pool in permutations([leaf, twin, root]) {
            #expect(
                outcome { () throws(X509Error) in
                    try verifyChain(leaf: leaf, pool: pool, anchors: anchors, rules: .apple, at: receiptTime)
                } == "chain.certificateExpired")
        }
    }

    // Apple receipt rule (path-order): a cached path that fails at another instant is not the verdict.
    @Test("Apple receipt rule (path-order): the verified-chain cache never changes the verdict of a fresh search")
    func cacheFollowsTheSearch() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        let twin = try Certificate(derEncoded: PathOrderFixtures.expiredIntermediateTwin)
        let anchors = TrustAnchors(certificates: [root])
        var cache = VerifiedChainCache()
        for pool in permutations([twin, intermediate]) {
            for _ in 0..<2 {
                let path = try verifyChain(
                    leaf: leaf, pool: pool, anchors: anchors, rules: .apple, at: receiptTime, cache: &cache)
                #expect(path.dropFirst().first.map { Array($0.derEncoded) } == Array(intermediate.derEncoded))
            }
        }
        // The pool's order is not part of the key (the path's certificates are): one entry, three hits.
        #expect(cache.hits == 3 && cache.count == 1)
        // After the leaf has expired: the same error with and without the cache.
        let late = time("2030-01-01T00:00:00Z")
        let cached = outcome { () throws(X509Error) in
            try verifyChain(
                leaf: leaf, pool: [twin, intermediate], anchors: anchors, rules: .apple, at: late, cache: &cache)
        }
        let fresh = outcome { () throws(X509Error) in
            try verifyChain(leaf: leaf, pool: [twin, intermediate], anchors: anchors, rules: .apple, at: late)
        }
        #expect(cached == "chain.certificateExpired" && fresh == cached)
    }

    // Apple receipt rule (chain-shape): an intermediate given as an anchor still leads to the root.
    @Test("Apple receipt rule (chain-shape): with the intermediate also an anchor, the 3-certificate path is found")
    func intermediateAnchorLeadsToRoot() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        for anchors in permutations([root, intermediate]) {
            for pool in [[leaf, intermediate, root], [intermediate], [root, intermediate]] {
                let path = try verifyChain(
                    leaf: leaf, pool: pool, anchors: TrustAnchors(certificates: anchors), rules: .apple,
                    at: receiptTime)
                #expect(path.map { Array($0.derEncoded) } == [leaf, intermediate, root].map { Array($0.derEncoded) })
            }
        }
    }

    // Apple receipt rule (chain-shape): a path ending at the WWDR intermediate is one short.
    @Test("Apple receipt rule (chain-shape): only the intermediate as anchor → chain.tooShort naming it")
    func intermediateAnchorAloneIsTooShort() throws {
        let (leaf, intermediate, root) = (try pki("leaf"), try pki("intermediate"), try pki("root"))
        for pool in [[leaf, intermediate, root], [intermediate], []] {
            do {
                _ = try verifyChain(
                    leaf: leaf, pool: pool, anchors: TrustAnchors(certificates: [intermediate]), rules: .apple,
                    at: receiptTime)
                Issue.record("verified a 2-certificate path")
            } catch {
                #expect(error.code == "chain.tooShort")
                #expect(error.certificate == intermediate.subject.description)
                // The message Apple's rules give (VerificationError, JWS details): Apple's words.
                #expect(error.appleDescription.contains("leaf → WWDR intermediate → root"))
            }
        }
    }
}

/// The 2017 receipt's certificate set with Apple's expired WWDR 2008 intermediate added.
private let wwdr2017Receipt = "appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der"

@Suite(
    "Path building and certificate order: real receipts",
    .enabled(if: CMSFixtures.corpusAvailable, "needs ../shared/corpus"))
struct PathOrderCorpusTests {
    // Apple receipt rule (path-order): Apple's WWDR 2008 and 2013 intermediates share name and key.
    @Test("Apple receipt rule (path-order): a 2017 receipt verifies with WWDR 2008 and 2013 in any order of its set")
    func wwdr2008And2013InEveryOrder() throws {
        let receipt = try CMSFixtures.receipt(wwdr2017Receipt)
        let created = try #require(CMSFixtures.time("2017-09-11T09:38:34Z"))
        let old = try CMSFixtures.read(
            CMSFixtures.certs.appendingPathComponent("extracted_AppleWWDRCA-G1-2008to2016.cer"))
        let current = try CMSFixtures.read(
            CMSFixtures.certs.appendingPathComponent("extracted_AppleWWDRCA-G1-2013to2023.cer"))
        var parts = ReceiptParts(receipt)
        let carried = DERBuild.children(parts.certificates)
        #expect(carried.count == 3 && carried.contains(current))
        let (oldCertificate, currentCertificate) = (
            try Certificate(derEncoded: old), try Certificate(derEncoded: current)
        )
        #expect(oldCertificate.subject == currentCertificate.subject && !oldCertificate.isValid(at: created))
        for order in permutations(carried + [old]) {
            parts.certificates = DERBuild.tlv(0xA0, order.flatMap { $0 })
            let signedData = try SignedData.parse(parts.encoded())
            let verified = try signedData.verify(anchors: .appleIncRoot, rules: .apple, at: created)
            #expect(verified.chain.count == 3)
            #expect(verified.chain.dropFirst().first.map { Array($0.derEncoded) } == current)
        }
    }
}
