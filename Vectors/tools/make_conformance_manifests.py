#!/usr/bin/env python3
"""Writes the language-neutral conformance manifests in Vectors/conformance/.

    python3 Vectors/tools/make_conformance_manifests.py          # rewrite the four manifests
    python3 Vectors/tools/make_conformance_manifests.py --check  # exit 1 if a manifest is stale

Every entry is derived from a file that already states an expectation, so the manifests cannot
drift from them:

- Vectors/receipts/expectations.json  -> app-receipts.json (synthetic receipts)
- Vectors/jws/expectations.json       -> storekit.json     (synthetic StoreKit 2 signed data)
- Vectors/legacy/expectations.json    -> legacy.json       (synthetic legacy transaction receipts)
- Vectors/revocation/apple-shaped/expectations.json -> revocation.json (StoreKit 2 data under
  --revocation require, each entry with what the local OCSP responder answers)
- ../shared/corpus/MANIFEST.md        -> the corpus entries of all three (real data, read from
  ../shared/corpus by runners when present, never copied into the project). The corpus verdicts
  are the ones MANIFEST.md states (genuine at the signing instant; Xcode data only with the Xcode
  certificate; NEGATIVE files are not receipts); the table below names them per file.

The format is described in Vectors/README.md ("Conformance manifests"). Output is deterministic
(sorted keys, fixed order), so a rerun leaves the files byte-identical.
"""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "Vectors"
OUT = VECTORS / "conformance"
CORPUS_REL = "../shared/corpus"
CORPUS = (ROOT / CORPUS_REL).resolve()

# --- verdict classes --------------------------------------------------------------------------

VERDICT_OF_SUITE = {"valid": "genuine", "malformed": "malformed", "not-authentic": "not-authentic",
                    "policy-failed": "policy-failed"}

# StoreKit 2 codes by class (the JWS expectation file lists codes only). The same split the CLI
# uses for its exit status: refusals of the envelope's authenticity, failed caller checks, and
# everything else (structure, encoding, JSON) malformed.
JWS_NOT_AUTHENTIC = {"jws.signatureInvalid", "jws.chain", "jws.chainShape", "jws.xcodeNotAllowed",
                     "jws.keyType", "jws.algorithmNotAllowed"}


def jws_class(code):
    if code in JWS_NOT_AUTHENTIC:
        return "not-authentic"
    if code.startswith("signedData.") and code != "signedData.signedDateMissing":
        return "policy-failed"
    return "malformed"


# Where the command-line tool names a failure more precisely than the library code the suite
# states (same verdict class), the CLI's code is listed as an alternative.
CLI_ALTERNATIVES = {
    # The CLI recognises an X.509 certificate given where a receipt belongs.
    "malformed-cms-certificate-instead": ["input.certificate"],
}

# --- corpus expectations (from ../shared/corpus/MANIFEST.md) -----------------------------------

APPLE_ROOT = CORPUS_REL + "/certs/tpinappreceipt_AppleIncRootCertificate.cer"
STOREKIT_TEST_CERT = CORPUS_REL + "/certs/tpinappreceipt_StoreKitTestCertificate.cer"
APPLE_G3 = CORPUS_REL + "/certs/extracted_AppleRootCA-G3.cer"
XCODE_EC = CORPUS_REL + "/certs/extracted_StoreKitTestingInXcode-EC-selfsigned_2023.cer"
MOCK_CA = CORPUS_REL + "/certs/asl-swift_testCA-for-MOCK-jws.der"

# MANIFEST.md "Receipt hash (type 5)": device identifiers published upstream.
KNOWN_DEVICES = {
    "tpinappreceipt_sandbox-ios-wwdrG5-sha256-knowndevice_2025.der": "956328D9-CC6A-47F4-BE40-6953FB0AB6C7",
    "appreceiptvalidator_production-macos-wwdrG5-sha256-knowndevice_2023.der": "f8ffc21e9182",
    "appreceiptvalidator_sandbox-ios-wwdrG7-sha1-knowndevice_2023.der": "e618109862dd433fbb94675d3815d263",
    "appreceiptvalidator_production-macos-sha1-knowndevice_2017.der": "6c4008b5945e",
    "appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der": "3b76a7bd8f5b46a4bcb1cce8dbd1b3cd",
}

# MANIFEST.md "JWS" table: kind, environment, bundle id, and the anchor that verifies each file.
CORPUS_JWS = [
    ("mingos_sandbox-signedTransaction-consumable_2025.jws", "transaction", "Sandbox", "com.goodheartapp", "apple"),
    ("aporat_sandbox-TEST-notification_2022.jws", "notification", "Sandbox", "com.Abilities", "apple"),
    ("asl-swift_MOCK-testCA-signed-transactionInfo.jws", "transaction", "Sandbox", "com.example", "mock"),
    ("asl-swift_xcode-signed-transaction.jws", "transaction", "Xcode",
     "com.example.naturelab.backyardbirds.example", "xcode"),
    ("asl-swift_xcode-signed-renewal-info.jws", "renewalInfo", "Xcode",
     "com.example.naturelab.backyardbirds.example", "xcode"),
    ("asl-swift_xcode-signed-app-transaction.jws", "appTransaction", "Xcode",
     "com.example.naturelab.backyardbirds.example", "xcode"),
]

# MANIFEST.md "Legacy transaction receipts": both genuine at their purchase dates under Apple's root.
CORPUS_LEGACY = [
    ("legacy/appreceiptvalidator_legacy-v2-sandbox_2015.b64", "Sandbox", None,
     "version 2 (RSA-1024 leaf under Apple iTunes Store CA), genuine at its purchase date"),
    ("legacy/koenrh_legacy-v3-subscription_2017.b64", "Production", "com.blendle.trending",
     "version 3 (leaf under WWDR 2013-2023), genuine at its purchase date"),
    ("receipts/appreceiptvalidator_NEGATIVE-legacy-ios6-transaction-receipt.b64", "Sandbox", None,
     "byte-identical to the version 2 file; kept among receipts as a non-PKCS #7 sample, and it is a legacy receipt"),
]


def corpus_receipt_rows():
    """(file, bundle id, environment) of every receipt row in MANIFEST.md's "Receipts" table."""
    text = (CORPUS / "MANIFEST.md").read_text(encoding="utf-8")
    section = text.split("\n## Receipts", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    header = [c.strip() for c in rows[0].strip("|").split("|")]
    bundle_col = next(i for i, c in enumerate(header) if c.startswith("bundle id"))
    env_col = next(i for i, c in enumerate(header) if c.startswith("environment"))
    result = {}
    for row in rows[2:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) <= max(bundle_col, env_col):
            continue
        names = re.findall(r"`([^`]+\.(?:der|b64|bin))`", cells[0])
        for name in names:
            result[name] = (cells[bundle_col].strip("` "), cells[env_col].strip("` "))
    return result


# --- helpers -------------------------------------------------------------------------------------

def entry(id_, input_, kind, trust, expected, reason, source, *, policy=None, at=None, now=None,
          cli=None, corpus=False, alternatives=None, tags=None, xcode_signed=False):
    e = {
        "id": id_,
        "input": input_,
        "kind": kind,
        "trust": trust,
        "at": at,
        "now": now,
        "policy": policy or {},
        "expected": {"verdict": expected[0], "code": expected[1]},
        "reason": reason,
        "source": source,
        "corpus": corpus,
        "cli": cli,
    }
    if alternatives:
        e["expected"]["codeAlternatives"] = alternatives
    if tags:
        e["tags"] = tags
    if xcode_signed:
        e["xcodeSigned"] = True
    return e


def one_line(text, limit=200):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- app receipts --------------------------------------------------------------------------------

def app_receipts():
    doc = json.loads((VECTORS / "receipts/expectations.json").read_text())
    anchors = {name: "Vectors/receipts/" + path if not path.startswith("pki/") else "Vectors/" + path
               for name, path in doc["anchors"].items()}
    entries = []
    for case in doc["cases"]:
        trust_names = case["trust"] if isinstance(case["trust"], list) else [case["trust"]]
        policy = case.get("policy", {})
        cli = ["verify"]
        trust = {"anchors": [], "xcode": None}
        for name in trust_names:
            if name == "apple":
                trust["anchors"].append("apple-builtin")
            elif name == "xcode":
                pass  # named as a possible anchor; accepted only with allowXcode (below)
            else:
                trust["anchors"].append(anchors[name])
                cli += ["--root", anchors[name]]
        if policy.get("allowXcode"):
            trust["xcode"] = anchors["xcode"]
            cli += ["--xcode-root", anchors["xcode"]]
        out_policy = {}
        if "bundleId" in policy:
            out_policy["bundleId"] = policy["bundleId"]
            cli += ["--bundle-id", policy["bundleId"]]
        if "bundleVersion" in policy:
            out_policy["bundleVersion"] = policy["bundleVersion"]
            cli += ["--bundle-version", policy["bundleVersion"]]
        if "deviceId" in policy:
            out_policy["deviceId"] = policy["deviceId"]
            cli += ["--device-id", policy["deviceId"]]
        if "environments" in policy:
            out_policy["environments"] = policy["environments"]
            cli += ["--environment", ",".join(policy["environments"])]
        now = policy.get("at")
        # The suite's `at` is the current time of the VPP expiration check (--now); certificate
        # validity is judged at the receipt creation date (no --at).
        cli += ["--now", now] if now else ["--now", "2025-03-14T09:26:53Z"]
        input_ = "Vectors/receipts/" + case["file"]
        cli.append(input_)
        verdict = VERDICT_OF_SUITE[case["verdict"]]
        entries.append(entry(
            case["id"], input_, "app-receipt", trust, (verdict, case["error"]),
            one_line(case["description"]), "Vectors/receipts/expectations.json#" + case["id"],
            policy=out_policy, now=now or "2025-03-14T09:26:53Z", cli=cli,
            alternatives=(case.get("errorAlternatives") or []) + CLI_ALTERNATIVES.get(case["id"], []),
            tags=case.get("tags"),
            xcode_signed=bool(policy.get("allowXcode")) and case["verdict"] == "valid" and "xcode" in case["file"]))

    # Real receipts (MANIFEST.md).
    rows = corpus_receipt_rows()
    for name in sorted(rows):
        bundle, environment = rows[name]
        path = CORPUS_REL + "/receipts/" + name
        src = "../shared/corpus/MANIFEST.md#Receipts"
        base = name.rsplit(".", 1)[0]
        what = base.split("_")[1] if "_" in base else base
        if "NEGATIVE" in name:
            continue  # not in the Receipts table; added below
        if what.startswith("xcode"):
            entries.append(entry(
                "corpus-" + name + "-no-opt-in", path, "app-receipt", {"anchors": ["apple-builtin"], "xcode": None},
                ("not-authentic", "chain.xcodeNotAllowed"),
                "Xcode StoreKit-testing receipt: self-signed StoreKit certificate, refused without the opt-in",
                src, corpus=True, cli=["verify", path]))
            entries.append(entry(
                "corpus-" + name + "-xcode-opt-in", path, "app-receipt",
                {"anchors": ["apple-builtin"], "xcode": STOREKIT_TEST_CERT}, ("genuine", None),
                "Xcode StoreKit-testing receipt verified with the StoreKit test certificate opted in",
                src, corpus=True, policy={"bundleId": bundle},
                cli=["verify", "--xcode-root", STOREKIT_TEST_CERT, "--bundle-id", bundle, path], xcode_signed=True))
            continue
        entries.append(entry(
            "corpus-" + name, path, "app-receipt", {"anchors": ["apple-builtin"], "xcode": None}, ("genuine", None),
            f"Apple-signed {environment} receipt, chain valid at its creation date (attribute 12)", src,
            corpus=True, policy={"bundleId": bundle, "environments": [environment]},
            cli=["verify", "--bundle-id", bundle, "--environment", environment, path]))
        if name in KNOWN_DEVICES:
            device = KNOWN_DEVICES[name]
            entries.append(entry(
                "corpus-" + name + "-device", path, "app-receipt", {"anchors": ["apple-builtin"], "xcode": None},
                ("genuine", None), "device identifier published upstream; SHA-1 equals attribute 5",
                "../shared/corpus/MANIFEST.md#receipt-hash-type-5", corpus=True, policy={"deviceId": device},
                cli=["verify", "--device-id", device, path]))
            zero = "00" * (len(device.replace("-", "")) // 2)
            entries.append(entry(
                "corpus-" + name + "-other-device", path, "app-receipt", {"anchors": ["apple-builtin"], "xcode": None},
                ("policy-failed", "policy.deviceHash"), "an all-zero device identifier of the same length",
                "../shared/corpus/MANIFEST.md#receipt-hash-type-5", corpus=True, policy={"deviceId": zero},
                cli=["verify", "--device-id", zero, path]))
    if not rows:
        pass
    neg = CORPUS_REL + "/receipts/appreceiptvalidator_NEGATIVE-not-a-receipt.bin"
    entries.append(entry(
        "corpus-NEGATIVE-not-a-receipt", neg, "app-receipt", {"anchors": ["apple-builtin"], "xcode": None},
        ("malformed", "input.notASN1"), "not a receipt (upstream negative sample)",
        "../shared/corpus/MANIFEST.md#Receipts", corpus=True, cli=["verify", neg],
        alternatives=["der.unexpectedTag", "der.truncated", "der.lengthPastEnd"]))
    entries.append(entry(
        "corpus-other-root-frank4dd", CORPUS_REL + "/receipts/appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der",
        "app-receipt", {"anchors": [CORPUS_REL + "/certs/appreceiptvalidator_NEGATIVE-frank4dd-cacert-not-apple.der"],
                        "xcode": None},
        ("not-authentic", "chain.untrusted"), "a genuine Apple receipt under a non-Apple root must not verify",
        "../shared/corpus/MANIFEST.md#what-the-upstream-repositories-own-tests-assert", corpus=True,
        cli=["verify", "--root", CORPUS_REL + "/certs/appreceiptvalidator_NEGATIVE-frank4dd-cacert-not-apple.der",
             CORPUS_REL + "/receipts/appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der"]))
    return {"anchors": {**anchors, "apple-builtin": {
        "builtin": True, "name": "Apple Inc. Root CA",
        "sha256": "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024", "file": APPLE_ROOT}},
        "entries": entries}


# --- StoreKit 2 ----------------------------------------------------------------------------------

CLI_KIND = {"transaction": "transaction", "renewalInfo": "renewal", "appTransaction": "app-transaction",
            "notification": "notification", "realtimeRequest": "realtime-request"}


def storekit():
    doc = json.loads((VECTORS / "jws/expectations.json").read_text())
    root = "Vectors/jws/" + doc["anchor"]
    xcode = "Vectors/jws/" + doc["xcodeCertificate"]
    entries = []
    seen = {}
    for case in doc["cases"]:
        policy = dict(case["policy"])
        use_xcode = policy.pop("xcode", False)
        roots = ["Vectors/jws/" + name for name in policy.pop("anchors", [doc["anchor"]])]
        stem = case["file"].rsplit(".", 1)[0]
        seen[stem] = seen.get(stem, 0) + 1
        id_ = stem if seen[stem] == 1 else f"{stem}-{seen[stem]}"
        input_ = "Vectors/jws/" + case["file"]
        cli = ["verify", "--kind", CLI_KIND[case["kind"]]]
        trust = {"anchors": [], "xcode": None}
        if use_xcode:
            trust["xcode"] = xcode
            cli += ["--xcode-root", xcode]
        else:
            for anchor in roots:
                trust["anchors"].append(anchor)
                cli += ["--root", anchor]
        # Renewal info and realtime requests name no bundle id: the command refuses --bundle-id with
        # their --kind (the library's policy, and the peers, take the app's bundle id regardless).
        if "bundleId" in policy and case["kind"] not in ("renewalInfo", "realtimeRequest"):
            cli += ["--bundle-id", policy["bundleId"]]
        if "environment" in policy:
            cli += ["--environment", policy["environment"]]
        if "appAppleId" in policy:
            cli += ["--app-apple-id", str(policy["appAppleId"])]
        if "deviceVerificationID" in policy:
            cli += ["--device-id", policy["deviceVerificationID"]]
        if policy.get("acceptsUnstatedEnvironment"):
            cli.append("--accept-unstated-environment")
        cli.append(input_)
        code = None if case["expect"] == "valid" else case["expect"]
        verdict = "genuine" if code is None else jws_class(code)
        why = case.get("why") or ("genuine under the test root" if code is None else code)
        if case.get("detail"):
            why += f" ({case['detail']})"
        e = entry(id_, input_, case["kind"], trust, (verdict, code), one_line(why),
                  "Vectors/jws/expectations.json#" + case["file"], policy=policy, cli=cli,
                  xcode_signed=use_xcode and code is None)
        if case.get("detail"):
            e["expected"]["detail"] = case["detail"]
        entries.append(e)
    for name, kind, environment, bundle, signer in CORPUS_JWS:
        path = CORPUS_REL + "/jws/" + name
        base = ["verify", "--kind", CLI_KIND[kind], "--environment", environment]
        policy = {"environment": environment}
        if kind != "renewalInfo":
            policy["bundleId"] = bundle
            base += ["--bundle-id", bundle]
        src = "../shared/corpus/MANIFEST.md#JWS"
        stem = "corpus-" + name.rsplit(".", 1)[0]
        if signer == "apple":
            entries.append(entry(stem, path, kind, {"anchors": ["apple-g3-builtin"], "xcode": None},
                                 ("genuine", None), "Apple-signed, chain valid at the payload's signedDate", src,
                                 policy=policy, cli=base + [path], corpus=True))
        elif signer == "mock":
            entries.append(entry(stem + "-test-ca", path, kind, {"anchors": [MOCK_CA], "xcode": None},
                                 ("genuine", None), "signed by Apple's test CA; verifies with that CA as the anchor",
                                 src, policy=policy, cli=base[:1] + ["--root", MOCK_CA] + base[1:] + [path],
                                 corpus=True))
            entries.append(entry(stem + "-g3", path, kind, {"anchors": ["apple-g3-builtin"], "xcode": None},
                                 ("not-authentic", "jws.chain"), "Apple's test CA is not Apple Root CA - G3", src,
                                 policy=policy, cli=base + [path], corpus=True))
        else:
            entries.append(entry(stem + "-no-opt-in", path, kind, {"anchors": ["apple-g3-builtin"], "xcode": None},
                                 ("not-authentic", "jws.xcodeNotAllowed"),
                                 "Xcode-signed (one self-signed certificate in x5c), refused without the opt-in", src,
                                 policy=policy, cli=base + [path], corpus=True))
            entries.append(entry(stem + "-xcode-opt-in", path, kind, {"anchors": [], "xcode": XCODE_EC},
                                 ("genuine", None), "Xcode-signed, verified with Xcode's certificate opted in", src,
                                 policy=policy, cli=base[:1] + ["--xcode-root", XCODE_EC] + base[1:] + [path],
                                 corpus=True, xcode_signed=True))
    return {"anchors": {"test-root": root, "xcode": xcode, "apple-g3-builtin": {
        "builtin": True, "name": "Apple Root CA - G3",
        "sha256": "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179", "file": APPLE_G3}},
        "entries": entries}


# --- legacy --------------------------------------------------------------------------------------

def legacy():
    doc = json.loads((VECTORS / "legacy/expectations.json").read_text())
    anchors = {name: "Vectors/" + path for name, path in doc["anchors"].items()}
    intermediates = {name: "Vectors/" + path for name, path in doc["intermediates"].items()}
    entries = []
    for case in doc["cases"]:
        trust = {"anchors": [anchors[case["trust"]]], "intermediates": [intermediates[n] for n in case["intermediates"]],
                 "xcode": None}
        cli = ["verify"]
        for path in trust["anchors"] + trust["intermediates"]:
            cli += ["--root", path]
        policy = case.get("policy", {})
        out_policy = dict(policy)
        at = out_policy.pop("at", None)
        if "bundleId" in policy:
            cli += ["--bundle-id", policy["bundleId"]]
        if "environments" in policy:
            # The CLI names legacy environments as app receipts do: ProductionSandbox is "Sandbox".
            names = ["ProductionSandbox" if n == "Sandbox" else n for n in policy["environments"]]
            cli += ["--environment", ",".join(names)]
        if "productId" in policy:
            cli += ["--product-id", policy["productId"]]
        if at:
            cli += ["--at", at]
        input_ = "Vectors/legacy/" + case["file"]
        cli.append(input_)
        e = entry(case["id"], input_, "legacy", trust, (VERDICT_OF_SUITE[case["verdict"]], case["error"]),
                  one_line(case["description"]), "Vectors/legacy/expectations.json#" + case["id"],
                  policy=out_policy, at=at, cli=cli, alternatives=case.get("errorAlternatives"))
        entries.append(e)
    for rel, environment, bundle, why in CORPUS_LEGACY:
        path = CORPUS_REL + "/" + rel
        cli = ["verify", "--environment", "ProductionSandbox" if environment == "Sandbox" else environment]
        policy = {"environments": [environment]}
        if bundle:
            policy["bundleId"] = bundle
            cli += ["--bundle-id", bundle]
        entries.append(entry("corpus-" + rel.split("/")[-1], path, "legacy",
                             {"anchors": ["apple-builtin"], "intermediates": ["apple-builtin"], "xcode": None},
                             ("genuine", None), why, "../shared/corpus/MANIFEST.md#legacy-transaction-receipts",
                             policy=policy, cli=cli + [path], corpus=True))
    return {"anchors": {**anchors, **intermediates, "apple-builtin": {
        "builtin": True, "name": "Apple Inc. Root CA with the pinned iTunes Store CA and WWDR 2013 intermediates",
        "sha256": "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024", "file": APPLE_ROOT}},
        "entries": entries}


# --- revocation ----------------------------------------------------------------------------------

REVOCATION = "Vectors/revocation/apple-shaped/"


def revocation():
    """StoreKit 2 data under --revocation require, one entry per responder case. Each entry's
    `revocation.responses` says what the OCSP responder at `responderURL` answers for the leaf and
    for the intermediate: a response file, "openssl" (OpenSSL's responder on the index, run per
    request) or "down" (nothing listens). Runners serve these themselves: the peer
    Vectors/conformance/peers/apple_revocation.py."""
    doc = json.loads((VECTORS / "revocation/apple-shaped/expectations.json").read_text())
    root, input_, policy = REVOCATION + doc["pki"]["root"], REVOCATION + doc["input"], doc["policy"]
    entries = []
    for case in doc["cases"]:
        e = entry("revocation-" + case["id"], input_, doc["kind"], {"anchors": [root], "xcode": None},
                  (case["expected"]["verdict"], case["expected"]["code"]), case["reason"],
                  REVOCATION + "expectations.json#" + case["id"], policy=policy,
                  cli=["verify", "--kind", doc["kind"], "--root", root, "--bundle-id", policy["bundleId"],
                       "--environment", policy["environment"], "--revocation", "require", input_])
        e["revocation"] = {"setting": "require", "responses": {
            which: case[which] if case[which] in ("openssl", "down") else REVOCATION + case[which]
            for which in ("leaf", "intermediate")}}
        entries.append(e)
    pki = doc["pki"]
    return {"anchors": {"revocation-root": root}, "entries": entries, "responder": {
        "url": pki["responderURL"], "serials": doc["serials"], "index": REVOCATION + pki["index"],
        "openssl": {which: [REVOCATION + f for f in files] for which, files in pki["openssl"].items()}}}


def main():
    check = "--check" in sys.argv[1:]
    if not (CORPUS / "MANIFEST.md").exists():
        sys.exit("make_conformance_manifests: ../shared/corpus/MANIFEST.md is needed to list the corpus entries")
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, build, sources in [
        ("app-receipts.json", app_receipts, ["Vectors/receipts/expectations.json", "../shared/corpus/MANIFEST.md"]),
        ("storekit.json", storekit, ["Vectors/jws/expectations.json", "../shared/corpus/MANIFEST.md"]),
        ("legacy.json", legacy, ["Vectors/legacy/expectations.json", "../shared/corpus/MANIFEST.md"]),
        ("revocation.json", revocation, [REVOCATION + "expectations.json"]),
    ]:
        body = build()
        doc = {"format": 1, "suite": name[:-5],
               "generator": "Vectors/tools/make_conformance_manifests.py (PureReceipt project, Apache-2.0)",
               "sources": sources, "paths": "relative to the repository root; ../shared/corpus/... is the shared "
               "corpus beside the repository (entries with corpus: true)",
               "anchors": body["anchors"], **({"responder": body["responder"]} if "responder" in body else {}),
               "entries": body["entries"]}
        text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
        path = OUT / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: {len(doc['entries'])} entries")
    if stale:
        sys.exit("stale: " + ", ".join(stale) + " (run python3 Vectors/tools/make_conformance_manifests.py)")


if __name__ == "__main__":
    main()
