#!/usr/bin/env python3
"""Writes Vectors/limbo/limbo-subset.json: the x509-limbo test cases that apply to a verifier with a
pinned root and no host-name, name-constraint or web-PKI rules, with provenance and licence.

    python3 Vectors/tools/make_limbo_subset.py --mirror DIR [--commit SHA]

DIR is a git clone of https://github.com/C2SP/x509-limbo (e.g. the one the project's `fetch` tool
brings to /work/.mirror/C2SP+x509-limbo/repo). The default commit is the one recorded in
Vectors/limbo/README.md: the newest commit whose limbo.json is in the stored snapshot (later
limbo.json files are over the snapshot's 4 MiB file limit). The licence files at that commit are
copied to Vectors/limbo/LICENSE. Deterministic: a rerun leaves the files byte-identical.

Selection (the README lists every skipped family with its reason):
- kept: pathlen::*, pathological::*, rfc5280::* except rfc5280::nc::* (name constraints) and
  rfc5280::san::* (subject alternative names: host-name matching); rfc5280::eku::* is kept (EKU is
  not processed: a documented difference); webpki::cryptographydotio-chain* (real path building,
  host name ignored); online::* (real chains at a fixed instant, host name ignored);
- skipped: rfc5280::nc::*, rfc5280::san::*, and every other webpki::* case (CA/Browser Forum rules:
  root AKI shape, EKU pedantry, forbidden algorithms and curves, v1 certificates, SAN matching).
"""

import argparse
import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Vectors/limbo"
DEFAULT_COMMIT = "ddc40b47b3e2a9cc519950ca72f0557a0f366838"

KEEP = [r"pathlen::.*", r"pathological::.*", r"rfc5280::(?!nc::|san::).*", r"webpki::cryptographydotio-chain.*",
        r"online::.*"]
SKIP_REASONS = [
    (r"rfc5280::nc::.*", "name constraints: not processed (a critical nameConstraints extension is refused as an "
     "unknown critical extension); Apple's chains carry none"),
    (r"rfc5280::san::.*", "subject alternative name checks belong to host-name matching, which a receipt verifier "
     "does not do"),
    (r"webpki::san::.*", "host-name matching (web PKI)"),
    (r"webpki::nc::.*", "name constraints (web PKI profile)"),
    (r"webpki::aki::.*", "CA/Browser Forum shape of a root's Authority Key Identifier (web PKI only)"),
    (r"webpki::eku::.*", "CA/Browser Forum EKU rules (web PKI only)"),
    (r"webpki::.*", "CA/Browser Forum rule (forbidden algorithms or curves, v1 certificates, AIA, basicConstraints "
     "in end entities): web PKI only"),
]


def git(mirror, *args):
    return subprocess.run(["git", "-C", str(mirror)] + list(args), capture_output=True, check=True).stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirror", required=True)
    parser.add_argument("--commit", default=DEFAULT_COMMIT)
    args = parser.parse_args()
    commit = git(args.mirror, "rev-parse", args.commit).decode().strip()
    date = git(args.mirror, "log", "-1", "--format=%cI", commit).decode().strip()
    limbo = json.loads(git(args.mirror, "show", f"{commit}:limbo.json"))
    kept, skipped = [], []
    for case in limbo["testcases"]:
        if any(re.fullmatch(p, case["id"]) for p in KEEP):
            kept.append(case)
        else:
            reason = next(r for p, r in SKIP_REASONS if re.fullmatch(p, case["id"]))
            skipped.append({"id": case["id"], "reason": reason})
    OUT.mkdir(parents=True, exist_ok=True)
    doc = {
        "provenance": {
            "source": "https://github.com/C2SP/x509-limbo",
            "file": "limbo.json",
            "commit": commit,
            "commitDate": date,
            "limboVersion": limbo.get("version"),
            "licence": "Apache-2.0 OR BSD-3-Clause (x509-limbo at this commit; texts in LICENSE)",
            "generator": "Vectors/tools/make_limbo_subset.py (PureReceipt project)",
            "changes": "only the selected test cases are kept, each unchanged",
        },
        "selected": len(kept),
        "skipped": skipped,
        "testcases": kept,
    }
    (OUT / "limbo-subset.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    licence = []
    for name in ("LICENSE", "LICENSE.APACHE", "LICENSE.BSD"):
        try:
            text = git(args.mirror, "show", f"{commit}:{name}").decode("utf-8")
        except subprocess.CalledProcessError:
            continue
        licence.append(f"==== {name} (C2SP/x509-limbo @ {commit[:12]}) ====\n\n{text.strip()}\n")
    (OUT / "LICENSE").write_text("\n".join(licence), encoding="utf-8")
    print(f"Vectors/limbo/limbo-subset.json: {len(kept)} cases kept, {len(skipped)} skipped")


if __name__ == "__main__":
    main()
