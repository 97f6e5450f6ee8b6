#!/usr/bin/env python3
"""Runs Apple's App Store Server Library (Python, PyPI `app-store-server-library` 3.x) over the
StoreKit 2 conformance manifest and prints one JSON result per entry.

    python3 Vectors/conformance/peers/apple_storekit.py [--no-strict] [Vectors/conformance/storekit.json] > results.json

For each entry: `SignedDataVerifier(root_certificates, enable_online_checks=False, environment,
bundle_id, app_apple_id)` with the entry's anchors (DER files; the built-in Apple Root CA - G3 is
the corpus copy), then `verify_and_decode_signed_transaction`, `..._renewal_info`,
`..._app_transaction`, `..._notification` or `..._realtime_request` by the entry's kind. Outcomes, in our verdict terms:

- `genuine`: the call returned a decoded payload;
- `refused`: it raised `VerificationException` (its status is kept), or the constructor refused the
  configuration (`ValueError`: Production without an app Apple id);
- `error`: any other exception escaped (the library did not classify the input).

Policy members the library has no parameter for (deviceVerificationID) are listed under
`unexpressible`. Needs only the library (install it in a virtual environment:
`python3 -m venv .build/peers-venv && .build/peers-venv/bin/pip install app-store-server-library`).
"""

import json
import sys
from importlib import metadata
from pathlib import Path

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException

ROOT = Path(__file__).resolve().parents[3]
METHODS = {
    "transaction": "verify_and_decode_signed_transaction",
    "renewalInfo": "verify_and_decode_renewal_info",
    "appTransaction": "verify_and_decode_app_transaction",
    "notification": "verify_and_decode_notification",
    "realtimeRequest": "verify_and_decode_realtime_request",
}


def anchor_bytes(manifest, names):
    out = []
    for name in names:
        ref = manifest["anchors"].get(name, name)
        path = ref["file"] if isinstance(ref, dict) else ref
        out.append((ROOT / path).read_bytes())
    return out


def verify(manifest, entry, text=None, strict=True):
    """(outcome, detail) of Apple's library on one entry (or on `text` with the entry's setting).

    strict=False turns off the X509_STRICT flag the library sets on its OpenSSL store (a private
    attribute, `_chain_verifier.enable_strict_checks`): a diagnostic variant only, to see past the
    strict mode's demand for an Authority Key Identifier, which the synthetic test PKIs lack."""
    if text is None:
        text = (ROOT / entry["input"]).read_text(encoding="utf-8", errors="replace").strip()
    policy = entry.get("policy", {})
    names = entry["trust"]["anchors"] or ([entry["trust"]["xcode"]] if entry["trust"].get("xcode") else [])
    try:
        verifier = SignedDataVerifier(
            anchor_bytes(manifest, names), False, Environment(policy.get("environment", "Production")),
            policy.get("bundleId", ""), policy.get("appAppleId"))
    except ValueError as e:
        return "refused", f"configuration: {e}"
    verifier._chain_verifier.enable_strict_checks = strict
    try:
        getattr(verifier, METHODS[entry["kind"]])(text)
        return "genuine", ""
    except VerificationException as e:
        cause = e.__cause__
        return "refused", e.status.name + (f" ({type(cause).__name__}: {str(cause)[:120]})" if cause else "")
    except Exception as e:  # noqa: BLE001 - anything else escaped the library's own classification
        return "error", f"{type(e).__name__}: {str(e)[:160]}"


def versions():
    return {p: metadata.version(p) for p in ("app-store-server-library", "PyJWT", "cryptography", "pyOpenSSL")}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    strict = "--no-strict" not in sys.argv[1:]
    path = Path(args[0]) if args else ROOT / "Vectors/conformance/storekit.json"
    manifest = json.loads(path.read_text())
    corpus = (ROOT / "../shared/corpus").exists()
    results = []
    for entry in manifest["entries"]:
        if entry["corpus"] and not corpus:
            results.append({"id": entry["id"], "outcome": "skipped", "detail": "../shared/corpus absent"})
            continue
        outcome, detail = verify(manifest, entry, strict=strict)
        result = {"id": entry["id"], "outcome": outcome, "detail": detail}
        if "deviceVerificationID" in entry.get("policy", {}):
            result["unexpressible"] = ["deviceVerificationID"]
        results.append(result)
    json.dump({"peer": "app-store-server-library", "mode": "default" if strict else "no-strict",
               "versions": versions(), "results": results}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
