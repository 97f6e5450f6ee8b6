#!/usr/bin/env python3
"""Generate Vectors/path-search/: certificate pools that make a naive path search explode.

same-name-pool.pem: a receipt-signing leaf (it carries 1.2.840.113635.100.6.11.1) followed by
15 self-issued CA certificates that share one 2 KB subject name (subject = issuer) and one P-256
key, so every CA verifies the leaf and every other CA. A depth-first search that tries every
candidate at every step meets 15 x 14 x 13 = 2 730 dead ends before it gives up; with a name
rendered into an error at each, that is megabytes of text per verification. No anchor is among
them: the expected verdict is chain.tooLong (the first dead end of the search) under the Apple
policy, at any instant inside 2024-2040.

The key comes from a fixed scalar and ECDSA is deterministic (RFC 6979): a rerun rewrites every
file byte for byte. Run from anywhere: python3 Vectors/tools/make_path_search_vectors.py
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "path-search")
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
UTC = datetime.timezone.utc


def main():
    os.makedirs(OUT, exist_ok=True)
    key = ec.derive_private_key(0x9009, ec.SECP256R1())
    shared = x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureReceipt Path Search"),
                        x509.NameAttribute(NameOID.COMMON_NAME, "Same Name CA"),
                        x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, "x" * 2048, _validate=False)])

    def cert(subject, serial, ca):
        b = (x509.CertificateBuilder().subject_name(subject).issuer_name(shared).public_key(key.public_key())
             .serial_number(serial).not_valid_before(datetime.datetime(2024, 1, 1, tzinfo=UTC))
             .not_valid_after(datetime.datetime(2040, 1, 1, tzinfo=UTC))
             .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
        if not ca:
            b = b.add_extension(x509.UnrecognizedExtension(LEAF_MARKER, b"\x05\x00"), critical=False)
        return b.sign(key, hashes.SHA256(), ecdsa_deterministic=True)

    leaf = cert(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Path Search Leaf")]), 1, False)
    pool = [cert(shared, 100 + i, True) for i in range(15)]
    with open(os.path.join(OUT, "same-name-pool.pem"), "wb") as f:
        for c in [leaf] + pool:
            f.write(c.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
