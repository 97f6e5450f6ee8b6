#!/usr/bin/env python3
"""Runs Apple's App Store Server Library (Python) with its online checks and PureReceipt's
`verify --revocation require` over the revocation manifest, against an OCSP responder on
127.0.0.1:38265 that this script serves, case by case, and prints one JSON result per entry.

    flock /tmp/purereceipt-responder.lock .build/peers-venv/bin/python \
        Vectors/conformance/peers/apple_revocation.py [--cli PATH] [Vectors/conformance/revocation.json]

The port is the one the test PKI's authorityInfoAccess names, shared with the live tests: hold the
lock while this runs. For each entry the responder answers the OCSP POSTs it receives by the
request's serial number: the leaf's or the intermediate's `revocation.responses` member, which is a
response file (served as is), "openssl" (OpenSSL's responder code, `openssl ocsp -index … -reqin`,
run on the request, as Vectors/revocation/responder.py does; responder named by key) or "down"
(nothing listens on the port). Then:

- Apple: `SignedDataVerifier([root], enable_online_checks=True, Environment, bundle_id)
  .verify_and_decode_signed_transaction(jws)`. Outcome `genuine` (decoded), `undetermined`
  (`RETRYABLE_VERIFICATION_FAILURE`: the library says retry), `refused` (any other
  `VerificationException`), `error` (anything else escaped).
- PureReceipt: the entry's `cli` with `--cli` (default: the built CLI). Outcome from the exit
  status: 0 `genuine`, 75 `undetermined`, 1 or 2 `refused`; the code from its stderr line.

Also counts the OCSP requests each side made. Needs the library, `cryptography` (its dependency)
and `openssl`.
"""

import argparse
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from importlib import metadata
from pathlib import Path

from cryptography.x509 import ocsp

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import purereceipt_cli  # noqa: E402

LINE = re.compile(r"^purereceipt: [^:]+: ([A-Za-z0-9_.]+): ")


class Responder:
    """The OCSP responder of one case on 127.0.0.1:PORT (a thread), counting requests by subject."""

    def __init__(self, manifest, responses, port):
        config = manifest["responder"]
        self.by_serial = {int(serial, 16): which for which, serial in config["serials"].items()}
        self.responses, self.config, self.port = responses, config, port
        self.requests = []
        self.server = None

    def answer(self, body):
        try:
            serial = ocsp.load_der_ocsp_request(body).serial_number
        except ValueError:
            return None
        which = self.by_serial.get(serial)
        self.requests.append(which or f"serial {serial:X}")
        source = self.responses.get(which) if which else None
        if source is None:
            return None
        if source != "openssl":
            return (ROOT / source).read_bytes()
        ca, key = (str(ROOT / f) for f in self.config["openssl"][which])
        with tempfile.TemporaryDirectory() as tmp:
            request, response = Path(tmp, "request.der"), Path(tmp, "response.der")
            request.write_bytes(body)
            subprocess.run(["openssl", "ocsp", "-index", str(ROOT / self.config["index"]), "-CA", ca, "-rsigner", ca,
                            "-rkey", key, "-resp_key_id", "-nmin", "60", "-reqin", str(request),
                            "-respout", str(response)], capture_output=True, timeout=10)
            return response.read_bytes() if response.exists() else None

    def __enter__(self):
        if "down" in self.responses.values():
            return self
        responder = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                data = responder.answer(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
                self.send_response(200 if data else 500)
                self.send_header("Content-Type", "application/ocsp-response")
                self.send_header("Content-Length", str(len(data or b"")))
                self.end_headers()
                self.wfile.write(data or b"")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        if self.server:
            self.server.shutdown()
            self.server.server_close()


def apple(manifest, entry):
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException, \
        VerificationStatus
    roots = [(ROOT / path).read_bytes() for path in entry["trust"]["anchors"]]
    policy = entry["policy"]
    verifier = SignedDataVerifier(roots, True, Environment(policy["environment"]), policy["bundleId"])
    text = (ROOT / entry["input"]).read_text().strip()
    try:
        verifier.verify_and_decode_signed_transaction(text)
        return "genuine", ""
    except VerificationException as e:
        cause = e.__cause__
        detail = e.status.name + (f" ({type(cause).__name__}: {str(cause)[:120]})" if cause else "")
        retry = e.status == VerificationStatus.RETRYABLE_VERIFICATION_FAILURE
        return ("undetermined" if retry else "refused"), detail
    except Exception as e:  # noqa: BLE001 - anything else escaped the library's own classification
        return "error", f"{type(e).__name__}: {str(e)[:160]}"


def ours(cli, entry):
    proc = subprocess.run([cli] + entry["cli"], cwd=ROOT, capture_output=True, timeout=120)
    code = None
    for line in proc.stderr.decode("utf-8", "replace").splitlines():
        m = LINE.match(line)
        if m:
            code = m.group(1)
    outcome = {0: "genuine", 75: "undetermined", 1: "refused", 2: "refused"}.get(proc.returncode, "crashed")
    return outcome, code, proc.returncode


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", default=purereceipt_cli.default_cli())
    parser.add_argument("--port", type=int, default=38265)
    parser.add_argument("manifest", nargs="?", default=str(ROOT / "Vectors/conformance/revocation.json"))
    args = parser.parse_args()
    # Both sides reach the responder directly, whatever proxy the environment names (requests and
    # libcurl, under URLSession, both read no_proxy).
    for variable in ("no_proxy", "NO_PROXY"):
        os.environ[variable] = ",".join(filter(None, [os.environ.get(variable), "127.0.0.1", "localhost"]))
    manifest = json.loads(Path(args.manifest).read_text())
    results = []
    for entry in manifest["entries"]:
        responses = entry["revocation"]["responses"]
        row = {"id": entry["id"], "expected": entry["expected"]}
        with Responder(manifest, responses, args.port) as responder:
            started = len(responder.requests)
            row["ours"], row["oursCode"], row["oursExit"] = ours(args.cli, entry)
            row["oursRequests"] = responder.requests[started:]
            started = len(responder.requests)
            row["apple"], row["appleDetail"] = apple(manifest, entry)
            row["appleRequests"] = responder.requests[started:]
        results.append(row)
        time.sleep(0.05)  # the port is free again before the next case binds it
    versions = {p: metadata.version(p) for p in ("app-store-server-library", "cryptography", "pyOpenSSL", "requests")}
    openssl = subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout.strip()
    json.dump({"peer": "app-store-server-library (enable_online_checks=True)", "versions": dict(versions, openssl=openssl),
               "cli": args.cli, "results": results}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
