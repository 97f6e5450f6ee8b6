#!/usr/bin/env python3
"""Genuine receipts (signed by the test PKI) of 30, 1 000, 4 000, 10 000, 40 000 and 100 000 full
in-app records (about 8 KB, 260 KB, 1 MB, 2.6 MB, 10 MB and 25.5 MB), for the scaling table of
Docs/PERFORMANCE.md. usage: scaling.py [OUTDIR] [PKIDIR]
Records and signing are those of hostile.py (forged-100k.der is the 100 000 case)."""
import datetime
import os
import sys

from cryptography import x509

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile  # noqa: E402


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/purereceipt-scaling"
    pki = sys.argv[2] if len(sys.argv) > 2 else "/tmp/prfix"
    os.makedirs(out, exist_ok=True)
    leaf = x509.load_pem_x509_certificate(open(os.path.join(pki, "leaf.pem"), "rb").read())
    created = (leaf.not_valid_before_utc + datetime.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    for count in (30, 1_000, 4_000, 10_000, 40_000, 100_000):
        name = os.path.join(out, "records-%d.der" % count)
        records = [hostile.full_record(i, created) for i in range(count)]
        hostile.sign(pki, hostile.payload(records, created), name)
        print("%-32s %10d bytes" % (name, os.path.getsize(name)))


if __name__ == "__main__":
    main()
