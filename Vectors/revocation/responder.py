#!/usr/bin/env python3
"""The live OCSP responder and CRL server of the revocation tests, on 127.0.0.1 only.

OpenSSL 3.0's `openssl ocsp -port` binds every interface and takes no address, so this wraps it:
each POST to 127.0.0.1:38265 is answered by `openssl ocsp -reqin … -respout …` (the real OpenSSL
responder code: -index, -CA, -rsigner/-rkey, -nmin) run on the request bytes. 127.0.0.1:38266
serves the files of DIR (fresh CRLs from `generate.py --fresh-crls DIR`) and, at /slow, answers
nothing for 30 s (a hanging server, for timeouts). Prints "ready" once both ports listen.

    python3 Vectors/revocation/responder.py DIR INDEX CA RSIGNER RKEY
"""

import http.server
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

DIR, INDEX, CA, RSIGNER, RKEY = sys.argv[1:6]
# A parent may start us with SIGTERM blocked (inherited signal mask): take it back.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])


class OCSP(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with tempfile.TemporaryDirectory() as tmp:
            req, resp = os.path.join(tmp, "req.der"), os.path.join(tmp, "resp.der")
            with open(req, "wb") as f:
                f.write(body)
            subprocess.run(["openssl", "ocsp", "-index", INDEX, "-CA", CA, "-rsigner", RSIGNER, "-rkey", RKEY,
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
        super().do_GET()

    def log_message(self, *args):
        pass


servers = [http.server.ThreadingHTTPServer(("127.0.0.1", 38265), OCSP),
           http.server.ThreadingHTTPServer(("127.0.0.1", 38266), Files)]
for server in servers:
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
print("ready", flush=True)
sys.stdin.read()  # runs until the test closes stdin (or exits) or terminates the process
