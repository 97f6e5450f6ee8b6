#!/usr/bin/env python3
"""Every conformance manifest entry through the native command and through purereceipt.wasm.

    python3 Vectors/wasm-hosts/compare.py --cli .build/debug/purereceipt --wasm .build/wasm/purereceipt.wasm
                                          [--driver .build/wasm/purereceipt-embedded]

Each entry of Vectors/conformance/{app-receipts,storekit,legacy}.json with a `cli` form (every
vector of Vectors/receipts, Vectors/jws, Vectors/legacy and every corpus file of ../shared/corpus)
runs as `purereceipt verify --json <its options>`, and the same options go to the module as a
request (Docs/EMBEDDING.md) under Node (one process for all entries: the module's buffers are
handed over through its exported alloc/free, which wasmkit's command line cannot do). With
--driver, the Embedded x86_64 build runs each entry too. The exit status and the whole standard
output must equal the module's status and document byte for byte, once each option the command's
document names (`--app-apple-id`) is written as the request member the module names (`appAppleId`);
an option's spelling in the module's document, or any other difference, fails (exit 1).

The module has no clock: where an app receipt's entry gives no --now, one fixed instant (the
time this script started) is given to both. Entries with `corpus: true` are skipped, and counted,
when ../shared/corpus is absent.
"""

import argparse
import base64
import concurrent.futures
import datetime
import json
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MANIFESTS = ["app-receipts.json", "storekit.json", "legacy.json"]
# Command-line option -> request member (VerifyRequest.swift).
MEMBERS = {"--bundle-id": "bundleId", "--bundle-version": "bundleVersion", "--device-id": "deviceId",
           "--environment": "environment", "--at": "at", "--now": "now", "--endpoint": "endpoint",
           "--app-apple-id": "appAppleId", "--kind": "kind", "--product-id": "productId"}
# The module names these request members where the command names its options (ModuleVerify.swift).
WORDS = dict(MEMBERS, **{"--xcode-root": "xcodeRoot", "--root": "roots",
                         "--accept-unstated-environment": "acceptUnstatedEnvironment"})
OPTION = re.compile(rb"--[a-z][a-z-]*[a-z]")


def in_request_words(document):
    """The command's document with each whole option written as the module's request member."""
    return OPTION.sub(lambda m: WORDS.get(m.group().decode(), m.group().decode()).encode(), document)


def request_of(arguments):
    """(request with file paths for roots, input path) from `verify` arguments."""
    request, rest = {}, list(arguments[1:])
    positional = []
    while rest:
        word = rest.pop(0)
        if word == "--root":
            request.setdefault("roots", []).append(str(ROOT / rest.pop(0)))
        elif word == "--xcode-root":
            request["xcodeRoot"] = str(ROOT / rest.pop(0))
        elif word == "--accept-unstated-environment":
            request["acceptUnstatedEnvironment"] = True
        elif word in MEMBERS:
            request[MEMBERS[word]] = rest.pop(0)
        elif word.startswith("--"):
            raise SystemExit(f"compare.py: no request member for {word}")
        else:
            positional.append(word)
    return request, str(ROOT / positional[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--wasm", required=True)
    parser.add_argument("--driver")
    parser.add_argument("--node", default="node")
    args = parser.parse_args()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    corpus = (ROOT / "../shared/corpus").exists()
    entries, skipped = [], 0
    for name in MANIFESTS:
        for entry in json.loads((ROOT / "Vectors/conformance" / name).read_text())["entries"]:
            if not entry.get("cli") or (entry["corpus"] and not corpus):
                skipped += 1
                continue
            cli = list(entry["cli"])
            if entry["kind"] == "app-receipt" and "--now" not in cli:
                cli[1:1] = ["--now", now]
            request, path = request_of(cli)
            request.setdefault("now", now)  # the host's clock: always given
            entries.append((name, entry["id"], cli, request, path))

    jobs = [{"input": path, "request": request} for (_, _, _, request, path) in entries]
    with tempfile.NamedTemporaryFile("w", suffix=".json") as handle:
        json.dump(jobs, handle)
        handle.flush()
        node = subprocess.run([args.node, str(ROOT / "Vectors/wasm-hosts/node/run-jobs.mjs"), args.wasm, handle.name],
                              capture_output=True, text=True, cwd=ROOT)
    if node.returncode != 0:
        print(node.stderr)
        raise SystemExit("compare.py: the Node runner failed")
    module = [json.loads(line) for line in node.stdout.splitlines()]

    def run_native(entry):
        return subprocess.run([args.cli, "verify", "--json"] + entry[2][1:], cwd=ROOT, capture_output=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        natives = list(pool.map(run_native, entries))
    failures, differing = 0, set()
    for (name, entry_id, cli, request, path), wasm, native in zip(entries, module, natives, strict=True):
        outcomes = {"wasm": (wasm["status"], wasm["document"].encode())}
        if args.driver:
            body = dict(request)
            if "roots" in body:
                body["roots"] = [base64.b64encode(Path(p).read_bytes()).decode() for p in body["roots"]]
            if "xcodeRoot" in body:
                body["xcodeRoot"] = base64.b64encode(Path(body["xcodeRoot"]).read_bytes()).decode()
            text = json.dumps(body).encode()
            run = subprocess.run([args.driver], input=struct.pack("<I", len(text)) + text + Path(path).read_bytes(),
                                 capture_output=True)
            outcomes["embedded-x86_64"] = (run.returncode, run.stdout)
        expected = in_request_words(native.stdout)
        for label, (status, document) in outcomes.items():
            spelled = [m.decode() for m in OPTION.findall(document) if m.decode() in WORDS]
            if spelled:  # a host never wrote a command line: no option in the module's words
                failures += 1
                differing.add((name, entry_id))
                print(f"OPTION {label} {name} {entry_id}: names {', '.join(spelled)}")
            if status != native.returncode or document != expected:
                failures += 1
                differing.add((name, entry_id))
                print(f"DIFFERS {label} {name} {entry_id}: status {status} vs native {native.returncode}")
                if document != expected:
                    print(f"  native: {expected[:600]!r}\n  {label}: {document[:600]!r}")
    count = len(entries)
    print(f"compare: {count} entries, {count - len(differing)} equal, "
          f"{failures} differences, {skipped} skipped (no CLI form, or corpus absent); "
          f"module {'and Embedded x86_64 driver ' if args.driver else ''}vs {args.cli}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
