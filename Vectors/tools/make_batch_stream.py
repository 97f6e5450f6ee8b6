#!/usr/bin/env python3
"""Writes a mixed NDJSON stream for `purereceipt verify --ndjson` benchmarks (Docs/PERFORMANCE.md,
"Batch verification"), from the project's own vectors only.

Mix per 20 lines: 6 notifications with nested signed items (notification bodies with an id),
4 bare signed transactions, 2 transactions and 2 renewal infos as objects, 3 app receipts (base64,
about 8 KB), one forged JWS (payload changed after signing), one forged app receipt (a flipped
payload byte) and one malformed line. Verify with
  --root Vectors/jws/root.der --root Vectors/pki/root.der
so that the JWS vectors and the synthetic receipts have their test anchors.

  python3 Vectors/tools/make_batch_stream.py COUNT > stream.ndjson
"""

import base64
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)


def read(path):
    with open(os.path.join(VECTORS, path), "rb") as f:
        return f.read()


def jws(name):
    return read("jws/" + name).decode().strip()


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    notification = jws("notification-valid.jws")
    app_data = jws("notification-appdata-valid.jws")
    transaction = jws("transaction-valid.jws")
    renewal = jws("renewal-valid.jws")
    forged_jws = jws("payload-modified.jws")
    receipt = base64.b64encode(read("receipts/valid-der-sha256.der")).decode()
    forged_receipt = base64.b64encode(read("receipts/forged-flipped-payload-byte.der")).decode()
    pattern = (
        [lambda i: json.dumps({"id": f"n{i}", "signedPayload": notification})] * 3
        + [lambda i: json.dumps({"id": f"a{i}", "signedPayload": app_data})] * 3
        + [lambda i: transaction] * 4
        + [lambda i: json.dumps({"id": f"t{i}", "signedTransaction": transaction})] * 2
        + [lambda i: json.dumps({"id": f"r{i}", "signedRenewalInfo": renewal})] * 2
        + [lambda i: json.dumps({"id": f"receipt{i}", "receipt-data": receipt})] * 2
        + [lambda i: receipt]
        + [lambda i: forged_jws]
        + [lambda i: json.dumps({"id": f"forged{i}", "receipt-data": forged_receipt})]
        + [lambda i: "this line is not an input"]
    )
    out = sys.stdout
    for i in range(count):
        out.write(pattern[i % len(pattern)](i))
        out.write("\n")


if __name__ == "__main__":
    main()
