#!/usr/bin/env python3
"""The live OCSP responder and CRL server of the revocation tests, on 127.0.0.1 only.

OpenSSL 3.0's `openssl ocsp -port` binds every interface and takes no address, so this wraps it:
each POST to 127.0.0.1:38265 is answered by `openssl ocsp -reqin … -respout …` (the real OpenSSL
responder code: -index, -CA, -rsigner/-rkey, -nmin) run on the request bytes, with the CA the
request's CertID names (its issuerNameHash):

  intermediate.pem      answered by the delegated responder (responder.pem, id-kp-OCSPSigning):
                        leaf good, leaf-revoked revoked (keyCompromise), anything else unknown
  jws-intermediate.pem  answered by that CA itself: jws-leaf good, jws-leaf-revoked revoked
  root.pem              answered by the root itself: jws-intermediate good, anything else
                        (the intermediate) unknown, so that its status comes from the root's CRL

127.0.0.1:38266 serves the files of DIR (fresh CRLs, written there by `generate.py --fresh-crls`
at start) and, at /slow, answers nothing for 30 s (a hanging server, for timeouts); GET /count
answers "ocsp N crl M": the OCSP requests and CRL fetches served so far (/count itself and /slow
not counted).

Ports taken (another run's servers, as when test suites run at the same time): waits until they
are free, up to 10 minutes. Once both ports listen it writes DIR/ready and prints "ready"; it runs
until its standard input closes or it is terminated.

    python3 Vectors/revocation/responder.py DIR
"""

import hashlib
import http.server
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

from cryptography import x509
from cryptography.x509 import ocsp

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.abspath(sys.argv[1])
# A parent may start us with SIGTERM blocked (inherited signal mask): take it back.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])


def vector(name):
    return os.path.join(HERE, name)


def index(name, entries):
    """An `openssl ocsp` index file in DIR: (status, revocation, serial hex, subject) per line."""
    file = os.path.join(DIR, name)
    with open(file, "w") as f:
        for status, revoked, serial, subject in entries:
            f.write(f"{status}\t400101000000Z\t{revoked}\t{serial}\tunknown\t/CN={subject}\n")
    return file


os.makedirs(DIR, exist_ok=True)
subprocess.run([sys.executable, vector("generate.py"), "--fresh-crls", DIR], check=True)
REVOKED = "250601000000Z,keyCompromise"
# (CA, responder certificate, its key, index), chosen by the request's issuerNameHash.
RESPONDERS = [
    (vector("intermediate.pem"), vector("responder.pem"), vector("responder.key.pem"),
     index("index-intermediate.txt", [("V", "", "1001", "Revocation Test Leaf"),
                                      ("R", REVOKED, "1002", "Revocation Test Revoked Leaf")])),
    (vector("jws-intermediate.pem"), vector("jws-intermediate.pem"), vector("jws-intermediate.key.pem"),
     index("index-jws-intermediate.txt", [("V", "", "3001", "Revocation Test JWS Leaf"),
                                          ("R", REVOKED, "3002", "Revocation Test JWS Revoked Leaf")])),
    (vector("root.pem"), vector("root.pem"), vector("root.key.pem"),
     index("index-root.txt", [("V", "", "0300", "Revocation Test JWS Intermediate CA")])),
]
SUBJECTS = [x509.load_pem_x509_certificate(open(ca, "rb").read()).subject.public_bytes()
            for ca, _, _, _ in RESPONDERS]
counts = {"ocsp": 0, "crl": 0}
lock = threading.Lock()


def count(kind):
    with lock:
        counts[kind] += 1


def responder(body):
    """The RESPONDERS entry for the CA the request names (the first when none matches)."""
    try:
        request = ocsp.load_der_ocsp_request(body)
        for subject, entry in zip(SUBJECTS, RESPONDERS):
            if hashlib.new(request.hash_algorithm.name, subject).digest() == request.issuer_name_hash:
                return entry
    except Exception:
        pass  # openssl answers malformedRequest
    return RESPONDERS[0]


class OCSP(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        count("ocsp")
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        ca, rsigner, rkey, index_file = responder(body)
        with tempfile.TemporaryDirectory() as tmp:
            req, resp = os.path.join(tmp, "req.der"), os.path.join(tmp, "resp.der")
            with open(req, "wb") as f:
                f.write(body)
            subprocess.run(["openssl", "ocsp", "-index", index_file, "-CA", ca, "-rsigner", rsigner, "-rkey", rkey,
                            "-nmin", "60", "-reqin", req, "-respout", resp],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
            data = open(resp, "rb").read() if os.path.exists(resp) else b""
        self.send_response(200 if data else 500)
        self.send_header("Content-Type", "application/ocsp-response")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


class Files(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=DIR, **kwargs)

    def do_GET(self):
        if self.path == "/slow":
            time.sleep(30)
            return
        if self.path == "/count":
            with lock:
                data = f"ocsp {counts['ocsp']} crl {counts['crl']}\n".encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        count("crl")
        super().do_GET()

    def log_message(self, *args):
        pass


def listen(port, handler):
    """A server on 127.0.0.1:port, waiting while another process holds the port."""
    deadline = time.monotonic() + 600
    while True:
        try:
            return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


servers = [listen(38265, OCSP), listen(38266, Files)]
for server in servers:
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
open(os.path.join(DIR, "ready"), "w").close()
print("ready", flush=True)
sys.stdin.read()  # runs until the test closes stdin (or exits) or terminates the process
