#!/usr/bin/env python3
"""Time per verification: purereceipt.wasm in Node's WebAssembly engine next to native builds of
the same code, in one run (Docs/EMBEDDING.md, "Speed").

    python3 Vectors/wasm-hosts/bench.py --wasm .build/wasm/purereceipt.wasm \
        --driver .build/wasm/purereceipt-embedded [--full .build/release/purereceipt-wasm-driver] \
        [--iterations 200]

--driver: the Embedded x86_64 build (-Osize); --full: the normal build with the full runtime
(`swift build -c release --product purereceipt-wasm-driver`), the native reference for the ratio
when given.

Cases: the 8 KB synthetic receipt (Vectors/receipts/valid-inapp-10.der, 10 in-app purchases) and
a StoreKit 2 transaction (Vectors/jws/transaction-valid.jws), each with its conformance manifest
options; the whole call (request, verification, the verify --json document). Node: the mean of
ITERATIONS calls after 10 warm-up calls. Native: (time of N runs in one process - time of 1) / (N-1),
best of 3, so process start and input reading cancel out.
"""

import argparse
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import request_of  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES = [("receipt-8KB", "app-receipts.json", "valid-inapp-10"),
         ("storekit2-transaction", "storekit.json", "transaction-valid")]


def jobs():
    result = []
    for name, manifest, entry_id in CASES:
        entries = json.loads((ROOT / "Vectors/conformance" / manifest).read_text())["entries"]
        entry = next(e for e in entries if e["id"] == entry_id)
        request, path = request_of(entry["cli"])
        request.setdefault("now", "2025-03-14T09:26:53Z")
        result.append({"name": name, "input": path, "request": request})
    return result


def native_ms(driver, job, iterations):
    body = dict(job["request"])
    if "roots" in body:
        body["roots"] = [base64.b64encode(Path(p).read_bytes()).decode() for p in body["roots"]]
    text = json.dumps(body).encode()
    stdin = struct.pack("<I", len(text)) + text + Path(job["input"]).read_bytes()

    def run(repeat):
        start = time.perf_counter()
        done = subprocess.run([driver], input=stdin, capture_output=True,
                              env={**os.environ, "PURERECEIPT_REPEAT": str(repeat)})
        if done.returncode != 0:
            raise SystemExit(f"bench.py: {job['name']}: the driver answered status {done.returncode}")
        return time.perf_counter() - start

    return min((run(iterations) - run(1)) / (iterations - 1) for _ in range(3)) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wasm", required=True)
    parser.add_argument("--driver", required=True)
    parser.add_argument("--full")
    parser.add_argument("--node", default="node")
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()
    cases = jobs()
    with tempfile.NamedTemporaryFile("w", suffix=".json") as handle:
        json.dump(cases, handle)
        handle.flush()
        node = subprocess.run([args.node, str(ROOT / "Vectors/wasm-hosts/node/bench.mjs"), args.wasm, handle.name,
                               str(args.iterations)], capture_output=True, text=True, check=True)
    wasm = {row["name"]: row for row in map(json.loads, node.stdout.splitlines())}
    print(f"{'case':24} {'wasm (Node) ms':>15} {'Embedded x86_64 ms':>19} {'full runtime ms':>16} {'ratio':>6}")
    for job in cases:
        row = wasm[job["name"]]
        if row["status"] != 0:
            raise SystemExit(f"bench.py: {job['name']}: the module did not answer genuine")
        embedded = native_ms(args.driver, job, args.iterations)
        full = native_ms(args.full, job, args.iterations) if args.full else None
        reference = full or embedded
        print(f"{job['name']:24} {row['ms']:15.3f} {embedded:19.3f} {full if full else float('nan'):16.3f} "
              f"{row['ms'] / reference:6.2f}")


if __name__ == "__main__":
    main()
