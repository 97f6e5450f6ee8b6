// X.509 certificate parsing, paired with the anchor's `x509_parse_leaf` (d2i_X509 + X509_free of
// `leaf.der`): the whole certificate decoded — names, validity, extensions and the RSA key.

import PureX509

let x509Cases: [BenchCase] = [
    BenchCase(name: "x509_parse_leaf", bytes: 0) { fixtures in
        let der = try fixtures.bytes("leaf.der")
        _ = try Certificate(derEncoded: der)  // fails setup, not the timed loop, on a bad fixture
        return {
            let certificate = try? Certificate(derEncoded: der)
            benchSink &+= UInt64(certificate?.signature.count ?? 0)
        }
    }
]
