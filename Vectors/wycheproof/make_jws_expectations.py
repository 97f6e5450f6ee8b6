#!/usr/bin/env python3
"""Writes Vectors/wycheproof/jws-expectations.json for json_web_signature_test.json.

    python3 Vectors/wycheproof/make_jws_expectations.py

Our JWS reader (`CompactJWS(compact:)` in PureX509) accepts one profile: the compact serialization
of an ES256 signature whose key comes from an `x5c` chain, as Apple signs StoreKit 2 data. No
Wycheproof JWS test carries `x5c` (their keys are JWKs given beside the test), so every test, the
`valid` ones included, must be refused before any signature is checked. This script states, for
every tcId, the code the reader's documented order gives (the file header of
Sources/PureX509/JWS/CompactJWS.swift), independently of the Swift code:

1. not exactly two '.' -> jws.partCount
2. a part that is not unpadded canonical base64url -> jws.base64 (header, then payload, then signature)
3. a header that is not a strict JSON object (duplicate names refused) -> jws.headerJSON
4. no alg -> jws.headerMember; alg other than "ES256" -> jws.algorithmNotAllowed
5. crit -> jws.criticalHeader; jku / jwk / x5u -> jws.headerMember
6. typ / kid not strings -> jws.headerMember; no x5c (every test) -> jws.headerMember
"""

import base64
import binascii
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
B64URL = re.compile(r"^[A-Za-z0-9_-]*$")


def b64url(part):
    if not B64URL.match(part) or len(part) % 4 == 1:
        return None
    try:
        raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
    except (binascii.Error, ValueError):
        return None
    if base64.urlsafe_b64encode(raw).decode().rstrip("=") != part:
        return None  # non-canonical trailing bits
    return raw


def strict_object(raw):
    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate")
        return dict(pairs)
    try:
        value = json.loads(raw.decode("utf-8"), object_pairs_hook=no_duplicates)
    except (ValueError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def expected(jws):
    parts = jws.split(".")
    if len(parts) != 3:
        return "jws.partCount", "not three parts"
    decoded = [b64url(p) for p in parts]
    for name, raw in zip(("header", "payload", "signature"), decoded):
        if raw is None:
            return "jws.base64", f"{name} is not unpadded canonical base64url"
    header = strict_object(decoded[0])
    if header is None:
        return "jws.headerJSON", "header is not a JSON object"
    if "alg" not in header:
        return "jws.headerMember", "no alg"
    if header["alg"] != "ES256":
        return "jws.algorithmNotAllowed", f"alg {header['alg']!r}: only ES256 is accepted"
    if "crit" in header:
        return "jws.criticalHeader", "crit"
    for name in ("jku", "jwk", "x5u"):
        if name in header:
            return "jws.headerMember", f"{name}: keys come from x5c only"
    for name in ("typ", "kid"):
        if name in header and not isinstance(header[name], str):
            return "jws.headerMember", f"{name} not a string"
    return "jws.headerMember", "no x5c: keys come from a pinned x5c chain only"


def main():
    doc = json.loads((HERE / "json_web_signature_test.json").read_text())
    tests = []
    counts = {}
    for group in doc["testGroups"]:
        for test in group["tests"]:
            jws = test["jws"] if isinstance(test["jws"], str) else json.dumps(test["jws"])
            code, why = expected(jws)
            counts[test["result"]] = counts.get(test["result"], 0) + 1
            tests.append({"tcId": test["tcId"], "group": group.get("comment", ""), "result": test["result"],
                          "expect": "reject", "code": code, "why": why})
    out = {
        "file": "json_web_signature_test.json",
        "numberOfTests": doc["numberOfTests"],
        "counts": counts,
        "decision": "every test refused by CompactJWS(compact:) before any signature is checked: none carries "
                    "x5c, and our reader takes keys only from a pinned x5c chain (StoreKit 2's profile). The "
                    "`valid` tests are valid JWS under a JWK key the caller supplies, a mode we do not offer.",
        "generator": "Vectors/wycheproof/make_jws_expectations.py",
        "tests": tests,
    }
    (HERE / "jws-expectations.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"{len(tests)} tests: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    by_code = {}
    for t in tests:
        by_code[t["code"]] = by_code.get(t["code"], 0) + 1
    print(by_code)


if __name__ == "__main__":
    main()
