#!/usr/bin/env python3
"""Runs the native `purereceipt` CLI over conformance manifest entries.

    python3 Vectors/conformance/peers/purereceipt_cli.py [--cli PATH] [MANIFEST ...]

Each entry's `cli` arguments are run from the repository root; the outcome is read from the exit
status (0 genuine, 1 not genuine, 2 malformed) and the one stderr line every failure writes,
`purereceipt: <verdict text>: <code>: <message>`. Prints one line per entry and a summary; exit 1
when an entry's verdict or code differs from the manifest. Entries with `corpus: true` are skipped
(and counted) when ../shared/corpus is absent; entries without `cli` are skipped with their note.
"""

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MANIFESTS = ["app-receipts.json", "storekit.json", "legacy.json"]
TEXT_CLASS = {
    "NOT GENUINE": "not-authentic",
    "check failed": "policy-failed",
    "not a well-formed receipt": "malformed",
    "not well-formed signed data": "malformed",
    "error": "malformed",
}
LINE = re.compile(r"^purereceipt: (NOT GENUINE|check failed|not a well-formed receipt|not well-formed signed data|error): ([A-Za-z0-9_.]+)[: ]")


def default_cli():
    for candidate in [ROOT / ".build/release/purereceipt", ROOT / ".build/debug/purereceipt"]:
        if candidate.exists():
            return str(candidate)
    return "purereceipt"


def outcome(cli, entry):
    """(verdict class, code, exit status) of one run; verdict 'crashed' for any other status."""
    proc = subprocess.run([cli] + entry["cli"], cwd=ROOT, capture_output=True, timeout=120)
    status = proc.returncode
    if status == 0:
        return "genuine", None, status
    code = None
    verdict = None
    for line in proc.stderr.decode("utf-8", "replace").splitlines():
        m = LINE.match(line)
        if m:
            verdict, code = TEXT_CLASS[m.group(1)], m.group(2)
    if status not in (1, 2) or verdict is None:
        return "crashed", f"exit {status}", status
    return verdict, code, status


def run(cli, manifest_names):
    corpus = (ROOT / "../shared/corpus").exists()
    results = []
    for name in manifest_names:
        doc = json.loads((ROOT / "Vectors/conformance" / name).read_text())
        for entry in doc["entries"]:
            if entry["corpus"] and not corpus:
                results.append((name, entry, "skipped", "../shared/corpus absent"))
                continue
            if not entry.get("cli"):
                results.append((name, entry, "skipped", entry.get("cliNote", "no CLI form")))
                continue
            verdict, code, _ = outcome(cli, entry)
            want = entry["expected"]
            allowed = [want["code"]] + want.get("codeAlternatives", [])
            ok = verdict == want["verdict"] and (verdict == "genuine" or code in allowed)
            results.append((name, entry, "pass" if ok else "FAIL", f"{verdict} {code or ''}".strip()))
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", default=default_cli())
    parser.add_argument("manifests", nargs="*", default=MANIFESTS)
    args = parser.parse_args()
    results = run(args.cli, [Path(m).name for m in args.manifests])
    failed = 0
    for name, entry, status, got in results:
        if status != "pass":
            want = entry["expected"]
            print(f"{status:7} {name} {entry['id']}: got {got}, expected {want['verdict']} {want['code'] or ''}")
        failed += status == "FAIL"
    counts = {s: sum(1 for r in results if r[2] == s) for s in ("pass", "FAIL", "skipped")}
    print(f"purereceipt {args.cli}: {counts['pass']} pass, {counts['FAIL']} fail, {counts['skipped']} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
