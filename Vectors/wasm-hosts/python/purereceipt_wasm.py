"""Calling purereceipt.wasm from Python with wasmtime (pip install wasmtime).

    from purereceipt_wasm import Verifier
    verifier = Verifier("purereceipt.wasm")
    status, document = verifier.verify(receipt_bytes, {"now": "2026-01-01T00:00:00Z", "bundleId": "…"})

`status`: 0 genuine, 1 not genuine or a check failed, 2 malformed, 64 usage (a bad request);
`document`: the JSON text `purereceipt verify --json` prints. The request's members are in
Docs/EMBEDDING.md; `roots` and `xcodeRoot` take certificate file bytes (DER or PEM). The module
imports nothing, so it is instantiated with no imports at all.

Run as a script, it is the example .ci/wasm runs: one synthetic receipt, one StoreKit 2
transaction and one forgery from Vectors/, with their expected verdicts.
"""

import base64
import json
import struct
import sys
from pathlib import Path

import wasmtime


class Verifier:
    def __init__(self, path):
        engine = wasmtime.Engine()
        self.store = wasmtime.Store(engine)
        instance = wasmtime.Instance(self.store, wasmtime.Module.from_file(engine, str(path)), [])
        exports = instance.exports(self.store)
        self.memory, self.alloc, self.free, self._verify = (
            exports["memory"], exports["alloc"], exports["free"], exports["verify"])

    def _place(self, data):
        address = self.alloc(self.store, len(data))
        if address == 0:
            raise MemoryError("purereceipt.wasm: out of memory")
        self.memory.write(self.store, data, address)
        return address

    def verify(self, data, request):
        body = dict(request)
        if "roots" in body:
            body["roots"] = [base64.b64encode(root).decode() for root in body["roots"]]
        if "xcodeRoot" in body:
            body["xcodeRoot"] = base64.b64encode(body["xcodeRoot"]).decode()
        request_bytes = json.dumps(body).encode()
        input_address, request_address = self._place(data), self._place(request_bytes)
        try:
            answer = self._verify(self.store, input_address, len(data), request_address, len(request_bytes))
            if answer == 0:
                raise MemoryError("purereceipt.wasm: out of memory")
            status, length = struct.unpack("<II", self.memory.read(self.store, answer, answer + 8))
            document = self.memory.read(self.store, answer + 8, answer + 8 + length).decode()
            self.free(self.store, answer)
            return status, document
        finally:
            self.free(self.store, input_address)
            self.free(self.store, request_address)


def main():
    vectors = Path(__file__).resolve().parents[2]
    verifier = Verifier(sys.argv[1])
    root = (vectors / "pki/root.der").read_bytes()
    status, document = verifier.verify((vectors / "receipts/valid-der-sha256.der").read_bytes(), {
        "roots": [root], "bundleId": "com.example.pureapp", "bundleVersion": "42",
        "deviceId": "0123456789abcdeffedcba9876543210", "environment": "Production", "now": "2025-03-14T09:26:53Z"})
    receipt_ok = status == 0 and json.loads(document)["status"] == 0
    status, document = verifier.verify((vectors / "jws/transaction-valid.jws").read_bytes(), {
        "roots": [(vectors / "jws/root.der").read_bytes()], "bundleId": "com.example.vectors",
        "environment": "Sandbox", "now": "2026-01-01T00:00:00Z"})
    transaction_ok = status == 0 and json.loads(document)["verdict"] == "genuine"
    status, document = verifier.verify((vectors / "receipts/forged-signature-over-different-bytes.der").read_bytes(),
                                       {"roots": [root], "now": "2025-03-14T09:26:53Z"})
    forged_ok = status == 1 and json.loads(document)["status"] != 0
    results = [("app receipt", receipt_ok), ("StoreKit 2 transaction", transaction_ok),
               ("forged receipt refused", forged_ok)]
    for name, ok in results:
        print(f"{'ok  ' if ok else 'FAIL'} python: {name}")
    sys.exit(0 if all(ok for _, ok in results) else 1)


if __name__ == "__main__":
    main()
