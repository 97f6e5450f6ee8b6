#!/usr/bin/env python3
"""Runs the usual OpenSSL recipe for app receipts over the app-receipt conformance manifest and
prints one JSON result per entry.

    python3 Vectors/conformance/peers/openssl_receipts.py [Vectors/conformance/app-receipts.json] > results.json

The recipe, as integrators write it (Python standard library + the `openssl` command only):

1. base64 text is decoded first;
2. `openssl cms -verify -noverify -binary -inform DER -in RECEIPT -out PAYLOAD`: the content, with
   the signature checked but no chain, to read the creation date (attribute 12);
3. `openssl cms -verify -binary -inform DER -purpose any -CAfile ANCHORS.pem -attime T -in RECEIPT
   -out PAYLOAD`, T = that creation date (validity judged when the receipt was made). The anchors
   are the entry's roots, plus the Xcode certificate when the entry opts in;
4. the verified payload read as the receipt ASN.1 (a SET of SEQUENCE {type, version, value}) and the
   entry's policy applied: bundle id (2), version (3), environments (0), device hash
   SHA-1(device id || opaque (4) || bundle id TLV (2)) = (5), and the VPP expiry (21) against `now`.

Outcomes: `genuine` (every step passed), `refused` (openssl exited non-zero, the payload did not
read, or a policy value differed; the reason is kept), `crashed` (killed by a signal or timed out).
OpenSSL knows nothing of Apple's marker OIDs or of the Xcode opt-in: that is part of what the
scoreboard shows.
"""

import base64
import datetime
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


class PayloadError(Exception):
    pass


def tlv(data, offset):
    """(tag, start of value, end of value) of the DER element at offset; definite lengths only."""
    if offset + 2 > len(data):
        raise PayloadError("truncated")
    tag = data[offset]
    length = data[offset + 1]
    pos = offset + 2
    if length & 0x80:
        n = length & 0x7F
        if n == 0 or n > 4 or pos + n > len(data):
            raise PayloadError("unsupported length")
        length = int.from_bytes(data[pos:pos + n], "big")
        pos += n
    if pos + length > len(data):
        raise PayloadError("length past end")
    return tag, pos, pos + length


def attributes(payload):
    """{type: [value TLV bytes]} of the receipt payload SET."""
    tag, start, end = tlv(payload, 0)
    if tag != 0x31 or end != len(payload):
        raise PayloadError("payload is not one SET")
    out = {}
    pos = start
    while pos < end:
        tag, s, e = tlv(payload, pos)
        if tag != 0x30:
            raise PayloadError("attribute is not a SEQUENCE")
        t1, a, b = tlv(payload, s)
        t2, c, d = tlv(payload, b)
        t3, f, g = tlv(payload, d)
        if (t1, t2, t3) != (0x02, 0x02, 0x04) or g != e:
            raise PayloadError("attribute fields")
        out.setdefault(int.from_bytes(payload[a:b], "big", signed=True), []).append(payload[f:g])
        pos = e
    return out


def string_value(value):
    tag, s, e = tlv(value, 0)
    if tag not in (0x0C, 0x16) or e != len(value):
        raise PayloadError("not a string")
    return value[s:e].decode("utf-8")


def parse_date(text):
    text = text.strip()
    if not text:
        return None
    for fmt in ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%S.%fZ", "%Y-%m-%dT%H:%M:%S%z"):
        try:
            d = datetime.datetime.strptime(text, fmt)
            return d if d.tzinfo else d.replace(tzinfo=datetime.timezone.utc)
        except ValueError:
            pass
    raise PayloadError(f"date {text!r}")


def openssl(args, timeout=60):
    return subprocess.run(["openssl"] + args, capture_output=True, timeout=timeout)


def pem_bundle(manifest, entry, folder):
    names = list(entry["trust"]["anchors"])
    if entry["trust"].get("xcode"):
        names.append(entry["trust"]["xcode"])
    pems = []
    for name in names:
        ref = manifest["anchors"].get(name, name)
        path = ROOT / (ref["file"] if isinstance(ref, dict) else ref)
        r = openssl(["x509", "-inform", "DER", "-in", str(path)])
        pems.append(r.stdout if r.returncode == 0 else path.read_bytes())
    bundle = Path(folder) / "anchors.pem"
    bundle.write_bytes(b"".join(pems))
    return bundle


def first_line(stderr):
    lines = [l for l in stderr.decode("utf-8", "replace").splitlines() if l.strip()]
    return lines[0][:160] if lines else ""


def verify(manifest, entry):
    raw = (ROOT / entry["input"]).read_bytes()
    with tempfile.TemporaryDirectory() as folder:
        der = raw
        if raw[:1] != b"\x30":
            try:
                der = base64.b64decode(b"".join(raw.split()), validate=True)
            except ValueError:
                der = raw  # not base64: hand the bytes to openssl as they are
        receipt = Path(folder) / "receipt.der"
        receipt.write_bytes(der)
        payload = Path(folder) / "payload"
        try:
            step = openssl(["cms", "-verify", "-noverify", "-binary", "-inform", "DER", "-in", str(receipt),
                            "-out", str(payload)])
            if step.returncode < 0:
                return "crashed", f"signal {-step.returncode}"
            if step.returncode != 0:
                return "refused", "cms -verify -noverify: " + first_line(step.stderr)
            try:
                values = attributes(payload.read_bytes())
                created = parse_date(string_value(values[12][0]))
            except (PayloadError, KeyError, UnicodeDecodeError) as e:
                return "refused", f"payload (before the chain): {e}"
            anchors = pem_bundle(manifest, entry, folder)
            if created is None:
                return "refused", "no creation date"
            step = openssl(["cms", "-verify", "-binary", "-inform", "DER", "-purpose", "any", "-CAfile", str(anchors),
                            "-attime", str(int(created.timestamp())), "-in", str(receipt), "-out", str(payload)])
        except subprocess.TimeoutExpired:
            return "crashed", "timeout"
        if step.returncode < 0:
            return "crashed", f"signal {-step.returncode}"
        if step.returncode != 0:
            return "refused", "cms -verify: " + first_line(step.stderr)
        try:
            values = attributes(payload.read_bytes())
            policy = entry.get("policy", {})
            if "bundleId" in policy and string_value(values[2][0]) != policy["bundleId"]:
                return "refused", "policy: bundle id"
            if "bundleVersion" in policy and string_value(values[3][0]) != policy["bundleVersion"]:
                return "refused", "policy: bundle version"
            if "deviceId" in policy:
                device = bytes.fromhex(policy["deviceId"].replace("-", ""))
                if hashlib.sha1(device + values[4][0] + values[2][0]).digest() != values[5][0]:
                    return "refused", "policy: device hash"
            if "environments" in policy and string_value(values[0][0]) not in policy["environments"]:
                return "refused", "policy: environment"
            if entry.get("now") and 21 in values:
                expiry = parse_date(string_value(values[21][0]))
                now = parse_date(entry["now"])
                if expiry is not None and expiry < now:
                    return "refused", "policy: receipt expired (21)"
        except (PayloadError, KeyError, UnicodeDecodeError, ValueError) as e:
            return "refused", f"payload: {e}"
        return "genuine", ""


def main():
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "Vectors/conformance/app-receipts.json"
    manifest = json.loads(path.read_text())
    corpus = (ROOT / "../shared/corpus").exists()
    results = []
    for entry in manifest["entries"]:
        if entry["corpus"] and not corpus:
            results.append({"id": entry["id"], "outcome": "skipped", "detail": "../shared/corpus absent"})
            continue
        outcome, detail = verify(manifest, entry)
        results.append({"id": entry["id"], "outcome": outcome, "detail": detail})
    version = subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout.strip()
    json.dump({"peer": "openssl", "versions": {"openssl": version}, "results": results}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
