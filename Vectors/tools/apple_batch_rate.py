#!/usr/bin/env python3
"""Times Apple's App Store Server Library (Python) on a file of signed transactions, one compact
JWS per line (`make_own_chain_stream.py`), for the batch throughput comparison of
Docs/PERFORMANCE.md ("Batch throughput against Apple's library"): one `SignedDataVerifier`,
offline (no OCSP), every line verified and decoded once, in order; prints the lines and the
process's user CPU seconds for them, as `/usr/bin/time -f %U` reports them for the CLI.

    taskset -c 0 PYTHON Vectors/tools/apple_batch_rate.py stream.jws

PYTHON: an interpreter with `app-store-server-library` installed (CI's .build/peers-venv). The
anchor is the Apple-shaped test root; bundle id and environment are those of the generated data.
"""

import os
import sys
from pathlib import Path

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

ROOT = Path(__file__).resolve().parent.parent / "revocation" / "apple-shaped" / "root.der"


def main():
    lines = [line.strip() for line in open(sys.argv[1]) if line.strip()]
    verifier = SignedDataVerifier([ROOT.read_bytes()], False, Environment.SANDBOX, "com.example.revocation", None)
    start = os.times().user
    for line in lines:
        verifier.verify_and_decode_signed_transaction(line)
    seconds = os.times().user - start
    print(f"{len(lines)} transactions in {seconds:.2f} user CPU s: {len(lines) / seconds:.1f} per CPU second")


if __name__ == "__main__":
    main()
