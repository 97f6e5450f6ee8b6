#!/usr/bin/env python3
"""Writes StoreKit 2 transactions whose every line has its own certificate chain, for the batch
throughput measurement against Apple's library (Docs/PERFORMANCE.md, "Batch throughput against
Apple's library"): no chain can be reused from one line to the next, so every line pays for its
chain's two signature checks (P-384) as well as the transaction's (P-256).

Each transaction is signed by its own P-256 leaf (signing marker 1.2.840.113635.100.6.11.1),
certified by the Apple-shaped P-384 intermediate of `Vectors/revocation/apple-shaped/` (WWDR marker
1.2.840.113635.100.6.2.1) under its P-384 root; with `--intermediates`, each line also has its own
P-384 intermediate certified by that root. The certificates carry the key identifiers Apple's
library requires (OpenSSL strict mode) and no OCSP address. Keys come from fixed scalars (test
keys, never trust them) and every signature is deterministic (RFC 6979): the output is the same on
every run.

    python3 Vectors/tools/make_own_chain_stream.py COUNT [--intermediates] > stream.jws

One compact JWS per line (bundle id com.example.revocation, Sandbox, signed 2026-01-01), as
`purereceipt verify --ndjson` reads them:
    purereceipt verify --ndjson --jobs 1 --root Vectors/revocation/apple-shaped/root.der \\
        --kind transaction --bundle-id com.example.revocation --environment Sandbox stream.jws
Needs Python `cryptography` >= 44.
"""

import base64
import datetime
import json
import sys
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.x509.oid import NameOID

PKI = Path(__file__).resolve().parent.parent / "revocation" / "apple-shaped"
UTC = datetime.timezone.utc
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
WWDR_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
BUNDLE = "com.example.revocation"
SIGNED = 1767225600000  # 2026-01-01T00:00:00Z


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureReceipt Throughput Tests"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, key, issuer, issuer_key, serial, *, ca, marker):
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer.subject)
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(datetime.datetime(2020, 1, 1, tzinfo=UTC))
               .not_valid_after(datetime.datetime(2040, 1, 1, tzinfo=UTC))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if ca else None), critical=True)
               .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False,
                                            key_encipherment=False, data_encipherment=False, key_agreement=False,
                                            key_cert_sign=ca, crl_sign=ca, encipher_only=False,
                                            decipher_only=False), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                              critical=False)
               .add_extension(x509.UnrecognizedExtension(marker, b"\x05\x00"), critical=False))
    return builder.sign(issuer_key, hashes.SHA384(), ecdsa_deterministic=True)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jws(header, payload, key):
    signing_input = b64url(json.dumps(header, separators=(",", ":")).encode()) + "." + \
        b64url(json.dumps(payload, separators=(",", ":")).encode())
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256(), deterministic_signing=True)))
    return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def der(c):
    return base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode()


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    own_intermediates = "--intermediates" in sys.argv[2:]
    root = x509.load_der_x509_certificate((PKI / "root.der").read_bytes())
    root_key = serialization.load_pem_private_key((PKI / "root.key.pem").read_bytes(), None)
    shared = x509.load_der_x509_certificate((PKI / "intermediate.der").read_bytes())
    shared_key = serialization.load_pem_private_key((PKI / "intermediate.key.pem").read_bytes(), None)
    out = sys.stdout
    for i in range(count):
        inter, inter_key = shared, shared_key
        if own_intermediates:
            inter_key = ec.derive_private_key(0xC0000 + i, ec.SECP384R1())
            inter = cert(name(f"Throughput WWDR {i}"), inter_key, root, root_key, 0xC0000 + i, ca=True,
                         marker=WWDR_MARKER)
        leaf_key = ec.derive_private_key(0xB0000 + i, ec.SECP256R1())
        leaf = cert(name(f"Throughput Leaf {i}"), leaf_key, inter, inter_key, 0xB0000 + i, ca=False,
                    marker=LEAF_MARKER)
        transaction = {
            "transactionId": str(3000000000000000 + i), "originalTransactionId": str(3000000000000000 + i),
            "bundleId": BUNDLE, "productId": BUNDLE + ".monthly", "purchaseDate": SIGNED - 60000,
            "expiresDate": SIGNED + 2592000000, "quantity": 1, "type": "Auto-Renewable Subscription",
            "inAppOwnershipType": "PURCHASED", "signedDate": SIGNED, "environment": "Sandbox",
            "transactionReason": "PURCHASE", "storefront": "USA", "storefrontId": "143441", "price": 4990,
            "currency": "USD"}
        out.write(jws({"alg": "ES256", "x5c": [der(leaf), der(inter), der(root)]}, transaction, leaf_key) + "\n")


if __name__ == "__main__":
    main()
