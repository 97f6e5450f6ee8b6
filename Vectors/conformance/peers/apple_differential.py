#!/usr/bin/env python3
"""Differential oracle: our verdict (the `purereceipt` CLI) against Apple's App Store Server Library
on any compact JWS files.

    python3 Vectors/conformance/peers/apple_differential.py [--root DER]... [--cli PATH] [--json]
                                                          [--no-strict] FILE...

Each file is verified twice with the same trust and the same policy:
- trust: the --root certificates; without --root, Vectors/jws/root.der for files under Vectors/jws
  Apple's test CA for the corpus MOCK file, and Apple Root CA - G3
  (../shared/corpus/certs/extracted_AppleRootCA-G3.cer) otherwise;
- kind, bundle id and environment: read from the payload (unverified, only to choose the call and
  the policy), so the comparison is about authenticity and encoding, not about the caller's policy:
  a notification (notificationType) → ..._notification; receiptType → app transaction;
  renewalDate / autoRenewStatus → renewal info; otherwise a transaction. A Production payload gets
  its own appAppleId (Apple's library requires one).

Agreement is on the outcome: genuine / refused / error-or-crash. Prints one line per file, and the
disagreements at the end; exit 1 when any file disagrees. Runs under the Python that has
`app-store-server-library` (e.g. .build/peers-venv/bin/python).
"""

import argparse
import base64
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import apple_storekit  # noqa: E402
import purereceipt_cli  # noqa: E402

ROOT = apple_storekit.ROOT
G3 = "../shared/corpus/certs/extracted_AppleRootCA-G3.cer"
TEST_ROOT = "Vectors/jws/root.der"
MOCK_CA = "../shared/corpus/certs/asl-swift_testCA-for-MOCK-jws.der"  # Apple's test CA, for its MOCK file


def unverified_payload(text):
    try:
        part = text.split(".")[1]
        return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    except Exception:  # noqa: BLE001 - a file that does not decode still gets both verdicts
        return {}


def setting(path, text, roots):
    payload = unverified_payload(text)
    if "notificationType" in payload:
        kind = "notification"
        data = payload.get("data") or payload.get("summary") or payload.get("externalPurchaseToken") or \
            payload.get("appData") or {}
        bundle, environment, app_id = data.get("bundleId", ""), data.get("environment"), data.get("appAppleId")
        token = payload.get("externalPurchaseToken")
        if token and not environment:
            environment = "Sandbox" if str(token.get("externalPurchaseId", "")).startswith("SANDBOX") else "Production"
    elif "receiptType" in payload:
        kind, bundle, environment, app_id = ("appTransaction", payload.get("bundleId", ""),
                                             payload.get("receiptType"), payload.get("appAppleId"))
    elif "renewalDate" in payload or "autoRenewStatus" in payload:
        kind, bundle, environment, app_id = "renewalInfo", "", payload.get("environment"), None
    else:
        kind, bundle, environment, app_id = ("transaction", payload.get("bundleId", ""),
                                             payload.get("environment"), payload.get("appAppleId"))
    environment = environment if environment in ("Production", "Sandbox", "Xcode", "LocalTesting") else "Sandbox"
    if not roots:
        rel = str(Path(path).resolve().relative_to(ROOT)) if str(Path(path).resolve()).startswith(str(ROOT)) else ""
        roots = [TEST_ROOT if rel.startswith("Vectors/jws/") else MOCK_CA if "MOCK" in Path(path).name else G3]
    cli_kind = {"transaction": "transaction", "renewalInfo": "renewal", "appTransaction": "app-transaction",
                "notification": "notification"}[kind]
    policy = {"environment": environment, "bundleId": bundle}
    cli = ["verify", "--kind", cli_kind, "--environment", environment]
    if kind != "renewalInfo":
        cli += ["--bundle-id", bundle]
    if environment == "Production" and app_id is not None:
        policy["appAppleId"] = app_id
        cli += ["--app-apple-id", str(app_id)]
    for root in roots:
        cli += ["--root", root]
    cli.append(str(Path(path).resolve()))
    manifest = {"anchors": {}}
    entry = {"id": str(path), "input": str(Path(path).resolve()), "kind": kind, "policy": policy,
             "trust": {"anchors": [str(Path(r).resolve()) if not Path(r).is_absolute() else r for r in
                                   [str(ROOT / r) for r in roots]], "xcode": None}, "cli": cli}
    return manifest, entry


def compare(paths, roots, cli, strict=True):
    rows = []
    for path in paths:
        text = Path(path).read_text(encoding="utf-8", errors="replace").strip()
        manifest, entry = setting(path, text, roots)
        apple, apple_detail = apple_storekit.verify(manifest, entry, text=text, strict=strict)
        verdict, code, _ = purereceipt_cli.outcome(cli, entry)
        ours = "genuine" if verdict == "genuine" else ("crashed" if verdict == "crashed" else "refused")
        apple_cls = "crashed" if apple == "error" else apple
        rows.append({"file": str(path), "kind": entry["kind"], "environment": entry["policy"]["environment"],
                     "ours": ours, "oursCode": code, "apple": apple, "appleDetail": apple_detail,
                     "agree": ours == apple_cls})
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", action="append", default=[])
    parser.add_argument("--cli", default=purereceipt_cli.default_cli())
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-strict", action="store_true")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    rows = compare(args.files, args.root, args.cli, strict=not args.no_strict)
    if args.json:
        json.dump({"versions": apple_storekit.versions(), "strict": not args.no_strict, "rows": rows},
                  sys.stdout, indent=1)
        print()
    else:
        for r in rows:
            mark = "agree   " if r["agree"] else "DISAGREE"
            print(f"{mark} {Path(r['file']).name}: ours {r['ours']} {r['oursCode'] or ''} | "
                  f"apple {r['apple']} {r['appleDetail'][:100]}")
        print(f"{sum(r['agree'] for r in rows)} of {len(rows)} agree")
    sys.exit(0 if all(r["agree"] for r in rows) else 1)


if __name__ == "__main__":
    main()
